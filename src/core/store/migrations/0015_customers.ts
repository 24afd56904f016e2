import type { Migration } from '../migration';

/**
 * Saved customers, one list per connection: identification (DIAN type code and
 * number, unique per connection), name, e-mail, address, phone, active, and when an invoice was last
 * issued to them (the picker lists recent ones first). `search_text` is the name and number lower
 * case with accents folded, written by the customers code, for the picker's word search.
 */
export const migration0015: Migration = {
  version: 15,
  name: 'customers',
  up(db) {
    db.exec(`
      CREATE TABLE customers (
        id INTEGER PRIMARY KEY,
        connection_id INTEGER NOT NULL,
        tipo_doc TEXT NOT NULL,
        numero_doc TEXT NOT NULL,
        nombre TEXT NOT NULL,
        email TEXT NOT NULL DEFAULT '',
        direccion TEXT NOT NULL DEFAULT '',
        telefono TEXT NOT NULL DEFAULT '',
        search_text TEXT NOT NULL,
        active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
        last_used_at TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        UNIQUE (connection_id, tipo_doc, numero_doc)
      );
      CREATE INDEX customers_by_recent ON customers (connection_id, active, last_used_at DESC);
      CREATE INDEX customers_by_number ON customers (connection_id, numero_doc);
    `);
  },
};
