// The figures of each mirrored document the reports read (migration 0013), computed once from the
// exact request this app sent (src/shared/reports/document-figures.ts) or marked as known through
// sync only. Done before a report for the documents of its period that have none yet, and again for
// a synced-only document once a ledger row for it appears.
import { dseFigures, feFigures, type DocumentFigures } from '#shared/reports/document-figures';
import type { Engine } from '../store/engine';
import type { ReportAmountsTable, ReportDocumentsTable } from '../store/schema';
import type { DocumentRequest, LedgerReads } from '../ledger-reads/ledger-reads';

/**
 * The ledger as it was when a period's synced-only documents were last looked at again, per engine,
 * connection and period: while it has not changed (no row added or updated), none of them can have
 * gained a ledger row, and the check (a lookup per document) is skipped.
 */
const checkedLedger = new WeakMap<Engine['db'], Map<string, string>>();

/** Documents whose figures are computed and written per transaction. */
export const ENSURE_BATCH = 1_000;
/** Amount rows per INSERT: 8 parameters each, well under SQLite's 32,766 and PostgreSQL's 65,535. */
const AMOUNT_ROWS = 1_000;

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
    // A batch of documents at a time, each batch with its requests read and its figures written in
    // one transaction: the first report over a whole history (100,000 documents) never holds all
    // their requests in memory at once. A batch not written is computed by the next report.
    for (let at = 0; at < ids.length; at += ENSURE_BATCH)
      await this.write(await this.reads.requestsOf(ids.slice(at, at + ENSURE_BATCH)));
    return ids.length;
  }

  /** One batch's figures, computed before the transaction (which awaits only its own statements). */
  private async write(batch: DocumentRequest[]): Promise<void> {
    const documents: ReportDocumentsTable[] = [];
    const amounts: ReportAmountsTable[] = [];
    for (const row of batch) {
      const figures = row.request_body ? figuresOf(row.kind, row.request_body) : null;
      // A request the rules cannot read (none should be: the form and the sandbox use the same
      // rules) leaves the document with its totals only, as if synced.
      documents.push({
        history_id: row.id,
        submission_id: figures ? row.submission_id : null,
        period_from: figures?.period?.from ?? null,
        period_to: figures?.period?.to ?? null,
      });
      if (!figures) continue;
      for (const tax of figures.taxes)
        amounts.push({
          history_id: row.id,
          fact: 'tax',
          code: tax.code,
          name: tax.name,
          rate: tax.rate,
          base_mode: null,
          base_cents: tax.base_cents,
          amount_cents: tax.amount_cents,
        });
      for (const w of figures.withholdings)
        amounts.push({
          history_id: row.id,
          fact: 'withholding',
          code: w.code,
          name: w.name,
          rate: w.rate,
          base_mode: w.base_mode,
          base_cents: w.base_cents,
          amount_cents: w.amount_cents,
        });
    }
    if (documents.length === 0) return;
    await this.engine.transaction(async (trx) => {
      await trx
        .deleteFrom('report_amounts')
        .where(
          'history_id',
          'in',
          documents.map((d) => d.history_id),
        )
        .execute();
      await trx
        .insertInto('report_documents')
        .values(documents)
        .onConflict((conflict) =>
          conflict.column('history_id').doUpdateSet((eb) => ({
            submission_id: eb.ref('excluded.submission_id'),
            period_from: eb.ref('excluded.period_from'),
            period_to: eb.ref('excluded.period_to'),
          })),
        )
        .execute();
      for (let at = 0; at < amounts.length; at += AMOUNT_ROWS)
        await trx
          .insertInto('report_amounts')
          .values(amounts.slice(at, at + AMOUNT_ROWS))
          .execute();
    });
  }
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
