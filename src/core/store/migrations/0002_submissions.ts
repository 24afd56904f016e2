import type { Migration } from '../migration';

/**
 * The submission ledger: one row per operation (an FE or a DSE), written before the first byte is
 * sent. The idempotency key and the exact request bytes never change once written; a doubt is
 * resolved only by sending those bytes again with that key ("Idempotency rules", "Retry rules").
 * No bearer token here: the connection is named by its identity, the token stays in the keychain.
 */
export const migration0002: Migration = {
  version: 2,
  name: 'submissions',
  up(db) {
    db.exec(`
      CREATE TABLE submissions (
        id               INTEGER PRIMARY KEY,
        connection_id    INTEGER NOT NULL,
        base_url         TEXT NOT NULL,
        company_id       INTEGER NOT NULL,
        kind             TEXT NOT NULL CHECK (kind IN ('FE', 'DSE')),
        idempotency_key  TEXT NOT NULL,
        endpoint_path    TEXT NOT NULL,
        request_body     BLOB NOT NULL,
        payload_hash     TEXT NOT NULL,
        state            TEXT NOT NULL
                         CHECK (state IN ('sending', 'in_doubt', 'pending', 'accepted', 'rejected', 'failed', 'conflict')),
        attempts         INTEGER NOT NULL DEFAULT 1,
        counterpart      TEXT,
        http_status      INTEGER,
        document_id      INTEGER,
        document_number  TEXT,
        fiscal_key       TEXT,
        estado_dian      TEXT,
        response_body    TEXT,
        error_code       TEXT,
        error_message    TEXT,
        created_at       TEXT NOT NULL,
        updated_at       TEXT NOT NULL,
        last_attempt_at  TEXT,
        UNIQUE (base_url, company_id, kind, idempotency_key)
      );
      CREATE INDEX submissions_open ON submissions (state) WHERE state IN ('sending', 'in_doubt', 'pending');
      CREATE INDEX submissions_recent ON submissions (created_at DESC);
    `);
  },
};
