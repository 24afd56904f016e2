// History search over 100,000 documents, measured in core: the Historial's own call ('history.list':
// free text, kind and state filters, first page of 50 with the total), through the RPC dispatcher,
// in wall time and in CPU time (the machine is shared), with the slowest searches named in the note.
// Then the same searches as a full scan (LIKE '%word%' over the same five fields), for the ratio.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { DATABASE_FILE } from '#core/core';
import { rpcContract } from '#shared/rpc/contract';
import type { HistoryPage } from '#shared/rpc/methods/history';
import { openCore, call } from '../lib/core';
import { seededRandom } from '../generator';
import { summarise, timeEach, type Figure } from '../lib/figure';
import { median } from '../lib/stats';
import { Skip, type HistoryHome, type Scenario } from '../lib/scenario';

interface Search {
  q: string;
  kind?: 'FE' | 'DSE';
  state?: 'aceptado' | 'rechazado' | 'pendiente';
}

/** Queries a user types: a surname, a business word, a product word, a full number, a NIT prefix, two words. */
export function searches(history: HistoryHome, count: number): Search[] {
  const random = seededRandom(8);
  const doc = () => history.docs[Math.floor(random() * history.docs.length)]!;
  const word = (text: string) => {
    const words = text.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 4);
    return words[Math.floor(random() * words.length)] ?? text;
  };
  const kinds = [undefined, 'FE', 'DSE'] as const;
  const states = [undefined, 'aceptado', 'pendiente', 'rechazado'] as const;
  const out: Search[] = [];
  for (let i = 0; i < count; i += 1) {
    const d = doc();
    const text = [
      () => word(d.counterpart_name),
      () => word(d.items_text).slice(0, 5),
      () => d.number,
      () => d.counterpart_doc.slice(0, 6),
      () => `${word(d.counterpart_name)} ${word(d.items_text)}`,
      () => d.fiscal_key.slice(0, 12),
    ][i % 6]!();
    const kind = kinds[Math.floor(random() * kinds.length)];
    const state = states[Math.floor(random() * states.length)];
    out.push({ q: text, ...(kind ? { kind } : {}), ...(state ? { state } : {}) });
  }
  return out;
}

/** The same search as a scan: every word must appear (LIKE) in one of the five indexed fields. */
function scanQuery(db: Database.Database, connectionId: number, search: Search): () => void {
  const words = search.q.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const where = ['connection_id = @connection'];
  const params: Record<string, unknown> = { connection: connectionId };
  words.forEach((w, i) => {
    where.push(
      `(number LIKE @w${i} OR fiscal_key LIKE @w${i} OR counterpart_name LIKE @w${i} OR counterpart_doc LIKE @w${i} OR items_text LIKE @w${i})`,
    );
    params[`w${i}`] = `%${w}%`;
  });
  if (search.kind) {
    where.push('kind = @kind');
    params.kind = search.kind;
  }
  if (search.state === 'pendiente') where.push("estado_dian NOT IN ('aceptado', 'rechazado')");
  else if (search.state) {
    where.push('estado_dian = @state');
    params.state = search.state;
  }
  const clause = where.join(' AND ');
  const count = db.prepare(`SELECT count(*) AS n FROM history_documents WHERE ${clause}`);
  const page = db.prepare(
    `SELECT id, number, issue_date, counterpart_name, total FROM history_documents WHERE ${clause} ORDER BY issue_date DESC, id DESC LIMIT 50`,
  );
  return () => {
    count.get(params);
    page.all(params);
  };
}

/** The slowest searches of a run set: the median of each search's runs, slowest first. */
function slowest(queries: readonly Search[], perRun: readonly number[][], totals: readonly number[], count: number): string {
  return queries
    .map((search, i) => ({ search, ms: median(perRun.map((run) => run[i]!)), total: totals[i]! }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count)
    .map(({ search, ms, total }) => `${JSON.stringify(search)} ${total.toLocaleString('en-US')} matches ${ms.toFixed(1)} ms`)
    .join('; ');
}

export const historySearchScenario: Scenario = {
  id: 'history-search',
  title: 'history search over 100,000 documents in core (p50/p95) and the LIKE full-scan ratio',
  async run(ctx) {
    if (!Object.hasOwn(rpcContract, 'history.list'))
      throw new Skip("the Historial's 'history.list' method is not in the RPC contract yet");
    const history = await ctx.historyHome();
    const core = openCore(history.home);
    const queries = searches(history, 60);
    const list = (s: Search) => call<HistoryPage>(core, 'history.list', { filter: s, offset: 0, limit: 50 });
    const db = new Database(join(history.home, DATABASE_FILE), { readonly: true });
    const scans = queries.slice(0, 12).map((s) => scanQuery(db, history.connectionId, s));
    try {
      const totals: number[] = [];
      for (const query of queries) totals.push((await list(query)).total); // warm-up: statements prepared, pages cached
      const p50s: number[] = [];
      const p95s: number[] = [];
      const cpuP50s: number[] = [];
      const cpuP95s: number[] = [];
      const ratios: number[] = [];
      const perRun: number[][] = [];
      for (let run = 0; run < ctx.runs; run += 1) {
        const cpu: number[] = [];
        const wall = await timeEach(queries.length, async (i) => {
          const before = process.cpuUsage();
          await list(queries[i]!);
          const used = process.cpuUsage(before);
          cpu.push((used.user + used.system) / 1000);
        });
        const sameIndexed = summarise(await timeEach(scans.length, (i) => list(queries[i]!)));
        const scanned = summarise(await timeEach(scans.length, (i) => scans[i]!()));
        const indexed = summarise(wall);
        const cpuSummary = summarise(cpu);
        perRun.push(wall);
        p50s.push(indexed.median);
        p95s.push(indexed.p95);
        cpuP50s.push(cpuSummary.median);
        cpuP95s.push(cpuSummary.p95);
        ratios.push(scanned.median / sameIndexed.median);
      }
      const bound =
        'each search is one FTS5 query (words, kind and state as facet tokens) read once into a temporary table, then a page by date; ' +
        'its cost grows with the number of documents the words match, not with the size of the history';
      const figures: Figure[] = [
        {
          name: 'history search 100k, first page',
          unit: 'ms',
          runs: p50s,
          target: { on: 'median', op: '<=', value: 5 },
          note: `${queries.length} searches per run (words, with or without kind and state), history.list through the RPC dispatcher; wall time, which on a shared machine includes waiting for a core (see the CPU row)`,
        },
        {
          name: 'history search 100k, first page (p95)',
          unit: 'ms',
          runs: p95s,
          target: { on: 'median', op: '<=', value: 20 },
          note: `${bound}; slowest: ${slowest(queries, perRun, totals, 3)}`,
        },
        {
          name: 'history search 100k, CPU per search',
          unit: 'ms',
          runs: cpuP50s,
          p95s: cpuP95s,
          note: 'CPU time of the core process per search (process.cpuUsage): what the search costs when the machine is not shared',
        },
        {
          name: 'history search, LIKE scan / FTS index',
          unit: 'x',
          runs: ratios,
          note: "same 12 searches, count and first page each; the scan tests LIKE '%word%' on the five text fields",
        },
      ];
      return figures;
    } finally {
      db.close();
      await core.close();
    }
  },
};
