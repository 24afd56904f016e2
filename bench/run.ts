// `npm run bench [-- [scenario ids...] [--runs N] [--readme]]`: every benchmark of the app, a table
// on stdout and the same numbers in bench/results.json. Never part of `npm test`; no test asserts
// a time. Runs inside scripts/with-keyring.sh's private keyring session (core's vault needs one).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createHistoryHome } from './generator';
import { toRow, type ResultRow } from './lib/figure';
import { formatTable, writeReadme } from './lib/report';
import { Skip, type BenchContext, type HistoryHome, type Scenario } from './lib/scenario';
import { scenarios } from './scenarios';

const ROOT = resolve(import.meta.dirname, '..');

if (!process.env.FACTURA_DESK_IN_TEST_SESSION) {
  const child = spawnSync(
    'bash',
    [
      join(ROOT, 'scripts', 'with-keyring.sh'),
      process.execPath,
      '--import',
      'tsx',
      join(ROOT, 'bench', 'run.ts'),
      ...process.argv.slice(2),
    ],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
  process.exit(child.status ?? 1);
}

export interface MeasuredRow extends ResultRow {
  scenario: string;
  /** one-minute load average when the scenario finished (the machine is shared) */
  load1: number;
  measured_at: string;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const runsAt = args.indexOf('--runs');
  const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 5;
  const wanted = args.filter((arg, i) => !arg.startsWith('--') && (runsAt < 0 || i !== runsAt + 1));
  const chosen: Scenario[] = wanted.length === 0 ? scenarios : scenarios.filter((s) => wanted.some((w) => s.id.includes(w)));
  const tmp = mkdtempSync(join(tmpdir(), 'factura-desk-bench-'));
  const cores = availableParallelism();
  let history: Promise<HistoryHome> | null = null;
  const log = (message: string): void => {
    process.stderr.write(`  · ${message}\n`);
  };
  const ctx: BenchContext = {
    runs,
    cores,
    tmp,
    log,
    historyHome() {
      history ??= (async () => {
        const home = join(tmp, 'history-100k');
        const generated = await createHistoryHome(home, { count: 100_000, seed: 20261120 });
        log(`generated 100,000 documents in ${(generated.ms / 1000).toFixed(1)} s`);
        return generated;
      })();
      return history;
    },
  };
  const rows: MeasuredRow[] = [];
  const skipped: { id: string; reason: string }[] = [];
  const started = Date.now();
  process.stderr.write(
    `Factura Desk benchmarks: ${cores} cores, ${runs} runs per figure, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}\n`,
  );
  try {
    for (const scenario of chosen) {
      process.stderr.write(`- ${scenario.title}\n`);
      const at = Date.now();
      try {
        const figures = await scenario.run(ctx);
        const load1 = Number(loadavg()[0]!.toFixed(2));
        for (const figure of figures)
          rows.push({ scenario: scenario.id, ...toRow(figure, cores), load1, measured_at: new Date().toISOString() });
        log(`${((Date.now() - at) / 1000).toFixed(1)} s, load ${load1}`);
      } catch (error) {
        if (!(error instanceof Skip)) throw error;
        skipped.push({ id: scenario.id, reason: error.message });
        log(`skipped: ${error.message}`);
      }
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  const table = formatTable(rows);
  process.stdout.write(`\n${table}\n`);
  for (const skip of skipped) process.stdout.write(`skipped ${skip.id}: ${skip.reason}\n`);
  process.stdout.write(`\n${rows.length} figures in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
  // A subset replaces its own scenarios' rows and keeps the others', so one scenario can be re-taken.
  const file = join(ROOT, 'bench', 'results.json');
  const kept = existsSync(file) && wanted.length > 0 ? (JSON.parse(readFileSync(file, 'utf8')) as MeasuredRow[]) : [];
  const ran = new Set(chosen.map((s) => s.id));
  const order = scenarios.map((s) => s.id);
  const merged = [...kept.filter((row) => !ran.has(row.scenario)), ...rows].sort(
    (a, b) => order.indexOf(a.scenario) - order.indexOf(b.scenario),
  );
  writeFileSync(file, `${JSON.stringify(merged, null, 2)}\n`);
  if (args.includes('--readme')) writeReadme(join(ROOT, 'README.md'), merged, skipped, { cores, runs });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
