// Migration 0006 from an empty database: every change of a ledger row leaves an event, unchanged
// writes leave none, and issuer profiles go with their connection.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrations } from '#core/store/migrations/index';
import { Store } from '#core/store/store';
import { tempDir } from '#test/temp';

let dir: ReturnType<typeof tempDir>;
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => dir.remove());

describe('migration 0006 (history view)', () => {
  it('records each attempt and answer of a submission as an event', () => {
    const store = Store.open(join(dir.path, 'db.sqlite'), { migrations: migrations.slice(0, 6) });
    const db = store.db;
    db.prepare(
      `INSERT INTO submissions (connection_id, base_url, company_id, kind, idempotency_key, endpoint_path, request_body,
         payload_hash, state, created_at, updated_at) VALUES (1, 'http://a/v1', 7, 'DSE', 'k1', '/p', x'7b7d', 'h', 'sending', 't0', 't0')`,
    ).run();
    db.prepare(`UPDATE submissions SET state = 'in_doubt', http_status = 502, updated_at = 't1' WHERE id = 1`).run();
    db.prepare(`UPDATE submissions SET updated_at = 't2' WHERE id = 1`).run();
    db.prepare(`UPDATE submissions SET state = 'sending', attempts = 2, updated_at = 't3' WHERE id = 1`).run();
    db.prepare(
      `UPDATE submissions SET state = 'accepted', http_status = 200, estado_dian = 'aceptado', document_id = 9, updated_at = 't4' WHERE id = 1`,
    ).run();
    const events = db
      .prepare<[], { at: string; state: string; attempts: number; http_status: number | null }>(
        'SELECT at, state, attempts, http_status FROM submission_events WHERE submission_id = 1 ORDER BY id',
      )
      .all();
    expect(events).toEqual([
      { at: 't0', state: 'sending', attempts: 1, http_status: null },
      { at: 't1', state: 'in_doubt', attempts: 1, http_status: 502 },
      { at: 't3', state: 'sending', attempts: 2, http_status: 502 },
      { at: 't4', state: 'accepted', attempts: 2, http_status: 200 },
    ]);
    db.prepare('DELETE FROM submissions WHERE id = 1').run();
    expect(db.prepare('SELECT count(*) AS n FROM submission_events').get()).toEqual({ n: 0 });
    store.close();
  });

  it('keeps one issuer profile per connection and removes it with the connection', () => {
    const store = Store.open(join(dir.path, 'db.sqlite'), { migrations: migrations.slice(0, 6) });
    const db = store.db;
    db.prepare(
      `INSERT INTO connections (id, label, kind, base_url, company_id, created_at) VALUES (1, 'x', 'sandbox', 'http://a/v1', 7, 'now')`,
    ).run();
    db.prepare(
      `INSERT INTO issuer_profiles (connection_id, nombre, nit, updated_at) VALUES (1, 'Tienda', '900123456', 'now')`,
    ).run();
    expect(() =>
      db.prepare(`INSERT INTO issuer_profiles (connection_id, nombre, nit, updated_at) VALUES (1, 'Otra', '1', 'now')`).run(),
    ).toThrow(/UNIQUE|PRIMARY/);
    db.prepare('DELETE FROM connections WHERE id = 1').run();
    expect(db.prepare('SELECT count(*) AS n FROM issuer_profiles').get()).toEqual({ n: 0 });
    store.close();
  });
});
