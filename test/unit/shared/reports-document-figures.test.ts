// A document's figures read in integer cents (exactFeFigures, exactDseFigures) against the shared
// decimal rules (decimalFeFigures, decimalDseFigures): over random requests of both kinds, valid or
// not, feFigures and dseFigures give exactly what the decimal rules give (or throw as they do), and
// the common shapes the app writes are the ones read in integer cents.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RawObject } from '#shared/api/fields';
import {
  decimalDseFigures,
  decimalFeFigures,
  dseFigures,
  exactDseFigures,
  exactFeFigures,
  feFigures,
} from '#shared/reports/document-figures';

/** What a reading gives: its figures, or the kind of error it throws. */
function outcome(read: () => unknown): unknown {
  try {
    return { value: read() };
  } catch (error) {
    return { thrown: (error as Error).name };
  }
}

/** Numbers as requests carry them: a few decimals, in a range of their kind, plus edge values and any double. */
const decimal = (max: number, decimals: number) =>
  fc.oneof(
    {
      weight: 20,
      arbitrary: fc.tuple(fc.integer({ min: 0, max }), fc.integer({ min: 0, max: decimals })).map(([u, s]) => u / 10 ** s),
    },
    { weight: 1, arbitrary: fc.constantFrom(0, -0, -1, 1e15, 1e21, 123456789.12345679, 0.000000001, 2 ** 53) },
    { weight: 1, arbitrary: fc.double({ min: 0, max: 1e18, noNaN: true }) },
  );
const quantity = decimal(500, 3);
const amount = decimal(1e8, 2);
const rate = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom(0, 5, 8, 19, 16.5, 19.00004, 19.00005, 2.5, 0.4, 100) },
  { weight: 1, arbitrary: fc.constantFrom(101, -1, -0, 8.000001, 12.345678) },
  { weight: 1, arbitrary: fc.double({ min: 0, max: 100, noNaN: true }) },
);
/** A field that is usually present and valid, sometimes missing or of the wrong type. */
const mostly = <T>(valid: fc.Arbitrary<T>, ...odd: unknown[]) =>
  fc.oneof({ weight: 40, arbitrary: valid }, { weight: 1, arbitrary: fc.constantFrom(undefined, null, '12', ...odd) });
/** A field that is usually absent. */
const rarely = <T>(value: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 12, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: value });

const feItem = fc.record(
  {
    desc: mostly(fc.constantFrom('Café', ' Pan '), '', 7),
    cant: mostly(quantity),
    unit: mostly(amount),
    unit_input: fc.option(amount, { nil: undefined }),
    iva: mostly(rate),
    iva_incluido: mostly(fc.boolean(), 'yes'),
    codigo_impuesto: rarely(fc.constantFrom('01', '04', '03', '', ' 04 ', '99', 4, null)),
    tax_code: rarely(fc.constantFrom('01', '04')),
  },
  { requiredKeys: ['desc', 'cant', 'iva'] },
);
const feBody = fc.record({
  items: fc.oneof(
    { weight: 9, arbitrary: fc.array(feItem, { minLength: 1, maxLength: 6 }) },
    { weight: 1, arbitrary: fc.constantFrom([], 'x') },
  ),
  aiu: fc.oneof(
    fc.constantFrom(undefined, null, { enabled: false }),
    rarely(fc.constantFrom({ enabled: true, administracion: 10, imprevistos: 5, utilidad: 5 }, 'x')),
  ),
});

const dseItem = fc.record(
  {
    codigo: mostly(fc.constantFrom('70111703', ' 70111703 '), '7011170', 70111703),
    descripcion: fc.oneof(fc.constantFrom(undefined, 'Compra'), rarely(fc.constant(3))),
    unidad_medida: fc.oneof(fc.constantFrom(undefined, 'EA', 'niu'), rarely(fc.constant(5))),
    cantidad: mostly(quantity),
    precio_unitario: mostly(amount),
    porcentaje_iva: fc.oneof(fc.constantFrom(undefined, null), rate),
    impuesto: rarely(amount),
    base_imponible: rarely(amount),
    cost_center_id: fc.constantFrom(undefined, 3),
  },
  { requiredKeys: ['codigo', 'cantidad'] },
);
const withholding = fc
  .tuple(
    fc.oneof(
      fc.constantFrom(
        { retention_key: 'reteiva', dian_tax_code: '05', tax_name: 'ReteIVA' },
        { retention_key: 'reterenta', dian_tax_code: '06', tax_name: 'ReteRenta' },
        { retention_key: 'reteica', dian_tax_code: '07', tax_name: 'ReteICA' },
      ),
      rarely(
        fc.constantFrom(
          { retention_key: 'ReteRenta', dian_tax_code: '06', tax_name: 'ReteRenta' },
          { retention_key: 'reteiva', dian_tax_code: '06', tax_name: 'ReteIVA' },
          { type: 'reteica', codigo_dian: '07', nombre: 'ReteICA' },
        ),
      ),
    ),
    mostly(fc.constantFrom('subtotal', 'impuestos', 'total'), 'base'),
    mostly(rate, 1e9),
    rarely(fc.constantFrom({ amount: 10 }, { display_order: 1 }, { enabled: false })),
  )
  .map(([names, base_mode, percent, extra]): RawObject => ({ ...names, base_mode, percent, ...extra }));
const dseBody = fc.record(
  {
    items: fc.oneof(
      { weight: 9, arbitrary: fc.array(dseItem, { minLength: 1, maxLength: 4 }) },
      { weight: 1, arbitrary: fc.constant([]) },
    ),
    retenciones: fc.oneof(fc.array(withholding, { maxLength: 3 }), rarely(fc.constantFrom(null, 'x'))),
    withholdings: rarely(fc.array(withholding, { maxLength: 2 })),
    forma_generacion: fc.constantFrom('1', '2', 2),
    fecha_inicio_periodo: fc.constantFrom(undefined, '2025-06-02'),
    fecha_fin_periodo: fc.constantFrom(undefined, '2025-06-08'),
  },
  { requiredKeys: ['items'] },
);

// Thousands of requests read twice each: generous on a loaded machine.
describe('document figures in integer cents', { timeout: 60_000 }, () => {
  it.each([
    { kind: 'FE', bodies: feBody, figures: feFigures, decimal: decimalFeFigures, exact: exactFeFigures },
    { kind: 'DSE', bodies: dseBody, figures: dseFigures, decimal: decimalDseFigures, exact: exactDseFigures },
  ])('gives a $kind the figures of the decimal rules, whatever its request', ({ bodies, figures, decimal, exact }) => {
    let read = 0;
    fc.assert(
      fc.property(bodies, (body: RawObject) => {
        if (exact(body)) read += 1;
        expect(outcome(() => figures(body))).toStrictEqual(outcome(() => decimal(body)));
      }),
      { numRuns: 1_500 },
    );
    // Both readings were compared: a good share of the requests were read in integer cents.
    expect(read).toBeGreaterThan(150);
  });

  it('reads the requests the app writes in integer cents', () => {
    const fe: RawObject = {
      receptor: { tipo_doc: '13', numero_doc: '1020304050', nombre: 'Ana' },
      items: [
        { desc: 'Café', cant: 2, unit: 4200.5, iva: 19, iva_incluido: false, unit_input: 4200.5 },
        { desc: 'Almuerzo', cant: 1, unit: 16806.72, iva: 8, iva_incluido: true, unit_input: 18151.26 },
        { desc: 'Libro', cant: 3, unit: 30000, iva: 0, iva_incluido: false, unit_input: 30000 },
        { desc: 'Exento', cant: 1, unit: 500, iva: 0, codigo_impuesto: '01' },
      ],
      aiu: { enabled: false },
    };
    const dse: RawObject = {
      items: [
        {
          codigo: '70111703',
          descripcion: 'Compra',
          cantidad: 1.5,
          precio_unitario: 1200.1,
          porcentaje_iva: 19,
          cost_center_id: 4,
        },
      ],
      retenciones: [
        { retention_key: 'reterenta', dian_tax_code: '06', tax_name: 'ReteRenta', base_mode: 'subtotal', percent: 2.5 },
        { retention_key: 'reteiva', dian_tax_code: '05', tax_name: 'ReteIVA', base_mode: 'impuestos', percent: 15 },
      ],
      forma_generacion: '2',
      fecha_inicio_periodo: '2025-06-02',
      fecha_fin_periodo: '2025-06-08',
    };
    expect(exactFeFigures(fe)).toStrictEqual(decimalFeFigures(fe));
    expect(exactFeFigures(fe)?.taxes.map((t) => `${t.code} ${t.name} ${t.rate}`)).toEqual([
      '01 IVA 19',
      '04 INC 8',
      '01 IVA exento 0',
      'ZZ IVA excluido 0',
    ]);
    expect(exactDseFigures(dse)).toStrictEqual(decimalDseFigures(dse));
    expect(exactDseFigures(dse)?.withholdings.map((w) => w.amount_cents)).toEqual([4500, 5130]);
  });
});
