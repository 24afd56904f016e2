// The mirror's upsert writes a document only when it is new or one of its stored fields differs, so
// that re-syncing unchanged documents does not fire the FTS trigger (0009) for each of them (SQLite's
// own index; mirror-engines.test.ts runs the mirror on both engines).
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HistoryMirror, type MirrorRow } from '#core/history/mirror';
import { sqliteEngine } from '#core/store/engine';
import { Store } from '#core/store/store';
import { tempDir } from '#test/temp';
import { searchHistory } from '#test/history-search';

let dir: ReturnType<typeof tempDir>;
let store: Store;
let mirror: HistoryMirror;
beforeEach(() => {
  dir = tempDir();
  store = Store.open(join(dir.path, 'db.sqlite'));
  mirror = new HistoryMirror(sqliteEngine(store.db));
  store.db.exec('CREATE TEMP TABLE updated_rows (id INTEGER NOT NULL)');
  store.db.exec(
    'CREATE TEMP TRIGGER log_history_update AFTER UPDATE ON main.history_documents BEGIN INSERT INTO updated_rows VALUES (new.id); END',
  );
});
afterEach(() => {
  store.close();
  dir.remove();
});

const row: MirrorRow = {
  connection_id: 1,
  kind: 'DSE',
  remote_id: 42,
  tipo_dian: '05',
  number: 'DS42',
  prefijo: 'DS',
  consecutivo: 42,
  estado_dian: 'en_proceso',
  fiscal_key: 'c'.repeat(96),
  issue_date: '2026-11-20',
  counterpart_name: 'Panadería La Espiga',
  counterpart_doc: '900123456',
  subtotal: '100000.00',
  impuestos: '19000.00',
  total: '119000.00',
  total_cents: 11_900_000,
  moneda: 'COP',
  items_text: 'Pan tajado integral',
  document_json: '{"id":42}',
  submission_id: 7,
  synced_at: '2026-11-20T15:00:00.000Z',
};

const stored = () => store.db.prepare('SELECT * FROM history_documents WHERE remote_id = 42').get() as MirrorRow & { id: number };
const updates = () => store.db.prepare<[], number>('SELECT count(*) FROM updated_rows').pluck().get()!;
const ftsIntact = () => store.db.prepare("INSERT INTO history_search (history_search, rank) VALUES ('integrity-check', 1)").run();
const later = '2026-11-21T09:30:00.000Z';

describe('history mirror upsert', async () => {
  it('writes a new document', async () => {
    expect(await mirror.upsert(row)).toBe(true);
    expect(stored()).toMatchObject(row);
    expect((await searchHistory(store.db, 1, { q: 'espiga' })).items.map((d) => d.remote_id)).toEqual([42]);
  });

  it('leaves an unchanged document alone, synced_at included, and fires no trigger', async () => {
    await mirror.upsert(row);
    const before = stored();
    expect(await mirror.upsert({ ...row, synced_at: later })).toBe(false);
    expect(stored()).toEqual(before);
    expect(updates()).toBe(0);
    expect(ftsIntact).not.toThrow();
  });

  it('keeps the submission it knows when the incoming row has none, without writing', async () => {
    await mirror.upsert(row);
    expect(await mirror.upsert({ ...row, submission_id: null, synced_at: later })).toBe(false);
    expect(stored().submission_id).toBe(7);
    expect(updates()).toBe(0);
  });

  const changes: Partial<MirrorRow>[] = [
    { tipo_dian: '95' },
    { number: 'DS43' },
    { prefijo: 'DX' },
    { consecutivo: 43 },
    { estado_dian: 'aceptado' },
    { fiscal_key: 'd'.repeat(96) },
    { issue_date: '2026-11-21' },
    { counterpart_name: 'Panadería El Trigal' },
    { counterpart_doc: '900999999' },
    { subtotal: '100001.00' },
    { impuestos: '19001.00' },
    { total: '119001.00' },
    { total_cents: 11_900_100 },
    { moneda: 'USD' },
    { items_text: 'Pan blanco' },
    { document_json: '{"id":42,"x":1}' },
    { submission_id: 8 },
  ];
  it.each(changes)('writes a document whose stored field differs: %o', async (change) => {
    await mirror.upsert(row);
    expect(await mirror.upsert({ ...row, ...change, synced_at: later })).toBe(true);
    expect(stored()).toMatchObject({ ...row, ...change, synced_at: later });
    expect(updates()).toBe(1);
    expect(ftsIntact).not.toThrow();
  });

  it('the search index follows a changed counterpart', async () => {
    await mirror.upsert(row);
    await mirror.upsert({ ...row, counterpart_name: 'Distribuidora Andina', synced_at: later });
    expect((await searchHistory(store.db, 1, { q: 'espiga' })).total).toBe(0);
    expect((await searchHistory(store.db, 1, { q: 'andina' })).items.map((d) => d.remote_id)).toEqual([42]);
  });
});
