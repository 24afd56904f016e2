// DSE items and totals (integer cents where the values allow, decimal.js elsewhere) against a
// straightforward decimal.js reference of "DSE item" and "DSE totals": over random and extreme JSON
// numbers, the same Spanish errors in the same order, the same lines (every Decimal, with its sign),
// the same totals; and the `_` field rule names the same fields.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FieldErrors, isRawObject, pickConsistent, readCode, readInteger, readNumber, readString } from '#shared/api/fields';
import {
  computeDseAmounts,
  computeDseTotals,
  readDseItems,
  readDseWithholdings,
  validateDseRequest,
  type DseCostCenter,
  type DseLine,
} from '#shared/dse/index';
import { ExactDseLine } from '#shared/dse/exact-line';
import { Dec } from '#shared/money';
import { decimalShape } from '#test/decimal-shape';
import { ctx, validDse } from '#test/requests/dse-rules';

// ---- the reference, in decimal.js throughout ----

type D = InstanceType<typeof Dec>;
const cents = (v: D): D => v.toDecimalPlaces(2, Dec.ROUND_HALF_UP);
const CENT = '0.01';

function referenceItem(item: unknown, at: string, centers: readonly DseCostCenter[], errors: FieldErrors): DseLine | undefined {
  if (!isRawObject(item)) return (errors.add(at, 'debe ser un objeto'), undefined);
  const before = errors.list.length;
  const codigo = readCode(item.codigo, `${at}.codigo`, errors);
  if (codigo === undefined || !/^\d{8}$/.test(codigo))
    errors.add(`${at}.codigo`, 'debe ser un código UNSPSC numérico de exactamente 8 dígitos');
  const descripcion =
    readString(item.descripcion, `${at}.descripcion`, errors)?.trim() || `Bien o servicio ${codigo ?? ''}`.trim();
  const cantidad = readNumber(item.cantidad, `${at}.cantidad`, errors);
  if (!cantidad || !cantidad.gt(0)) errors.add(`${at}.cantidad`, 'debe ser mayor que 0');
  const unidadRaw = readString(item.unidad_medida, `${at}.unidad_medida`, errors)?.trim().toUpperCase() || 'EA';
  const unidad = unidadRaw === 'NIU' ? 'EA' : unidadRaw;
  const price = readNumber(item.precio_unitario, `${at}.precio_unitario`, errors);
  const baseField = pickConsistent(item, ['base_imponible', 'base'], errors);
  const baseGiven = baseField ? readNumber(baseField.value, `${at}.${baseField.name}`, errors) : undefined;
  if (price?.isNegative()) errors.add(`${at}.precio_unitario`, 'no puede ser negativo');
  if (baseGiven?.isNegative()) errors.add(`${at}.${baseField?.name}`, 'no puede ser negativa');
  if (price === undefined && baseGiven === undefined)
    errors.add(`${at}.precio_unitario`, 'es obligatorio (o base_imponible para derivarlo)');
  const percent = readNumber(item.porcentaje_iva, `${at}.porcentaje_iva`, errors);
  const impuesto = readNumber(item.impuesto, `${at}.impuesto`, errors);
  const ivaLegacy = readNumber(item.iva, `${at}.iva`, errors);
  if (percent && (percent.isNegative() || percent.gt(100))) errors.add(`${at}.porcentaje_iva`, 'debe estar entre 0 y 100');
  if (impuesto?.isNegative()) errors.add(`${at}.impuesto`, 'no puede ser negativo');
  if (ivaLegacy?.isNegative()) errors.add(`${at}.iva`, 'no puede ser negativo (en DSE es un valor monetario)');
  if (impuesto && ivaLegacy && !impuesto.minus(ivaLegacy).abs().lte(CENT)) {
    errors.add(`${at}.iva`, 'no coincide con impuesto (iva es el alias heredado del valor monetario del impuesto)');
  }
  const costCenterId = referenceCostCenter(item, at, centers, errors);
  if (errors.list.length > before || !cantidad || codigo === undefined) return undefined;
  const precio = price ?? (baseGiven as D).dividedBy(cantidad);
  // A derived price: quantity x (base / quantity) is the base, exactly.
  const base = cents(price !== undefined ? cantidad.times(precio) : (baseGiven as D));
  let tax: D;
  let rate: D | null;
  const absolute = impuesto ?? ivaLegacy;
  if (percent !== undefined) {
    rate = percent;
    tax = cents(base.times(percent).dividedBy(100));
    if (absolute !== undefined && !absolute.minus(tax).abs().lte(CENT)) {
      errors.add(
        `${at}.${impuesto !== undefined ? 'impuesto' : 'iva'}`,
        `no coincide con base x porcentaje_iva (${tax.toFixed(2)})`,
      );
      return undefined;
    }
  } else if (absolute !== undefined) {
    tax = cents(absolute);
    rate = base.gt(0) ? tax.dividedBy(base).times(100).toDecimalPlaces(2) : null;
  } else {
    tax = new Dec(0);
    rate = new Dec(0);
  }
  return {
    codigo,
    descripcion,
    cantidad,
    unidad_medida: unidad,
    precio_unitario: precio,
    base,
    porcentaje_iva: rate,
    impuesto: tax,
    cost_center_id: costCenterId,
  };
}

function referenceCostCenter(
  item: Record<string, unknown>,
  at: string,
  centers: readonly DseCostCenter[],
  errors: FieldErrors,
): number | null {
  const id = readInteger(item.cost_center_id, `${at}.cost_center_id`, errors);
  const codeField = pickConsistent(item, ['cost_center_code', 'centro_costo_codigo'], errors);
  const code = codeField ? readString(codeField.value, `${at}.${codeField.name}`, errors) : undefined;
  let byId: DseCostCenter | undefined;
  if (id !== undefined) {
    byId = centers.find((c) => c.id === id);
    if (!byId) errors.add(`${at}.cost_center_id`, `el centro de costo ${id} no pertenece a la empresa`);
  }
  if (code !== undefined && codeField) {
    const byCode = centers.find((c) => c.code === code);
    if (!byCode) errors.add(`${at}.${codeField.name}`, `el centro de costo ${code} no existe en la empresa`);
    else if (byId && byId.id !== byCode.id) errors.add(`${at}.${codeField.name}`, `no corresponde a cost_center_id ${byId.id}`);
    return byCode?.id ?? null;
  }
  return byId?.id ?? null;
}

function referenceAmounts(lines: readonly DseLine[]) {
  const subtotal = lines.reduce((a, l) => a.plus(l.base), new Dec(0));
  const impuestos = lines.reduce((a, l) => a.plus(l.impuesto), new Dec(0));
  return { subtotal, impuestos, total: subtotal.plus(impuestos) };
}

function referenceUnderscoreFields(value: unknown, path: string, errors: FieldErrors): void {
  if (Array.isArray(value)) value.forEach((v, i) => referenceUnderscoreFields(v, `${path}[${i}]`, errors));
  else if (isRawObject(value)) {
    for (const [key, v] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (key.startsWith('_')) errors.add(at, 'los campos que empiezan por _ no se aceptan');
      else referenceUnderscoreFields(v, at, errors);
    }
  }
}

// ---- inputs: JSON numbers as clients send them, and as they should not ----

const twoPlaces = fc.integer({ min: 0, max: 10_000_000_000 }).map((c) => c / 100);
const anyNumber = fc.oneof(
  { weight: 3, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      0,
      -0,
      -1,
      -0.001,
      0.1 + 0.2,
      1e-7,
      1e-9,
      1e21,
      1e300,
      2 ** 53,
      2 ** 53 + 2,
      100,
      100.00000000000001,
      99.99999999999999,
      0.005,
      2.675,
      90071992547409.91,
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom<unknown>('5', true, null, {}) },
);
const amount = fc.oneof({ weight: 12, arbitrary: twoPlaces }, { weight: 4, arbitrary: anyNumber });
const quantity = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 60 }) },
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 100_000 }).map((n) => n / 1000) },
  { weight: 3, arbitrary: anyNumber },
);
const rate = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(0, 5, 19) },
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100) },
  { weight: 2, arbitrary: anyNumber },
);
const rarely = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });
const usually = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 5 });

const itemArb = fc
  .record({
    codigo: fc.oneof(
      { weight: 10, arbitrary: fc.constantFrom('70111703', '90101501', 70111703) },
      { weight: 1, arbitrary: fc.constantFrom<unknown>('123', 'abcdefgh', undefined, 5) },
    ),
    descripcion: rarely(fc.constantFrom<unknown>('Jornal', '  ', 7)),
    cantidad: fc.oneof({ weight: 20, arbitrary: quantity }, { weight: 1, arbitrary: fc.constant(undefined) }),
    precio_unitario: fc.oneof({ weight: 8, arbitrary: amount }, { weight: 1, arbitrary: fc.constant(undefined) }),
    base_imponible: rarely(amount),
    base: rarely(amount),
    porcentaje_iva: usually(rate),
    impuesto: rarely(amount),
    iva: rarely(amount),
    unidad_medida: rarely(fc.constantFrom<unknown>('NIU', 'kg', ' hr ', 4)),
    cost_center_id: rarely(fc.constantFrom<unknown>(1, 2, 99, 1.5)),
    cost_center_code: rarely(fc.constantFrom<unknown>('ADM', 'VEN', 'XXX')),
  })
  .map((item) => Object.fromEntries(Object.entries(item).filter(([, v]) => v !== undefined)));

function read(reader: typeof readDseItems, items: unknown[]) {
  const errors = new FieldErrors();
  const lines = reader(items, ctx.costCenters, errors);
  return { errors: errors.list, lines: decimalShape(lines), json: JSON.stringify(lines), value: lines };
}

function referenceReadItems(raw: unknown, centers: readonly DseCostCenter[], errors: FieldErrors): DseLine[] | undefined {
  const lines = (raw as unknown[]).map((item, i) => referenceItem(item, `items[${i}]`, centers, errors));
  return lines.every((l): l is DseLine => l !== undefined) ? lines : undefined;
}

function expectSameAsReference(items: unknown[]): void {
  const actual = read(readDseItems, items);
  const expected = read(referenceReadItems, items);
  expect({ errors: actual.errors, lines: actual.lines, json: actual.json }).toEqual({
    errors: expected.errors,
    lines: expected.lines,
    json: expected.json,
  });
  if (!actual.value || !expected.value) return;
  const amounts = computeDseAmounts(actual.value);
  const expectedAmounts = referenceAmounts(expected.value);
  expect(decimalShape(amounts)).toEqual(decimalShape(expectedAmounts));
  if (!expectedAmounts.total.gt(0)) return;
  const withholdings =
    readDseWithholdings(
      [
        { type: 'reterenta', percent: 2.5 },
        { type: 'reteiva', percent: 15 },
        { type: 'reteica', percent: 0.966 },
      ],
      amounts,
      new FieldErrors(),
    ) ?? [];
  const totals = computeDseTotals(actual.value, withholdings);
  const retenciones = withholdings.reduce((a, w) => a.plus(w.amount), new Dec(0));
  expect(decimalShape(totals)).toEqual(
    decimalShape({ ...expectedAmounts, total_retenciones: retenciones, neto_pagar: expectedAmounts.total.minus(retenciones) }),
  );
}

describe('DSE items and totals against the decimal.js reference', () => {
  it('reads any items with the same errors, lines and totals', () => {
    fc.assert(fc.property(fc.array(itemArb, { minLength: 1, maxLength: 12 }), expectSameAsReference), { numRuns: 1000 });
  }, 60_000);

  it('reads documents of 500 to 1,000 ordinary lines the same', () => {
    const ordinary = fc.record({
      codigo: fc.constant('70111703'),
      cantidad: quantity,
      precio_unitario: twoPlaces,
      porcentaje_iva: fc.constantFrom(0, 5, 19),
    });
    fc.assert(fc.property(fc.array(ordinary, { minLength: 500, maxLength: 1000 }), expectSameAsReference), { numRuns: 10 });
  }, 60_000);

  it('computes ordinary lines in integer cents and the rest in decimal.js', () => {
    const lines = readDseItems(
      [
        { codigo: '70111703', cantidad: 2, precio_unitario: 1234.5, porcentaje_iva: 19 },
        { codigo: '70111703', cantidad: 2, base_imponible: 100 },
        { codigo: '70111703', cantidad: 1e-10, precio_unitario: 1 },
      ],
      [],
      new FieldErrors(),
    );
    expect(lines?.map((l) => l instanceof ExactDseLine)).toEqual([true, false, false]);
  });

  it('names every field starting with _ at any depth, in order', () => {
    const key = fc.constantFrom('a', 'b', '_x', '_', 'items', '__proto', 'c_');
    const tree = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.constantFrom<unknown>(1, 'x', null, true),
        tie('object'),
        tie('array'),
      ),
      object: fc.dictionary(key, tie('node'), { maxKeys: 4 }),
      array: fc.array(tie('node'), { maxLength: 3 }),
    })).object;
    fc.assert(
      fc.property(tree, (extra) => {
        const body = { ...validDse(), ...extra };
        const expected = new FieldErrors();
        referenceUnderscoreFields(body, '', expected);
        const result = validateDseRequest(body, ctx);
        const underscored = result.ok ? [] : result.errors.slice(0, expected.list.length);
        expect(underscored).toEqual(expected.list);
        if (!result.ok && result.errors.length > expected.list.length)
          expect(result.errors[expected.list.length]!.message).not.toMatch(/empiezan por _/);
      }),
      { numRuns: 500 },
    );
  });
});
