import type { Migration } from '../migration';

/** Unfinished FE and DSE forms, one per kind and connection, with the key they will submit under. */
export const migration0005: Migration = {
  version: 5,
  name: 'drafts',
  up(db) {
    db.exec(`
      CREATE TABLE form_drafts (
        kind             TEXT NOT NULL CHECK (kind IN ('FE', 'DSE')),
        connection_id    INTEGER NOT NULL REFERENCES connections (id) ON DELETE CASCADE,
        idempotency_key  TEXT NOT NULL,
        data             TEXT NOT NULL,
        updated_at       TEXT NOT NULL,
        PRIMARY KEY (kind, connection_id)
      );
    `);
  },
};
