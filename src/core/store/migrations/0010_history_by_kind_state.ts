import type { Migration } from '../migration';

/**
 * The Historial filtered by kind and state without words (FE aceptado, DSE pendiente): 0004's
 * indexes give one of the two, so SQLite read the wide row of every document of that kind to test
 * its state (about 250 ms over 100,000 documents, count and first page). With both in one index the
 * count is a range of it, and with the state fixed the range is already in date order.
 */
export const migration0010: Migration = {
  version: 10,
  name: 'history_by_kind_state',
  up(db) {
    db.exec('CREATE INDEX history_by_kind_state ON history_documents (connection_id, kind, estado_dian, issue_date)');
  },
};
