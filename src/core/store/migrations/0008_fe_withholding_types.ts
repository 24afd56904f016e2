import type { Migration } from '../migration';

/**
 * The FE withholding types a company's configuration accepts, as the user entered them for a
 * connection. The contract gives no endpoint listing them ("FE withholdings": "the list of values: not
 * shown"; "Clients must not invent withholding codes"), so the form offers only these; the server
 * remains the judge.
 */
export const migration0008: Migration = {
  version: 8,
  name: 'fe_withholding_types',
  up(db) {
    db.exec(`
      CREATE TABLE fe_withholding_types (
        connection_id  INTEGER NOT NULL REFERENCES connections (id) ON DELETE CASCADE,
        position       INTEGER NOT NULL,
        type           TEXT NOT NULL,
        label          TEXT NOT NULL,
        base_mode      TEXT NOT NULL,
        PRIMARY KEY (connection_id, type)
      );
    `);
  },
};
