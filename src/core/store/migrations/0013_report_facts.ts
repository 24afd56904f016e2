import type { Migration } from '../migration';

/**
 * What the reports (Informes) read beyond the mirror's totals: for each mirrored document
 * whose exact request this app sent, the figures of that request (taxes by type and rate, DSE
 * withholdings with base, rate and amount, the weekly period), computed once by the shared rules
 * (src/shared/reports/document-figures.ts) so that a year's report sums rows in SQL instead of
 * reading and recomputing every request.
 * - report_documents: one row per mirrored document the reports have looked at; submission_id is
 *   the ledger row whose request gave the figures, NULL when the document is known from sync only
 *   (its totals are all there is, and the reports say so);
 * - report_amounts: the figures, one row per tax group or withholding.
 * A request never changes once written (migration 0002), so a row stays right; a document first
 * seen through sync is looked at again when a ledger row for it appears.
 * - report_by_date: an index holding what a report sums of each document.
 */
export const migration0013: Migration = {
  version: 13,
  name: 'report_facts',
  up(db) {
    db.exec(`
      CREATE TABLE report_documents (
        history_id     INTEGER PRIMARY KEY REFERENCES history_documents (id) ON DELETE CASCADE,
        submission_id  INTEGER,
        period_from    TEXT,
        period_to      TEXT
      );
      CREATE TABLE report_amounts (
        history_id    INTEGER NOT NULL REFERENCES history_documents (id) ON DELETE CASCADE,
        fact          TEXT NOT NULL CHECK (fact IN ('tax', 'withholding')),
        code          TEXT NOT NULL,
        name          TEXT NOT NULL,
        rate          TEXT NOT NULL,
        base_mode     TEXT,
        base_cents    INTEGER NOT NULL,
        amount_cents  INTEGER NOT NULL
      );
      CREATE INDEX report_amounts_by_document ON report_amounts (history_id, fact);
      -- What a report reads of each document of a period, so that a year is read from this narrow
      -- index instead of the wide rows (documents' JSON, item texts).
      CREATE INDEX report_by_date ON history_documents (connection_id, issue_date, kind, estado_dian, moneda, total_cents, subtotal, impuestos, counterpart_doc);
    `);
  },
};
