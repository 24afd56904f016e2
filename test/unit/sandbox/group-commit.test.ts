// Group commit (commitInGroup in src/sandbox/storage/database.ts): the writes queued in one turn of
// the event loop share one transaction and one commit; a work that throws is rolled back alone and
// only its promise rejects; no promise resolves before the commit that holds its writes.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { commitInGroup, flushCommits, openDatabase, type Db } from '#sandbox/storage/database';
import { tempDir } from '#test/temp';

const opened: { close(): void }[] = [];
const dirs: { remove(): void }[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
  for (const dir of dirs.splice(0)) dir.remove();
});

/** The sandbox's database and a second connection to the same file, which sees only committed rows. */
function twoConnections(): { db: Db; other: Database.Database } {
  const dir = tempDir('group-commit-');
  dirs.push(dir);
  const path = join(dir.path, 'sandbox.sqlite');
  const { db } = openDatabase(path);
  const other = new Database(path, { readonly: true });
  opened.push(other, db);
  return { db, other };
}

const insert = (db: Db, id: number) =>
  db
    .prepare(
      `INSERT INTO dse_documents (id, company_id, estado_dian, year, doc, extra) VALUES (?, 101, 'firmado', '2026', '{}', '{}')`,
    )
    .run(id);
const committed = (other: Database.Database) =>
  (other.prepare('SELECT id FROM dse_documents ORDER BY id').all() as { id: number }[]).map((r) => r.id);

describe('commitInGroup', () => {
  it('runs the works queued in one turn in one transaction, in order, and resolves them after its commit', async () => {
    const { db, other } = twoConnections();
    const seen: number[][] = [];
    const works = [1, 2, 3].map((id) =>
      commitInGroup(db, () => {
        insert(db, id);
        // the other connection sees none of the group's rows until the group commits
        seen.push(committed(other));
        return id * 10;
      }),
    );
    expect(committed(other)).toEqual([]); // nothing runs before the end of the turn
    const resolvedAfter = works.map((work) => work.then(() => committed(other)));
    expect(await Promise.all(works)).toEqual([10, 20, 30]);
    expect(seen).toEqual([[], [], []]);
    for (const rows of await Promise.all(resolvedAfter)) expect(rows).toEqual([1, 2, 3]);
  });

  it('rolls back a failing work alone: the others are committed and only its promise rejects', async () => {
    const { db, other } = twoConnections();
    const first = commitInGroup(db, () => insert(db, 1));
    const failing = commitInGroup(db, () => {
      insert(db, 2);
      throw new Error('work failed');
    });
    const last = commitInGroup(db, () => insert(db, 3));
    await expect(failing).rejects.toThrow('work failed');
    await Promise.all([first, last]);
    expect(committed(other)).toEqual([1, 3]);
  });

  it('a work alone in its turn that fails leaves nothing; works queued later run in a later group', async () => {
    const { db, other } = twoConnections();
    await expect(
      commitInGroup(db, () => {
        insert(db, 1);
        throw new Error('alone');
      }),
    ).rejects.toThrow('alone');
    expect(db.inTransaction).toBe(false);
    await commitInGroup(db, () => insert(db, 2));
    expect(committed(other)).toEqual([2]);
  });

  it('flushCommits runs what is queued at once (before the database is closed)', async () => {
    const { db, other } = twoConnections();
    const queued = commitInGroup(db, () => insert(db, 7));
    flushCommits(db);
    expect(committed(other)).toEqual([7]);
    await queued;
  });
});
