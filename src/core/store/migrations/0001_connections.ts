import type { Migration } from '../migration';

/** Connections: where to send documents. The token is NOT here; it lives in the OS keychain. */
export const migration0001: Migration = {
  version: 1,
  name: 'connections',
  up(db) {
    db.exec(`
      CREATE TABLE connections (
        id          INTEGER PRIMARY KEY,
        label       TEXT NOT NULL,
        kind        TEXT NOT NULL CHECK (kind IN ('sandbox', 'production')),
        base_url    TEXT NOT NULL,
        company_id  INTEGER NOT NULL,
        embedded    INTEGER NOT NULL DEFAULT 0 CHECK (embedded IN (0, 1)),
        active      INTEGER NOT NULL DEFAULT 0 CHECK (active IN (0, 1)),
        created_at  TEXT NOT NULL,
        UNIQUE (base_url, company_id)
      );
      CREATE UNIQUE INDEX connections_one_active ON connections (active) WHERE active = 1;
    `);
  },
};
