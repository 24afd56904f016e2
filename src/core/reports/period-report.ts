// The period report (Informes): the mirrored documents of the period and the figures of those this
// app issued (report facts, migration 0013), summed by the database (SQLite or PostgreSQL) in a few grouped queries. What counts, written down in
// docs/CLIENT-DECISIONS.md ("Informes"):
// - documents are placed by their issue date, both ends of the period included;
// - sums are of accepted documents (estado_dian meaning accepted, with notices too) in COP; rejected and not yet final ones
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
import { sql, type RawBuilder } from 'kysely';
import type { Engine } from '../store/engine';
import { ReportFacts } from './facts';
import type { LedgerReads } from '../ledger-reads/ledger-reads';
import { STATE_LISTS_SQL } from '../ledger-reads/state-groups';

export const TOP_PARTIES = 10;
export const OPEN_LIST_MAX = 200;

/** "1234.50" (the contract's two-decimal money, MoneyString) to 123450, exactly. */
export function moneyCents(value: string): number {
  const negative = value.startsWith('-');
  const [units = '0', decimals = '00'] = (negative ? value.slice(1) : value).split('.');
  const cents = Number(units) * 100 + Number(decimals.padEnd(2, '0').slice(0, 2));
  return negative ? -cents : cents;
}

const emptySums = (): Sums => ({ documents: 0, subtotal: 0, taxes: 0, total: 0 });

function add(sums: Sums, group: Sums): void {
  sums.documents += group.documents;
  sums.subtotal += group.subtotal;
  sums.taxes += group.taxes;
  sums.total += group.total;
}

function grouped<T>(map: Map<string, T>, key: string, make: () => T): T {
  let found = map.get(key);
  if (!found) {
    found = make();
    map.set(key, found);
  }
  return found;
}

export interface ReportScope {
  connectionId: number;
  connectionLabel: string;
  now: Date;
}

/**
 * A MoneyString column ("1234.50") as integer cents, in SQL, as moneyCents reads it: units times
 * 100 plus the first two decimals (padded, never rounded), with its sign. SQLite reads the
 * contract's two-decimal form by dropping its point and anything else (a sign, other decimals)
 * by its parts; PostgreSQL truncates the exact numeric, which gives the same integer. A text that
 * is no number sums as nothing on both.
 */
function centsSql(kind: Engine['kind'], column: string): string {
  if (kind === 'postgres')
    return `(CASE WHEN ${column} ~ '^-?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)$' THEN trunc(CAST(${column} AS NUMERIC) * 100) END)`;
  const unsigned = `(CASE WHEN substr(${column}, 1, 1) = '-' THEN substr(${column}, 2) ELSE ${column} END)`;
  const point = `instr(${unsigned}, '.')`;
  const units = `CAST((CASE WHEN ${point} = 0 THEN ${unsigned} ELSE substr(${unsigned}, 1, ${point} - 1) END) AS INTEGER)`;
  const decimals = `CAST(substr((CASE WHEN ${point} = 0 THEN '' ELSE substr(${unsigned}, ${point} + 1) END) || '00', 1, 2) AS INTEGER)`;
  const general = `((CASE WHEN substr(${column}, 1, 1) = '-' THEN -1 ELSE 1 END) * (${units} * 100 + ${decimals}))`;
  return `(CASE WHEN ${column} GLOB '[0-9]*.[0-9][0-9]' AND ${column} NOT GLOB '*[^0-9.]*' AND instr(substr(${column}, 1, length(${column}) - 3), '.') = 0
    THEN CAST(replace(${column}, '.', '') AS INTEGER) ELSE ${general} END)`;
}

/** What the two dialects write differently in the report's statements. */
function dialect(kind: Engine['kind']) {
  const sqlite = kind === 'sqlite';
  return {
    /** SQLite's planner is told the narrow index that holds what is summed (PostgreSQL chooses it itself). */
    byDate: sqlite ? 'INDEXED BY report_by_date' : '',
    /** A document's issue date and zero-padded id, whose maximum is a party's newest document. */
    newest: sqlite ? "max(issue_date || printf('%020d', id))" : "max(issue_date || lpad(CAST(id AS TEXT), 20, '0'))",
    /** The first name of a group in byte order on both (PostgreSQL's server locale would order otherwise). */
    firstName: sqlite ? 'min(name)' : 'min(name COLLATE "C")',
    subtotalCents: centsSql(kind, 'h.subtotal'),
    taxesCents: centsSql(kind, 'h.impuestos'),
  };
}

/** A sum as an integer on both engines (PostgreSQL's sum of BIGINT is NUMERIC, which `pg` gives as text). */
const total = (expression: string) => `CAST(sum(${expression}) AS BIGINT)`;

/** A group of counted documents: of a day (`k` the date) or of a party (`k` its document number). */
interface DocGroup {
  g: 'day' | 'party';
  kind: DocumentKind;
  k: string;
  exact: number | null;
  documents: number;
  subtotal: number;
  taxes: number;
  total: number;
  /** a party's newest document: its issue date and zero-padded id */
  newest: string | null;
}

/** A group of report amounts: taxes (`k` the month), withholdings, or withholdings of a supplier (`k` its document). */
interface AmountGroup {
  g: 'tax' | 'withholding' | 'supplier';
  kind: DocumentKind | null;
  k: string | null;
  code: string;
  rate: string | null;
  name: string;
  documents: number;
  base: number;
  amount: number;
}

interface OpenRow {
  id: number;
  kind: DocumentKind;
  number: string;
  issue_date: string;
  counterpart_name: string;
  estado_dian: string;
  total_cents: number;
  moneda: string;
}

/**
 * The period's figures, summed by the database (target: a year of 100,000 documents in ≤ 300 ms): sums
 * of exact integer cents grouped by day, party, tax code and rate, withholding code and supplier,
 * read from covering indexes (migrations 0013 and 0015); JS only merges the few groups. The same
 * answer as summing every document in JS (the property test compares both).
 */
export async function periodReport(
  engine: Engine,
  reads: LedgerReads,
  scope: ReportScope,
  filter: ReportFilter,
): Promise<PeriodReport> {
  const { connectionId } = scope;
  const db = engine.db;
  const d = dialect(engine.kind);
  await new ReportFacts(engine, reads).ensure(connectionId, filter.from, filter.to);
  const period = sql`h.connection_id = ${connectionId} AND h.issue_date >= ${filter.from} AND h.issue_date <= ${filter.to}
    ${filter.kind ? sql`AND h.kind = ${filter.kind}` : sql``}`;
  // What is summed: accepted documents in pesos (docs/CLIENT-DECISIONS.md, "Informes").
  const counted = sql`${period} AND h.estado_dian IN ${sql.raw(STATE_LISTS_SQL.accepted)} AND h.moneda = 'COP'`;

  const summary = new Map<string, PeriodReport['summary'][number]>();
  const byDay = new Map<string, DaySums>();
  const byMonth = new Map<string, MonthSums>();
  const unbroken = new Map<DocumentKind, TaxRow>();
  const taxMonths = new Map<string, TaxMonth>();
  const taxMonth = (month: string, kind: DocumentKind) =>
    grouped(taxMonths, `${month}|${kind}`, () => ({ month, kind, iva: 0, inc: 0, other: 0, unbroken: 0 }));

  // Three independent statements, asked at once: on PostgreSQL each runs on its own connection of
  // the pool (the server sums them side by side, and the report waits for the slowest instead of
  // their sum); SQLite runs them in turn.
  const sums = `count(DISTINCT history_id), ${total('base_cents')}, ${total('amount_cents')}`;
  // PostgreSQL's default work_mem (4 MB) sends the sorts of a year's groups (count DISTINCT per
  // group) to disk; these two statements get room for them in memory, for themselves only (SET
  // LOCAL, each in its own transaction). SQLite sorts in memory as it needs.
  const grouping = <R>(statement: RawBuilder<R>) =>
    engine.kind === 'postgres'
      ? engine.transaction(async (trx) => {
          await sql`SET LOCAL work_mem = '64MB'`.execute(trx);
          return statement.execute(trx);
        })
      : statement.execute(db);
  const [{ rows: groups }, { rows: classes }, { rows: amounts }] = await Promise.all([
    // One pass over the period's counted documents (the narrow index report_by_date), each one's cents
    // computed once, then grouped twice: by day (and whether the figures are exact) and by party, with
    // the id of each party's newest document (by date, then id), whose name is the one shown.
    grouping(
      sql<DocGroup>`WITH d AS MATERIALIZED (
         SELECT h.id, h.kind, h.issue_date, h.counterpart_doc, (r.submission_id IS NOT NULL) AS exact,
                ${sql.raw(d.subtotalCents)} AS subtotal, ${sql.raw(d.taxesCents)} AS taxes, h.total_cents AS total
         FROM history_documents h ${sql.raw(d.byDate)} LEFT JOIN report_documents r ON r.history_id = h.id
         WHERE ${counted})
       SELECT 'day' AS g, kind, issue_date AS k, exact, count(*) AS documents, ${sql.raw(total('subtotal'))} AS subtotal,
              ${sql.raw(total('taxes'))} AS taxes, ${sql.raw(total('total'))} AS total, NULL AS newest
       FROM d GROUP BY issue_date, kind, exact
       UNION ALL
       SELECT 'party', kind, counterpart_doc, NULL, count(*), ${sql.raw(total('subtotal'))}, ${sql.raw(total('taxes'))},
              ${sql.raw(total('total'))}, ${sql.raw(d.newest)}
       FROM d GROUP BY kind, counterpart_doc`,
    ),
    // Rejected, not yet final and other-currency documents, counted and summed.
    sql<{ class: string; documents: number; total: number }>`SELECT
         CASE WHEN h.estado_dian IN ${sql.raw(STATE_LISTS_SQL.rejected)} THEN 'rejected'
              WHEN h.estado_dian NOT IN ${sql.raw(STATE_LISTS_SQL.accepted)} THEN 'pending' ELSE 'other' END AS class,
         count(*) AS documents, ${sql.raw(total("CASE WHEN h.moneda = 'COP' THEN h.total_cents ELSE 0 END"))} AS total
       FROM history_documents h WHERE ${period} AND (h.estado_dian NOT IN ${sql.raw(STATE_LISTS_SQL.accepted)} OR h.moneda <> 'COP')
       GROUP BY 1`.execute(db),
    // The figures of the accepted COP documents this app issued (report_amounts_covering), joined once
    // and grouped three ways: taxes by kind, month, code and rate; withholdings by kind and code; and by
    // supplier, code and rate. A document has one month and one counterpart, so the distinct documents
    // of the finer groups add up to those of the coarser ones.
    grouping(
      sql<AmountGroup>`WITH a AS MATERIALIZED (
         SELECT h.kind, h.issue_date, h.counterpart_doc, a.history_id, a.fact, a.code, a.rate, a.name, a.base_cents, a.amount_cents
         FROM history_documents h ${sql.raw(d.byDate)}
         JOIN report_documents r ON r.history_id = h.id AND r.submission_id IS NOT NULL
         JOIN report_amounts a ON a.history_id = h.id
         WHERE ${counted})
       SELECT 'tax' AS g, kind, substr(issue_date, 1, 7) AS k, code, rate, ${sql.raw(d.firstName)} AS name,
              count(DISTINCT history_id) AS documents, ${sql.raw(total('base_cents'))} AS base, ${sql.raw(total('amount_cents'))} AS amount
       FROM a WHERE fact = 'tax' GROUP BY kind, substr(issue_date, 1, 7), code, rate
       UNION ALL
       SELECT 'withholding', kind, NULL, code, NULL, ${sql.raw(d.firstName)}, ${sql.raw(sums)}
       FROM a WHERE fact = 'withholding' GROUP BY kind, code
       UNION ALL
       SELECT 'supplier', NULL, counterpart_doc, code, rate, ${sql.raw(d.firstName)}, ${sql.raw(sums)}
       FROM a WHERE fact = 'withholding' GROUP BY counterpart_doc, code, rate`,
    ),
  ]);
  const parties: PartyRow[] = [];
  const newest = new Map<string, number>();
  for (const g of groups) {
    if (g.g === 'party') {
      parties.push({
        kind: g.kind,
        doc: g.k,
        name: '',
        documents: g.documents,
        subtotal: g.subtotal,
        taxes: g.taxes,
        total: g.total,
      });
      newest.set(`${g.kind}|${g.k}`, Number(g.newest!.slice(-20)));
      continue;
    }
    const source = g.exact ? 'exact' : 'totals';
    const month = g.k.slice(0, 7);
    add(
      grouped(summary, `${g.kind}|${source}`, () => ({ ...emptySums(), kind: g.kind, source, withholdings: 0 })),
      g,
    );
    add(
      grouped(byDay, `${g.k}|${g.kind}`, () => ({ ...emptySums(), kind: g.kind, date: g.k })),
      g,
    );
    add(
      grouped(byMonth, `${month}|${g.kind}`, () => ({ ...emptySums(), kind: g.kind, month })),
      g,
    );
    if (!g.exact) {
      const row = grouped(unbroken, g.kind, () => ({
        kind: g.kind,
        source: 'totals' as const,
        code: '',
        name: 'Sin desglose (sincronizados, solo totales)',
        rate: '',
        documents: 0,
        base: 0,
        amount: 0,
      }));
      row.documents += g.documents;
      row.base += g.subtotal;
      row.amount += g.taxes;
      taxMonth(month, g.kind).unbroken += g.taxes;
    }
  }

  // Rejected, not yet final and other-currency documents: the newest listed.
  let otherCurrency = 0;
  const open = { rejected: { count: 0, total: 0 }, pending: { count: 0, total: 0 } };
  for (const g of classes) {
    if (g.class === 'other') otherCurrency = g.documents;
    else open[g.class as 'rejected' | 'pending'] = { count: g.documents, total: g.total };
  }
  const openItems = async (state: string) =>
    // The newest found in the narrow index (its state is there), then only those wide rows read.
    (
      await sql<OpenRow>`SELECT h.id, h.kind, h.number, h.issue_date, h.counterpart_name, h.estado_dian, h.total_cents, h.moneda
         FROM history_documents h
         WHERE h.id IN (SELECT h.id FROM history_documents h ${sql.raw(d.byDate)} WHERE ${period} AND ${sql.raw(state)}
                        ORDER BY h.issue_date DESC, h.id DESC LIMIT ${sql.raw(String(OPEN_LIST_MAX))})
         ORDER BY h.issue_date DESC, h.id DESC`.execute(db)
    ).rows;
  const [shownRejected, shownPending] = await Promise.all([
    open.rejected.count > 0 ? openItems(`h.estado_dian IN ${STATE_LISTS_SQL.rejected}`) : [],
    open.pending.count > 0 ? openItems(`h.estado_dian NOT IN ${STATE_LISTS_SQL.final}`) : [],
  ]);

  const taxes = new Map<string, TaxRow>();
  const withholdings = new Map<string, WithholdingRow>();
  const suppliers: SupplierWithholdingRow[] = [];
  for (const g of amounts) {
    if (g.g === 'tax') {
      const row = grouped(taxes, `${g.kind}|${g.code}|${g.rate}`, () => ({
        kind: g.kind!,
        source: 'exact' as const,
        code: g.code,
        name: g.name,
        rate: g.rate!,
        documents: 0,
        base: 0,
        amount: 0,
      }));
      row.documents += g.documents;
      row.base += g.base;
      row.amount += g.amount;
      const month = taxMonth(g.k!, g.kind!);
      if (g.code === '01') month.iva += g.amount;
      else if (g.code === '04') month.inc += g.amount;
      else month.other += g.amount;
    } else if (g.g === 'withholding') {
      const code = g.code as WithholdingRow['code'];
      const type = grouped(withholdings, code, () => ({ code, name: g.name, documents: 0, base: 0, amount: 0 }));
      type.documents += g.documents;
      type.base += g.base;
      type.amount += g.amount;
      const exact = summary.get(`${g.kind}|exact`);
      if (exact) exact.withholdings += g.amount;
    } else {
      suppliers.push({
        supplier_doc: g.k!,
        supplier_name: '',
        code: g.code as WithholdingRow['code'],
        name: g.name,
        rate: g.rate!,
        documents: g.documents,
        base: g.base,
        amount: g.amount,
      });
    }
  }

  const byKindThen = (a: { kind: string }, b: { kind: string }) => (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0);
  const rateNumber = (rate: string) => (rate === '' ? -1 : Number(rate));
  const top = (kind: DocumentKind) =>
    parties
      .filter((p) => p.kind === kind)
      .sort((a, b) => b.total - a.total || (a.doc < b.doc ? -1 : 1))
      .slice(0, TOP_PARTIES);

  // Names and numbers, read from the wide rows only for what is shown.
  const topCustomers = top('FE');
  const topSuppliers = top('DSE');
  const wanted = new Set<number>();
  const partyId = (kind: DocumentKind, doc: string) => newest.get(`${kind}|${doc}`);
  for (const p of [...topCustomers, ...topSuppliers]) wanted.add(partyId(p.kind, p.doc)!);
  for (const s of suppliers) wanted.add(partyId('DSE', s.supplier_doc)!);
  const names = await namesOf(
    engine,
    [...wanted].filter((id) => id !== undefined),
  );
  for (const p of [...topCustomers, ...topSuppliers]) p.name = names.get(partyId(p.kind, p.doc)!)?.counterpart_name ?? '';
  for (const s of suppliers) s.supplier_name = names.get(partyId('DSE', s.supplier_doc)!)?.counterpart_name ?? '';
  const openDocument = (doc: OpenRow): OpenDocument => ({
    id: doc.id,
    kind: doc.kind,
    number: doc.number,
    issue_date: doc.issue_date,
    counterpart_name: doc.counterpart_name,
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
    taxes: [...taxes.values(), ...unbroken.values()].sort(
      (a, b) =>
        byKindThen(a, b) ||
        (a.source < b.source ? -1 : a.source > b.source ? 1 : 0) ||
        (a.code < b.code ? -1 : a.code > b.code ? 1 : 0) ||
        rateNumber(b.rate) - rateNumber(a.rate),
    ),
    taxes_by_month: [...taxMonths.values()].sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : byKindThen(a, b))),
    withholdings: [...withholdings.values()].sort((a, b) => (a.code < b.code ? -1 : 1)),
    withholdings_by_supplier: suppliers.sort(
      (a, b) =>
        b.amount - a.amount ||
        (a.supplier_doc < b.supplier_doc ? -1 : a.supplier_doc > b.supplier_doc ? 1 : 0) ||
        (a.code < b.code ? -1 : 1) ||
        Number(a.rate) - Number(b.rate),
    ),
    top_customers: topCustomers,
    top_suppliers: topSuppliers,
    rejected: { count: open.rejected.count, total: open.rejected.total, items: shownRejected.map(openDocument) },
    pending: { count: open.pending.count, total: open.pending.total, items: shownPending.map(openDocument) },
    other_currency: { count: otherCurrency },
    generated_at: scope.now.toISOString(),
  };
}

/** Ids per lookup of names (a year's suppliers with withholdings can be thousands). */
const NAMES_BATCH = 500;

/** Number and counterpart name of a few documents, by id. */
async function namesOf(engine: Engine, ids: number[]): Promise<Map<number, { number: string; counterpart_name: string }>> {
  const out = new Map<number, { number: string; counterpart_name: string }>();
  // The batches asked at once (on PostgreSQL, side by side on the pool's connections).
  const batches: number[][] = [];
  for (let at = 0; at < ids.length; at += NAMES_BATCH) batches.push(ids.slice(at, at + NAMES_BATCH));
  const found = await Promise.all(
    batches.map((batch) =>
      engine.db.selectFrom('history_documents').select(['id', 'number', 'counterpart_name']).where('id', 'in', batch).execute(),
    ),
  );
  for (const row of found.flat()) out.set(row.id, { number: row.number, counterpart_name: row.counterpart_name });
  return out;
}
