// Resident memory of the core host with 100,000 documents in history. The host is the web host of
// `npm run web` (src/main/web.ts: createCore, its background work, the web bridge) as its own process
// on a copy of the generated home, driven over the bridge as the browser drives it, its RSS read from
// /proc (VmRSS now, VmHWM the peak, reset before each step so that each step's own peak is read):
//   start -> Historial pages (filters, scrolling) and details -> a sync pass over the whole
//   history -> the CSV export of the whole history -> idle.
// Measured on the host bundled to one module and run by plain Node, as the desktop app's main
// process runs core (electron-vite bundles it); the same host under tsx (what `npm run web` runs)
// is measured after start, for the loader's share.
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DATABASE_FILE } from '#core/core';
import {
  HISTORY_CSV_CHUNK_ROWS,
  type HistoryCsvChunk,
  type HistoryCsvCursor,
  type HistoryFilter,
} from '#shared/rpc/methods/history';
import type { Figure } from '../lib/figure';
import { startHistoryApi, type HistoryApi } from '../lib/history-api';
import { processMemory, resetPeak } from '../lib/process-memory';
import type { BenchContext, HistoryHome, Scenario } from '../lib/scenario';
import { bundleWebHost, startWebHost, type WebHostChild } from '../lib/web-host';

const TARGET_MB = 200;
const PAGE = 100; // the Historial's page (src/renderer/features/history/useHistoryPages.ts)
const IDLE_MS = 15_000;
const MB = 1024 * 1024;

/** What the Historial asks for while a user browses: several filters, each scrolled ten pages. */
const BROWSING: HistoryFilter[] = [
  {},
  { kind: 'FE' },
  { state: 'pendiente' },
  { q: 'Gómez' },
  { q: 'Panadería', kind: 'DSE', state: 'aceptado' },
  { counterpart: 'Distribuidora', from: '2025-01-01', to: '2025-12-31' },
];

interface RunFigures {
  start: number;
  browsing: number;
  peakBeforeCsv: number;
  syncSeconds: number;
  syncRequests: string;
  csvPeak: number;
  csvSeconds: number;
  csvBytes: number;
  csvChunks: number;
  csvLargestChunk: number;
  idle: number;
  /** RSS and V8 heap in use after a forced full GC at the end (no GC is forced before: the steps' peaks are as they come) */
  endCollected: number;
  endHeapUsed: number;
  /** what the host holds before the CSV export (the end of the sync pass) */
  beforeCsv: number;
  tsxStart: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The whole export as the Historial's button asks for it (ExportCsvButton.tsx): chunk after chunk
 * until `next` is null. Only sizes are kept here: the figure is the host's.
 */
async function exportCsv(
  host: WebHostChild,
  filter: HistoryFilter,
): Promise<{ rows: number; bytes: number; chunks: number; largest: number }> {
  let after: HistoryCsvCursor | null = null;
  const sizes = { rows: 0, bytes: 0, chunks: 0, largest: 0 };
  do {
    const reply: { output: HistoryCsvChunk; bytes: number } = await host.rpc<HistoryCsvChunk>(
      'history.exportCsv',
      after ? { filter, after } : { filter },
    );
    sizes.rows += reply.output.rows;
    sizes.bytes += reply.bytes;
    sizes.chunks += 1;
    sizes.largest = Math.max(sizes.largest, reply.bytes);
    after = reply.output.next;
  } while (after);
  return sizes;
}

/** A fresh copy of the shared (read-only) history home for one host. */
function copyHome(ctx: BenchContext, history: HistoryHome, name: string): string {
  const home = join(ctx.tmp, name);
  rmSync(home, { recursive: true, force: true });
  cpSync(history.home, home, { recursive: true });
  return home;
}

/** Started, answering, its background work begun: the "after start" state. */
async function started(home: string, options: { bundle?: string; gcProbe?: string } = {}): Promise<WebHostChild> {
  const host = await startWebHost(home, options);
  await host.rpc('app.info', {});
  await sleep(2_000);
  return host;
}

async function measuredRun(
  ctx: BenchContext,
  history: HistoryHome,
  api: HistoryApi,
  bundle: string,
  run: number,
): Promise<RunFigures> {
  const home = copyHome(ctx, history, `host-memory-${run}`);
  const host = await started(home, { bundle, gcProbe: join(ctx.tmp, `host-memory-gc-${run}.jsonl`) });
  try {
    const at = () => processMemory(host.pid);
    const start = at();
    resetPeak(host.pid);

    for (const filter of BROWSING) {
      for (let page = 0; page < 10; page += 1) await host.rpc('history.list', { filter, offset: page * PAGE, limit: PAGE });
    }
    await host.rpc('history.following', {});
    for (let id = 1; id <= history.docs.length; id += Math.floor(history.docs.length / 20))
      await host.rpc('history.detail', { id });
    const browsing = at();

    // A sync pass: the connection pointed at a server holding the same documents (nothing new).
    const served = { ...api.served };
    const syncFrom = performance.now();
    await host.rpc('connections.update', {
      id: history.connectionId,
      label: 'Historial',
      kind: 'sandbox',
      base_url: api.baseUrl,
      company_id: 101,
    });
    // The generated history has DSE submissions still open under its own token (a token change holds them).
    await host.rpc('connections.setToken', { id: history.connectionId, token: 'bench-history-token', replace_unresolved: true });
    await host.rpc('history.sync', {});
    const syncSeconds = (performance.now() - syncFrom) / 1000;
    const syncRequests = `${api.served.feList - served.feList} FE pages of 100 and ${api.served.dseGet - served.dseGet} DSE`;
    const sync = at();
    resetPeak(host.pid);

    const csvFrom = performance.now();
    const csv = await exportCsv(host, {});
    const csvSeconds = (performance.now() - csvFrom) / 1000;
    if (csv.rows !== history.docs.length) throw new Error(`CSV has ${csv.rows} rows, expected ${history.docs.length}`);
    const export_ = at();

    await sleep(IDLE_MS);
    const idle = at();
    const endHeap = await host.collectGarbage();
    await sleep(1_000);
    const endCollected = at();
    ctx.log(
      `run ${run + 1}: start ${start.rss.toFixed(0)} MB, browsing ${browsing.rss.toFixed(0)}, sync peak ${sync.peak.toFixed(0)} (${syncSeconds.toFixed(0)} s), ` +
        `CSV peak ${export_.peak.toFixed(0)} (${csvSeconds.toFixed(0)} s), idle ${idle.rss.toFixed(0)}, after a GC ${endCollected.rss.toFixed(0)} ` +
        `(heap in use ${(endHeap.heapUsed / MB).toFixed(0)})`,
    );
    await host.stop();

    // The same host under tsx, as `npm run web` runs it: the loader's share after start.
    const tsxHost = await started(home);
    const tsxStart = processMemory(tsxHost.pid).rss;
    await tsxHost.stop();
    return {
      start: start.rss,
      browsing: browsing.rss,
      peakBeforeCsv: Math.max(start.peak, sync.peak),
      syncSeconds,
      syncRequests,
      csvPeak: export_.peak,
      csvSeconds,
      csvBytes: csv.bytes,
      csvChunks: csv.chunks,
      csvLargestChunk: csv.largest,
      idle: idle.rss,
      endCollected: endCollected.rss,
      endHeapUsed: endHeap.heapUsed / MB,
      beforeCsv: sync.rss,
      tsxStart,
    };
  } finally {
    await host.stop();
    rmSync(home, { recursive: true, force: true });
  }
}

export const hostMemoryScenario: Scenario = {
  id: 'host-memory',
  title:
    'core host resident memory with 100,000 documents: start, Historial pages and details, a sync pass, CSV export of everything',
  async run(ctx) {
    const history = await ctx.historyHome();
    const bundle = await bundleWebHost(join(ctx.tmp, 'host-memory-build'));
    const api = await startHistoryApi(join(history.home, DATABASE_FILE), history.connectionId);
    try {
      // Warm-up: one start and stop each (the database in the OS page cache, tsx's compile cache
      // filled), and the V8 heap a started host holds after a full GC, to compare with the end.
      const warm = copyHome(ctx, history, 'host-memory-warm');
      const warmHost = await started(warm, { bundle, gcProbe: join(ctx.tmp, 'host-memory-gc-warm.jsonl') });
      const startHeapUsed = (await warmHost.collectGarbage()).heapUsed / MB;
      await warmHost.stop();
      await (await started(warm)).stop();
      rmSync(warm, { recursive: true, force: true });

      const runs: RunFigures[] = [];
      for (let run = 0; run < Math.min(ctx.runs, 3); run += 1) runs.push(await measuredRun(ctx, history, api, bundle, run));
      const pick = (key: Exclude<keyof RunFigures, 'syncRequests'>) => runs.map((r) => r[key]);
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
      const target = { on: 'median', op: '<=', value: TARGET_MB } as const;
      const figures: Figure[] = [
        {
          name: 'core host RSS after start, 100k history',
          unit: 'MB',
          runs: pick('start'),
          target,
          note: 'bundled host under plain Node (as the desktop main process runs core), 2 s after its first answer',
        },
        {
          name: 'core host RSS after Historial pages and details',
          unit: 'MB',
          runs: pick('browsing'),
          target,
          note: `${BROWSING.length} filters × 10 pages of ${PAGE}, the followed list, 20 details`,
        },
        {
          name: 'core host peak RSS through a sync pass',
          unit: 'MB',
          runs: pick('peakBeforeCsv'),
          target,
          note:
            `VmHWM from start through browsing and a sync pass of the whole history (${median(pick('syncSeconds')).toFixed(0)} s; ${runs[0]!.syncRequests}, all unchanged): ` +
            `V8 lets its heap grow with the pass’s garbage (a forced GC at the end leaves ${median(pick('endHeapUsed')).toFixed(0)} MB of heap in use, ${startHeapUsed.toFixed(0)} MB in a host just started); ` +
            'SQLite keeps its default 2 MB page cache and no mmap',
        },
        {
          name: 'core host peak RSS during CSV export of 100k',
          unit: 'MB',
          runs: pick('csvPeak'),
          target,
          note:
            `history.exportCsv asked chunk after chunk as the Historial does (${median(pick('csvChunks'))} chunks of ${HISTORY_CSV_CHUNK_ROWS.toLocaleString('en')} rows, ` +
            `the largest ${(median(pick('csvLargestChunk')) / 1e6).toFixed(2)} MB of JSON; ${(median(pick('csvBytes')) / 1e6).toFixed(1)} MB in all; ${median(pick('csvSeconds')).toFixed(0)} s), ` +
            `on top of the ${median(pick('beforeCsv')).toFixed(0)} MB the sync pass leaves resident: the host holds one chunk at a time, never the whole file (before: one 41 MB string, its serialised copy, 339 MB peak). ` +
            'What it still adds is V8 letting its heap grow with the garbage of reading 100,000 rows before a full GC (committed heap ~37 → ~82 MB): on a host just started, ' +
            'this export took RSS from 106 to a 167 MB peak, and 400 history.list pages of 250 rows (the same rows through the Historial’s own method) from 103 to 163 MB; ' +
            'the same export in 250-row chunks peaked at 171 MB (measured with --trace-gc, load ~5)',
        },
        {
          name: 'core host RSS idle after all of it',
          unit: 'MB',
          runs: pick('idle'),
          target,
          note: `${IDLE_MS / 1000} s idle after the CSV export: nothing allocates, so V8 runs no GC and the export’s garbage stays resident`,
        },
        {
          name: 'core host RSS after a forced GC at the end',
          unit: 'MB',
          runs: pick('endCollected'),
          note: `the same process after global.gc() (node --expose-gc, bench/lib/gc-probe.mjs): V8 heap in use ${median(pick('endHeapUsed')).toFixed(0)} MB against ${startHeapUsed.toFixed(0)} MB in a host just started: the resident excess before it was garbage`,
        },
        {
          name: 'web host (tsx, npm run web) RSS after start',
          unit: 'MB',
          runs: pick('tsxStart'),
          note: 'the same host through tsx’s loader (its own thread and V8 isolate); the difference from the bundled host is the loader',
        },
      ];
      return figures;
    } finally {
      await api.close();
    }
  },
};
