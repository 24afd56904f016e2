// The figures of each mirrored document the reports read (migration 0013), computed once from the
// exact request this app sent (src/shared/reports/document-figures.ts) or marked as known through
// sync only. Done before a report for the documents of its period that have none yet, and again for
// a synced-only document once a ledger row for it appears.
import { dseFigures, feFigures, type DocumentFigures } from '#shared/reports/document-figures';
import type { Db } from '../store/store';
import type { DocumentRequest, LedgerReads } from '../ledger-reads/ledger-reads';

/**
 * The ledger as it was when a period's synced-only documents were last looked at again, per database,
 * connection and period: while it has not changed (no row added or updated), none of them can have
 * gained a ledger row, and the check (a lookup per document) is skipped.
 */
const checkedLedger = new WeakMap<Db, Map<string, string>>();

/** Documents whose figures are computed and written per transaction. */
export const ENSURE_BATCH = 1_000;

export class ReportFacts {
  /** Reads the ledger through `reads`; writes the figures on the SQLite connection `db` (the reports' own tables). */
  constructor(
    private readonly db: Db,
    private readonly reads: LedgerReads,
  ) {}

  /** Makes sure every document of the connection issued in [from, to] has its facts; returns how many were computed. */
  async ensure(connectionId: number, from: string, to: string): Promise<number> {
    const ledger = await this.reads.ledgerSignature(connectionId);
    const signature = `${ledger.n}|${ledger.at}|${ledger.id}`;
    const seen = checkedLedger.get(this.db) ?? new Map<string, string>();
    checkedLedger.set(this.db, seen);
    const key = `${connectionId}|${from}|${to}`;
    const recheck = seen.get(key) !== signature;
    // Documents of the period the reports have not looked at yet, and (only when the ledger changed)
    // synced-only ones that now have a ledger row; then their ledger rows, a batch at a time.
    const ids = await this.reads.documentsWithoutFacts(connectionId, from, to, recheck);
    seen.set(key, signature);
    if (ids.length === 0) return 0;
    const clear = this.db.prepare<[number]>('DELETE FROM report_amounts WHERE history_id = ?');
    const document = this.db.prepare<[number, number | null, string | null, string | null]>(
      `INSERT INTO report_documents (history_id, submission_id, period_from, period_to) VALUES (?, ?, ?, ?)
       ON CONFLICT (history_id) DO UPDATE SET submission_id = excluded.submission_id, period_from = excluded.period_from, period_to = excluded.period_to`,
    );
    const amount = this.db.prepare<[number, string, string, string, string, string | null, number, number]>(
      'INSERT INTO report_amounts (history_id, fact, code, name, rate, base_mode, base_cents, amount_cents) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    // A batch of documents at a time, each batch with its requests read and its figures written in
    // one transaction: the first report over a whole history (100,000 documents) never holds all
    // their requests in memory at once. A batch not written is computed by the next report.
    const write = this.db.transaction((batch: DocumentRequest[]) => {
      for (const row of batch) {
        const figures = row.request_body ? figuresOf(row.kind, row.request_body) : null;
        clear.run(row.id);
        // A request the rules cannot read (none should be: the form and the sandbox use the same
        // rules) leaves the document with its totals only, as if synced.
        document.run(row.id, figures ? row.submission_id : null, figures?.period?.from ?? null, figures?.period?.to ?? null);
        if (!figures) continue;
        for (const tax of figures.taxes)
          amount.run(row.id, 'tax', tax.code, tax.name, tax.rate, null, tax.base_cents, tax.amount_cents);
        for (const w of figures.withholdings)
          amount.run(row.id, 'withholding', w.code, w.name, w.rate, w.base_mode, w.base_cents, w.amount_cents);
      }
    });
    for (let at = 0; at < ids.length; at += ENSURE_BATCH) write(await this.reads.requestsOf(ids.slice(at, at + ENSURE_BATCH)));
    return ids.length;
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
