// History search over 100,000 documents on PostgreSQL (migration 0033's word indexes), reported
// apart from SQLite's (history-search.ts): the same documents, copied from the shared history home
// into a database of a server this scenario starts (the embedded binaries the tests use), and the
// same searches, through HistoryQueries.page as 'history.list' answers them (first page of 50 with
// the total), in wall time.
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { join } from 'node:path';
import { DATABASE_FILE } from '#core/core';
import { HistoryQueries } from '#core/history/query';
import { openPostgres } from '#core/store/engine';
import { migrations } from '#core/store/migrations/index';
import type { HistoryDocumentsTable } from '#core/store/schema';
import { startPostgres } from '#test/postgres';
import { summarise, timeEach, type Figure } from '../lib/figure';
import type { Scenario } from '../lib/scenario';
import { searches } from './history-search';

/** Rows per INSERT while copying the history (well under PostgreSQL's 65,535 parameters). */
const COPY_BATCH = 1_000;

export const historySearchPostgresScenario: Scenario = {
  id: 'history-search-postgres',
  title: 'history search over 100,000 documents on PostgreSQL (p50/p95)',
  async run(ctx) {
    const history = await ctx.historyHome();
    const server = await startPostgres();
    const engine = await openPostgres({ url: await server.createDatabase(), migrations });
    const sqlite = new Database(join(history.home, DATABASE_FILE), { readonly: true });
    try {
      const rows = sqlite.prepare('SELECT * FROM history_documents ORDER BY id').all() as (HistoryDocumentsTable & {
        id: number;
      })[];
      for (let at = 0; at < rows.length; at += COPY_BATCH) {
        await engine.db
          .insertInto('history_documents')
          .values(rows.slice(at, at + COPY_BATCH))
          .execute();
      }
      await sql`ANALYZE history_documents`.execute(engine.db);
      ctx.log(`copied ${rows.length} documents to PostgreSQL`);
      const queries = searches(history, 60);
      const historyQueries = new HistoryQueries(engine);
      const list = (i: number) => historyQueries.page(history.connectionId, queries[i]!, 0, 50);
      for (let i = 0; i < queries.length; i += 1) await list(i); // warm-up: plans and pages cached
      const p50s: number[] = [];
      const p95s: number[] = [];
      for (let run = 0; run < ctx.runs; run += 1) {
        const { median, p95 } = summarise(await timeEach(queries.length, list));
        p50s.push(median);
        p95s.push(p95);
      }
      const figures: Figure[] = [
        {
          name: 'history search 100k on PostgreSQL, first page',
          unit: 'ms',
          runs: p50s,
          note: `${queries.length} searches per run (the SQLite scenario's), HistoryQueries.page over a pool on loopback; wall time`,
        },
        {
          name: 'history search 100k on PostgreSQL, first page (p95)',
          unit: 'ms',
          runs: p95s,
          target: { on: 'median', op: '<=', value: 20 },
          note:
            'each search is one statement (in a transaction that turns parallel workers off for it): the words found as prefixes in the GIN index of the folded words, with the kind, state and connection as facet lexemes of the same index (migration 0040), so the index gives the filtered set (no row checked again; pending lists bounded to 64 kB by 0038), the count and the first page by date from the matches; ' +
            'what bounds it: every match of the words and filters is read from the table for its date (the exact total and the order need them all; PostgreSQL 18 reads the heap even for a bitmap count), on rows of about 1.3 kB, so «Arroz» with kind FE, 8,000 matches, visits about 8,000 table pages',
        },
      ];
      return figures;
    } finally {
      sqlite.close();
      await engine.close();
      await server.stop();
    }
  },
};
