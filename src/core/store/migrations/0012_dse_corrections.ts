import type { Migration } from '../migration';

/**
 * A rejected DSE corrected and sent again: the correction is a new document under
 * a new Idempotency-Key, never the rejected one's (that key already named a document the server
 * created and rejected). One row per key the correction was submitted under (a correction the
 * service refuses before creating anything goes on under another key), recorded before the first
 * byte is sent, so the link survives a crash. The correction's ledger row is found by its key; the
 * rejected submission stays as it is, in the ledger and in the Historial.
 */
export const migration0012: Migration = {
  version: 12,
  name: 'dse_corrections',
  up(db) {
    db.exec(`
      CREATE TABLE dse_corrections (
        connection_id           INTEGER NOT NULL REFERENCES connections (id) ON DELETE CASCADE,
        correction_key          TEXT NOT NULL,
        rejected_submission_id  INTEGER NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
        created_at              TEXT NOT NULL,
        PRIMARY KEY (connection_id, correction_key)
      );
      CREATE INDEX dse_corrections_by_rejected ON dse_corrections (rejected_submission_id);
      CREATE INDEX submissions_by_key ON submissions (connection_id, kind, idempotency_key);
    `);
  },
};
