// The sandbox's SQLite schema: created at the latest version, and a data folder made by an earlier
// version is migrated in place, keeping its documents.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '#sandbox/storage/database';
import { tempDir } from '#test/temp';

const tables = (db: ReturnType<typeof openDatabase>['db']) =>
  (
    db
      .prepare("SELECT name FROM sqlite_master WHERE type IN ('table', 'index') AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .all() as { name: string }[]
  ).map((r) => r.name);

describe('sandbox database', () => {
  it('migrates a schema-1 data folder (before signing threads): unsigned DSE table and indexes added, documents kept', () => {
    const dir = tempDir('sandbox-db-');
    const path = join(dir.path, 'sandbox.sqlite');
    const created = openDatabase(path);
    expect(created.fresh).toBe(true);
    const latest = tables(created.db);
    const version = created.db.pragma('user_version', { simple: true }) as number;
    // what schema 1 had: no dse_unsigned, none of the later indexes
    created.db.exec(`DROP TABLE dse_unsigned; DROP INDEX dse_documents_settle; DROP INDEX fe_documents_settle;
      DROP INDEX dse_documents_year; DROP INDEX fe_documents_year; PRAGMA user_version = 1;`);
    created.db
      .prepare(
        `INSERT INTO dse_documents (company_id, estado_dian, year, doc, extra) VALUES (101, 'aceptado', '2026', '{}', '{}')`,
      )
      .run();
    created.db.close();

    const reopened = openDatabase(path);
    expect(reopened.fresh).toBe(false);
    expect(reopened.db.pragma('user_version', { simple: true })).toBe(version);
    expect(tables(reopened.db)).toEqual(latest);
    expect(reopened.db.prepare('SELECT COUNT(*) AS n FROM dse_documents').get()).toEqual({ n: 1 });
    reopened.db.close();
    dir.remove();
  });
});
