import type { Migration } from '../migration';

/**
 * The company's cost centers as the user entered them for a connection. The contract has no endpoint
 * listing them ("DSE item": cost_center_id "must belong to the company"), so the bookkeeper types the
 * ids and codes the company uses once per connection; the server remains the judge.
 */
export const migration0007: Migration = {
  version: 7,
  name: 'cost_centers',
  up(db) {
    db.exec(`
      CREATE TABLE cost_centers (
        connection_id  INTEGER NOT NULL REFERENCES connections (id) ON DELETE CASCADE,
        id             INTEGER NOT NULL,
        code           TEXT NOT NULL,
        name           TEXT NOT NULL,
        PRIMARY KEY (connection_id, id)
      );
    `);
  },
};
