// Informes over 100,000 documents, three scenarios over one copy of the shared history:
// - report-year-100k: a year's report in core, through the RPC dispatcher, with the documents of
//   that year issued from this app (their exact requests in the ledger, as for a business that
//   issues everything from Factura Desk) and the rest known through sync; first the report that
//   computes their figures (report facts, migration 0013), then the same report again;
// - report-year-100k-postgres: the same history and ledger copied into a PostgreSQL database of a
//   server this scenario starts (the embedded binaries the tests use), the same two reports through
//   periodReport on that engine (core's dispatcher runs on SQLite only);
// - xlsx-100k-rss: the XLSX of the whole history (100,000 document rows) written as a stream, in
//   its own process, with that process's resident memory (peak, and idle afterwards);
// - csv-export-rss: the Historial's CSV of the same 100,000 documents, chunk by chunk, likewise.
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DATABASE_FILE } from '#core/core';
import { LedgerReads } from '#core/ledger-reads/ledger-reads';
import { periodReport } from '#core/reports/period-report';
import { openPostgres, type Engine } from '#core/store/engine';
import { migrations } from '#core/store/migrations/index';
import { startPostgres } from '#test/postgres';
import { call, openCore } from '../lib/core';
import { median } from '../lib/stats';
import type { BenchContext, Scenario } from '../lib/scenario';
import { bundleForNode } from '../lib/web-host';

const YEAR = { from: '2025-01-01', to: '2025-12-31' };
const ALL = { from: '2024-01-01', to: '2026-11-20' };

interface FeItem {
  cantidad: string;
  valor_unitario: string;
  base_imponible: string;
  impuesto: string;
  tipo_impuesto: string;
  descripcion: string;
}

/** The ledger rows a business issuing everything from the app would have for the year's documents. */
export function issueFromApp(db: Database.Database, connectionId: number): number {
  const docs = db
    .prepare<
      [number, string, string],
      {
        kind: 'FE' | 'DSE';
        remote_id: number;
        subtotal: string;
        impuestos: string;
        counterpart_name: string;
        counterpart_doc: string;
        document_json: string;
      }
    >(
      'SELECT kind, remote_id, subtotal, impuestos, counterpart_name, counterpart_doc, document_json FROM history_documents WHERE connection_id = ? AND issue_date >= ? AND issue_date <= ?',
    )
    .all(connectionId, YEAR.from, YEAR.to);
  const insert = db.prepare(
    `INSERT INTO submissions (connection_id, base_url, company_id, kind, idempotency_key, endpoint_path, request_body, payload_hash, state, attempts,
       document_id, created_at, updated_at) VALUES (?, 'http://127.0.0.1/api/v1', 101, ?, ?, '/p', ?, 'h', 'accepted', 1, ?, '2025-06-01', '2025-06-01')`,
  );
  db.transaction(() => {
    for (const d of docs) {
      let request: unknown;
      if (d.kind === 'FE') {
        const items = (JSON.parse(d.document_json) as { items: FeItem[] }).items.map((i) => {
          const base = Number(i.base_imponible);
          const rate = i.tipo_impuesto === 'INC' ? 8 : base === 0 ? 0 : Math.round((Number(i.impuesto) / base) * 100);
          return {
            desc: i.descripcion,
            cant: Number(i.cantidad),
            unit: Number(i.valor_unitario),
            iva: rate,
            iva_incluido: false,
          };
        });
        request = {
          receptor: { tipo_doc: '13', numero_doc: d.counterpart_doc, nombre: d.counterpart_name },
          items,
          withholdings: [],
        };
      } else {
        const taxed = Number(d.impuestos) > 0;
        request = {
          fecha_documento: '2025-06-01',
          proveedor: { tipo_documento: '13', nit: d.counterpart_doc, nombre: d.counterpart_name },
          items: [
            {
              codigo: '70111703',
              descripcion: 'Compra',
              cantidad: 1,
              precio_unitario: Number(d.subtotal),
              porcentaje_iva: taxed ? 19 : 0,
            },
          ],
          forma_generacion: '1',
          forma_pago: '1',
          retenciones: [
            { retention_key: 'reterenta', dian_tax_code: '06', tax_name: 'ReteRenta', base_mode: 'subtotal', percent: 2.5 },
            ...(taxed
              ? [{ retention_key: 'reteiva', dian_tax_code: '05', tax_name: 'ReteIVA', base_mode: 'impuestos', percent: 15 }]
              : []),
          ],
        };
      }
      insert.run(connectionId, d.kind, `bench-${d.kind}-${d.remote_id}`, Buffer.from(JSON.stringify(request)), d.remote_id);
    }
  })();
  return docs.length;
}

/** The reports' copy of the shared history (which is read-only), made once per invocation. */
let reportsHome: Promise<{ home: string; issued: number; connectionId: number }> | null = null;

function prepareReportsHome(ctx: BenchContext): Promise<{ home: string; issued: number; connectionId: number }> {
  reportsHome ??= (async () => {
    const history = await ctx.historyHome();
    const home = join(ctx.tmp, 'reports-home');
    mkdirSync(home, { recursive: true });
    const source = new Database(join(history.home, DATABASE_FILE), { readonly: true });
    source.exec(`VACUUM INTO '${join(home, DATABASE_FILE).replace(/'/g, "''")}'`);
    source.close();
    const db = new Database(join(home, DATABASE_FILE));
    const issued = issueFromApp(db, history.connectionId);
    db.close();
    ctx.log(`${issued.toLocaleString('en-US')} documents of ${YEAR.from.slice(0, 4)} given their exact requests`);
    return { home, issued, connectionId: history.connectionId };
  })();
  return reportsHome;
}

interface ExportMemory {
  mode: 'xlsx' | 'csv';
  before: number;
  peak: number;
  after: number;
  idle: number;
  written: number;
  total: number;
  rows: number;
  bytes: number;
  chunks: number;
}

/** The export child bundled once per invocation (see bundleForNode). */
let exportChild: Promise<string> | null = null;

/**
 * One export in a process of its own (bench/lib/report-export-child.ts, bundled and run by plain
 * Node as the desktop app's main process runs core): its memory as the kernel counts it.
 */
async function exportInChild(ctx: BenchContext, home: string, mode: 'xlsx' | 'csv'): Promise<{ result: ExportMemory }> {
  exportChild ??= bundleForNode(
    join(import.meta.dirname, '..', 'lib', 'report-export-child.ts'),
    join(ctx.tmp, 'report-export-child', 'child.mjs'),
  );
  const out = execFileSync(process.execPath, [await exportChild, home, ALL.from, ALL.to, mode], {
    encoding: 'utf8',
    maxBuffer: 1024 * 1024,
  });
  const line = out.trim().split('\n').at(-1)!;
  return { result: JSON.parse(line) as ExportMemory };
}

interface ReportRuns {
  /** the first report of each run (figures computed), the median of 5 more (figures kept), their CPU */
  firsts: number[];
  again: number[];
  cpu: number[];
  /** accepted documents the report summed */
  counted: number;
}

/**
 * A year's report timed the same way on either engine: per run (the first a warm-up), the cache
 * emptied, one report that computes the figures, then the median of 5 that read them.
 */
async function measureReports(
  ctx: BenchContext,
  label: string,
  clearCache: () => Promise<void>,
  report: () => Promise<{ summary: { documents: number }[] }>,
): Promise<ReportRuns> {
  const measured: ReportRuns = { firsts: [], again: [], cpu: [], counted: 0 };
  // Few runs: the first report of each run recomputes ~36,000 requests' figures (seconds on a loaded machine).
  const runs = Math.min(ctx.runs, 3);
  for (let run = 0; run < runs + 1; run += 1) {
    await clearCache();
    let started = performance.now();
    await report();
    const first = performance.now() - started;
    const samples: number[] = [];
    const cpus: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const before = process.cpuUsage();
      started = performance.now();
      const result = await report();
      samples.push(performance.now() - started);
      const used = process.cpuUsage(before);
      cpus.push((used.user + used.system) / 1000);
      measured.counted = result.summary.reduce((a, s) => a + s.documents, 0);
    }
    ctx.log(
      `${label} run ${run}: first ${first.toFixed(0)} ms, again ${median(samples).toFixed(1)} ms, CPU ${median(cpus).toFixed(1)} ms`,
    );
    if (run === 0) continue; // warm-up
    measured.firsts.push(first);
    measured.again.push(median(samples));
    measured.cpu.push(median(cpus));
  }
  return measured;
}

export const reportYearScenario: Scenario = {
  id: 'report-year-100k',
  title: "Informes: a year's report over 100,000 documents in core",
  async run(ctx) {
    const { home, issued } = await prepareReportsHome(ctx);
    const core = openCore(home);
    let measured: ReportRuns;
    try {
      measured = await measureReports(
        ctx,
        'report',
        () => {
          core.parts.store!.db.exec('DELETE FROM report_amounts; DELETE FROM report_documents;');
          return Promise.resolve();
        },
        () => call<{ summary: { documents: number }[] }>(core, 'reports.period', YEAR),
      );
    } finally {
      await core.close();
    }
    return [
      {
        name: "year's report over 100k documents, figures already kept",
        unit: 'ms',
        runs: measured.again,
        target: { on: 'median', op: '<=', value: 300 },
        note: `reports.period for ${YEAR.from.slice(0, 4)} through the RPC dispatcher (${measured.counted.toLocaleString('en-US')} accepted documents summed, ${issued.toLocaleString('en-US')} of the year with their exact requests, ~36 % of the 100,000): two SQL statements sum exact integer cents grouped by day, party, tax code and rate, withholding code and supplier over covering indexes (0013, 0015); median of 5 per run`,
      },
      {
        name: "year's report over 100k, CPU",
        unit: 'ms',
        runs: measured.cpu,
        target: { on: 'median', op: '<=', value: 300 },
        note: 'CPU time of the process per report (process.cpuUsage): what the shared machine cannot inflate by waiting',
      },
      {
        name: "year's report over 100k, first time (figures computed)",
        unit: 'ms',
        runs: measured.firsts,
        target: { on: 'median', op: '<=', value: 500 },
        note: `the first report of a period computes and keeps the figures of each of its ${issued.toLocaleString('en-US')} requests (shared rules, src/shared/reports/document-figures.ts: these requests' shapes are read in integer cents, the decimal.js rules only for other shapes) and writes them a batch of 1,000 documents per transaction, each table's rows as one JSON parameter; later reports only read them`,
      },
    ];
  },
};

export const xlsxRssScenario: Scenario = {
  id: 'xlsx-100k-rss',
  title: "Informes: XLSX of 100,000 rows streamed, core's resident memory",
  async run(ctx) {
    const { home } = await prepareReportsHome(ctx);
    // One run: 100,000 rows through exceljs take seconds on a shared machine.
    const { result: last } = await exportInChild(ctx, home, 'xlsx');
    ctx.log(`xlsx export: ${JSON.stringify(last)}`);
    return [
      {
        name: 'XLSX of the whole history (100k document rows), written',
        unit: 's',
        runs: [last.written / 1000],
        note: `exceljs streaming WorkbookWriter to a file, 12 sheets, ${last.rows.toLocaleString('en-US')} rows, ${(last.bytes / 1024 / 1024).toFixed(1)} MB, the documents sheet in chunks of 500 rows each after the zip entry has drained, a full GC before it, every 5,000 rows and at the end (core/memory.ts); then read back in ${last.chunks} base64 chunks of 512 KB (${(last.total / 1000).toFixed(1)} s in all)`,
      },
      {
        name: 'core peak RSS during the XLSX export of 100k',
        unit: 'MB',
        runs: [last.peak],
        target: { on: 'median', op: '<=', value: 200 },
        note: `VmHWM of a process running core bundled under plain Node (as the desktop app runs it), which first made the full-history report (its garbage collected as the export starts); RSS before the export ${last.before.toFixed(0)} MB, right after it ${last.after.toFixed(0)} MB`,
      },
      {
        name: 'core RSS idle after the XLSX export of 100k',
        unit: 'MB',
        runs: [last.idle],
        note: 'VmRSS two seconds after the export (core collected its garbage when the file was written; reading it back adds base64 strings)',
      },
    ];
  },
};

export const csvRssScenario: Scenario = {
  id: 'csv-export-rss',
  title: "Historial: CSV of 100,000 documents in chunks, core's resident memory",
  async run(ctx) {
    const { home } = await prepareReportsHome(ctx);
    const { result: last } = await exportInChild(ctx, home, 'csv');
    ctx.log(`csv export: ${JSON.stringify(last)}`);
    return [
      {
        name: 'CSV of the whole history (100k rows), all chunks',
        unit: 's',
        runs: [last.written / 1000],
        note: `history.exportCsv asked ${last.chunks} times (chunks of 2,000 rows, each row written as SQLite yields it), ${last.rows.toLocaleString('en-US')} rows, ${(last.bytes / 1024 / 1024).toFixed(1)} MB`,
      },
      {
        name: 'core peak RSS during the CSV export of 100k',
        unit: 'MB',
        runs: [last.peak],
        target: { on: 'median', op: '<=', value: 200 },
        note: `VmHWM of a process running core bundled under plain Node (as the desktop app runs it); RSS before the export ${last.before.toFixed(0)} MB`,
      },
      {
        name: 'core RSS idle after the CSV export of 100k',
        unit: 'MB',
        runs: [last.idle],
        target: { on: 'median', op: '<=', value: 200 },
        note: 'VmRSS two seconds after the last chunk (core collects its garbage every 10 chunks and after the last, core/memory.ts)',
      },
    ];
  },
};

/** Rows per INSERT while copying to PostgreSQL (well under its 65,535 parameters). */
const COPY_BATCH = 1_000;

/** The reports' copy of the history and its ledger rows, into a PostgreSQL database (ids kept). */
async function copyToPostgres(home: string, engine: Engine): Promise<void> {
  const source = new Database(join(home, DATABASE_FILE), { readonly: true });
  try {
    for (const table of ['connections', 'submissions', 'history_documents'] as const) {
      const statement = source.prepare(`SELECT * FROM ${table} ORDER BY id`);
      let batch: Record<string, unknown>[] = [];
      const flush = async () => {
        if (batch.length > 0)
          await engine.db
            .insertInto(table)
            .values(batch as never)
            .execute();
        batch = [];
      };
      for (const row of statement.iterate() as Iterable<Record<string, unknown>>) {
        batch.push(row);
        if (batch.length === COPY_BATCH) await flush();
      }
      await flush();
    }
    // A long-lived database is vacuumed by autovacuum: the copy starts with its visibility map set (index-only scans).
    await sql`VACUUM ANALYZE`.execute(engine.db);
  } finally {
    source.close();
  }
}

export const reportYearPostgresScenario: Scenario = {
  id: 'report-year-100k-postgres',
  title: "Informes: a year's report over 100,000 documents on PostgreSQL",
  async run(ctx) {
    const { home, issued, connectionId } = await prepareReportsHome(ctx);
    const server = await startPostgres();
    const engine = await openPostgres({ url: await server.createDatabase(), migrations });
    let measured: ReportRuns;
    try {
      await copyToPostgres(home, engine);
      ctx.log('copied the reports home to PostgreSQL');
      const reads = new LedgerReads(engine);
      measured = await measureReports(
        ctx,
        'postgres report',
        async () => {
          await sql`DELETE FROM report_amounts`.execute(engine.db);
          await sql`DELETE FROM report_documents`.execute(engine.db);
        },
        () => periodReport(engine, reads, { connectionId, connectionLabel: 'Bench', now: new Date() }, YEAR),
      );
    } finally {
      await engine.close();
      await server.stop();
    }
    return [
      {
        name: "year's report over 100k documents on PostgreSQL, figures already kept",
        unit: 'ms',
        runs: measured.again,
        target: { on: 'median', op: '<=', value: 300 },
        note: `periodReport on a PostgreSQL pool over loopback for ${YEAR.from.slice(0, 4)}, its three summing statements asked at once on the pool's connections (${measured.counted.toLocaleString('en-US')} accepted documents summed, ${issued.toLocaleString('en-US')} of the year with their exact requests); wall time, the server's work included; median of 5 per run`,
      },
      {
        name: "year's report over 100k on PostgreSQL, core's CPU",
        unit: 'ms',
        runs: measured.cpu,
        note: "CPU time of core's process per report (process.cpuUsage); the server's own is not in it",
      },
      {
        name: "year's report over 100k on PostgreSQL, first time (figures computed)",
        unit: 'ms',
        runs: measured.firsts,
        target: { on: 'median', op: '<=', value: 500 },
        note: `the first report of a period computes the figures of each of its ${issued.toLocaleString('en-US')} requests and writes them, a batch of 1,000 documents per transaction (each table's rows as one JSON parameter, no foreign-key check per row since 0039); the figures read in integer cents (document-figures.ts); the server reads the next batch's requests and writes the last batch's figures while core computes`,
      },
    ];
  },
};
