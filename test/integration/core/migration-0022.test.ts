// Migration 0022 from an empty database and over connections written before it: a connection may
// keep its provider's own certificate authority as PEM text, and nothing else.
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

const INSERT = `INSERT INTO connections (label, kind, base_url, company_id, embedded, active, created_at)
  VALUES ('Proveedor', 'production', ?, 7, 0, 0, 'now')`;
const PEM = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----';

describe('migration 0022 (connection trusted CA)', () => {
  it('from an empty database: connections.trusted_ca holds a PEM certificate or NULL', () => {
    const store = Store.open(join(dir.path, 'empty.sqlite'), { migrations: migrations.slice(0, 22) });
    try {
      expect(store.db.pragma('user_version', { simple: true })).toBe(22);
      store.db.prepare(INSERT).run('https://a.example/api/v1');
      expect(store.db.prepare('SELECT trusted_ca FROM connections').get()).toEqual({ trusted_ca: null });
      store.db.prepare('UPDATE connections SET trusted_ca = ?').run(PEM);
      expect(store.db.prepare('SELECT trusted_ca FROM connections').get()).toEqual({ trusted_ca: PEM });
      expect(() => store.db.prepare("UPDATE connections SET trusted_ca = '-----BEGIN PRIVATE KEY-----'").run()).toThrow(/CHECK/);
      expect(() => store.db.prepare('UPDATE connections SET trusted_ca = ?').run(PEM + 'x'.repeat(70_000))).toThrow(/CHECK/);
    } finally {
      store.close();
    }
  });

  it('over connections written by 0021: they trust the system roots alone', () => {
    const file = join(dir.path, 'db.sqlite');
    const old = Store.open(file, { migrations: migrations.slice(0, 21) });
    old.db.prepare(INSERT).run('https://old.example/api/v1');
    old.close();
    const store = Store.open(file, { migrations: migrations.slice(0, 22) });
    try {
      expect(store.db.prepare('SELECT base_url, trusted_ca FROM connections').all()).toEqual([
        { base_url: 'https://old.example/api/v1', trusted_ca: null },
      ]);
    } finally {
      store.close();
    }
  });
});
