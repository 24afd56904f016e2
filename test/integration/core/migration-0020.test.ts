// Migration 0020 from an empty database and over a store written before it: company lists and
// acquirer answers per connection, and the contingency queue's last check per connection (the one
// check of the older single queue is kept for every connection).
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

const CONNECTION = `INSERT INTO connections (label, kind, base_url, company_id, embedded, active, created_at)
  VALUES (?, 'sandbox', ?, 7, 0, 0, 'now')`;

describe('migration 0020 (local first)', () => {
  it('from an empty database: one copy per connection and list, only known lists, gone with the connection', () => {
    const store = Store.open(join(dir.path, 'empty.sqlite'), { migrations: migrations.slice(0, 20) });
    try {
      expect(store.db.pragma('user_version', { simple: true })).toBe(20);
      const id = Number(store.db.prepare(CONNECTION).run('A', 'http://a/v1').lastInsertRowid);
      const insert = store.db.prepare(
        "INSERT INTO company_lists (connection_id, name, body, read_at) VALUES (?, ?, '[]', 'now')",
      );
      insert.run(id, 'payment_methods');
      expect(() => insert.run(id, 'payment_methods')).toThrow(/UNIQUE|PRIMARY/);
      expect(() => insert.run(id, 'productos')).toThrow(/CHECK/);
      store.db.prepare("INSERT INTO acquirer_lookups VALUES (?, '13', '123', '{}', 'now')").run(id);
      store.db.prepare('DELETE FROM connections WHERE id = ?').run(id);
      expect(store.db.prepare('SELECT count(*) AS n FROM company_lists').get()).toEqual({ n: 0 });
      expect(store.db.prepare('SELECT count(*) AS n FROM acquirer_lookups').get()).toEqual({ n: 0 });
    } finally {
      store.close();
    }
  });

  it("over a store written by 0019: the single queue's last check becomes each connection's", () => {
    const file = join(dir.path, 'db.sqlite');
    const old = Store.open(file, { migrations: migrations.slice(0, 19) });
    old.db.prepare(CONNECTION).run('A', 'http://a/v1');
    old.db.prepare(CONNECTION).run('B', 'http://b/v1');
    old.db.prepare("INSERT INTO outbox_meta (singleton, last_check_at, reachable) VALUES (1, '2026-11-20T15:00:00Z', 0)").run();
    old.close();
    const store = Store.open(file, { migrations: migrations.slice(0, 20) });
    try {
      expect(
        store.db.prepare('SELECT connection_id, last_check_at, reachable FROM outbox_checks ORDER BY connection_id').all(),
      ).toEqual([
        { connection_id: 1, last_check_at: '2026-11-20T15:00:00Z', reachable: 0 },
        { connection_id: 2, last_check_at: '2026-11-20T15:00:00Z', reachable: 0 },
      ]);
    } finally {
      store.close();
    }
  });
});
