// Migration 0021 over a mirror and a ledger written before the reader knew accepted-with-notices:
// stored raw states become their meaning, the search facets count the new acceptance as accepted,
// and a submission left pending under such a state is due for a check at once.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrations } from '#core/store/migrations/index';
import { Store } from '#core/store/store';
import { NEVER_DUE } from '#core/submissions/ledger';
import { tempDir } from '#test/temp';

let dir: ReturnType<typeof tempDir>;
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => dir.remove());

const DOCUMENT = `INSERT INTO history_documents (connection_id, kind, remote_id, tipo_dian, number, prefijo, consecutivo, estado_dian,
  fiscal_key, issue_date, counterpart_name, counterpart_doc, subtotal, impuestos, total, total_cents, moneda, items_text,
  document_json, synced_at) VALUES (1, 'FE', ?, '01', ?, 'FV', ?, ?, 'cufe', '2026-01-15', 'Cliente', '123', '100.00', '19.00',
  '119.00', 11900, 'COP', 'Pan', '{}', 'now')`;
const SUBMISSION = `INSERT INTO submissions (connection_id, base_url, company_id, kind, idempotency_key, endpoint_path, request_body,
  payload_hash, state, estado_dian, created_at, updated_at) VALUES (1, 'http://a/v1', 7, 'FE', ?, '/p', x'7b7d', 'h', 'pending', ?, 'now', 'now')`;

describe('migration 0021 (states by meaning)', () => {
  it('from an empty database: the sync state has a warning column', () => {
    const store = Store.open(join(dir.path, 'empty.sqlite'), { migrations: migrations.slice(0, 21) });
    try {
      const columns = (store.db.prepare('PRAGMA table_info(history_sync_state)').all() as { name: string }[]).map((c) => c.name);
      expect(columns).toContain('warning');
    } finally {
      store.close();
    }
  });

  it('over a mirror and a ledger written by 0020: raw states stored by meaning, and counted by it', () => {
    const file = join(dir.path, 'db.sqlite');
    const old = Store.open(file, { migrations: migrations.slice(0, 20) });
    const states = ['Aprobado con notificación', 'procesando', 'aceptado', 'RECHAZADA', 'Estado 77'];
    states.forEach((estado, i) => old.db.prepare(DOCUMENT).run(i + 1, `FV${i + 1}`, i + 1, estado));
    const stuck = old.db.prepare(SUBMISSION).run('k1', 'Aprobado con notificación').lastInsertRowid;
    const unknown = old.db.prepare(SUBMISSION).run('k2', 'Estado 77').lastInsertRowid;
    for (const id of [stuck, unknown])
      old.db.prepare(`INSERT INTO poll_schedule (submission_id, due_at, checks) VALUES (?, ${NEVER_DUE}, 7)`).run(id);
    old.close();

    const store = Store.open(file, { migrations: migrations.slice(0, 21) });
    try {
      const stored = store.db.prepare('SELECT estado_dian FROM history_documents ORDER BY remote_id').all();
      expect(stored.map((r) => (r as { estado_dian: string }).estado_dian)).toEqual([
        'aceptado_con_notificaciones',
        'procesando',
        'aceptado',
        'rechazado',
        'Estado 77',
      ]);
      const match = (facet: string) =>
        (
          store.db
            .prepare('SELECT rowid FROM history_search WHERE history_search MATCH ? ORDER BY rowid')
            .all(`facets : "${facet}"`) as { rowid: number }[]
        ).map((r) => r.rowid);
      // Accepted (with notices too) is "not noaceptado"; pending is what is neither accepted nor rejected.
      expect(match('noaceptado')).toEqual([2, 4, 5]);
      expect(match('pendiente')).toEqual([2, 5]);
      expect(store.db.prepare('SELECT id, estado_dian FROM submissions ORDER BY id').all()).toEqual([
        { id: Number(stuck), estado_dian: 'aceptado_con_notificaciones' },
        { id: Number(unknown), estado_dian: 'Estado 77' },
      ]);
      expect(store.db.prepare('SELECT submission_id, due_at, checks FROM poll_schedule ORDER BY submission_id').all()).toEqual([
        { submission_id: Number(stuck), due_at: 0, checks: 0 },
        { submission_id: Number(unknown), due_at: NEVER_DUE, checks: 7 },
      ]);
    } finally {
      store.close();
    }
  });
});
