import type { Migration } from '../migration';

/**
 * The contingency outbox.
 * - `submissions.unreachable_attempts`: how many attempts of a submission ended with the address
 *   refused or unresolvable (the request provably never left). When it equals `attempts` and the
 *   submission is in doubt, the ledger proves that nothing was sent under its key; any attempt that
 *   may have reached the server (a crash, a time-out, an answer) leaves them different for ever.
 * - `outbox`: sales recorded while the service could not be reached, in the order they were made,
 *   each with its local reference and the end of its transmission window. `submission_id` is the
 *   submission that transmits it (a DSE re-dated past midnight gets a new one; `replaced_id` keeps
 *   the first). `original_hash` is the hash of the body as the counter first sent it (an FE body is
 *   rewritten with `es_contingencia`), so the same draft submitted again finds its queued sale.
 * - `outbox_meta`: the last check of the service and what it found, and the transmission window the
 *   user set in Ajustes (null: the default, 48 hours).
 */
export const migration0018: Migration = {
  version: 18,
  name: 'contingency',
  up(db) {
    db.exec(`
      ALTER TABLE submissions ADD COLUMN unreachable_attempts INTEGER NOT NULL DEFAULT 0;
      CREATE TABLE outbox (
        id              INTEGER PRIMARY KEY,
        submission_id   INTEGER NOT NULL UNIQUE REFERENCES submissions (id),
        replaced_id     INTEGER REFERENCES submissions (id),
        kind            TEXT NOT NULL CHECK (kind IN ('FE', 'DSE')),
        local_ref       TEXT NOT NULL UNIQUE,
        original_hash   TEXT NOT NULL,
        queued_at       TEXT NOT NULL,
        deadline_at     TEXT NOT NULL,
        warned          TEXT NOT NULL DEFAULT 'none' CHECK (warned IN ('none', '24h', '4h', 'missed')),
        transmitted_at  TEXT,
        last_error      TEXT
      );
      CREATE INDEX outbox_queued ON outbox (id) WHERE transmitted_at IS NULL;
      CREATE TABLE outbox_meta (
        singleton      INTEGER PRIMARY KEY CHECK (singleton = 1),
        last_check_at  TEXT,
        reachable      INTEGER,
        window_hours   INTEGER CHECK (window_hours BETWEEN 1 AND 720)
      );
    `);
  },
};
