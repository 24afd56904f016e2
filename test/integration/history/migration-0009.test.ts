// Migration 0009 (facet tokens and prefix indexes in the history's FTS5 index): an upgraded database
// finds the same documents for the same words, and the facets follow every insert, update and delete.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HistoryMirror, type MirrorRow } from '#core/history/mirror';
import { sqliteEngine } from '#core/store/engine';
import { HistoryQueries, TEXT_COLUMNS } from '#core/history/query';
import { migrations } from '#core/store/migrations/index';
import { Store, type Db } from '#core/store/store';
import { generateHistory } from '#test/history-generator';
import { tempDir } from '#test/temp';

let dir: ReturnType<typeof tempDir>;
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => dir.remove());

const WORDS = [
  '"pena"*',
  '"ferreteria"* AND "tornillo"*',
  '"ca"*',
  '"SETP99000001"*',
  '"cemento" AND "50"',
  '"zuluaga"* OR "ocampo"*',
];

function matches(db: Db, match: string): number[] {
  return db
    .prepare<[string], number>('SELECT rowid FROM history_search WHERE history_search MATCH ? ORDER BY rowid')
    .pluck()
    .all(match);
}

/** FTS5's own check of the index against its content (the view with the facets): throws when they differ. */
function checkIndex(db: Db): void {
  db.prepare("INSERT INTO history_search (history_search, rank) VALUES ('integrity-check', 1)").run();
}

/** Each facet token finds exactly the documents whose columns say so. */
function expectFacetsMatchColumns(db: Db): void {
  const byColumns = (where: string) =>
    db.prepare<[], number>(`SELECT id FROM history_documents WHERE ${where} ORDER BY id`).pluck().all();
  expect(matches(db, 'facets : "kdse"')).toEqual(byColumns("kind = 'DSE'"));
  expect(matches(db, 'facets : "kfe"')).toEqual(byColumns("kind = 'FE'"));
  expect(matches(db, 'facets : "noaceptado"')).toEqual(byColumns("estado_dian <> 'aceptado'"));
  expect(matches(db, 'facets : "pendiente"')).toEqual(byColumns("estado_dian NOT IN ('aceptado', 'rechazado')"));
  const states = db.prepare<[], string>('SELECT DISTINCT estado_dian FROM history_documents').pluck().all();
  for (const state of states) {
    const token = `s${Buffer.from(state, 'utf8').toString('hex')}`;
    expect(matches(db, `facets : "${token}"`)).toEqual(byColumns(`estado_dian = '${state}'`));
  }
  for (const connection of [1, 2, 3])
    expect(matches(db, `facets : "c${connection}"`)).toEqual(byColumns(`connection_id = ${connection}`));
}

describe('migration 0009 (history search facets)', () => {
  it('upgrades a filled 0008 database: the same words find the same documents, and the facets are right', () => {
    const file = join(dir.path, 'db.sqlite');
    const before = Store.open(file, { migrations: migrations.slice(0, 8) });
    generateHistory(before.db, { connectionId: 1, count: 1_500, seed: 11 });
    generateHistory(before.db, { connectionId: 2, count: 300, seed: 12 });
    const found = WORDS.map((words) => matches(before.db, words));
    before.close();

    const after = Store.open(file, { migrations: migrations.slice(0, 9) });
    expect(after.schemaVersion).toBe(9);
    expect(WORDS.map((words) => matches(after.db, `${TEXT_COLUMNS} : (${words})`))).toEqual(found);
    expect(found.every((ids) => ids.length > 0)).toBe(true);
    checkIndex(after.db);
    expectFacetsMatchColumns(after.db);
    after.close();
  });

  it('keeps the facets in step when documents are inserted, change state, move and are deleted', async () => {
    const store = Store.open(join(dir.path, 'db.sqlite'));
    const db = store.db;
    generateHistory(db, { connectionId: 1, count: 800, seed: 21 });
    db.exec(`
      UPDATE history_documents SET estado_dian = 'aceptado' WHERE id IN (SELECT id FROM history_documents WHERE estado_dian <> 'aceptado' LIMIT 20);
      UPDATE history_documents SET estado_dian = 'rechazado' WHERE id % 37 = 0;
      UPDATE history_documents SET estado_dian = 'en_proceso_http' WHERE id % 41 = 0;
      UPDATE history_documents SET connection_id = 2 WHERE id % 5 = 0;
      DELETE FROM history_documents WHERE id % 7 = 0;
    `);
    // The mirror's own upsert (a sync pass that sees a new state) goes through the same triggers.
    const row = db.prepare<[], MirrorRow & { id: number }>("SELECT * FROM history_documents WHERE kind = 'DSE' LIMIT 1").get()!;
    const { id: _id, ...columns } = row;
    await new HistoryMirror(sqliteEngine(db)).upsert({ ...columns, estado_dian: 'send_unknown' });
    generateHistory(db, { connectionId: 3, count: 200, seed: 22 });
    checkIndex(db);
    expectFacetsMatchColumns(db);
    store.close();
  });

  it('never matches the facet tokens with the words a user types', async () => {
    const store = Store.open(join(dir.path, 'db.sqlite'));
    const { docs } = generateHistory(store.db, { connectionId: 1, count: 400, seed: 31 });
    const queries = new HistoryQueries(sqliteEngine(store.db));
    const words = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u);
    for (const word of ['kdse', 'kfe', 'noaceptado', 'pendiente', 'c1', 's616365707461646f']) {
      // Only a document whose own text has a word starting so (a CUFE starting with "c1") matches.
      const expected = docs.filter((d) =>
        [d.number, d.fiscal_key, d.counterpart_name, d.counterpart_doc, d.items_text]
          .flatMap(words)
          .some((w) => w.startsWith(word)),
      ).length;
      expect((await queries.page(1, { q: word }, 0, 10)).total).toBe(expected);
      expect((await queries.page(1, { counterpart: word }, 0, 10)).total).toBe(0);
    }
    store.close();
  });
});
