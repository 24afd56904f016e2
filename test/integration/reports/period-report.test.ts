// The period report against an independent reference computed here, in integer cents, over
// generated histories (fast-check): documents this app issued (their exact requests in the ledger)
// and documents known through sync (totals only), in every state, inside and outside the period.
// And against the report as it was summed in JS before it was summed in SQL: the whole
// answer must be the same, field by field and in the same order. On both engines with one body:
// the history is written to the engine under test and to a SQLite reference store, on which the
// JS-summed report of old (SQLite only) is computed.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LedgerReads } from '#core/ledger-reads/ledger-reads';
import { periodReport, type ReportScope } from '#core/reports/period-report';
import { withholdingCertificates } from '#core/reports/certificates';
import type { Engine } from '#core/store/engine';
import type { HistoryDocumentsTable } from '#core/store/schema';
import { ENGINE_KINDS, openEngine, type OpenedEngine } from '#test/engines';
import { legacyPeriodReport } from '#test/period-report-legacy';

let reference: OpenedEngine;
let nextConnection = 1;
beforeAll(async () => {
  reference = await openEngine('sqlite');
});
afterAll(async () => {
  await reference.close();
});

const DAYS = ['2026-01-30', '2026-01-31', '2026-02-01', '2026-02-14', '2026-02-28', '2026-03-01', '2026-03-02'];
const FROM = '2026-01-31';
const TO = '2026-03-01';
const PARTIES = [
  { doc: '900111222', name: 'Cosechas S.A.S.' },
  { doc: '1020304050', name: 'Pedro Gómez' },
  { doc: '860512345', name: 'Distribuidora Andina' },
];
const WITHHOLDINGS = [
  { code: '05', key: 'reteiva', name: 'ReteIVA' },
  { code: '06', key: 'reterenta', name: 'ReteRenta' },
  { code: '07', key: 'reteica', name: 'ReteICA' },
] as const;

interface Line {
  cant: number;
  unitCents: number;
  rate: number;
}
interface Held {
  type: 0 | 1 | 2;
  mode: 'subtotal' | 'impuestos' | 'total';
  /** percent in thousandths (2500 = 2.5 %) */
  milli: number;
}
interface Doc {
  kind: 'FE' | 'DSE';
  day: string;
  /** Stored states by meaning: accepted with notices counts as accepted; a state nobody knows as pending. */
  state: 'aceptado' | 'aceptado_con_notificaciones' | 'rechazado' | 'en_proceso' | 'Estado 77';
  party: number;
  exact: boolean;
  usd: boolean;
  lines: Line[];
  held: Held[];
}

const line = (kind: 'FE' | 'DSE') =>
  fc.record({
    cant: fc.integer({ min: 1, max: 30 }),
    unitCents: fc.integer({ min: 1, max: 5_000_000 }),
    rate: kind === 'FE' ? fc.constantFrom(0, 5, 8, 19) : fc.constantFrom(0, 19),
  });
const doc = fc.oneof(
  ...(['FE', 'DSE'] as const).map((kind) =>
    fc.record({
      kind: fc.constant(kind),
      day: fc.constantFrom(...DAYS),
      state: fc.constantFrom('aceptado', 'aceptado', 'aceptado_con_notificaciones', 'rechazado', 'en_proceso', 'Estado 77'),
      party: fc.integer({ min: 0, max: PARTIES.length - 1 }),
      exact: fc.boolean(),
      usd: kind === 'FE' ? fc.integer({ min: 0, max: 9 }).map((n) => n === 0) : fc.constant(false),
      lines: fc.array(line(kind), { minLength: 1, maxLength: 4 }),
      held:
        kind === 'DSE'
          ? fc.uniqueArray(
              fc.record({
                type: fc.constantFrom(0, 1, 2),
                mode: fc.constantFrom('subtotal', 'impuestos', 'total'),
                milli: fc.constantFrom(1000, 2500, 4000, 11000, 15000, 966),
              }),
              { selector: (h) => h.type, maxLength: 3 },
            )
          : fc.constant([]),
    }),
  ),
) as fc.Arbitrary<Doc>;

const halfUp = (numerator: number, denominator: number) => Math.floor((numerator + denominator / 2) / denominator);
const money = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** The reference: each line and withholding in integer cents, as the contract's rules say. */
function figures(d: Doc) {
  const lines = d.lines.map((l) => {
    const base = l.cant * l.unitCents;
    const tax = l.rate === 0 ? 0 : halfUp(base * l.rate, 100);
    const code = d.kind === 'FE' && l.rate === 8 ? '04' : '01';
    return { base, tax, rate: l.rate, code };
  });
  const subtotal = lines.reduce((a, l) => a + l.base, 0);
  const taxes = lines.reduce((a, l) => a + l.tax, 0);
  const total = subtotal + taxes;
  const held = d.held
    .map((h) => {
      const base = h.mode === 'subtotal' ? subtotal : h.mode === 'impuestos' ? taxes : total;
      return { ...WITHHOLDINGS[h.type], milli: h.milli, base, amount: halfUp(base * h.milli, 100_000) };
    })
    // the contract refuses a zero base; such a withholding is left out of the request
    .filter((h) => h.base > 0);
  return { lines, subtotal, taxes, total, held: held.reduce((a, h) => a + h.amount, 0) <= total ? held : [] };
}

function request(d: Doc, f: ReturnType<typeof figures>): Record<string, unknown> {
  if (d.kind === 'FE') {
    return {
      receptor: { tipo_doc: '13', numero_doc: PARTIES[d.party]!.doc, nombre: PARTIES[d.party]!.name },
      items: d.lines.map((l) => ({ desc: 'x', cant: l.cant, unit: l.unitCents / 100, iva: l.rate, iva_incluido: false })),
      withholdings: [],
    };
  }
  return {
    fecha_documento: d.day,
    proveedor: { tipo_documento: '13', nit: PARTIES[d.party]!.doc, nombre: PARTIES[d.party]!.name },
    items: d.lines.map((l) => ({
      codigo: '11111501',
      descripcion: 'x',
      cantidad: l.cant,
      precio_unitario: l.unitCents / 100,
      porcentaje_iva: l.rate,
    })),
    forma_generacion: '1',
    forma_pago: '1',
    retenciones: f.held.map((h) => ({
      retention_key: h.key,
      dian_tax_code: h.code,
      tax_name: h.name,
      base_mode: d.held.find((x) => WITHHOLDINGS[x.type].code === h.code)!.mode,
      percent: h.milli / 1000,
    })),
  };
}

type HistoryInsert = Omit<HistoryDocumentsTable, 'id' | 'submission_id'> & { id: number };
/** Ids given here, so that a document has the same id on the engine under test and on the reference. */
let nextHistoryId = 1;

/** A mirrored row of the test's history (what the generators leave free is fixed here). */
function historyRow(connectionId: number, remote: number, row: Partial<HistoryInsert>): HistoryInsert {
  return {
    id: nextHistoryId++,
    connection_id: connectionId,
    kind: 'FE',
    remote_id: remote,
    tipo_dian: '01',
    number: `P${remote}`,
    prefijo: 'P',
    consecutivo: remote,
    estado_dian: 'aceptado',
    fiscal_key: 'k',
    issue_date: FROM,
    counterpart_name: '',
    counterpart_doc: '',
    subtotal: '0.00',
    impuestos: '0.00',
    total: '0.00',
    total_cents: 0,
    moneda: 'COP',
    items_text: '',
    document_json: '{}',
    synced_at: 'now',
    ...row,
  };
}

/** The same rows on the engine under test and on the reference store. */
async function insertRows(
  engine: Engine,
  history: HistoryInsert[],
  ledger: { kind: string; key: string; body: Buffer; remote: number; connection: number }[],
) {
  for (const target of [engine, reference.engine]) {
    if (history.length > 0) await target.db.insertInto('history_documents').values(history).execute();
    if (ledger.length > 0)
      await target.db
        .insertInto('submissions')
        .values(
          ledger.map((l) => ({
            connection_id: l.connection,
            base_url: 'http://a/v1',
            company_id: 1,
            kind: l.kind,
            idempotency_key: l.key,
            endpoint_path: '/p',
            request_body: l.body,
            payload_hash: 'h',
            state: 'accepted',
            document_id: l.remote,
            created_at: 'now',
            updated_at: 'now',
          })),
        )
        .execute();
  }
}

async function insert(engine: Engine, connectionId: number, docs: Doc[]): Promise<void> {
  const history: HistoryInsert[] = [];
  const ledger: { kind: string; key: string; body: Buffer; remote: number; connection: number }[] = [];
  docs.forEach((d, i) => {
    const f = figures(d);
    const remote = i + 1;
    const party = PARTIES[d.party]!;
    history.push(
      historyRow(connectionId, remote, {
        kind: d.kind,
        tipo_dian: d.kind === 'FE' ? '01' : '05',
        number: `${d.kind}${remote}`,
        prefijo: d.kind,
        estado_dian: d.state,
        issue_date: d.day,
        counterpart_name: party.name,
        counterpart_doc: party.doc,
        subtotal: money(f.subtotal),
        impuestos: money(f.taxes),
        total: money(f.total),
        total_cents: f.total,
        moneda: d.usd ? 'USD' : 'COP',
      }),
    );
    if (d.exact)
      ledger.push({
        connection: connectionId,
        kind: d.kind,
        key: `k-${connectionId}-${remote}`,
        body: Buffer.from(JSON.stringify(request(d, f))),
        remote,
      });
  });
  await insertRows(engine, history, ledger);
}

/** The report of the engine under test, and the JS-summed one of the reference store. */
async function reports(engine: Engine, scope: ReportScope, filter: { from: string; to: string; kind?: 'FE' | 'DSE' }) {
  return {
    report: await periodReport(engine, new LedgerReads(engine), scope, filter),
    legacy: await legacyPeriodReport(reference.store!.db, scope, filter),
  };
}

function bump<K>(map: Map<K, number>, key: K, value: number) {
  map.set(key, (map.get(key) ?? 0) + value);
}

describe.each(ENGINE_KINDS)('period report on %s', (kind) => {
  let opened: OpenedEngine;
  beforeAll(async () => {
    opened = await openEngine(kind);
  });
  afterAll(async () => {
    await opened.close();
  });

  it('equals the reference for any history: sums, taxes by type and rate, withholdings by type and supplier, parties, open documents', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(doc, { maxLength: 40 }),
        fc.constantFrom<undefined | 'FE' | 'DSE'>(undefined, 'FE', 'DSE'),
        async (docs, kind) => {
          const connectionId = nextConnection++;
          await insert(opened.engine, connectionId, docs);
          const { report, legacy } = await reports(
            opened.engine,
            { connectionId, connectionLabel: 'c', now: new Date('2026-03-05T12:00:00Z') },
            { from: FROM, to: TO, ...(kind ? { kind } : {}) },
          );
          expect(report).toEqual(legacy);

          const inPeriod = docs.filter((d) => d.day >= FROM && d.day <= TO && (!kind || d.kind === kind));
          const accepted = (d: Doc) => d.state === 'aceptado' || d.state === 'aceptado_con_notificaciones';
          const counted = inPeriod.filter((d) => accepted(d) && !d.usd);
          const summary = new Map<string, number[]>();
          const taxes = new Map<string, number[]>();
          const held = new Map<string, number[]>();
          const bySupplier = new Map<string, number[]>();
          const byDay = new Map<string, number>();
          const totals = new Map<string, number>();
          for (const d of counted) {
            const f = figures(d);
            const source = d.exact ? 'exact' : 'totals';
            const s = summary.get(`${d.kind}|${source}`) ?? [0, 0, 0, 0, 0];
            summary.set(`${d.kind}|${source}`, [
              s[0]! + 1,
              s[1]! + f.subtotal,
              s[2]! + f.taxes,
              s[3]! + f.total,
              s[4]! + (d.exact ? f.held.reduce((a, h) => a + h.amount, 0) : 0),
            ]);
            bump(byDay, `${d.day}|${d.kind}`, f.total);
            bump(totals, `${d.kind}|${PARTIES[d.party]!.doc}`, f.total);
            if (!d.exact) {
              const t = taxes.get(`${d.kind}|totals||`) ?? [0, 0];
              taxes.set(`${d.kind}|totals||`, [t[0]! + f.subtotal, t[1]! + f.taxes]);
              continue;
            }
            for (const l of f.lines) {
              // An FE line at 0 % without a tax code is excluded from IVA: its base is listed under ZZ at 0 %.
              if (l.rate === 0 && d.kind === 'DSE') continue;
              const key = l.rate === 0 ? `${d.kind}|exact|ZZ|0` : `${d.kind}|exact|${l.code}|${l.rate}`;
              const t = taxes.get(key) ?? [0, 0];
              taxes.set(key, [t[0]! + l.base, t[1]! + l.tax]);
            }
            for (const h of f.held) {
              const t = held.get(h.code) ?? [0, 0];
              held.set(h.code, [t[0]! + h.base, t[1]! + h.amount]);
              const key = `${PARTIES[d.party]!.doc}|${h.code}|${h.milli / 1000}`;
              const u = bySupplier.get(key) ?? [0, 0];
              bySupplier.set(key, [u[0]! + h.base, u[1]! + h.amount]);
            }
          }

          const asMap = <T>(rows: T[], key: (r: T) => string, value: (r: T) => number[]) =>
            new Map(rows.map((r) => [key(r), value(r)]));
          expect(
            asMap(
              report.summary,
              (s) => `${s.kind}|${s.source}`,
              (s) => [s.documents, s.subtotal, s.taxes, s.total, s.withholdings],
            ),
          ).toEqual(summary);
          expect(
            asMap(
              report.taxes,
              (t) => `${t.kind}|${t.source}|${t.code}|${t.rate}`,
              (t) => [t.base, t.amount],
            ),
          ).toEqual(taxes);
          expect(
            asMap(
              report.withholdings,
              (w) => w.code,
              (w) => [w.base, w.amount],
            ),
          ).toEqual(held);
          expect(
            asMap(
              report.withholdings_by_supplier,
              (w) => `${w.supplier_doc}|${w.code}|${Number(w.rate)}`,
              (w) => [w.base, w.amount],
            ),
          ).toEqual(bySupplier);
          expect(new Map(report.by_day.map((d) => [`${d.date}|${d.kind}`, d.total]))).toEqual(byDay);
          expect(report.by_month.reduce((a, m) => a + m.total, 0)).toBe(counted.reduce((a, d) => a + figures(d).total, 0));
          const topTotals = [...totals.entries()]
            .filter(([k]) => k.startsWith('FE|'))
            .map(([, v]) => v)
            .sort((a, b) => b - a)
            .slice(0, 10);
          expect(report.top_customers.map((p) => p.total)).toEqual(topTotals);
          expect(report.rejected.count).toBe(inPeriod.filter((d) => d.state === 'rechazado').length);
          expect(report.pending.count).toBe(inPeriod.filter((d) => d.state === 'en_proceso' || d.state === 'Estado 77').length);
          expect(report.other_currency.count).toBe(inPeriod.filter((d) => accepted(d) && d.usd).length);
          // Taxes by month add up to the taxes of the period, broken down or not.
          const monthTaxes = report.taxes_by_month.reduce((a, m) => a + m.iva + m.inc + m.other + m.unbroken, 0);
          expect(monthTaxes).toBe(counted.reduce((a, d) => a + figures(d).taxes, 0));

          // Certificates: per supplier, the same withholdings as the report's table by supplier.
          if (kind === undefined) {
            const { certificates } = await withholdingCertificates(
              opened.engine,
              new LedgerReads(opened.engine),
              connectionId,
              null,
              {
                from: FROM,
                to: TO,
              },
            );
            const certified = new Map<string, number[]>();
            for (const c of certificates)
              for (const l of c.lines) certified.set(`${c.supplier_doc}|${l.code}|${Number(l.rate)}`, [l.base, l.amount]);
            expect(certified).toEqual(bySupplier);
            for (const c of certificates) expect(c.amount).toBe(c.lines.reduce((a, l) => a + l.amount, 0));
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('sums any money text as the JS reading did (signs, one or no decimals) and names each party by its newest document', async () => {
    const amount = fc.oneof(
      fc
        .integer({ min: -99_999_999, max: 999_999_999 })
        .map((c) => `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, '0')}`),
      fc.integer({ min: 0, max: 9_999_999 }).map((n) => `${n}`),
      fc.integer({ min: 0, max: 9_999_999 }).map((n) => `${Math.floor(n / 10)}.${n % 10}`),
      fc.integer({ min: 0, max: 9_999_999 }).map((n) => `${Math.floor(n / 1000)}.${String(n % 1000).padStart(3, '0')}`),
    );
    const row = fc.record({
      kind: fc.constantFrom('FE', 'DSE'),
      day: fc.constantFrom(...DAYS),
      state: fc.constantFrom('aceptado', 'aceptado', 'rechazado', 'en_proceso', 'error'),
      party: fc.integer({ min: 0, max: PARTIES.length - 1 }),
      subtotal: amount,
      impuestos: amount,
      total: fc.integer({ min: -1_000_000, max: 100_000_000 }),
      usd: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(row, { maxLength: 30 }), async (rows) => {
        const connectionId = nextConnection++;
        await insertRows(
          opened.engine,
          rows.map((r, i) =>
            historyRow(connectionId, i + 1, {
              kind: r.kind,
              estado_dian: r.state,
              issue_date: r.day,
              counterpart_name: `${PARTIES[r.party]!.name} ${i}`,
              counterpart_doc: PARTIES[r.party]!.doc,
              subtotal: r.subtotal,
              impuestos: r.impuestos,
              total_cents: r.total,
              moneda: r.usd ? 'USD' : 'COP',
            }),
          ),
          [],
        );
        const scope = { connectionId, connectionLabel: 'c', now: new Date('2026-03-05T12:00:00Z') };
        const { report, legacy } = await reports(opened.engine, scope, { from: FROM, to: TO });
        expect(report).toEqual(legacy);
      }),
      { numRuns: 60 },
    );
  });

  it('reads a synced document again once its ledger row appears, and then gives its breakdown', async () => {
    const connectionId = nextConnection++;
    const d: Doc = {
      kind: 'FE',
      day: '2026-02-01',
      state: 'aceptado',
      party: 0,
      exact: false,
      usd: false,
      lines: [{ cant: 2, unitCents: 10_000, rate: 19 }],
      held: [],
    };
    await insert(opened.engine, connectionId, [d]);
    const scope = { connectionId, connectionLabel: 'c', now: new Date() };
    const reads = new LedgerReads(opened.engine);
    expect((await periodReport(opened.engine, reads, scope, { from: FROM, to: TO })).taxes).toEqual([
      expect.objectContaining({ source: 'totals', base: 20_000, amount: 3_800, documents: 1 }),
    ]);
    await insertRows(
      opened.engine,
      [],
      [
        {
          connection: connectionId,
          kind: 'FE',
          key: `late-${connectionId}`,
          body: Buffer.from(JSON.stringify(request(d, figures(d)))),
          remote: 1,
        },
      ],
    );
    expect((await periodReport(opened.engine, reads, scope, { from: FROM, to: TO })).taxes).toEqual([
      expect.objectContaining({ source: 'exact', code: '01', rate: '19', base: 20_000, amount: 3_800, documents: 1 }),
    ]);
  });
});
