import type { Migration } from '../migration';

/**
 * A shop sells without the internet.
 * - `company_lists`: the company lists a form needs that only the service knows (payment methods,
 *   third parties), one copy per connection with when it was read; forms open from it and it is
 *   refreshed in the background whenever the service answers.
 * - `acquirer_lookups`: the DIAN's answer for each identification already looked up on a connection,
 *   so a customer looked up once fills the form again while the service is down.
 * - `outbox_checks`: the contingency queue's last check of the service, per connection (each
 *   connection's queue runs on its own: one company's outage never holds another's sales).
 */
export const migration0020: Migration = {
  version: 20,
  name: 'local_first',
  up(db) {
    db.exec(`
      CREATE TABLE company_lists (
        connection_id  INTEGER NOT NULL REFERENCES connections (id) ON DELETE CASCADE,
        name           TEXT NOT NULL CHECK (name IN ('payment_methods', 'terceros')),
        body           TEXT NOT NULL,
        read_at        TEXT NOT NULL,
        PRIMARY KEY (connection_id, name)
      );
      CREATE TABLE acquirer_lookups (
        connection_id          INTEGER NOT NULL REFERENCES connections (id) ON DELETE CASCADE,
        identification_type    TEXT NOT NULL,
        identification_number  TEXT NOT NULL,
        body                   TEXT NOT NULL,
        read_at                TEXT NOT NULL,
        PRIMARY KEY (connection_id, identification_type, identification_number)
      );
      CREATE TABLE outbox_checks (
        connection_id  INTEGER PRIMARY KEY,
        last_check_at  TEXT NOT NULL,
        reachable      INTEGER NOT NULL
      );
      INSERT INTO outbox_checks (connection_id, last_check_at, reachable)
        SELECT c.id, m.last_check_at, m.reachable FROM connections c, outbox_meta m
         WHERE m.last_check_at IS NOT NULL AND m.reachable IS NOT NULL;
    `);
  },
};
