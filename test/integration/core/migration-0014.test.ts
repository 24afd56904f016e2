// Migration 0014 from an empty database: the ledger records each submission's credentials and the
// data folder has one installation id.
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

describe('migration 0014 (credentials)', () => {
  it('adds submissions.credential (NULL for older rows) and one installation id per data folder', () => {
    const file = join(dir.path, 'db.sqlite');
    const old = Store.open(file, { migrations: migrations.slice(0, 13) });
    old.db
      .prepare(
        `INSERT INTO submissions (connection_id, base_url, company_id, kind, idempotency_key, endpoint_path, request_body,
           payload_hash, state, created_at, updated_at) VALUES (1, 'http://a/v1', 7, 'DSE', 'k1', '/p', x'7b7d', 'h', 'in_doubt', 'now', 'now')`,
      )
      .run();
    old.close();
    const store = Store.open(file, { migrations: migrations.slice(0, 14) });
    expect(store.db.prepare('SELECT credential FROM submissions').get()).toEqual({ credential: null });
    const rows = store.db.prepare<[], { id: string }>('SELECT id FROM installation').all();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(() => store.db.prepare("INSERT INTO installation (singleton, id) VALUES (2, 'x')").run()).toThrow(/CHECK/);
    store.close();

    const other = Store.open(join(dir.path, 'other.sqlite'), { migrations: migrations.slice(0, 14) });
    expect(other.db.prepare('SELECT id FROM installation').get()).not.toEqual(rows[0]);
    other.close();
  });
});
