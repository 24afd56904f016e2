// Migration 0010: the Historial filtered by kind and state without words reads one index range, in
// date order, instead of the row of every document of that kind.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { HistoryQueries, ROW_COLUMNS } from '#core/history/query';
import { sqliteEngine } from '#core/store/engine';
import { migrations } from '#core/store/migrations/index';
import { Store } from '#core/store/store';
import type { HistoryFilter } from '#shared/rpc/methods/history';
import { generateHistory } from '#test/history-generator';
import { tempDir } from '#test/temp';

let dir: ReturnType<typeof tempDir>;
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => dir.remove());

describe('migration 0010 (history by kind and state)', () => {
  it('answers a kind and state filter from one index range already in date order, with the same rows', async () => {
    const store = Store.open(join(dir.path, 'db.sqlite'), { migrations: migrations.slice(0, 10) });
    const { docs } = generateHistory(store.db, { connectionId: 1, count: 2_000, seed: 41 });
    const engine = sqliteEngine(store.db);
    const queries = new HistoryQueries(engine);
    for (const filter of [
      { kind: 'FE', state: 'aceptado' },
      { kind: 'DSE', state: 'rechazado' },
    ] satisfies HistoryFilter[]) {
      const where = queries.plain(1, filter);
      const plan = (query: ReturnType<typeof sql>) => {
        const compiled = query.compile(engine.db);
        return store.db
          .prepare<unknown[], { detail: string }>(`EXPLAIN QUERY PLAN ${compiled.sql}`)
          .all(...compiled.parameters)
          .map((row) => row.detail)
          .join(' | ');
      };
      expect(plan(sql`SELECT count(*) FROM history_documents h WHERE ${where}`)).toContain(
        'COVERING INDEX history_by_kind_state',
      );
      const pagePlan = plan(
        sql`SELECT ${sql.raw(ROW_COLUMNS)} FROM history_documents h WHERE ${where} ORDER BY h.issue_date DESC, h.id DESC LIMIT 50`,
      );
      // «Aceptado» is two stored states (plain, and with notices): two ranges of the index, so the page
      // may walk the date index instead; a single state is one range already in date order.
      if (filter.state !== 'aceptado') expect(pagePlan).toContain('history_by_kind_state');
      expect(pagePlan).not.toContain('TEMP B-TREE');

      const states = filter.state === 'aceptado' ? ['aceptado', 'aceptado_con_notificaciones'] : [filter.state];
      const expected = docs
        .filter((d) => d.kind === filter.kind && states.includes(d.estado_dian))
        .sort((a, b) => (a.issue_date === b.issue_date ? b.id - a.id : a.issue_date < b.issue_date ? 1 : -1));
      const page = await queries.page(1, filter, 0, 50);
      expect(page.total).toBe(expected.length);
      expect(page.items.map((item) => item.id)).toEqual(expected.slice(0, 50).map((d) => d.id));
    }
    store.close();
  });
});
