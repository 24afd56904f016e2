import type { Migration } from '../migration';
import { canonicalEstado, meaningOfEstado } from '#core/submissions/states';

/**
 * States by meaning, not by spelling (src/core/submissions/states.ts):
 * - an acceptance with notices is stored `aceptado_con_notificaciones` and counts as accepted: the
 *   search facets of 0009 give it the same tokens as `aceptado` (no `noaceptado`, no `pendiente`);
 * - states stored before the reader knew them (`Aprobado con notificación`, `procesando`...) are
 *   stored again by meaning, in the mirror and in the ledger; a submission the ledger still holds as
 *   pending whose state now means final is due for a check at once (its count of checks restarts),
 *   so the poller settles it through the normal path rather than this migration deciding it;
 * - `history_sync_state.warning`: what the last pass could not do (a history it could not walk to
 *   its end, documents it skipped), shown in Historial until a pass does it.
 */
const FACETS = (row: string) =>
  `'c' || ${row}.connection_id || ' k' || lower(${row}.kind) || ' s' || lower(hex(${row}.estado_dian)) ||
   CASE WHEN ${row}.estado_dian IN ('aceptado', 'aceptado_con_notificaciones') THEN ''
        WHEN ${row}.estado_dian = 'rechazado' THEN ' noaceptado' ELSE ' noaceptado pendiente' END`;

const COLUMNS = 'number, fiscal_key, counterpart_name, counterpart_doc, items_text, facets';
const values = (row: 'new' | 'old') =>
  `${row}.id, ${row}.number, ${row}.fiscal_key, ${row}.counterpart_name, ${row}.counterpart_doc, ${row}.items_text, ${FACETS(row)}`;

export const migration0021: Migration = {
  version: 21,
  name: 'states_by_meaning',
  up(db) {
    db.exec(`
      ALTER TABLE history_sync_state ADD COLUMN warning TEXT;

      DROP TRIGGER history_search_insert;
      DROP TRIGGER history_search_delete;
      DROP TRIGGER history_search_update;
      DROP VIEW history_search_source;
      CREATE VIEW history_search_source AS
        SELECT h.id, h.number, h.fiscal_key, h.counterpart_name, h.counterpart_doc, h.items_text, ${FACETS('h')} AS facets
        FROM history_documents h;
      CREATE TRIGGER history_search_insert AFTER INSERT ON history_documents BEGIN
        INSERT INTO history_search (rowid, ${COLUMNS}) VALUES (${values('new')});
      END;
      CREATE TRIGGER history_search_delete AFTER DELETE ON history_documents BEGIN
        INSERT INTO history_search (history_search, rowid, ${COLUMNS}) VALUES ('delete', ${values('old')});
      END;
      CREATE TRIGGER history_search_update AFTER UPDATE ON history_documents BEGIN
        INSERT INTO history_search (history_search, rowid, ${COLUMNS}) VALUES ('delete', ${values('old')});
        INSERT INTO history_search (rowid, ${COLUMNS}) VALUES (${values('new')});
      END;
    `);
    // Only the distinct stored values are read: a mirror of 100,000 documents has a handful.
    const renamed = (table: string) =>
      (db.prepare(`SELECT DISTINCT estado_dian AS raw FROM ${table} WHERE estado_dian IS NOT NULL`).all() as { raw: string }[])
        .map(({ raw }) => ({ raw, stored: canonicalEstado(raw) }))
        .filter(({ raw, stored }) => stored !== raw);
    const mirror = db.prepare('UPDATE history_documents SET estado_dian = ? WHERE estado_dian = ?');
    // The old facets of a renamed row were those of an unknown state under both definitions, so the
    // update trigger removes exactly the tokens the index holds.
    for (const { raw, stored } of renamed('history_documents')) mirror.run(stored, raw);
    const ledger = db.prepare('UPDATE submissions SET estado_dian = ? WHERE estado_dian = ?');
    const due = db.prepare(
      `UPDATE poll_schedule SET due_at = 0, checks = 0
       WHERE submission_id IN (SELECT id FROM submissions WHERE state = 'pending' AND estado_dian = ?)`,
    );
    for (const { raw, stored } of renamed('submissions')) {
      ledger.run(stored, raw);
      const meaning = meaningOfEstado(stored);
      if (meaning === 'accepted' || meaning === 'rejected') due.run(stored);
    }
  },
};
