// History sync against the real sandbox: the FE list page by page into the local mirror, every DSE
// the app created, progress events, and a failure part-way that keeps what was synced and resumes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteEngine } from '#core/store/engine';
import { HistoryQueries } from '#core/history/query';
import type { EventPayload } from '#shared/rpc/events';
import { testBed, type TestBed } from '#test/core/sandbox';
import { dse, MAGIC } from '#test/requests/outcomes';
import { searchHistory } from '#test/history-search';

const FE_DOCUMENTS = 230;
let bed: TestBed;
beforeAll(async () => {
  bed = await testBed({ feDocuments: FE_DOCUMENTS });
});
afterAll(async () => {
  await bed?.close();
});

/** A fetch that records each FE list page asked for, and fails on the pages given. */
function recordingFetch(failOnPages: number[] = []) {
  const pages: number[] = [];
  const details: string[] = [];
  const wrapped: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input));
    if (url.pathname.endsWith('/fe/docs')) {
      const page = Number(url.searchParams.get('page'));
      pages.push(page);
      if (failOnPages.includes(page)) throw new TypeError('fetch failed');
    } else if (/\/fe\/docs\/\d+$/.test(url.pathname)) {
      details.push(url.pathname);
    }
    return fetch(input, init);
  };
  return { fetch: wrapped, pages, details };
}

/** A fetch whose FE list answers show the document given with another DIAN state (changed on the API). */
function changingFetch(remoteId: number, estado: string): typeof globalThis.fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (!new URL(String(input)).pathname.endsWith('/fe/docs')) return response;
    const body = (await response.json()) as { docs: { id: number; estado_dian: string }[] };
    for (const doc of body.docs) if (doc.id === remoteId) doc.estado_dian = estado;
    return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
  };
}

describe('history sync', () => {
  it('mirrors every FE document with progress, searchable offline', async () => {
    const recorder = recordingFetch();
    const core = await bed.core({ fetch: recorder.fetch });
    const progress: EventPayload<'sync.progress'>[] = [];
    core.events.subscribe((event, payload) => {
      if (event === 'sync.progress') progress.push(payload as EventPayload<'sync.progress'>);
    });
    const summary = await core.parts.history.sync();
    expect(summary).toMatchObject({ fe_documents: FE_DOCUMENTS, fe_pages: 3, total_documents: FE_DOCUMENTS });
    expect(recorder.pages).toEqual([1, 2, 3]);
    expect(recorder.details).toEqual([]);
    expect(progress.map((p) => p.phase)).toEqual(['started', 'page', 'page', 'page', 'done']);
    expect(progress.filter((p) => p.phase === 'page').map((p) => p.done)).toEqual([100, 200, 230]);

    const connection = core.parts.connections.requireActive().id;
    const panaderia = await searchHistory(core.parts.store!.db, connection, { q: 'panaderia' });
    expect(panaderia.total).toBe(FE_DOCUMENTS / 2);
    const one = await searchHistory(core.parts.store!.db, connection, { q: 'SETP990000007' });
    expect(one.items.map((d) => d.remote_id)).toEqual([7]);
    expect((await searchHistory(core.parts.store!.db, connection, { q: 'tornillos', limit: 5 })).items).toHaveLength(5);
  });

  it('a failure part-way keeps the pages already synced and the next sync resumes there', async () => {
    const failing = recordingFetch([2]);
    const core = await bed.core({ fetch: failing.fetch });
    const failures: string[] = [];
    core.events.subscribe((event, payload) => {
      if (event === 'sync.progress' && (payload as { phase: string }).phase === 'failed') failures.push('failed');
    });
    await expect(core.parts.history.sync()).rejects.toMatchObject({ code: 'api_unreachable' });
    expect(failures).toEqual(['failed']);
    expect(await core.parts.history.status()).toMatchObject({ documents: 100, next_page: 2, finished_at: null });
    expect((await core.parts.history.status()).last_error).toContain('conectar');

    const healthy = recordingFetch();
    await core.close(); // a restart: one process at a time holds the data folder
    const again = await bed.core({ home: core.parts.home, fetch: healthy.fetch });
    const summary = await again.parts.history.sync();
    expect(healthy.pages).toEqual([2, 3]);
    expect(summary.total_documents).toBe(FE_DOCUMENTS);
    expect(await again.parts.history.status()).toMatchObject({ documents: FE_DOCUMENTS, next_page: 1, last_error: null });
  });

  it('mirrors every DSE this app created, with the supplier from the ledger', async () => {
    const core = await bed.core();
    const submission = await core.parts.submissions.submitDse(dse(MAGIC.accept, 'para historial'));
    const summary = await core.parts.history.sync();
    expect(summary.dse_documents).toBe(1);
    const connection = core.parts.connections.requireActive().id;
    const found = await searchHistory(core.parts.store!.db, connection, { kind: 'DSE' });
    expect(found.items).toEqual([
      expect.objectContaining({
        remote_id: submission.document_id,
        submission_id: submission.id,
        counterpart_name: `Proveedor ${MAGIC.accept}`,
        estado_dian: 'aceptado',
        tipo_dian: '05',
      }),
    ]);
    expect((await searchHistory(core.parts.store!.db, connection, { q: 'historial' })).total).toBe(1);
    expect((await core.parts.history.sync()).dse_documents).toBe(0);
  });

  it('a second sync of unchanged documents writes nothing, and a document changed on the API is written', async () => {
    let now = Date.now();
    const clock = () => new Date(now);
    const core = await bed.core({ clock });
    const db = core.parts.store!.db;
    const connection = core.parts.connections.requireActive().id;
    const first = await core.parts.history.sync();
    const snapshot = () => db.prepare('SELECT * FROM history_documents ORDER BY id').all();
    const before = snapshot();
    // Every UPDATE of a mirrored row, as the FTS trigger (0009) would see it.
    db.exec('CREATE TEMP TABLE updated_rows (id INTEGER NOT NULL)');
    db.exec(
      'CREATE TEMP TRIGGER log_history_update AFTER UPDATE ON main.history_documents BEGIN INSERT INTO updated_rows VALUES (new.id); END',
    );
    const updatedRows = () => db.prepare<[], number>('SELECT id FROM updated_rows ORDER BY id').pluck().all();
    const ftsIntact = () => db.prepare("INSERT INTO history_search (history_search, rank) VALUES ('integrity-check', 1)").run();
    now += 60_000; // a later clock: synced_at would differ if rewritten

    const second = await core.parts.history.sync();
    expect(second).toMatchObject({ fe_documents: FE_DOCUMENTS, fe_pages: 3, dse_documents: 0, total_documents: FE_DOCUMENTS });
    expect(second.fe_documents).toBe(first.fe_documents);
    expect(updatedRows()).toEqual([]);
    expect(snapshot()).toEqual(before); // synced_at included: it marks the last write of the row's content
    expect(ftsIntact).not.toThrow();

    await core.close(); // a restart: one process at a time holds the data folder
    const changed = await bed.core({ home: core.parts.home, fetch: changingFetch(7, 'rechazado'), clock });
    const changedDb = changed.parts.store!.db;
    changedDb.exec('CREATE TEMP TABLE updated_rows (id INTEGER NOT NULL)');
    changedDb.exec(
      'CREATE TEMP TRIGGER log_history_update AFTER UPDATE ON main.history_documents BEGIN INSERT INTO updated_rows VALUES (new.id); END',
    );
    const third = await changed.parts.history.sync();
    expect(third).toMatchObject({ fe_documents: FE_DOCUMENTS, total_documents: FE_DOCUMENTS });
    const row = changedDb
      .prepare<[number], { id: number; estado_dian: string; synced_at: string; document_json: string }>(
        "SELECT id, estado_dian, synced_at, document_json FROM history_documents WHERE connection_id = ? AND kind = 'FE' AND remote_id = 7",
      )
      .get(connection)!;
    expect(changedDb.prepare<[], number>('SELECT id FROM updated_rows').pluck().all()).toEqual([row.id]);
    expect(row.estado_dian).toBe('rechazado');
    expect(JSON.parse(row.document_json)).toMatchObject({ id: 7, estado_dian: 'rechazado' });
    const old = (before as { id: number; synced_at: string }[]).find((r) => r.id === row.id)!;
    expect(row.synced_at > old.synced_at).toBe(true);
    // The search index follows the change: its state facet finds the document under its new state.
    const rejected = await new HistoryQueries(sqliteEngine(changedDb)).page(connection, { state: 'rechazado' }, 0, 50);
    expect(rejected.items.map((d) => d.remote_id)).toEqual([7]);
    expect(() =>
      changedDb.prepare("INSERT INTO history_search (history_search, rank) VALUES ('integrity-check', 1)").run(),
    ).not.toThrow();
  });
});
