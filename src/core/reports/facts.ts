// The figures of each mirrored document the reports read (migration 0013), computed once from the
// exact request this app sent (src/shared/reports/document-figures.ts) or marked as known through
// sync only. Done before a report for the documents of its period that have none yet, and again for
// a synced-only document once a ledger row for it appears.
import { sql } from 'kysely';
import { dseFigures, feFigures, type DocumentFigures } from '#shared/reports/document-figures';
import type { Engine } from '../store/engine';
import type { DocumentRequest, LedgerReads } from '../ledger-reads/ledger-reads';

/**
 * The ledger as it was when a period's synced-only documents were last looked at again, per engine,
 * connection and period: while it has not changed (no row added or updated), none of them can have
 * gained a ledger row, and the check (a lookup per document) is skipped.
 */
const checkedLedger = new WeakMap<Engine['db'], Map<string, string>>();

/** Documents whose figures are computed and written per transaction. */
export const ENSURE_BATCH = 1_000;

/**
 * The columns of each table as a batch writes them, in the order of each row's values: the rows'
 * types and the statements that unpack them (json_each, json_array_elements) are both made from
 * these lists, so a column cannot be added to one and not the other.
 */
const DOCUMENT_COLUMNS = [
  ['history_id', 'bigint'],
  ['submission_id', 'bigint'],
  ['period_from', 'text'],
  ['period_to', 'text'],
] as const;
const AMOUNT_COLUMNS = [
  ['history_id', 'bigint'],
  ['fact', 'text'],
  ['code', 'text'],
  ['name', 'text'],
  ['rate', 'text'],
  ['base_mode', 'text'],
  ['base_cents', 'bigint'],
  ['amount_cents', 'bigint'],
] as const;

type Column = readonly [name: string, type: 'bigint' | 'text'];

/** A row of a column list's values: numbers for bigint columns, text for text ones (null where the table allows it). */
type RowOf<Columns extends readonly Column[], Nullable extends string> = {
  -readonly [At in keyof Columns]: Columns[At] extends readonly [infer Name, infer Type]
    ? (Type extends 'bigint' ? number : string) | (Name extends Nullable ? null : never)
    : never;
};

type DocumentRow = RowOf<typeof DOCUMENT_COLUMNS, 'submission_id' | 'period_from' | 'period_to'>;
type AmountRow = RowOf<typeof AMOUNT_COLUMNS, 'base_mode'>;

interface BatchRows {
  documents: DocumentRow[];
  amounts: AmountRow[];
}

export class ReportFacts {
  /** Reads the ledger through `reads`; writes the figures (the reports' own tables) through `engine`. */
  constructor(
    private readonly engine: Engine,
    private readonly reads: LedgerReads,
  ) {}

  /** Makes sure every document of the connection issued in [from, to] has its facts; returns how many were computed. */
  async ensure(connectionId: number, from: string, to: string): Promise<number> {
    const ledger = await this.reads.ledgerSignature(connectionId);
    const signature = `${ledger.n}|${ledger.at}|${ledger.id}`;
    const seen = checkedLedger.get(this.engine.db) ?? new Map<string, string>();
    checkedLedger.set(this.engine.db, seen);
    const key = `${connectionId}|${from}|${to}`;
    const recheck = seen.get(key) !== signature;
    // Documents of the period the reports have not looked at yet, and (only when the ledger changed)
    // synced-only ones that now have a ledger row; then their ledger rows, a batch at a time.
    const ids = await this.reads.documentsWithoutFacts(connectionId, from, to, recheck);
    seen.set(key, signature);
    if (ids.length === 0) return 0;
    // A batch of documents at a time, each batch's figures written in one transaction: the first
    // report over a whole history (100,000 documents) never holds all their requests in memory at
    // once. A batch not written is computed by the next report. On PostgreSQL the server reads the
    // next batch's requests and writes the last batch's figures while this process computes (SQLite
    // runs each statement in this thread, so there it simply runs in turn).
    const read = (at: number) => settled(this.reads.requestsOf(ids.slice(at, at + ENSURE_BATCH)));
    let requests = read(0);
    let written: Promise<void> = Promise.resolve();
    for (let at = 0; at < ids.length; at += ENSURE_BATCH) {
      const batch = await requests;
      if (at + ENSURE_BATCH < ids.length) requests = read(at + ENSURE_BATCH);
      const rows = rowsOf(batch);
      await written;
      written = settled(this.write(rows));
    }
    await written;
    return ids.length;
  }

  /**
   * One batch's rows in one transaction, each table's rows as one JSON parameter that the database
   * unpacks itself (json_each, json_array_elements): three short statements per batch instead of a
   * statement with a placeholder per value, which both engines parse and bind value by value.
   */
  private async write({ documents, amounts }: BatchRows): Promise<void> {
    if (documents.length === 0) return;
    const postgres = this.engine.kind === 'postgres';
    /** The table's columns, then a SELECT of the rows' values from their JSON, in that order. */
    const unpacked = (columns: readonly Column[], rows: unknown[][]) => {
      const values = columns.map(([, type], at) => {
        if (!postgres) return `e.value ->> ${at}`;
        return type === 'bigint' ? `CAST(e.v ->> ${at} AS BIGINT)` : `e.v ->> ${at}`;
      });
      const json = JSON.stringify(rows);
      const from = postgres ? sql`json_array_elements(${json}::json) AS e (v)` : sql`json_each(${json}) AS e`;
      return {
        names: sql.raw(columns.map(([name]) => name).join(', ')),
        select: sql`SELECT ${sql.raw(values.join(', '))} FROM ${from}`,
        /** the first column's values alone (a document's id) */
        ids: sql`SELECT ${sql.raw(values[0]!)} FROM ${from}`,
      };
    };
    const docs = unpacked(DOCUMENT_COLUMNS, documents);
    const updates = DOCUMENT_COLUMNS.slice(1).map(([name]) => `${name} = excluded.${name}`);
    await this.engine.transaction(async (trx) => {
      await sql`DELETE FROM report_amounts WHERE history_id IN (${docs.ids})`.execute(trx);
      // SQLite reads ON CONFLICT after a SELECT only past a WHERE clause (its upsert syntax).
      await sql`INSERT INTO report_documents (${docs.names}) ${docs.select} WHERE true
        ON CONFLICT (history_id) DO UPDATE SET ${sql.raw(updates.join(', '))}`.execute(trx);
      if (amounts.length > 0) {
        const rows = unpacked(AMOUNT_COLUMNS, amounts);
        await sql`INSERT INTO report_amounts (${rows.names}) ${rows.select}`.execute(trx);
      }
    });
  }
}

/**
 * The promise itself, marked as handled: the next batch's read and the last batch's write are
 * awaited only after this batch's figures, and a failure meanwhile must reach that await (the
 * report fails with it) rather than stop the process as an unhandled rejection.
 */
function settled<T>(work: Promise<T>): Promise<T> {
  work.catch(() => undefined);
  return work;
}

/** A batch's rows, computed by the shared rules. */
function rowsOf(batch: DocumentRequest[]): BatchRows {
  const documents: DocumentRow[] = [];
  const amounts: AmountRow[] = [];
  for (const row of batch) {
    const figures = row.request_body ? figuresOf(row.kind, row.request_body) : null;
    // A request the rules cannot read (none should be: the form and the sandbox use the same
    // rules) leaves the document with its totals only, as if synced.
    documents.push([row.id, figures ? row.submission_id : null, figures?.period?.from ?? null, figures?.period?.to ?? null]);
    if (!figures) continue;
    for (const tax of figures.taxes)
      amounts.push([row.id, 'tax', tax.code, tax.name, tax.rate, null, tax.base_cents, tax.amount_cents]);
    for (const w of figures.withholdings)
      amounts.push([row.id, 'withholding', w.code, w.name, w.rate, w.base_mode, w.base_cents, w.amount_cents]);
  }
  return { documents, amounts };
}

function figuresOf(kind: 'FE' | 'DSE', body: Buffer): DocumentFigures | null {
  let request: unknown;
  try {
    request = JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
  try {
    return kind === 'FE' ? feFigures(request) : dseFigures(request);
  } catch {
    return null;
  }
}
