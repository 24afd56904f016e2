// Document totals of an FE from its lines (table-driven, one case per kind of line the contract
// names), and properties: whatever the lines, the totals are the sums of the lines and of the tax
// groups (the form's request is checked in test/component/invoices/request-totals.test.tsx).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeFeTotals, toCop, type FeAiuInput, type FeLineInput } from '#shared/fe/index';
import { sum } from '#shared/money';

const line = (cant: string, unit: string, iva: string, incluido = false): FeLineInput =>
  incluido ? { cant, unit_input: unit, iva, iva_incluido: true } : { cant, unit, iva };

describe('FE document totals (table)', () => {
  it.each<
    [
      string,
      FeLineInput[],
      FeAiuInput | undefined,
      { subtotal: string; iva: string; inc: string; total: string; groups: string[] },
    ]
  >([
    [
      'IVA 19 only',
      [line('2', '12500', '19')],
      undefined,
      { subtotal: '25000.00', iva: '4750.00', inc: '0.00', total: '29750.00', groups: ['01@19=4750.00'] },
    ],
    [
      'INC 8 is its own tax (04)',
      [line('3', '18000', '8')],
      undefined,
      { subtotal: '54000.00', iva: '0.00', inc: '4320.00', total: '58320.00', groups: ['04@8=4320.00'] },
    ],
    [
      'rate 0 generates no tax',
      [line('1', '9999.99', '0')],
      undefined,
      { subtotal: '9999.99', iva: '0.00', inc: '0.00', total: '9999.99', groups: [] },
    ],
    [
      'tax-included price keeps the typed total',
      [line('4', '3570', '19', true)],
      undefined,
      { subtotal: '12000.00', iva: '2280.00', inc: '0.00', total: '14280.00', groups: ['01@19=2280.00'] },
    ],
    [
      'IVA 19, IVA 5, INC 8 and exempt together',
      [line('2', '12500', '19'), line('1', '1000', '5'), line('3', '18000', '8'), line('1', '500', '0')],
      undefined,
      {
        subtotal: '80500.00',
        iva: '4800.00',
        inc: '4320.00',
        total: '89620.00',
        groups: ['01@19=4750.00', '01@5=50.00', '04@8=4320.00'],
      },
    ],
    [
      'AIU 10/5/5 with IVA 19 on the whole AIU',
      [line('1', '1000000', '0')],
      {
        enabled: true,
        administracion_percent: '10',
        imprevistos_percent: '5',
        utilidad_percent: '5',
        tax_rate: '19',
        iva_base_mode: 'AIU_TOTAL',
      },
      { subtotal: '1200000.00', iva: '38000.00', inc: '0.00', total: '1238000.00', groups: ['01@19=38000.00'] },
    ],
    [
      'AIU with IVA on the utility only',
      [line('1', '1000000', '0')],
      {
        enabled: true,
        administracion_percent: '10',
        imprevistos_percent: '5',
        utilidad_percent: '5',
        tax_rate: '19',
        iva_base_mode: 'UTILIDAD',
      },
      { subtotal: '1200000.00', iva: '9500.00', inc: '0.00', total: '1209500.00', groups: ['01@19=9500.00'] },
    ],
    [
      'half a cent rounds half up per line',
      [line('1', '0.05', '19'), line('1', '0.05', '19')],
      undefined,
      { subtotal: '0.10', iva: '0.02', inc: '0.00', total: '0.12', groups: ['01@19=0.02'] },
    ],
  ])('%s', (_name, items, aiu, expected) => {
    const t = computeFeTotals(items, aiu);
    expect(t.subtotal.toFixed(2)).toBe(expected.subtotal);
    expect(t.iva.toFixed(2)).toBe(expected.iva);
    expect(t.inc.toFixed(2)).toBe(expected.inc);
    expect(t.total.toFixed(2)).toBe(expected.total);
    expect(t.taxGroups.map((g) => `${g.code}@${g.rate.toFixed()}=${g.amount.toFixed(2)}`)).toEqual(expected.groups);
  });

  it('USD: the amounts stay in dollars and convert to pesos at the applied rate', () => {
    const t = computeFeTotals([line('3', '19.99', '19')]);
    expect([t.subtotal.toFixed(2), t.impuestos.toFixed(2), t.total.toFixed(2)]).toEqual(['59.97', '11.39', '71.36']);
    expect(toCop(t.total, '4012.35', 'USD').toFixed(2)).toBe('286321.30');
  });
});

const arbLine = fc.record({
  cant: fc.integer({ min: 1, max: 1000 }).map((n) => (n / 10).toString()),
  unit: fc.integer({ min: 0, max: 10_000_000 }).map((c) => (c / 100).toFixed(2)),
  iva: fc.constantFrom('0', '5', '8', '19'),
  iva_incluido: fc.boolean(),
});

describe('FE totals (properties)', () => {
  it('subtotal, taxes and total are always the sums of the lines and of the tax groups', () => {
    fc.assert(
      fc.property(fc.array(arbLine, { minLength: 1, maxLength: 30 }), (lines) => {
        const t = computeFeTotals(lines.map((l) => line(l.cant, l.unit, l.iva, l.iva_incluido)));
        expect(t.subtotal.equals(sum(t.lines.map((l) => l.base)))).toBe(true);
        expect(t.impuestos.equals(sum(t.lines.map((l) => l.taxAmount)))).toBe(true);
        expect(t.impuestos.equals(sum(t.taxGroups.map((g) => g.amount)))).toBe(true);
        expect(t.iva.plus(t.inc).equals(t.impuestos)).toBe(true);
        expect(t.total.equals(sum(t.lines.map((l) => l.total)))).toBe(true);
        expect(t.total.equals(t.subtotal.plus(t.impuestos))).toBe(true);
        expect(
          t.lines.every((l) =>
            l.rate.equals(8) ? l.tax?.code === '04' : l.rate.isZero() ? l.tax === null : l.tax?.code === '01',
          ),
        ).toBe(true);
      }),
    );
  });
});
