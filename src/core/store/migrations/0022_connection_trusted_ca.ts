import type { Migration } from '../migration';

/**
 * A connection may trust its provider's own certificate authority (Ajustes › Conexión):
 * `connections.trusted_ca` holds its certificates as PEM text, checked before they are stored
 * (core/connections/trusted-ca.ts); NULL trusts only the system's roots (and for rows before 0022).
 * A certificate is public: it needs no keychain.
 */
export const migration0022: Migration = {
  version: 22,
  name: 'connection_trusted_ca',
  up(db) {
    db.exec(
      `ALTER TABLE connections ADD COLUMN trusted_ca TEXT
         CHECK (trusted_ca IS NULL OR (length(trusted_ca) <= 65536 AND trusted_ca LIKE '-----BEGIN CERTIFICATE-----%'));`,
    );
  },
};
