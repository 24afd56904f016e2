// Exact prices over HTTP: every valid FE and DSE the API accepts is accepted by the simulated tax
// authority, whatever its quantities and prices, and the amounts of its signed XML are recomputed here
// from the request alone (decimal.js directly, not the app's money code): each line's amount, tax and
// price (InvoicedQuantity x PriceAmount / BaseQuantity rounds to the line amount, FAV07/DSAV07), the
// tax groups and the document totals, to the centavo, in COP and in USD.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { dseBody, feBody, newKey } from '#test/requests/conformance';
import { useSandbox } from '#test/sandbox/fixture';
import { SANDBOX_TODAY as TODAY } from '#test/seed';
import { tempDir } from '#test/temp';

const data = tempDir('prices-');
const sandbox = useSandbox({ data: data.path });
afterAll(() => data.remove());

const D = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP });
type D = InstanceType<typeof D>;
const cents = (v: D) => v.toDecimalPlaces(2, D.ROUND_HALF_UP);

/** What a line must be in the XML, computed from the request alone. */
interface ExpectedLine {
  quantity: D;
  base: D;
  /** the price the request gave (null when derived from an IVA-included price or a DSE base) */
  givenPrice: D | null;
  tax: { code: string; rate: D; amount: D } | null;
}

/** The signed XML's numbers, read with regular expressions (the writer's canonical form has no whitespace). */
function readXmlAmounts(xml: string) {
  const num = (text: string | undefined) => new D(text ?? 'NaN');
  const first = (source: string, re: RegExp) => re.exec(source)?.[1];
  const lines = xml.split('<cac:InvoiceLine>').slice(1);
  const body = xml.split('<cac:InvoiceLine>')[0]!;
  const subtotals = (source: string) =>
    [...source.matchAll(/<cac:TaxSubtotal>([\s\S]*?)<\/cac:TaxSubtotal>/g)].map((m) => ({
      base: num(first(m[1]!, /<cbc:TaxableAmount[^>]*>([^<]+)</)),
      amount: num(first(m[1]!, /<cbc:TaxAmount[^>]*>([^<]+)</)),
      rate: num(first(m[1]!, /<cbc:Percent>([^<]+)</)),
      code: first(m[1]!, /<cac:TaxScheme><cbc:ID>([^<]+)</)!,
    }));
  const headerTaxes = [...body.matchAll(/<cac:TaxTotal>([\s\S]*?)<\/cac:TaxTotal>/g)].map((m) => ({
    amount: num(first(m[1]!, /^<cbc:TaxAmount[^>]*>([^<]+)</)),
    subtotals: subtotals(m[1]!),
  }));
  const totals = first(xml, /<cac:LegalMonetaryTotal>([\s\S]*?)<\/cac:LegalMonetaryTotal>/)!;
  return {
    currencies: new Set([...xml.matchAll(/currencyID="([^"]+)"/g)].map((m) => m[1])),
    headerTaxes,
    totals: {
      lineExtension: num(first(totals, /<cbc:LineExtensionAmount[^>]*>([^<]+)</)),
      taxExclusive: num(first(totals, /<cbc:TaxExclusiveAmount[^>]*>([^<]+)</)),
      taxInclusive: num(first(totals, /<cbc:TaxInclusiveAmount[^>]*>([^<]+)</)),
      payable: num(first(totals, /<cbc:PayableAmount[^>]*>([^<]+)</)),
    },
    lines: lines.map((l) => ({
      quantity: num(first(l, /<cbc:InvoicedQuantity[^>]*>([^<]+)</)),
      lineExtension: num(first(l, /<cbc:LineExtensionAmount[^>]*>([^<]+)</)),
      price: num(first(l, /<cbc:PriceAmount[^>]*>([^<]+)</)),
      priceText: first(l, /<cbc:PriceAmount[^>]*>([^<]+)</)!,
      baseQuantity: num(first(l, /<cbc:BaseQuantity[^>]*>([^<]+)</)),
      taxes: subtotals(l),
    })),
  };
}

/** Every amount of the XML against the request's own arithmetic. */
function expectXmlMatches(xml: string, currency: string, expected: ExpectedLine[]): void {
  const got = readXmlAmounts(xml);
  expect([...got.currencies]).toEqual([currency]);
  expect(got.lines.length).toBe(expected.length);
  expected.forEach((want, i) => {
    const line = got.lines[i]!;
    const at = `line ${i + 1}`;
    expect(line.quantity.eq(want.quantity), at).toBe(true);
    expect(line.lineExtension.toFixed(2), at).toBe(want.base.toFixed(2));
    // FAV07/DSAV07: quantity x price per BaseQuantity is the line amount to the centavo.
    expect(cents(line.quantity.times(line.price).dividedBy(line.baseQuantity)).toFixed(2), at).toBe(want.base.toFixed(2));
    if (want.givenPrice) expect(line.price.eq(want.givenPrice), `${at}: ${line.priceText}`).toBe(true);
    if (want.tax) {
      expect(line.taxes, at).toHaveLength(1);
      const t = line.taxes[0]!;
      expect([t.code, t.rate.toFixed(2), t.base.toFixed(2), t.amount.toFixed(2)], at).toEqual([
        want.tax.code,
        want.tax.rate.toFixed(2),
        want.base.toFixed(2),
        want.tax.amount.toFixed(2),
      ]);
    } else {
      expect(line.taxes, at).toEqual([]);
    }
  });
  const sumOf = (values: D[]) => values.reduce((a, b) => a.plus(b), new D(0));
  const lineExtension = sumOf(expected.map((l) => l.base));
  const taxed = expected.filter((l) => l.tax);
  const taxTotal = sumOf(taxed.map((l) => l.tax!.amount));
  expect(got.totals.lineExtension.toFixed(2)).toBe(lineExtension.toFixed(2));
  expect(got.totals.taxExclusive.toFixed(2)).toBe(sumOf(taxed.map((l) => l.base)).toFixed(2));
  expect(got.totals.taxInclusive.toFixed(2)).toBe(lineExtension.plus(taxTotal).toFixed(2));
  expect(got.totals.payable.toFixed(2)).toBe(lineExtension.plus(taxTotal).toFixed(2));
  // One header TaxTotal per tax code, one subtotal per rate, each the sum of its lines.
  const groups = new Map<string, { base: D; amount: D }>();
  for (const l of taxed) {
    const key = `${l.tax!.code}|${l.tax!.rate.toFixed(2)}`;
    const g = groups.get(key) ?? { base: new D(0), amount: new D(0) };
    groups.set(key, { base: g.base.plus(l.base), amount: g.amount.plus(l.tax!.amount) });
  }
  const header = new Map(
    got.headerTaxes.flatMap((t) =>
      t.subtotals.map((s) => [`${s.code}|${s.rate.toFixed(2)}`, { base: s.base.toFixed(2), amount: s.amount.toFixed(2) }]),
    ),
  );
  expect(header).toEqual(new Map([...groups].map(([k, g]) => [k, { base: g.base.toFixed(2), amount: g.amount.toFixed(2) }])));
  for (const t of got.headerTaxes) expect(t.amount.toFixed(2)).toBe(sumOf(t.subtotals.map((s) => s.amount)).toFixed(2));
}

// Quantities from a thousandth to a million (the sweep that found the bug rejected every quantity
// above 250), prices with 0 to 6 decimals.
const quantity = fc.oneof(
  fc.integer({ min: 1, max: 2_000 }),
  fc.integer({ min: 1, max: 1_000_000 }),
  fc.integer({ min: 1, max: 100_000_000 }).map((n) => n / 1000),
);
const price = fc.oneof(
  fc.integer({ min: 1, max: 100_000_000 }).map((n) => n / 100),
  fc.integer({ min: 1, max: 10_000_000 }).map((n) => n / 1000),
  fc.integer({ min: 1, max: 1_000_000_000 }).map((n) => n / 1_000_000),
);

/** FE tax as the contract classifies it: 8 is INC, any other positive rate IVA, 0 none; INC 2/4/16 by its code. */
const FE_TAXES: [rate: number, code: string | null][] = [
  [0, null],
  [5, null],
  [16, null],
  [19, null],
  [8, null],
  [2, '04'],
  [4, '04'],
  [16, '04'],
];

const feLine = fc.record({
  cant: quantity,
  price,
  tax: fc.constantFrom(...FE_TAXES),
  included: fc.boolean(),
});
type FeLineCase = { cant: number; price: number; tax: [number, string | null]; included: boolean };

function feExpected(line: FeLineCase): ExpectedLine {
  const [rate, explicit] = line.tax;
  const code = explicit ?? (rate === 0 ? null : rate === 8 ? '04' : '01');
  const q = new D(line.cant);
  const r = new D(rate);
  if (line.included) {
    const gross = cents(q.times(line.price));
    const base = code ? cents(gross.dividedBy(r.dividedBy(100).plus(1))) : gross;
    return { quantity: q, base, givenPrice: null, tax: code ? { code, rate: r, amount: gross.minus(base) } : null };
  }
  const base = cents(q.times(line.price));
  return {
    quantity: q,
    base,
    givenPrice: new D(line.price),
    tax: code ? { code, rate: r, amount: cents(base.times(r).dividedBy(100)) } : null,
  };
}

function feRequest(lines: FeLineCase[], usd: boolean) {
  return feBody({
    items: lines.map((l, i) => ({
      desc: `Artículo ${i + 1}`,
      cant: l.cant,
      // With iva_incluido the typed price includes the tax; `unit` is then the server's to derive.
      ...(l.included ? { unit_input: l.price, iva_incluido: true } : { unit: l.price, unit_input: l.price, iva_incluido: false }),
      iva: l.tax[0],
      ...(l.tax[1] ? { codigo_impuesto: l.tax[1] } : {}),
    })),
    subtotal: undefined,
    impuestos: undefined,
    total: undefined,
    draft_key: newKey('price-fe'),
    ...(usd ? { currency: { commercial_currency: 'USD', applied_rate: 4012.5, official_trm: 4012.5, rate_date: TODAY } } : {}),
  });
}

type DseLineCase = { cantidad: number; price: number; percent: number; fromBase: boolean };
const dseLine = fc.record({
  cantidad: quantity,
  price,
  percent: fc.constantFrom(0, 5, 16, 19),
  fromBase: fc.boolean(),
});

function dseExpected(line: DseLineCase): ExpectedLine {
  const q = new D(line.cantidad);
  // "if precio_unitario is missing, price may be derived as base divided by quantity": the base (in
  // cents) is then the line amount.
  const base = line.fromBase ? cents(new D(line.price)) : cents(q.times(line.price));
  const r = new D(line.percent);
  const amount = cents(base.times(r).dividedBy(100));
  // A DSE line whose IVA rounds to nothing carries no tax (the sandbox's DSE writer).
  return {
    quantity: q,
    base,
    givenPrice: line.fromBase ? null : new D(line.price),
    tax: amount.isZero() ? null : { code: '01', rate: r, amount },
  };
}

function dseRequest(lines: DseLineCase[], usd: boolean) {
  return dseBody({
    items: lines.map((l, i) => ({
      codigo: '70111703',
      descripcion: `Servicio ${i + 1}`,
      cantidad: l.cantidad,
      unidad_medida: i % 2 === 0 ? 'EA' : 'LTR',
      ...(l.fromBase ? { base_imponible: l.price } : { precio_unitario: l.price }),
      porcentaje_iva: l.percent,
    })),
    ...(usd ? { moneda: 'USD', tasa_cambio: 4012.5 } : {}),
  });
}

type Dian = { is_valid: boolean; status_message: string };

async function createFe(lines: FeLineCase[], usd: boolean): Promise<string> {
  const created = await sandbox.api.post<{ factura_id: number; estado: string; dian?: Dian }>(
    '/fe/facturas',
    feRequest(lines, usd),
  );
  expect(created.status, created.text).toBe(201);
  expect(created.body.estado).toBe('aceptado');
  const doc = await sandbox.api.get<{ doc: { xml_path: string } }>(`/fe/docs/${created.body.factura_id}`);
  return readFileSync(join(data.path, doc.body.doc.xml_path), 'utf8');
}

async function createDse(lines: DseLineCase[], usd: boolean): Promise<string> {
  const created = await sandbox.api.post<{ documento: { xml_path: string; estado_dian: string }; dian: Dian }>(
    '/dse/documentos',
    dseRequest(lines, usd),
    { idempotencyKey: newKey('price-dse') },
  );
  expect(created.status, created.text).toBe(201);
  expect(created.body.dian.is_valid).toBe(true);
  return readFileSync(join(data.path, created.body.documento.xml_path), 'utf8');
}

describe('prices the independent check found rejected are accepted, and their XML is exact', () => {
  it('FE: 1,000 units at an IVA-included price (999.99 with IVA 19 %)', async () => {
    const lines: FeLineCase[] = [{ cant: 1000, price: 999.99, tax: [19, null], included: true }];
    const xml = await createFe(lines, false);
    expectXmlMatches(xml, 'COP', lines.map(feExpected));
    // 999,990.00 / 1.19 = 840,327.73 for 1,000 units: a two-decimal price (840.33) gives 840,330.00.
    expect(readXmlAmounts(xml).lines[0]!.priceText).not.toBe('840.33');
  });

  it('DSE: 700 L at 1,850.555, the price written exactly', async () => {
    const lines: DseLineCase[] = [{ cantidad: 700, price: 1850.555, percent: 19, fromBase: false }];
    const xml = await createDse(lines, false);
    expectXmlMatches(xml, 'COP', lines.map(dseExpected));
    expect(readXmlAmounts(xml).lines[0]!.priceText).toBe('1850.555');
  });

  it("DSE: the contract's price derived from the base (3 units for 1,000.00; 7,000 for 12,345.67; 225,126 for 9,757.145)", async () => {
    const lines: DseLineCase[] = [
      { cantidad: 3, price: 1000, percent: 0, fromBase: true },
      { cantidad: 7000, price: 12345.67, percent: 19, fromBase: true },
      // A base typed with a half centavo stays 9,757.15 (the 40-digit quotient times 225,126 is 9,757.1449...).
      { cantidad: 225126, price: 9757.145, percent: 0, fromBase: true },
    ];
    const xml = await createDse(lines, false);
    expectXmlMatches(xml, 'COP', lines.map(dseExpected));
  });

  it('DSE: 1,314 units for a base of 1,109.965: the price multiplied exactly rounds to 1,109.97', async () => {
    // The property below found it: a 39-decimal price whose product only looked like 1,109.965 at the
    // writer's 40 significant digits (exactly, 1,109.96499...97).
    const lines: DseLineCase[] = [{ cantidad: 1314, price: 1109.965, percent: 0, fromBase: true }];
    const xml = await createDse(lines, false);
    expectXmlMatches(xml, 'COP', lines.map(dseExpected));
    expect(readXmlAmounts(xml).lines[0]!.priceText).toBe('0.844723');
  });
});

describe('property: any quantity and price the API accepts', () => {
  // Each run is one document sent over HTTP; a failure shows its lines (fast-check shrinks them).
  it('FE in COP and USD: accepted (201, aceptado) with every XML amount exact', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(feLine, { minLength: 1, maxLength: 4 }), fc.boolean(), async (lines, usd) => {
        // The API refuses an invoice whose total is zero (400): not a document to send.
        fc.pre(lines.map(feExpected).some((l) => l.base.gt(0) || (l.tax?.amount.gt(0) ?? false)));
        const xml = await createFe(lines, usd);
        expectXmlMatches(xml, usd ? 'USD' : 'COP', lines.map(feExpected));
      }),
      { numRuns: 60 },
    );
  }, 240_000);

  it('DSE in COP and USD: accepted (201, is_valid) with every XML amount exact', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(dseLine, { minLength: 1, maxLength: 4 }), fc.boolean(), async (lines, usd) => {
        const xml = await createDse(lines, usd);
        expectXmlMatches(xml, usd ? 'USD' : 'COP', lines.map(dseExpected));
      }),
      { numRuns: 60 },
    );
  }, 240_000);
});
