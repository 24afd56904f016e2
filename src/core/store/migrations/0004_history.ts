import type { Migration } from '../migration';

/**
 * The local mirror of issued documents (FE from the list and detail endpoints, every DSE this app
 * created), readable and searchable offline. Columns a history screen filters and sorts on are
 * real columns with indexes; free text goes through an FTS5 index kept in step by triggers, so
 * searching 100,000 documents does not scan the table.
 */
export const migration0004: Migration = {
  version: 4,
  name: 'history',
  up(db) {
    db.exec(`
      CREATE TABLE history_documents (
        id               INTEGER PRIMARY KEY,
        connection_id    INTEGER NOT NULL,
        kind             TEXT NOT NULL CHECK (kind IN ('FE', 'DSE')),
        remote_id        INTEGER NOT NULL,
        tipo_dian        TEXT NOT NULL,
        number           TEXT NOT NULL,
        prefijo          TEXT NOT NULL,
        consecutivo      INTEGER NOT NULL,
        estado_dian      TEXT NOT NULL,
        fiscal_key       TEXT NOT NULL,
        issue_date       TEXT NOT NULL,
        counterpart_name TEXT NOT NULL,
        counterpart_doc  TEXT NOT NULL,
        subtotal         TEXT NOT NULL,
        impuestos        TEXT NOT NULL,
        total            TEXT NOT NULL,
        total_cents      INTEGER NOT NULL,
        moneda           TEXT NOT NULL,
        items_text       TEXT NOT NULL,
        document_json    TEXT NOT NULL,
        submission_id    INTEGER,
        synced_at        TEXT NOT NULL,
        UNIQUE (connection_id, kind, remote_id)
      );
      CREATE INDEX history_by_date ON history_documents (connection_id, issue_date DESC, id DESC);
      CREATE INDEX history_by_state ON history_documents (connection_id, estado_dian, issue_date DESC);
      CREATE INDEX history_by_kind ON history_documents (connection_id, kind, issue_date DESC);
      CREATE INDEX history_by_total ON history_documents (connection_id, total_cents);

      CREATE VIRTUAL TABLE history_search USING fts5 (
        number, fiscal_key, counterpart_name, counterpart_doc, items_text,
        content = 'history_documents', content_rowid = 'id',
        tokenize = 'unicode61 remove_diacritics 2'
      );
      CREATE TRIGGER history_search_insert AFTER INSERT ON history_documents BEGIN
        INSERT INTO history_search (rowid, number, fiscal_key, counterpart_name, counterpart_doc, items_text)
        VALUES (new.id, new.number, new.fiscal_key, new.counterpart_name, new.counterpart_doc, new.items_text);
      END;
      CREATE TRIGGER history_search_delete AFTER DELETE ON history_documents BEGIN
        INSERT INTO history_search (history_search, rowid, number, fiscal_key, counterpart_name, counterpart_doc, items_text)
        VALUES ('delete', old.id, old.number, old.fiscal_key, old.counterpart_name, old.counterpart_doc, old.items_text);
      END;
      CREATE TRIGGER history_search_update AFTER UPDATE ON history_documents BEGIN
        INSERT INTO history_search (history_search, rowid, number, fiscal_key, counterpart_name, counterpart_doc, items_text)
        VALUES ('delete', old.id, old.number, old.fiscal_key, old.counterpart_name, old.counterpart_doc, old.items_text);
        INSERT INTO history_search (rowid, number, fiscal_key, counterpart_name, counterpart_doc, items_text)
        VALUES (new.id, new.number, new.fiscal_key, new.counterpart_name, new.counterpart_doc, new.items_text);
      END;

      -- Where an interrupted FE sync resumes, and what the last complete pass saw.
      CREATE TABLE history_sync_state (
        connection_id    INTEGER PRIMARY KEY,
        next_page        INTEGER NOT NULL DEFAULT 1,
        total_pages      INTEGER,
        total_documents  INTEGER,
        synced_documents INTEGER NOT NULL DEFAULT 0,
        started_at       TEXT,
        finished_at      TEXT,
        last_error       TEXT
      );
    `);
  },
};
