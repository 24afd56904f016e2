import { sql } from 'kysely';
import type { Migration } from '../migration';

/**
 * The period report's narrow indexes on PostgreSQL, made to cover what the report reads. SQLite's
 * (0013, 0016) already do: there a table's `id` is its rowid, which every index entry holds. A
 * PostgreSQL index entry holds a row's place instead, so a report that reads `id` (to join its
 * kept figures, and to name a party's newest document) left report_by_date for the table itself:
 * a year's 35,000 documents were read from as many wide rows (their whole JSON beside them), 15,000
 * pages. Likewise the "has the ledger changed" check (count, newest change and newest id of a
 * connection's submissions) read the whole submissions table with its request bodies.
 * - report_by_date: the connection and date as its key; what the report filters, sums and groups
 *   by, and the id, carried in the entry (INCLUDE), so the report reads this index only.
 * - submissions_by_connection_updated: the same key, with the id carried.
 * Nothing changes on SQLite.
 */
export const migration0035: Migration = {
  version: 35,
  name: 'report_covering_postgres',
  up() {
    // SQLite's indexes already hold the rowid (`id`): 0013 and 0016 cover the report there.
  },
  async postgres(db) {
    await sql`DROP INDEX report_by_date`.execute(db);
    await sql`CREATE INDEX report_by_date ON history_documents (connection_id, issue_date)
      INCLUDE (kind, estado_dian, moneda, total_cents, subtotal, impuestos, counterpart_doc, id)`.execute(db);
    await sql`DROP INDEX submissions_by_connection_updated`.execute(db);
    await sql`CREATE INDEX submissions_by_connection_updated ON submissions (connection_id, updated_at) INCLUDE (id)`.execute(db);
  },
};
