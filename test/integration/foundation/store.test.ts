import Database from 'better-sqlite3';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '#shared/rpc/errors';
import type { Migration } from '#core/store/migration';
import { migrations } from '#core/store/migrations/index';
import { Store } from '#core/store/store';
import { tempDir } from '#test/temp';

let dir: ReturnType<typeof tempDir>;
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => dir.remove());

describe('store', () => {
  it('applies every migration from an empty file, with WAL and foreign keys on', () => {
    const store = Store.open(join(dir.path, 'db.sqlite'));
    expect(store.schemaVersion).toBe(migrations.length);
    expect(store.db.pragma('user_version', { simple: true })).toBe(migrations.length);
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(store.db.pragma('foreign_keys', { simple: true })).toBe(1);
    store.close();
  });

  it.each(migrations.map((m) => [m.version, m.name, m] as const))(
    'migration %i (%s) applies alone on top of its predecessors',
    (version, _name, _m) => {
      const store = Store.open(join(dir.path, `m${version}.sqlite`), { migrations: migrations.slice(0, version) });
      expect(store.db.pragma('user_version', { simple: true })).toBe(version);
      expect(store.db.pragma('foreign_key_check')).toEqual([]);
      store.close();
    },
  );

  it('keeps data across a reopen and does not re-run migrations', () => {
    const file = join(dir.path, 'db.sqlite');
    const first = Store.open(file);
    first.db
      .prepare(
        "INSERT INTO connections (label, kind, base_url, company_id, created_at) VALUES ('x', 'sandbox', 'http://a/v1', 1, 'now')",
      )
      .run();
    first.close();
    const second = Store.open(file);
    expect(second.db.prepare('SELECT label FROM connections').all()).toEqual([{ label: 'x' }]);
    second.close();
  });

  it('rolls a failing migration back entirely and leaves the version where it was', () => {
    const file = join(dir.path, 'db.sqlite');
    const broken: Migration = {
      version: migrations.length + 1,
      name: 'broken',
      up(db) {
        db.exec('CREATE TABLE half_done (id INTEGER)');
        db.exec('THIS IS NOT SQL');
      },
    };
    expect(() => Store.open(file, { migrations: [...migrations, broken] })).toThrow();
    const raw = new Database(file);
    expect(raw.pragma('user_version', { simple: true })).toBe(migrations.length);
    expect(raw.prepare("SELECT name FROM sqlite_master WHERE name = 'half_done'").get()).toBeUndefined();
    raw.close();
  });

  it('refuses a database written by a newer version, changing nothing', () => {
    const file = join(dir.path, 'db.sqlite');
    Store.open(file).close();
    const raw = new Database(file);
    raw.pragma(`user_version = ${migrations.length + 5}`);
    raw.close();
    let caught: unknown;
    try {
      Store.open(file);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect((caught as AppError).code).toBe('store_newer_than_app');
    expect((caught as AppError).message).toMatch(/versión más reciente/);
    const after = new Database(file);
    expect(after.pragma('user_version', { simple: true })).toBe(migrations.length + 5);
    after.close();
  });

  it('refuses a file that is not a database with a Spanish message', () => {
    const file = join(dir.path, 'garbage.sqlite');
    writeFileSync(file, 'this is not sqlite '.repeat(100));
    expect(() => Store.open(file)).toThrow(
      expect.objectContaining({ code: 'store_unavailable', message: expect.stringMatching(/dañado/) }),
    );
  });

  it('backs up online to a file that opens with the same data', async () => {
    const store = Store.open(join(dir.path, 'db.sqlite'));
    store.db
      .prepare(
        "INSERT INTO connections (label, kind, base_url, company_id, created_at) VALUES ('Tienda', 'production', 'https://api/v1', 7, 'now')",
      )
      .run();
    const backup = join(dir.path, 'backups', 'copy.sqlite');
    await store.backup(backup);
    store.close();
    expect(existsSync(backup)).toBe(true);
    const restored = Store.open(backup);
    expect(restored.db.prepare('SELECT label, company_id FROM connections').all()).toEqual([{ label: 'Tienda', company_id: 7 }]);
    restored.close();
  });

  it('commits durable transactions with synchronous FULL and restores NORMAL after', () => {
    const store = Store.open(join(dir.path, 'db.sqlite'));
    let inside = -1;
    store.durably(() => {
      inside = store.db.pragma('synchronous', { simple: true }) as number;
    });
    expect(inside).toBe(2);
    expect(store.db.pragma('synchronous', { simple: true })).toBe(1);
    store.close();
  });
});
