// Crash tests: the command line as a child process, killed with SIGKILL at each stage of a submission
// (FACTURA_DESK_CRASH_AT), with the sandbox's magic outcomes. After `resume`, the sandbox holds
// exactly one document per operation that reached the ledger, and the ledger has lost none. On both
// engines: the data folder's SQLite file, and a shop's PostgreSQL named by `--database` (one database
// per folder). FACTURA_DESK_CRASH_RUNS raises the number of runs per stage and outcome (default 2 on
// SQLite; PostgreSQL runs half as many, at least one, to keep within CI's time: each of its processes
// also opens a pool and checks the schema).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRASH_ENV, CRASH_POINTS, type CrashPoint } from '#core/submissions/crash';
import { OPEN_SUBMISSION_STATES, type Submission } from '#shared/rpc/methods/submissions';
import { startSandbox, type RunningSandbox } from '#sandbox/index';
import { tempDir } from '#test/temp';
import { runCli, type CliRun } from '#test/core/cli';
import { dse, dseDocumentIds, fe, feTotal, MAGIC } from '#test/requests/outcomes';
import { waitUntil } from '#test/wait';
import { CORE_COMPANY as COMPANY, coreSeed, CORE_TOKENS as TOKENS } from '#test/seed';
import { ENGINE_KINDS } from '#test/engines';
import { shopLedgers, type ShopLedgers } from '#test/core/shop-ledgers';
import type { EngineKind } from '#core/store/engine';

const SQLITE_RUNS = Number(process.env.FACTURA_DESK_CRASH_RUNS ?? 2);
const RUNS: Record<EngineKind, number> = { sqlite: SQLITE_RUNS, postgres: Math.max(1, Math.floor(SQLITE_RUNS / 2)) };
const RESUME_DEADLINE_MS = 60_000;
const OUTCOMES = [
  { kind: 'dse', name: 'accepted', party: MAGIC.accept, final: 'accepted' },
  { kind: 'dse', name: 'dropped connection', party: MAGIC.drop, final: 'accepted' },
  { kind: 'dse', name: '500 first attempt', party: MAGIC.failFirst, final: 'accepted' },
  { kind: 'dse', name: 'uncertain then aceptado', party: MAGIC.uncertainAccept, final: 'accepted' },
  { kind: 'dse', name: 'uncertain then rechazado', party: MAGIC.uncertainReject, final: 'rejected' },
  { kind: 'dse', name: 'slow (a repeat meets 202)', party: MAGIC.slow, final: 'accepted' },
  { kind: 'fe', name: 'accepted', party: MAGIC.accept, final: 'accepted' },
  { kind: 'fe', name: '500 first attempt', party: MAGIC.failFirst, final: 'accepted' },
] as const;

let dir: ReturnType<typeof tempDir>;
let sandbox: RunningSandbox;
const report: Record<string, string | number>[] = [];

beforeAll(async () => {
  dir = tempDir('factura-desk-crash-');
  sandbox = await startSandbox({ seed: coreSeed(0), dataDir: join(dir.path, 'sandbox'), settleMs: 100 });
});
afterAll(async () => {
  if (report.length > 0) {
    console.log(`crash tests (runs per stage and outcome: SQLite ${RUNS.sqlite}, PostgreSQL ${RUNS.postgres}):`);
    console.table(report);
  }
  await sandbox?.close();
  dir?.remove();
});

/**
 * `resume` until nothing is open (an uncertain DSE settles after settle-ms). Bounded by time, not by
 * a count of resumes: on a loaded 2-core machine each CLI start takes seconds, and ten of them once
 * were not enough. When it gives up, the error names what was still open.
 */
async function resumeUntilSettled(ledgers: ShopLedgers, home: string): Promise<number> {
  let attempts = 0;
  await waitUntil(
    async () => {
      attempts += 1;
      const run = await runCli(home, [...(await ledgers.cliArgs(home)), 'resume']);
      if (run.code !== 0 && run.code !== 3) throw new Error(`resume exited ${run.code}: ${run.stderr}`);
      return run;
    },
    (run) => run.code === 0,
    { what: 'resume with nothing left open', deadlineMs: RESUME_DEADLINE_MS, show: stillOpen },
  );
  return attempts;
}

function stillOpen(run: CliRun): string {
  const outcomes = (run.json as { outcomes?: Submission[] } | null)?.outcomes ?? [];
  const open = outcomes.filter((s) => OPEN_SUBMISSION_STATES.includes(s.state));
  return JSON.stringify(open.map(({ id, kind, state, estado_dian, error }) => ({ id, kind, state, estado_dian, error })));
}

interface LedgerRow {
  expected: string;
  kind: 'FE' | 'DSE';
  state: string;
  document_id: number | null;
}

async function ledger(ledgers: ShopLedgers, home: string, expected: string): Promise<LedgerRow[]> {
  const rows = await ledgers.read<Omit<LedgerRow, 'expected'>>(home, 'SELECT kind, state, document_id FROM submissions');
  return rows.map((row) => ({ ...row, expected }));
}

async function crashStage(ledgers: ShopLedgers, stage: CrashPoint): Promise<void> {
  const runs = RUNS[ledgers.kind];
  const dseBefore = await dseDocumentIds(sandbox.baseUrl, TOKENS.full);
  const feBefore = await feTotal(sandbox.baseUrl, TOKENS.full);
  let killed = 0;
  const homes = await Promise.all(
    OUTCOMES.map(async (outcome, index) => {
      const home = join(dir.path, `${ledgers.kind}-${stage}-${index}`);
      await ledgers.connect(home, { baseUrl: sandbox.baseUrl, companyId: COMPANY, token: TOKENS.full });
      for (let run = 0; run < runs; run += 1) {
        const body =
          outcome.kind === 'dse'
            ? dse(outcome.party, `${ledgers.kind} ${stage} ${run}`)
            : fe(outcome.party, `${ledgers.kind} ${stage} ${run}`);
        const file = join(dir.path, `${ledgers.kind}-${stage}-${index}-${run}.json`);
        writeFileSync(file, JSON.stringify(body));
        const submit = await runCli(home, [...(await ledgers.cliArgs(home)), outcome.kind, 'submit', file], {
          env: { [CRASH_ENV]: stage },
        });
        // The killed process's claim is taken over at once by the next process of this computer
        // (SQLite's single writer; on PostgreSQL the owner's pid runs no more), leases untouched.
        if (submit.signal === 'SIGKILL') killed += 1;
        else expect([0, 3], `${outcome.kind} ${outcome.name} exited ${submit.code}: ${submit.stderr}`).toContain(submit.code);
        await resumeUntilSettled(ledgers, home);
      }
      return { home, expected: outcome.final };
    }),
  );

  const rows = (await Promise.all(homes.map(({ home, expected }) => ledger(ledgers, home, expected)))).flat();
  const dseRows = rows.filter((r) => r.kind === 'DSE');
  const feRows = rows.filter((r) => r.kind === 'FE');
  const dseCreated = (await dseDocumentIds(sandbox.baseUrl, TOKENS.full)).filter((id) => !dseBefore.includes(id));
  const feCreated = (await feTotal(sandbox.baseUrl, TOKENS.full)) - feBefore;
  const operations = OUTCOMES.length * runs;
  const expectedRows = stage === 'before-ledger-commit' ? 0 : operations;
  report.push({
    engine: ledgers.kind,
    stage,
    operations,
    killed,
    ledger_rows: rows.length,
    resolved: rows.filter((r) => r.state === r.expected).length,
    dse_documents: dseCreated.length,
    fe_documents: feCreated,
    duplicates: dseCreated.length - dseRows.length + feCreated - feRows.length,
  });

  // Nothing lost: every operation that passed the write-ahead commit is in the ledger, resolved.
  expect(rows).toHaveLength(expectedRows);
  expect(rows.filter((r) => r.state !== r.expected || r.document_id === null)).toEqual([]);
  // Exactly one document per operation: the sandbox's new documents are exactly the ledger's.
  expect(dseCreated.sort((a, b) => a - b)).toEqual(dseRows.map((r) => r.document_id).sort((a, b) => a! - b!));
  expect(new Set(feRows.map((r) => r.document_id)).size).toBe(feRows.length);
  expect(feCreated).toBe(feRows.length);
  // The crash hook really fired where it can be reached by every outcome.
  if (stage !== 'after-server-commit') expect(killed).toBe(operations);
}

describe.each(ENGINE_KINDS)('SIGKILL at each stage of a submission (%s)', (kind) => {
  let ledgers: ShopLedgers;
  beforeAll(() => {
    ledgers = shopLedgers(kind);
  });
  afterAll(() => ledgers.close());

  it.each(CRASH_POINTS.map((stage) => [stage]))(
    '%s: exactly one document per operation after resume',
    async (stage) => {
      await crashStage(ledgers, stage);
    },
    600_000,
  );
});
