import type { Migration } from '#core/store/migration';

/**
 * The receipt printer of this equipment (docs/CLIENT-DECISIONS.md "Receipt printer"): one row for
 * the data folder, not per connection, because the printer and its cash drawer belong to the
 * counter, whichever company account sells at it. No row: no receipt printer (the page prints).
 */
export const migration0025: Migration = {
  version: 25,
  name: 'receipt_printer',
  up(db) {
    db.exec(`
      CREATE TABLE receipt_printer (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        connection TEXT NOT NULL CHECK (connection IN ('none', 'network', 'system')),
        host TEXT NOT NULL,
        port INTEGER NOT NULL CHECK (port BETWEEN 1 AND 65535),
        queue TEXT NOT NULL,
        columns INTEGER NOT NULL CHECK (columns IN (48, 42, 32)),
        code_page TEXT NOT NULL CHECK (code_page IN ('pc858', 'pc850', 'wpc1252')),
        native_qr INTEGER NOT NULL CHECK (native_qr IN (0, 1)),
        drawer_on_cash INTEGER NOT NULL CHECK (drawer_on_cash IN (0, 1)),
        updated_at TEXT NOT NULL
      );
    `);
  },
};
