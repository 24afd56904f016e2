// Migration 0019 from an empty database and over a ledger written before it: submissions keep the
// fields a refused answer named as JSON data.
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

const INSERT = `INSERT INTO submissions (connection_id, base_url, company_id, kind, idempotency_key, endpoint_path, request_body,
  payload_hash, state, created_at, updated_at) VALUES (1, 'http://a/v1', 7, 'FE', ?, '/p', x'7b7d', 'h', 'failed', 'now', 'now')`;

describe('migration 0019 (submission field errors)', () => {
  it('from an empty database: submissions.field_errors holds JSON or NULL, nothing else', () => {
    const store = Store.open(join(dir.path, 'empty.sqlite'), { migrations: migrations.slice(0, 19) });
    try {
      expect(store.db.pragma('user_version', { simple: true })).toBe(19);
      const columns = (store.db.prepare('PRAGMA table_info(submissions)').all() as { name: string }[]).map((c) => c.name);
      expect(columns).toContain('field_errors');
      store.db.prepare(INSERT).run('k1');
      expect(store.db.prepare('SELECT field_errors FROM submissions').get()).toEqual({ field_errors: null });
      const list = JSON.stringify([{ path: 'receptor.email', code: 'invalid', message: 'no es un correo válido' }]);
      store.db.prepare("UPDATE submissions SET field_errors = ? WHERE idempotency_key = 'k1'").run(list);
      expect(store.db.prepare('SELECT field_errors FROM submissions').get()).toEqual({ field_errors: list });
      expect(() =>
        store.db.prepare("UPDATE submissions SET field_errors = 'Respuesta (sanitizada)' WHERE idempotency_key = 'k1'").run(),
      ).toThrow(/CHECK/);
    } finally {
      store.close();
    }
  });

  it('over a ledger written by 0018: older rows name no fields', () => {
    const file = join(dir.path, 'db.sqlite');
    const old = Store.open(file, { migrations: migrations.slice(0, 18) });
    old.db.prepare(INSERT).run('old');
    old.close();
    const store = Store.open(file, { migrations: migrations.slice(0, 19) });
    try {
      expect(store.db.prepare('SELECT idempotency_key, field_errors FROM submissions').all()).toEqual([
        { idempotency_key: 'old', field_errors: null },
      ]);
    } finally {
      store.close();
    }
  });
});
