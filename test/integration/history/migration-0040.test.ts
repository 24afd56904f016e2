// Migration 0040: on PostgreSQL, the Historial's word index made again with each document's facets
// (connection, kind, DIAN state), over the documents already there; a search with filters narrows
// inside the index, finds the same rows, and follows a document's state when it changes.
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { describe, expect, it } from 'vitest';
import { HistoryMirror } from '#core/history/mirror';
import { HistoryQueries, POSTGRES_TEXT } from '#core/history/query';
import { openPostgres, type Engine } from '#core/store/engine';
import { migrations } from '#core/store/migrations/index';
import { SEARCH_PENDING_LIST_KB } from '#core/store/migrations/0038_search_pending_lists';
import type { HistoryFilter } from '#shared/rpc/methods/history';
import { acceptedDocument } from '#test/history-rows';
import { testDatabase } from '#test/test-database';

/** Four documents with «arroz»: accepted FE, rejected FE, a DSE on its way, another connection's FE. */
const DOCUMENTS = [
  acceptedDocument(0, 'José Peña', 'Arroz blanco'),
  { ...acceptedDocument(1, 'Ana Gómez', 'Arroz integral'), estado_dian: 'rechazado' },
  { ...acceptedDocument(2, 'Molinos Roa', 'Arroz parbolizado'), kind: 'DSE' as const, estado_dian: 'en_proceso' },
  { ...acceptedDocument(3, 'Tienda Otra', 'Arroz'), connection_id: 2 },
];

async function plan(engine: Engine, where: RawBuilder<SqlBool>): Promise<string> {
  return engine.transaction(async (trx) => {
    await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    const { rows } = await sql<{ 'QUERY PLAN': string }>`EXPLAIN (COSTS OFF)
      SELECT h.id FROM history_documents h WHERE ${where}`.execute(trx);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

describe('migration 0040 (history search facets on PostgreSQL)', () => {
  it('indexes the facets of the documents already there, and the filters narrow inside the index', async () => {
    const url = await testDatabase();
    const before = await openPostgres({ url, migrations: migrations.filter((m) => m.version < 40) });
    try {
      await before.db.insertInto('history_documents').values(DOCUMENTS).execute();
    } finally {
      await before.close();
    }
    const engine = await openPostgres({ url, migrations });
    try {
      expect(engine.schemaVersion).toBe(40);
      const queries = new HistoryQueries(engine);
      const remotes = async (filter: HistoryFilter) => {
        const page = await queries.page(1, { q: 'arroz', ...filter }, 0, 50);
        return { total: page.total, remotes: page.items.map((row) => row.remote_id) };
      };
      expect(await remotes({})).toEqual({ total: 3, remotes: [3, 2, 1] });
      expect(await remotes({ kind: 'FE' })).toEqual({ total: 2, remotes: [2, 1] });
      expect(await remotes({ kind: 'DSE', state: 'en_curso' })).toEqual({ total: 1, remotes: [3] });
      expect(await remotes({ state: 'aceptado' })).toEqual({ total: 1, remotes: [1] });
      expect(await remotes({ state: 'pendiente' })).toEqual({ total: 1, remotes: [3] });
      expect(await remotes({ state: 'rechazado', kind: 'FE' })).toEqual({ total: 1, remotes: [2] });

      // The kind, the state and the connection join the words' query, as lexemes of their own, and
      // that query is answered by the index (over four rows the planner would rather read a B-tree).
      const filtered = await plan(engine, queries.plain(1, { q: 'arroz', kind: 'DSE', state: 'pendiente' }));
      expect(filtered).toContain(
        "@@ '''arroz'':* & ''~c1'' & ''~kdse'' & !( ''~saceptado'' | ''~saceptado_con_notificaciones'' | ''~srechazado'' )'::tsquery",
      );
      expect(await plan(engine, sql<SqlBool>`${POSTGRES_TEXT} @@ ${"'arroz':* & '~kdse'"}::tsquery`)).toContain(
        'Bitmap Index Scan on history_words_text',
      );

      // The index keeps its bounded pending list (0038).
      const { rows } = await sql<{ options: string[] }>`SELECT reloptions AS options FROM pg_class
        WHERE relname = 'history_words_text'`.execute(engine.db);
      expect(rows[0]!.options).toEqual(['fastupdate=on', `gin_pending_list_limit=${SEARCH_PENDING_LIST_KB}`]);

      // A state changed by the mirror's upsert (every writer of the history goes through it) moves
      // the document between the filters: the index is over the row's own columns.
      const mirror = new HistoryMirror(engine);
      expect(await mirror.upsert({ ...DOCUMENTS[2]!, kind: 'DSE', estado_dian: 'aceptado', submission_id: null })).toBe(true);
      expect(await remotes({ state: 'aceptado' })).toEqual({ total: 2, remotes: [3, 1] });
      expect(await remotes({ state: 'pendiente' })).toEqual({ total: 0, remotes: [] });
      const { rows: indexed } = await engine.transaction(async (trx) => {
        await sql`SET LOCAL enable_seqscan = off`.execute(trx);
        return sql<{ remote_id: number }>`SELECT h.remote_id FROM history_documents h
          WHERE ${POSTGRES_TEXT} @@ ${"'arroz':* & '~saceptado' & '~kdse'"}::tsquery`.execute(trx);
      });
      expect(indexed.map((row) => Number(row.remote_id))).toEqual([3]);
    } finally {
      await engine.close();
    }
  });
});
