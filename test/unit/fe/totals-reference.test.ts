// computeFeTotals (integer cents where the values allow, decimal.js elsewhere) against a
// straightforward decimal.js reference of the same rules, over random and extreme inputs: every
// line, tax group, AIU part, withholding and total is the same Decimal, with the same sign, and
// whatever the reference refuses with an error is refused with the same error.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeFeLine,
  computeFeTotals,
  ExactFeLine,
  type FeAiuInput,
  type FeLineInput,
  type FeWithholdingInput,
} from '#shared/fe/index';
import { Dec, type DecimalInput } from '#shared/money';
import { decimalShape } from '#test/decimal-shape';

// ---- the reference: the rules of FE item, AIU and totals, written plainly in decimal.js ----

type D = InstanceType<typeof Dec>;
const d = (v: DecimalInput): D => (v instanceof Dec ? v : new Dec(v));
const cents = (v: D): D => v.toDecimalPlaces(2, Dec.ROUND_HALF_UP);
const TAX_NAMES: Record<string, 'IVA' | 'ICA' | 'INC'> = { '01': 'IVA', '03': 'ICA', '04': 'INC' };

function referenceTax(rate: D, code: string | undefined) {
  if (code !== undefined && code !== '') {
    if (!Object.hasOwn(TAX_NAMES, code)) throw new Error(`código de impuesto desconocido: ${code}`);
    return { code, name: TAX_NAMES[code]! };
  }
  if (rate.isZero()) return null;
  return rate.equals(8) ? { code: '04', name: 'INC' } : { code: '01', name: 'IVA' };
}

function referenceLine(input: FeLineInput) {
  const quantity = d(input.cant);
  const rate = d(input.iva);
  const tax = referenceTax(rate, input.codigo_impuesto ?? input.tax_code);
  const taxRate = tax ? rate : new Dec(0);
  if (input.iva_incluido && input.unit_input !== undefined) {
    const gross = cents(quantity.times(d(input.unit_input)));
    const base = cents(gross.dividedBy(taxRate.dividedBy(100).plus(1)));
    const unitValue = quantity.isZero() ? new Dec(0) : base.dividedBy(quantity);
    return { quantity, unitValue, rate, tax, base, taxAmount: gross.minus(base), total: gross };
  }
  const unitValue = d(input.unit ?? input.unit_input ?? 0);
  const base = cents(quantity.times(unitValue));
  const taxAmount = cents(base.times(taxRate).dividedBy(100));
  return { quantity, unitValue, rate, tax, base, taxAmount, total: base.plus(taxAmount) };
}

function referenceAiu(aiu: FeAiuInput | undefined, linesSubtotal: D) {
  if (!aiu || !aiu.enabled) return null;
  const contractBase = d(aiu.contract_base ?? linesSubtotal);
  const part = (percent: DecimalInput | undefined) => cents(contractBase.times(d(percent ?? 0)).dividedBy(100));
  const administracion = part(aiu.administracion_percent);
  const imprevistos = part(aiu.imprevistos_percent);
  const utilidad = part(aiu.utilidad_percent);
  const taxBase = aiu.iva_base_mode === 'UTILIDAD' ? utilidad : administracion.plus(imprevistos).plus(utilidad);
  const taxRate = d(aiu.tax_rate ?? 0);
  const tax = taxRate.isZero() ? new Dec(0) : cents(taxBase.times(taxRate).dividedBy(100));
  return { contractBase, administracion, imprevistos, utilidad, taxBase, taxRate, tax };
}

function referenceTotals(items: FeLineInput[], aiuInput: FeAiuInput | undefined, withholdingInputs: FeWithholdingInput[]) {
  const total = (values: D[]) => values.reduce((a, b) => a.plus(b), new Dec(0));
  const lines = items.map(referenceLine);
  const linesSubtotal = total(lines.map((l) => l.base));
  const aiu = referenceAiu(aiuInput, linesSubtotal);
  // grouped by code and rate as written out (so NaN rates group together, as their text does)
  const byKey = new Map<string, { code: string; name: string; rate: D; base: D; amount: D }>();
  const addGroup = (code: string, name: string, rate: D, base: D, amount: D) => {
    const key = `${code}|${rate.toFixed()}`;
    const group = byKey.get(key) ?? { code, name, rate, base: new Dec(0), amount: new Dec(0) };
    byKey.set(key, { ...group, base: group.base.plus(base), amount: group.amount.plus(amount) });
  };
  for (const line of lines) if (line.tax) addGroup(line.tax.code, line.tax.name, line.rate, line.base, line.taxAmount);
  if (aiu && !aiu.taxRate.isZero()) addGroup('01', 'IVA', aiu.taxRate, aiu.taxBase, aiu.tax);
  const groups = [...byKey.values()];
  const subtotal = linesSubtotal.plus(aiu ? aiu.administracion.plus(aiu.imprevistos).plus(aiu.utilidad) : new Dec(0));
  const impuestos = total(groups.map((g) => g.amount));
  const documentTotal = subtotal.plus(impuestos);
  const bases = { subtotal, impuestos, total: documentTotal };
  const withholdings = withholdingInputs.map((w) => {
    const percent = d(w.percent);
    const base = bases[w.base_mode];
    return { type: w.type, baseMode: w.base_mode, percent, base, amount: cents(base.times(percent).dividedBy(100)) };
  });
  const totalRetenciones = total(withholdings.map((w) => w.amount));
  const byCode = (code: string) => total(groups.filter((g) => g.code === code).map((g) => g.amount));
  return {
    lines,
    aiu,
    taxGroups: groups,
    subtotal,
    iva: byCode('01'),
    inc: byCode('04'),
    ica: byCode('03'),
    impuestos,
    total: documentTotal,
    withholdings,
    totalRetenciones,
    netoPagar: documentTotal.minus(totalRetenciones),
  };
}

// ---- inputs: what the forms and the API send, and what they should never send ----

function decimalText(n: number, places: number): string {
  if (places === 0) return String(n);
  const digits = String(n).padStart(places + 1, '0');
  return `${digits.slice(0, -places)}.${digits.slice(-places)}`;
}

const plainAmount = fc.oneof(
  fc.integer({ min: 0, max: 10_000_000 }).map(String),
  fc.integer({ min: 0, max: 100_000_000_000 }).map((c) => decimalText(c, 2)),
  fc.tuple(fc.integer({ min: 0, max: 1_000_000_000 }), fc.integer({ min: 0, max: 12 })).map(([n, k]) => decimalText(n, k)),
);
const plainRate = fc.oneof(
  fc.constantFrom('0', '5', '8', '19', '8.0', '19.00', '8.000000001', '100'),
  fc
    .tuple(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 4 }))
    .map(([n, k]) => decimalText(n, k))
    .filter((t) => Number(t) <= 100),
);
const extremeText = fc.constantFrom(
  '0',
  '0.005',
  '0.015',
  '2.675',
  '1e3',
  '.5',
  '5.',
  '+3',
  '-2',
  '-0',
  '007',
  '1.500000000000000000000',
  '123456789012345678901234567890',
  '0.0000000001',
  '9007199254740993',
  '4503599627370495.5',
  '99999999999999.99',
  '90071992547409.91',
  '90071992547409.92',
  '45035996273704.96',
  'abc',
  '',
);
const extremeNumber = fc.oneof(
  fc.constantFrom(0, -0, -1, 0.1 + 0.2, 1e-7, 1e21, 1e300, 2 ** 53, 2 ** 53 - 1, NaN, Infinity, 8, 19),
  fc.double({ min: 0, max: 1e12, noNaN: true }),
  fc.integer({ min: 0, max: 10_000_000_00 }).map((c) => c / 100),
);
const value = (plain: fc.Arbitrary<string>): fc.Arbitrary<DecimalInput> =>
  fc.oneof(
    { weight: 12, arbitrary: plain },
    { weight: 1, arbitrary: extremeText },
    { weight: 2, arbitrary: extremeNumber },
    { weight: 2, arbitrary: plain.map((t) => new Dec(t)) },
  );
const code = fc.oneof(
  { weight: 12, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.constantFrom('01', '03', '04', '', 'XX') },
);

const lineArb: fc.Arbitrary<FeLineInput> = fc
  .record({
    cant: value(fc.oneof(fc.integer({ min: 1, max: 50 }).map(String), plainAmount)),
    iva: value(plainRate),
    incluido: fc.boolean(),
    unit: fc.option(value(plainAmount), { freq: 4 }),
    unitInput: fc.option(value(plainAmount), { freq: 3 }),
    code,
  })
  .map(({ cant, iva, incluido, unit, unitInput, code }) => ({
    cant,
    iva,
    iva_incluido: incluido,
    ...(unit !== null ? { unit } : {}),
    ...(unitInput !== null ? { unit_input: unitInput } : {}),
    ...(code !== undefined ? { codigo_impuesto: code } : {}),
  }));

const aiuArb: fc.Arbitrary<FeAiuInput | undefined> = fc.option(
  fc.record({
    enabled: fc.boolean(),
    contract_base: fc.option(value(plainAmount), { nil: undefined }),
    administracion_percent: fc.option(value(plainRate), { nil: undefined }),
    imprevistos_percent: fc.option(value(plainRate), { nil: undefined }),
    utilidad_percent: fc.option(value(plainRate), { nil: undefined }),
    tax_rate: fc.option(value(plainRate), { nil: undefined }),
    iva_base_mode: fc.constantFrom('AIU_TOTAL' as const, 'UTILIDAD' as const, undefined),
  }),
  { nil: undefined, freq: 3 },
);

const withholdingsArb: fc.Arbitrary<FeWithholdingInput[]> = fc.array(
  fc.record({
    type: fc.constantFrom('ReteFuente', 'ReteIVA', 'ReteICA'),
    base_mode: fc.constantFrom('subtotal' as const, 'impuestos' as const, 'total' as const),
    percent: value(fc.oneof(plainRate, fc.constantFrom('2.5', '15', '0.966', '0.414', '11.04'))),
  }),
  { maxLength: 3 },
);

function outcome(run: () => unknown): { ok: true; shape: unknown; json: string } | { ok: false; error: string } {
  try {
    const result = run();
    return { ok: true, shape: decimalShape(result), json: JSON.stringify(result) };
  } catch (error) {
    return { ok: false, error: String(error) };
  }
}

function expectSameAsReference(items: FeLineInput[], aiu: FeAiuInput | undefined, withholdings: FeWithholdingInput[]): void {
  const expected = outcome(() => referenceTotals(items, aiu, withholdings));
  const actual = outcome(() => computeFeTotals(items, aiu, withholdings));
  expect(actual).toEqual(expected);
}

describe('FE totals against the decimal.js reference', () => {
  it('gives the reference result for any lines, AIU and withholdings', () => {
    fc.assert(fc.property(fc.array(lineArb, { maxLength: 40 }), aiuArb, withholdingsArb, expectSameAsReference), {
      numRuns: 600,
    });
  }, 60_000);

  it('gives the reference result for documents of 500 to 1,000 lines', () => {
    const typical: fc.Arbitrary<FeLineInput> = fc
      .record({
        cant: fc.integer({ min: 1, max: 12 }).map(String),
        unit: fc.integer({ min: 0, max: 50_000_000 }).map((c) => decimalText(c, 2)),
        iva: fc.constantFrom('0', '5', '8', '19'),
        iva_incluido: fc.boolean(),
      })
      .map((l) => (l.iva_incluido ? { ...l, unit_input: l.unit } : l));
    fc.assert(
      fc.property(fc.array(typical, { minLength: 500, maxLength: 1000 }), aiuArb, withholdingsArb, expectSameAsReference),
      { numRuns: 10 },
    );
  }, 60_000);

  it('computes ordinary lines in integer cents and the rest in decimal.js', () => {
    expect(computeFeLine({ cant: '3', unit: '3333.33', iva: '19' })).toBeInstanceOf(ExactFeLine);
    expect(computeFeLine({ cant: 2, unit_input: new Dec('11900'), iva: 19, iva_incluido: true })).toBeInstanceOf(ExactFeLine);
    expect(computeFeLine({ cant: '1e3', unit: '1', iva: '19' })).not.toBeInstanceOf(ExactFeLine);
    expect(computeFeLine({ cant: '1', unit: '90071992547409.92', iva: '0' })).not.toBeInstanceOf(ExactFeLine);
    expect(computeFeLine({ cant: '-1', unit: '5', iva: '19' }).base.toFixed(2)).toBe('-5.00');
  });

  it('keeps a computed line readable as JSON in the plain shape', () => {
    const line = computeFeLine({ cant: '2', unit_input: '10000', iva: '19', iva_incluido: true });
    expect(JSON.parse(JSON.stringify(line))).toEqual({
      quantity: '2',
      unitValue: '8403.36',
      rate: '19',
      tax: { code: '01', name: 'IVA' },
      base: '16806.72',
      taxAmount: '3193.28',
      total: '20000',
    });
  });
});
