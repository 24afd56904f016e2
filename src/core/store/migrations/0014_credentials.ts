import { randomUUID } from 'node:crypto';
import type { Migration } from '../migration';

/**
 * Which credentials sent each submission, and who this data folder is.
 * - `submissions.credential`: a fingerprint of the bearer token the submission was first sent with
 *   (an HMAC under this installation's id, never the token). The contract evaluates an
 *   Idempotency-Key per company AND API client, so an unresolved submission is never resent under
 *   another token. NULL for rows written before this migration: the first check
 *   adopts the token of that moment.
 * - `submissions.content_hash`: SHA-256 of the request without its key (the DSE body as sent; the FE
 *   body without `draft_key`), so that the same data sent again under a new key is recognised (the
 *   command line run twice after a crash; item 3). Backfilled for DSE, whose body carries no key.
 * - `installation`: one row, a random id drawn when the data folder is created. The keychain entries
 *   of this folder are scoped by it and by the folder's path.
 */
export const migration0014: Migration = {
  version: 14,
  name: 'credentials',
  up(db) {
    db.exec(`
      ALTER TABLE submissions ADD COLUMN credential TEXT;
      ALTER TABLE submissions ADD COLUMN content_hash TEXT;
      UPDATE submissions SET content_hash = payload_hash WHERE kind = 'DSE';
      CREATE INDEX submissions_content ON submissions (base_url, company_id, kind, content_hash) WHERE content_hash IS NOT NULL;
      CREATE TABLE installation (
        singleton  INTEGER PRIMARY KEY CHECK (singleton = 1),
        id         TEXT NOT NULL
      );
    `);
    db.prepare('INSERT INTO installation (singleton, id) VALUES (1, ?)').run(randomUUID());
  },
};
