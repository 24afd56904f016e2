// Migration 0033: on PostgreSQL, the Historial's words in GIN indexes of their own, built over the
// documents already there; the search finds them through those indexes with the same results.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { HistoryQueries, POSTGRES_TEXT } from '#core/history/query';
import { openPostgres, type Engine } from '#core/store/engine';
import { migrations } from '#core/store/migrations/index';
import { acceptedDocument } from '#test/history-rows';
import { testDatabase } from '#test/test-database';

const CUSTOMERS = ['José Peña Ramírez', 'Panadería La Espiga S.A.S.', 'Großhandel Straße', 'Ana Gómez'];

async function addDocuments(engine: Engine): Promise<void> {
  await engine.db
    .insertInto('history_documents')
    .values(CUSTOMERS.map((name, i) => acceptedDocument(i, name, i % 2 === 0 ? 'Pan tajado' : 'Café molido')))
    .execute();
}

describe('migration 0033 (history words on PostgreSQL)', () => {
  it('indexes the documents already there, and the search finds them through it', async () => {
    const url = await testDatabase();
    const before = await openPostgres({ url, migrations: migrations.slice(0, 32) });
    try {
      await addDocuments(before);
    } finally {
      await before.close();
    }
    const engine = await openPostgres({ url, migrations });
    try {
      expect(engine.schemaVersion).toBe(migrations.at(-1)!.version);
      const queries = new HistoryQueries(engine);
      const remotes = async (q: string) => (await queries.page(1, { q }, 0, 50)).items.map((row) => row.remote_id);
      expect(await remotes('pena')).toEqual([1]);
      expect(await remotes('pan')).toEqual([3, 2, 1]);
      expect(await remotes('straße')).toEqual([3]);
      expect(await remotes('c0ffee1')).toEqual([2]);
      expect(await remotes('ffee')).toEqual([]);
      const plan = await engine.transaction(async (trx) => {
        await sql`SET LOCAL enable_seqscan = off`.execute(trx);
        const { rows } = await sql<{ 'QUERY PLAN': string }>`EXPLAIN (COSTS OFF)
          SELECT h.id FROM history_documents h WHERE ${POSTGRES_TEXT} @@ ${"'pena':*"}::tsquery`.execute(trx);
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      });
      expect(plan).toContain('history_words_text');
    } finally {
      await engine.close();
    }
  });
});
