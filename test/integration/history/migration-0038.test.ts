// Migration 0038: on PostgreSQL, the search indexes' pending lists bounded to 64 kB, and the rows
// already waiting in them merged into the indexes; the product search and the Historial's search
// find the same rows before and after.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { Catalog } from '#core/catalog/catalog';
import { HistoryQueries } from '#core/history/query';
import { openPostgres, type Engine } from '#core/store/engine';
import { migrations } from '#core/store/migrations/index';
import { SEARCH_INDEXES, SEARCH_PENDING_LIST_KB } from '#core/store/migrations/0038_search_pending_lists';
import { acceptedDocument } from '#test/history-rows';
import { testDatabase } from '#test/test-database';

async function addDocuments(engine: Engine): Promise<void> {
  await engine.db
    .insertInto('history_documents')
    .values(
      ['José Peña Ramírez', 'Panadería La Espiga S.A.S.', 'Ana Gómez'].map((name, i) =>
        acceptedDocument(i, name, i % 2 === 0 ? 'Pan tajado' : 'Café molido'),
      ),
    )
    .execute();
}

async function addProducts(engine: Engine): Promise<void> {
  const catalog = new Catalog(engine, () => new Date('2026-11-06T12:00:00.000Z'));
  await engine.transaction((trx) =>
    catalog.createMany(
      trx,
      1,
      ['Arroz Diana 500 g', 'Aceite Premier 1 l', 'Arepa de maíz'].map((description, i) => ({
        code: `P${i}`,
        barcodes: [`770000000000${i}`],
        description,
        unit_price: '1000',
        price_includes_tax: true,
        tax_rate: '19' as const,
        unit: 'unidad',
        unspsc: null,
      })),
    ),
  );
}

/**
 * Each search index's storage options and the entries waiting in its pending list (pgstattuple, a
 * contrib extension shipped with PostgreSQL, made in the test's own database only).
 */
async function pendingLists(engine: Engine): Promise<Record<string, { options: string[]; pending: number }>> {
  await sql`CREATE EXTENSION IF NOT EXISTS pgstattuple`.execute(engine.db);
  const { rows } = await sql<{ name: string; options: string[] | null; pending: string }>`
    SELECT c.relname AS name, c.reloptions AS options, (pgstatginindex(c.oid)).pending_tuples AS pending
    FROM pg_class c WHERE c.relname IN (${sql.join(SEARCH_INDEXES)})`.execute(engine.db);
  return Object.fromEntries(rows.map((row) => [row.name, { options: row.options ?? [], pending: Number(row.pending) }]));
}

describe('migration 0038 (search pending lists on PostgreSQL)', () => {
  it('bounds every search index pending list and keeps what the searches find', async () => {
    const url = await testDatabase();
    const before = await openPostgres({ url, migrations: migrations.filter((m) => m.version < 38) });
    let found: { products: string[] };
    try {
      await addDocuments(before);
      await addProducts(before);
      found = { products: (await new Catalog(before, () => new Date()).search(1, { q: 'ar' })).items.map((p) => p.code) };
      expect(found.products).toEqual(['P2', 'P0']);
      // Written since the indexes were made: still in the pending lists (4 MB by default).
      const lists = await pendingLists(before);
      expect(lists.catalog_search_words_trgm!.pending).toBeGreaterThan(0);
      expect(lists.history_words_text!.pending).toBeGreaterThan(0);
    } finally {
      await before.close();
    }
    const engine = await openPostgres({ url, migrations: migrations.filter((m) => m.version <= 38) });
    try {
      const lists = await pendingLists(engine);
      expect(Object.keys(lists).sort()).toEqual([...SEARCH_INDEXES].sort());
      for (const list of Object.values(lists)) {
        expect(list.options).toEqual(['fastupdate=on', `gin_pending_list_limit=${SEARCH_PENDING_LIST_KB}`]);
        expect(list.pending).toBe(0);
      }
      expect((await new Catalog(engine, () => new Date()).search(1, { q: 'ar' })).items.map((p) => p.code)).toEqual(
        found.products,
      );
    } finally {
      await engine.close();
    }
    // The Historial's search as query.ts writes it needs the word index as migration 0040 made it
    // again (with its facets), which keeps the bounded list.
    const latest = await openPostgres({ url, migrations });
    try {
      expect((await pendingLists(latest)).history_words_text).toEqual({
        options: ['fastupdate=on', `gin_pending_list_limit=${SEARCH_PENDING_LIST_KB}`],
        pending: 0,
      });
      expect((await new HistoryQueries(latest).page(1, { q: 'pan' }, 0, 50)).items.map((row) => row.remote_id)).toEqual([
        3, 2, 1,
      ]);
    } finally {
      await latest.close();
    }
  });
});
