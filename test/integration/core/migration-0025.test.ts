// Migration 0025 from an empty database and over a database written before it: one receipt
// printer per data folder, its values checked by the schema, none until chosen.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrations } from '#core/store/migrations';
import { Store } from '#core/store/store';
import { tempDir } from '#test/temp';

let dir: ReturnType<typeof tempDir>;
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => dir.remove());

const INSERT = `INSERT INTO receipt_printer (id, connection, host, port, queue, columns, code_page, native_qr, drawer_on_cash, updated_at)
  VALUES (@id, @connection, '192.168.1.50', @port, '', @columns, @code_page, 1, 1, 'now')`;
const GOOD = { id: 1, connection: 'network', port: 9100, columns: 48, code_page: 'pc858' };

describe('migration 0025 (receipt printer)', () => {
  it('from an empty database: one row at most, and only the values the settings allow', () => {
    const store = Store.open(join(dir.path, 'empty.sqlite'), { migrations: migrations.slice(0, 25) });
    try {
      expect(store.db.pragma('user_version', { simple: true })).toBe(25);
      store.db.prepare(INSERT).run(GOOD);
      expect(store.db.prepare('SELECT connection, port, columns FROM receipt_printer').all()).toEqual([
        { connection: 'network', port: 9100, columns: 48 },
      ]);
      for (const bad of [
        { ...GOOD, id: 2 },
        { ...GOOD, connection: 'usb' },
        { ...GOOD, port: 70_000 },
        { ...GOOD, columns: 40 },
        { ...GOOD, code_page: 'cp437' },
      ]) {
        store.db.prepare('DELETE FROM receipt_printer').run();
        expect(() => store.db.prepare(INSERT).run(bad)).toThrow(/CHECK/);
      }
    } finally {
      store.close();
    }
  });

  it('over a database written by 0024: no receipt printer until one is chosen', () => {
    const file = join(dir.path, 'db.sqlite');
    Store.open(file, { migrations: migrations.slice(0, 24) }).close();
    const store = Store.open(file, { migrations: migrations.slice(0, 25) });
    try {
      expect(store.db.prepare('SELECT COUNT(*) AS n FROM receipt_printer').get()).toEqual({ n: 0 });
    } finally {
      store.close();
    }
  });
});
