// Crash tests: the command line as a child process, killed with SIGKILL at each stage of a submission
// (FACTURA_DESK_CRASH_AT), with the sandbox's magic outcomes. After `resume`, the sandbox holds
// exactly one document per operation that reached the ledger, and the ledger has lost none.
// FACTURA_DESK_CRASH_RUNS raises the number of runs per stage and outcome (default 2).
import Database from 'better-sqlite3';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, DATABASE_FILE } from '#core/core';
import { FileLogger } from '#core/log/logger';
import { CRASH_ENV, CRASH_POINTS, type CrashPoint } from '#core/submissions/crash';
import { OPEN_SUBMISSION_STATES, type Submission } from '#shared/rpc/methods/submissions';
import { startSandbox, type RunningSandbox } from '#sandbox/index';
import { realKeychain } from '#test/keychain';
import { tempDir } from '#test/temp';
import { runCli, type CliRun } from '#test/core/cli';
import { dse, dseDocumentIds, fe, feTotal, MAGIC } from '#test/requests/outcomes';
import { waitUntil } from '#test/wait';
import { CORE_COMPANY as COMPANY, coreSeed, CORE_TOKENS as TOKENS } from '#test/seed';

const RUNS = Number(process.env.FACTURA_DESK_CRASH_RUNS ?? 2);
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
    console.log(`crash tests (${RUNS} run(s) per stage and outcome):`);
    console.table(report);
  }
  await sandbox?.close();
  dir?.remove();
});

async function prepareHome(home: string): Promise<void> {
  const core = createCore({ home, secrets: realKeychain(), transport: 'cli', logger: new FileLogger(null) });
  const connection = await core.parts.connections.create({
    label: 'Pruebas',
    kind: 'sandbox',
    base_url: sandbox.baseUrl,
    company_id: COMPANY,
  });
  await core.parts.connections.setToken(connection.id, TOKENS.full);
  await core.close();
}

/**
 * `resume` until nothing is open (an uncertain DSE settles after settle-ms). Bounded by time, not by
 * a count of resumes: on a loaded 2-core machine each CLI start takes seconds, and ten of them once
 * were not enough. When it gives up, the error names what was still open.
 */
async function resumeUntilSettled(home: string): Promise<number> {
  let attempts = 0;
  await waitUntil(
    async () => {
      attempts += 1;
      const run = await runCli(home, ['resume']);
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

function ledger(home: string, expected: string): LedgerRow[] {
  const db = new Database(join(home, DATABASE_FILE), { readonly: true });
  try {
    return (db.prepare('SELECT kind, state, document_id FROM submissions').all() as LedgerRow[]).map((row) => ({
      ...row,
      expected,
    }));
  } finally {
    db.close();
  }
}

async function crashStage(stage: CrashPoint): Promise<void> {
  const dseBefore = await dseDocumentIds(sandbox.baseUrl, TOKENS.full);
  const feBefore = await feTotal(sandbox.baseUrl, TOKENS.full);
  let killed = 0;
  const homes = await Promise.all(
    OUTCOMES.map(async (outcome, index) => {
      const home = join(dir.path, `${stage}-${index}`);
      await prepareHome(home);
      for (let run = 0; run < RUNS; run += 1) {
        const body = outcome.kind === 'dse' ? dse(outcome.party, `${stage} ${run}`) : fe(outcome.party, `${stage} ${run}`);
        const file = join(dir.path, `${stage}-${index}-${run}.json`);
        writeFileSync(file, JSON.stringify(body));
        const submit = await runCli(home, [outcome.kind, 'submit', file], { env: { [CRASH_ENV]: stage } });
        if (submit.signal === 'SIGKILL') killed += 1;
        else expect([0, 3], `${outcome.kind} ${outcome.name} exited ${submit.code}: ${submit.stderr}`).toContain(submit.code);
        await resumeUntilSettled(home);
      }
      return { home, expected: outcome.final };
    }),
  );

  const rows = homes.flatMap(({ home, expected }) => ledger(home, expected));
  const dseRows = rows.filter((r) => r.kind === 'DSE');
  const feRows = rows.filter((r) => r.kind === 'FE');
  const dseCreated = (await dseDocumentIds(sandbox.baseUrl, TOKENS.full)).filter((id) => !dseBefore.includes(id));
  const feCreated = (await feTotal(sandbox.baseUrl, TOKENS.full)) - feBefore;
  const operations = OUTCOMES.length * RUNS;
  const expectedRows = stage === 'before-ledger-commit' ? 0 : operations;
  report.push({
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

describe('SIGKILL at each stage of a submission', () => {
  it.each(CRASH_POINTS.map((stage) => [stage]))(
    '%s: exactly one document per operation after resume',
    async (stage) => {
      await crashStage(stage);
    },
    600_000,
  );
});
