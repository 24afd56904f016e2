import type { Migration } from '../migration';

/**
 * The products catalog, one per connection: products with their barcodes, and a
 * word index (FTS5, prefixes, accents folded) over code, description and barcodes that the catalog
 * code keeps in step with each write. Issued documents never read it: an invoice line copies the
 * product's values when it is added, so a later price change touches no document.
 */
export const migration0011: Migration = {
  version: 11,
  name: 'catalog',
  up(db) {
    db.exec(`
      CREATE TABLE catalog_products (
        id INTEGER PRIMARY KEY,
        connection_id INTEGER NOT NULL,
        code TEXT NOT NULL,
        description TEXT NOT NULL,
        unit_price TEXT NOT NULL,
        price_includes_tax INTEGER NOT NULL,
        tax_rate TEXT NOT NULL CHECK (tax_rate IN ('19', '5', '8', '0')),
        unit TEXT NOT NULL,
        unspsc TEXT,
        active INTEGER NOT NULL DEFAULT 1,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        UNIQUE (connection_id, code)
      );
      CREATE INDEX catalog_by_description ON catalog_products (connection_id, active, description);
      CREATE TABLE catalog_barcodes (
        connection_id INTEGER NOT NULL,
        barcode TEXT NOT NULL,
        product_id INTEGER NOT NULL REFERENCES catalog_products (id) ON DELETE CASCADE,
        PRIMARY KEY (connection_id, barcode)
      ) WITHOUT ROWID;
      CREATE INDEX catalog_barcodes_by_product ON catalog_barcodes (product_id);
      CREATE VIRTUAL TABLE catalog_search USING fts5 (code, description, barcodes, tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3');
    `);
  },
};
