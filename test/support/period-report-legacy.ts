// The period report as it was computed before it was summed in SQL (every document of the
// period read into JS and summed there), kept as a second reference for the property test: the
// SQL-aggregated report (src/core/reports/period-report.ts) must give exactly the same answer.
// Original header:
// The period report (Informes): one pass over the mirrored documents of the period and one over the
// figures of those this app issued (report facts, migration 0013). What counts, written down in
// docs/CLIENT-DECISIONS.md ("Informes"):
// - documents are placed by their issue date, both ends of the period included;
// - sums are of accepted documents (estado_dian 'aceptado', with notices too) in COP; rejected and not yet final ones
//   are listed apart, and documents in another currency are counted, never added to pesos;
// - a document this app issued is read from its exact request (taxes by type and rate,
//   withholdings); one known through sync gives its totals only, and its taxes appear as one row
//   "sin desglose" per kind.
import type { DocumentKind } from '#shared/rpc/methods/submissions';
import type {
  DaySums,
  MonthSums,
  OpenDocument,
  PartyRow,
  PeriodReport,
  ReportFilter,
  Sums,
  SupplierWithholdingRow,
  TaxMonth,
  TaxRow,
  WithholdingRow,
} from '#shared/rpc/methods/reports';
import type { Db } from '#core/store/store';
import { sqliteEngine } from '#core/store/engine';
import { ReportFacts } from '#core/reports/facts';
import { ledgerReadsOf } from '#core/ledger-reads/ledger-reads';

const TOP_PARTIES = 10;
const OPEN_LIST_MAX = 200;

interface DocRow {
  id: number;
  kind: DocumentKind;
  estado_dian: string;
  issue_date: string;
  counterpart_doc: string;
  subtotal: string;
  impuestos: string;
  total_cents: number;
  moneda: string;
  exact: number;
}

interface AmountRow {
  history_id: number;
  kind: DocumentKind;
  issue_date: string;
  counterpart_doc: string;
  fact: 'tax' | 'withholding';
  code: string;
  name: string;
  rate: string;
  base_cents: number;
  amount_cents: number;
}

/** "1234.50" (the contract's two-decimal money, MoneyString) to 123450, exactly. */
function moneyCents(value: string): number {
  const negative = value.startsWith('-');
  const [units = '0', decimals = '00'] = (negative ? value.slice(1) : value).split('.');
  const cents = Number(units) * 100 + Number(decimals.padEnd(2, '0').slice(0, 2));
  return negative ? -cents : cents;
}

const emptySums = (): Sums => ({ documents: 0, subtotal: 0, taxes: 0, total: 0 });

function add(sums: Sums, subtotal: number, taxes: number, total: number): void {
  sums.documents += 1;
  sums.subtotal += subtotal;
  sums.taxes += taxes;
  sums.total += total;
}

function grouped<T>(map: Map<string, T>, key: string, make: () => T): T {
  let found = map.get(key);
  if (!found) {
    found = make();
    map.set(key, found);
  }
  return found;
}

interface ReportScope {
  connectionId: number;
  connectionLabel: string;
  now: Date;
}

/** What counts as accepted, written here on its own: an acceptance with or without the DIAN's notices. */
const ACCEPTED = new Set(['aceptado', 'aceptado_con_notificaciones']);

export async function legacyPeriodReport(db: Db, scope: ReportScope, filter: ReportFilter): Promise<PeriodReport> {
  const { connectionId } = scope;
  await new ReportFacts(sqliteEngine(db), ledgerReadsOf(db)).ensure(connectionId, filter.from, filter.to);
  const kindClause = filter.kind ? 'AND h.kind = @kind' : '';
  const params = { connection: connectionId, from: filter.from, to: filter.to, ...(filter.kind ? { kind: filter.kind } : {}) };
  const docs = db
    .prepare<[typeof params], DocRow>(
      // Every column from the index report_by_date (migration 0013): the wide rows are not read.
      `SELECT h.id, h.kind, h.estado_dian, h.issue_date, h.counterpart_doc, h.subtotal, h.impuestos,
              h.total_cents, h.moneda, (r.submission_id IS NOT NULL) AS exact
       FROM history_documents h LEFT JOIN report_documents r ON r.history_id = h.id
       WHERE h.connection_id = @connection AND h.issue_date >= @from AND h.issue_date <= @to ${kindClause}`,
    )
    .all(params)
    // Sorted here: an ORDER BY makes SQLite walk the wide rows by date instead of the narrow index.
    .sort((a, b) => (a.issue_date < b.issue_date ? -1 : a.issue_date > b.issue_date ? 1 : a.id - b.id));

  const summary = new Map<string, PeriodReport['summary'][number]>();
  const byDay = new Map<string, DaySums>();
  const byMonth = new Map<string, MonthSums>();
  const parties = new Map<string, PartyRow>();
  const unbroken = new Map<DocumentKind, TaxRow>();
  const taxMonths = new Map<string, TaxMonth>();
  const rejected: DocRow[] = [];
  const pending: DocRow[] = [];
  /** the newest document of each party, whose name is shown */
  const newest = new Map<string, number>();
  let rejectedTotal = 0;
  let pendingTotal = 0;
  let otherCurrency = 0;
  const taxMonth = (month: string, kind: DocumentKind) =>
    grouped(taxMonths, `${month}|${kind}`, () => ({ month, kind, iva: 0, inc: 0, other: 0, unbroken: 0 }));

  for (const doc of docs) {
    if (doc.estado_dian === 'rechazado') {
      rejected.push(doc);
      if (doc.moneda === 'COP') rejectedTotal += doc.total_cents;
      continue;
    }
    if (!ACCEPTED.has(doc.estado_dian)) {
      pending.push(doc);
      if (doc.moneda === 'COP') pendingTotal += doc.total_cents;
      continue;
    }
    if (doc.moneda !== 'COP') {
      otherCurrency += 1;
      continue;
    }
    const subtotal = moneyCents(doc.subtotal);
    const taxes = moneyCents(doc.impuestos);
    const total = doc.total_cents;
    const source = doc.exact ? 'exact' : 'totals';
    const month = doc.issue_date.slice(0, 7);
    add(
      grouped(summary, `${doc.kind}|${source}`, () => ({ ...emptySums(), kind: doc.kind, source, withholdings: 0 })),
      subtotal,
      taxes,
      total,
    );
    add(
      grouped(byDay, `${doc.issue_date}|${doc.kind}`, () => ({ ...emptySums(), kind: doc.kind, date: doc.issue_date })),
      subtotal,
      taxes,
      total,
    );
    add(
      grouped(byMonth, `${month}|${doc.kind}`, () => ({ ...emptySums(), kind: doc.kind, month })),
      subtotal,
      taxes,
      total,
    );
    const party = grouped(parties, `${doc.kind}|${doc.counterpart_doc}`, () => ({
      ...emptySums(),
      kind: doc.kind,
      doc: doc.counterpart_doc,
      name: '',
    }));
    add(party, subtotal, taxes, total);
    // Rows are read by date: the newest name a party was written with is the one shown.
    newest.set(`${doc.kind}|${doc.counterpart_doc}`, doc.id);
    if (!doc.exact) {
      const row = grouped(unbroken, doc.kind, () => ({
        kind: doc.kind,
        source: 'totals' as const,
        code: '',
        name: 'Sin desglose (sincronizados, solo totales)',
        rate: '',
        documents: 0,
        base: 0,
        amount: 0,
      }));
      row.documents += 1;
      row.base += subtotal;
      row.amount += taxes;
      taxMonth(month, doc.kind).unbroken += taxes;
    }
  }

  // The figures of the accepted COP documents this app issued.
  const amounts = db
    .prepare<[typeof params], AmountRow>(
      `SELECT a.history_id, h.kind, h.issue_date, h.counterpart_doc, a.fact, a.code, a.name, a.rate, a.base_cents, a.amount_cents
       FROM history_documents h JOIN report_documents r ON r.history_id = h.id AND r.submission_id IS NOT NULL
       JOIN report_amounts a ON a.history_id = h.id
       WHERE h.connection_id = @connection AND h.issue_date >= @from AND h.issue_date <= @to ${kindClause}
         AND h.estado_dian IN ('aceptado', 'aceptado_con_notificaciones') AND h.moneda = 'COP'`,
    )
    .all(params);
  const taxes = new Map<string, TaxRow & { seen: Set<number> }>();
  const withholdings = new Map<string, WithholdingRow & { seen: Set<number> }>();
  const bySupplier = new Map<string, SupplierWithholdingRow & { seen: Set<number> }>();
  for (const a of amounts) {
    if (a.fact === 'tax') {
      const row = grouped(taxes, `${a.kind}|${a.code}|${a.rate}`, () => ({
        kind: a.kind,
        source: 'exact' as const,
        code: a.code,
        name: a.name,
        rate: a.rate,
        documents: 0,
        base: 0,
        amount: 0,
        seen: new Set<number>(),
      }));
      row.seen.add(a.history_id);
      row.base += a.base_cents;
      row.amount += a.amount_cents;
      const month = taxMonth(a.issue_date.slice(0, 7), a.kind);
      if (a.code === '01') month.iva += a.amount_cents;
      else if (a.code === '04') month.inc += a.amount_cents;
      else month.other += a.amount_cents;
      continue;
    }
    const code = a.code as WithholdingRow['code'];
    const type = grouped(withholdings, code, () => ({
      code,
      name: a.name,
      documents: 0,
      base: 0,
      amount: 0,
      seen: new Set<number>(),
    }));
    type.seen.add(a.history_id);
    type.base += a.base_cents;
    type.amount += a.amount_cents;
    const supplier = grouped(bySupplier, `${a.counterpart_doc}|${code}|${a.rate}`, () => ({
      supplier_doc: a.counterpart_doc,
      supplier_name: '',
      code,
      name: a.name,
      rate: a.rate,
      documents: 0,
      base: 0,
      amount: 0,
      seen: new Set<number>(),
    }));
    supplier.seen.add(a.history_id);
    supplier.base += a.base_cents;
    supplier.amount += a.amount_cents;
    const exact = summary.get(`${a.kind}|exact`);
    if (exact) exact.withholdings += a.amount_cents;
  }
  const counted = <T extends { seen: Set<number>; documents: number }>({ seen, ...row }: T): Omit<T, 'seen'> => ({
    ...row,
    documents: seen.size,
  });
  const byKindThen = (a: { kind: string }, b: { kind: string }) => (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0);
  const rateNumber = (rate: string) => (rate === '' ? -1 : Number(rate));
  const top = (kind: DocumentKind) =>
    [...parties.values()]
      .filter((p) => p.kind === kind)
      .sort((a, b) => b.total - a.total || (a.doc < b.doc ? -1 : 1))
      .slice(0, TOP_PARTIES);

  // Names and numbers, read from the wide rows only for what is shown.
  const topCustomers = top('FE');
  const topSuppliers = top('DSE');
  const suppliers = [...bySupplier.values()];
  const shownRejected = rejected.slice(-OPEN_LIST_MAX).reverse();
  const shownPending = pending.slice(-OPEN_LIST_MAX).reverse();
  const wanted = new Set<number>([...shownRejected, ...shownPending].map((d) => d.id));
  const partyId = (kind: DocumentKind, doc: string) => newest.get(`${kind}|${doc}`);
  for (const p of [...topCustomers, ...topSuppliers]) wanted.add(partyId(p.kind, p.doc)!);
  for (const s of suppliers) wanted.add(partyId('DSE', s.supplier_doc)!);
  const names = namesOf(
    db,
    [...wanted].filter((id) => id !== undefined),
  );
  for (const p of [...topCustomers, ...topSuppliers]) p.name = names.get(partyId(p.kind, p.doc)!)?.counterpart_name ?? '';
  for (const s of suppliers) s.supplier_name = names.get(partyId('DSE', s.supplier_doc)!)?.counterpart_name ?? '';
  const open = (doc: DocRow): OpenDocument => ({
    id: doc.id,
    kind: doc.kind,
    number: names.get(doc.id)?.number ?? '',
    issue_date: doc.issue_date,
    counterpart_name: names.get(doc.id)?.counterpart_name ?? '',
    estado_dian: doc.estado_dian,
    total: doc.total_cents,
    moneda: doc.moneda,
  });

  return {
    filter: { from: filter.from, to: filter.to, kind: filter.kind ?? null, connection_id: connectionId },
    connection_label: scope.connectionLabel,
    summary: [...summary.values()].sort((a, b) => byKindThen(a, b) || (a.source < b.source ? -1 : 1)),
    by_day: [...byDay.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : byKindThen(a, b))),
    by_month: [...byMonth.values()].sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : byKindThen(a, b))),
    taxes: [...[...taxes.values()].map(counted), ...unbroken.values()].sort(
      (a, b) =>
        byKindThen(a, b) ||
        (a.source < b.source ? -1 : a.source > b.source ? 1 : 0) ||
        (a.code < b.code ? -1 : a.code > b.code ? 1 : 0) ||
        rateNumber(b.rate) - rateNumber(a.rate),
    ),
    taxes_by_month: [...taxMonths.values()].sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : byKindThen(a, b))),
    withholdings: [...withholdings.values()].map(counted).sort((a, b) => (a.code < b.code ? -1 : 1)),
    withholdings_by_supplier: suppliers
      .map(counted)
      .sort(
        (a, b) =>
          b.amount - a.amount ||
          (a.supplier_doc < b.supplier_doc ? -1 : a.supplier_doc > b.supplier_doc ? 1 : 0) ||
          (a.code < b.code ? -1 : 1) ||
          Number(a.rate) - Number(b.rate),
      ),
    top_customers: topCustomers,
    top_suppliers: topSuppliers,
    rejected: { count: rejected.length, total: rejectedTotal, items: shownRejected.map(open) },
    pending: { count: pending.length, total: pendingTotal, items: shownPending.map(open) },
    other_currency: { count: otherCurrency },
    generated_at: scope.now.toISOString(),
  };
}

/** Number and counterpart name of a few documents, by id. */
function namesOf(db: Db, ids: number[]): Map<number, { number: string; counterpart_name: string }> {
  const out = new Map<number, { number: string; counterpart_name: string }>();
  const read = db.prepare<[string], { id: number; number: string; counterpart_name: string }>(
    'SELECT h.id, h.number, h.counterpart_name FROM json_each(?) j JOIN history_documents h ON h.id = j.value',
  );
  for (const row of read.all(JSON.stringify(ids)))
    out.set(row.id, { number: row.number, counterpart_name: row.counterpart_name });
  return out;
}
