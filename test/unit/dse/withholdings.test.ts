// The nine withholding rules of "DSE withholding", each with a passing and a failing case, and the
// alias normalisation.
import { describe, expect, it } from 'vitest';
import { accepted, errorFields, validDse } from '#test/requests/dse-rules';

// validDse(): subtotal 450000.00, impuestos 28500.00, total 478500.00
const withRet = (...retenciones: unknown[]) => ({ ...validDse(), retenciones });
const reteRenta = { retention_key: 'reterenta', dian_tax_code: '06', tax_name: 'ReteRenta', base_mode: 'subtotal', percent: 2.5 };

describe('DSE withholding rules', () => {
  it('1. retenciones must be a list', () => {
    expect(errorFields(withRet())).toEqual([]);
    expect(errorFields({ ...validDse(), retenciones: { a: 1 } })).toContain('retenciones');
  });

  it('2. disabled elements (enabled:false / activa:false) are skipped', () => {
    const broken = { retention_key: 'x', percent: -1 };
    const v = accepted(withRet(reteRenta, { ...broken, enabled: false }, { ...broken, activa: false }));
    expect(v.retenciones).toHaveLength(1);
    expect(errorFields(withRet(reteRenta, { ...broken, enabled: true }))).toContain('retenciones[1].dian_tax_code');
  });

  it('3. duplicate retention keys are not allowed', () => {
    expect(
      errorFields(withRet(reteRenta, { ...reteRenta, retention_key: 'reteica', dian_tax_code: '07', tax_name: 'ReteICA' })),
    ).toEqual([]);
    expect(errorFields(withRet(reteRenta, { ...reteRenta, percent: 1 }))).toContain('retenciones[1].retention_key');
  });

  it('4. a tax-authority code and a name must exist', () => {
    expect(errorFields(withRet({ tipo: 'retencion local', codigo_dian: '07', label: 'ReteICA Chía', porcentaje: 1 }))).toEqual(
      [],
    );
    expect(errorFields(withRet({ tipo: 'retencion local', porcentaje: 1 }))).toContain('retenciones[0].dian_tax_code');
    expect(errorFields(withRet({ retention_key: 'x', codigo_dian: '99', nombre: 'Otra', porcentaje: 1 }))).toContain(
      'retenciones[0].dian_tax_code',
    );
  });

  it('5. the base is greater than zero and not above the document total', () => {
    expect(errorFields(withRet({ ...reteRenta, base_amount: 478500 }))).toEqual([]);
    expect(errorFields(withRet({ ...reteRenta, base_amount: 0 }))).toContain('retenciones[0].base_amount');
    expect(errorFields(withRet({ ...reteRenta, base: 478500.01 }))).toContain('retenciones[0].base');
    const untaxed = { ...validDse(), items: [validDse().items[0]], retenciones: [{ type: 'reteiva', percent: 15 }] };
    expect(errorFields(untaxed)).toContain('retenciones[0].base_amount'); // ReteIVA on zero taxes
  });

  it('6. the percentage cannot be negative', () => {
    expect(errorFields(withRet({ ...reteRenta, percent: 0 }))).toEqual([]);
    expect(errorFields(withRet({ ...reteRenta, percent: -1 }))).toContain('retenciones[0].percent');
  });

  it('7. amount and percent together agree within one cent', () => {
    expect(errorFields(withRet({ ...reteRenta, amount: 11250.01 }))).toEqual([]);
    expect(errorFields(withRet({ ...reteRenta, amount: 11250.02 }))).toContain('retenciones[0].amount');
  });

  it('8. with only amount the percentage is derived', () => {
    const v = accepted(withRet({ type: 'reterenta', valor: 11250 }));
    expect(v.retenciones[0]?.percent.toFixed(2)).toBe('2.50');
    expect(errorFields(withRet({ type: 'reterenta' }))).toContain('retenciones[0].percent');
  });

  it('9. the sum of withholdings cannot exceed the document total', () => {
    const all = (p: number) => [
      { type: 'reterenta', base_mode: 'total', percent: p },
      { type: 'reteica', base_mode: 'total', percent: p },
    ];
    expect(errorFields(withRet(...all(50)))).toEqual([]);
    expect(errorFields(withRet(...all(50.01)))).toContain('retenciones');
  });
});

describe('DSE withholding normalisation', () => {
  it('accepts every alias and the base-mode aliases', () => {
    const { retenciones: _none, ...body } = validDse();
    const v = accepted({
      ...body,
      withholdings: [
        { tipo: 'ReteIVA', modo_base: 'iva', porcentaje: 15, activa: true, display_order: 2 },
        { nombre: 'ReteRenta', codigo_dian: '06', modo_base: 'base', valor: 11250, display_order: 1 },
        { type: 'reteica', label: 'ReteICA Bogotá', modo_base: 'bruto', percent: 0.966 },
      ],
    });
    expect(
      v.retenciones.map((w) => [
        w.retention_key,
        w.dian_tax_code,
        w.tax_name,
        w.base_mode,
        w.base.toFixed(2),
        w.amount.toFixed(2),
      ]),
    ).toEqual([
      ['reterenta', '06', 'ReteRenta', 'subtotal', '450000.00', '11250.00'],
      ['reteiva', '05', 'ReteIVA', 'impuestos', '28500.00', '4275.00'],
      ['reteica', '07', 'ReteICA Bogotá', 'total', '478500.00', '4622.31'],
    ]);
    expect(v.totals.total_retenciones.toFixed(2)).toBe('20147.31');
    expect(v.totals.neto_pagar.toFixed(2)).toBe('458352.69');
  });

  it('refuses an unknown base mode naming the alias used', () => {
    expect(errorFields(withRet({ ...reteRenta, base_mode: undefined, modo_base: 'neto' }))).toContain('retenciones[0].modo_base');
  });
});

describe('rule 4 taken whole', () => {
  it.each([
    ['a code and no name', { dian_tax_code: '06', percent: 1 }, 'retenciones[0].tax_name'],
    ['a name and no code', { tax_name: 'ReteRenta', percent: 1 }, 'retenciones[0].dian_tax_code'],
    [
      "ReteIVA's key with ReteICA's code",
      { retention_key: 'reteiva', dian_tax_code: '07', tax_name: 'ReteIVA', percent: 1 },
      'retenciones[0].dian_tax_code',
    ],
    [
      "ReteICA's code with ReteRenta's name",
      { dian_tax_code: '07', tax_name: 'ReteRenta', percent: 1 },
      'retenciones[0].tax_name',
    ],
  ])('refuses %s', (_case, element, field) => {
    expect(errorFields(withRet(element))).toContain(field);
  });

  it('still accepts a known key alone (code and name come from it) and a local name with its code', () => {
    expect(errorFields(withRet({ retention_key: 'reteica', percent: 1 }))).toEqual([]);
    expect(errorFields(withRet({ dian_tax_code: '07', tax_name: 'ReteICA Chía', percent: 1 }))).toEqual([]);
  });
});
