// A shop's day on one PostgreSQL with three registers, each a separate process (the command line
// with `--register`), against one sandbox: sales at every register at once, each killed with SIGKILL
// at a stage drawn at random (or let through), the database's sessions ended mid-sale, and the shop's
// database server stopped (the caja principal switched off, the network cut) and started again,
// with the sales tried then made again afterwards, as a cashier would. Each register sells in its
// own shift, opened with a float by the cashier (`--pin`). After every register resumed: every sale
// that reached the ledger is on the API server exactly once, resolved, none lost, and its key names
// the register that made it; each is in its register's shift, and each register's expected cash and
// the shop's day add up to the floats and the sales. The seed is printed;
// FACTURA_DESK_SHOP_DAY_SEED replays one.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRASH_ENV, CRASH_POINTS } from '#core/submissions/crash';
import { startSandbox, type RunningSandbox } from '#sandbox/index';
import { OPEN_SUBMISSION_STATES, type Submission } from '#shared/rpc/methods/submissions';
import { runCli, spawnCli, type CliRun } from '#test/core/cli';
import { startPostgres, type TestPostgres } from '#test/postgres';
import { dse, dseDocumentIds, fe, feTotal, MAGIC } from '#test/requests/outcomes';
import { CORE_COMPANY as COMPANY, coreSeed, CORE_TOKENS as TOKENS } from '#test/seed';
import { seededRandom } from '#test/history-generator';
import { tempDir } from '#test/temp';
import { waitUntil } from '#test/wait';

const REGISTERS = ['Caja 1', 'Caja 2', 'Caja 3'] as const;
const ROUNDS = 3;
const SEED = Number(process.env.FACTURA_DESK_SHOP_DAY_SEED ?? Date.now() % 100_000);

let dir: ReturnType<typeof tempDir>;
let server: TestPostgres;
let url: string;
let sandbox: RunningSandbox;
/** The day's draws, replayable from the printed seed. */
const random = seededRandom(SEED);

beforeAll(async () => {
  dir = tempDir('factura-desk-shop-day-');
  server = await startPostgres();
  url = await server.createDatabase();
  sandbox = await startSandbox({ seed: coreSeed(0), dataDir: join(dir.path, 'sandbox'), settleMs: 100 });
});
afterAll(async () => {
  await sandbox?.close();
  await server?.stop();
  dir?.remove();
});

const home = (register: string) => join(dir.path, register.replace(' ', '-').toLowerCase());
const args = (register: string) => ['--database', url, '--register', register, '--pin'];
/** The cashier every register sells as (`--pin` reads it from FACTURA_DESK_PIN). */
const CASHIER = { FACTURA_DESK_PIN: '2468' };
/** Each register's float, different so that a sale counted at the wrong register shows. */
const FLOATS = { 'Caja 1': 50_000, 'Caja 2': 70_000, 'Caja 3': 90_000 } as const;
/** Every FE of the day (outcomes.ts `fe`): 10.000 + 19 % IVA, paid in cash. */
const FE_TOTAL = 11_900;

/** Outcomes that end accepted, each with its own trouble on the way (a drop, a 500, an uncertain answer). */
const PARTIES = {
  dse: [MAGIC.accept, MAGIC.drop, MAGIC.failFirst, MAGIC.uncertainAccept],
  fe: [MAGIC.accept, MAGIC.failFirst],
} as const;

/** One sale's file: a DSE or an FE, named by its register and round. */
function saleFile(register: string, round: number, kind: 'dse' | 'fe'): string {
  const party = PARTIES[kind][Math.floor(random() * PARTIES[kind].length)]!;
  const body = kind === 'dse' ? dse(party, `${register} ronda ${round}`) : fe(party, `${register} ronda ${round}`);
  const file = join(dir.path, `${register}-${round}-${kind}.json`);
  writeFileSync(file, JSON.stringify(body));
  return file;
}

/** Ends every session of the shop's database but the caller's: a cut connection for every register. */
async function endSessions(): Promise<number> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rowCount } = await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    return rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

async function resumeUntilSettled(register: string): Promise<void> {
  await waitUntil(
    async () => {
      const run = await runCli(home(register), [...args(register), 'resume'], { env: CASHIER });
      if (run.code !== 0 && run.code !== 3) throw new Error(`resume at ${register} exited ${run.code}: ${run.stderr}`);
      return run;
    },
    (run) => run.code === 0,
    { what: `resume at ${register} with nothing left open`, deadlineMs: 90_000, show: stillOpen },
  );
}

function stillOpen(run: CliRun): string {
  const outcomes = (run.json as { outcomes?: Submission[] } | null)?.outcomes ?? [];
  return JSON.stringify(outcomes.filter((s) => OPEN_SUBMISSION_STATES.includes(s.state)).map(({ id, state }) => ({ id, state })));
}

interface LedgerRow {
  kind: 'FE' | 'DSE';
  state: string;
  document_id: number | null;
  idempotency_key: string;
}

async function ledger(): Promise<{
  rows: LedgerRow[];
  registers: Map<string, string>;
  linked: { idempotency_key: string; register_id: string }[];
}> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows = (await client.query<LedgerRow>('SELECT kind, state, document_id, idempotency_key FROM submissions')).rows.map(
      // BIGINT arrives as text from a bare client.
      (row) => ({ ...row, document_id: row.document_id === null ? null : Number(row.document_id) }),
    );
    const named = (await client.query<{ id: string; name: string }>('SELECT id, name FROM registers')).rows;
    // Each FE's shifts, with the shift's register (none: a sale outside any shift).
    const linked = (
      await client.query<{ idempotency_key: string; register_id: string }>(
        `SELECT s.idempotency_key, sh.register_id FROM submissions s
           JOIN shift_sales ss ON ss.submission_id = s.id JOIN shifts sh ON sh.id = ss.shift_id WHERE s.kind = 'FE'`,
      )
    ).rows;
    return { rows, registers: new Map(named.map((r) => [r.name, r.id])), linked };
  } finally {
    await client.end();
  }
}

describe('a shop’s day: three registers on one PostgreSQL, killed, cut off and started again', { timeout: 600_000 }, () => {
  it('every sale that reached the ledger is on the API server exactly once, resolved, and names its register', async () => {
    console.log(`shop day seed: ${SEED} (FACTURA_DESK_SHOP_DAY_SEED=${SEED} replays it)`);
    // The shop's first administrator, made at the first register.
    const admin = await runCli(
      home(REGISTERS[0]),
      ['--database', url, '--register', REGISTERS[0], 'cajeros', 'crear-administrador', '--nombre', 'Marta'],
      { env: CASHIER },
    );
    expect(admin.code, admin.stderr).toBe(0);
    // Each register keeps the API token in its own keychain entry: each connects once (one after
    // another: the first makes the shop's connection, the others add their token), then opens its shift.
    for (const register of REGISTERS) {
      const connect = await runCli(
        home(register),
        [...args(register), 'connect', '--base-url', sandbox.baseUrl, '--company', String(COMPANY)],
        { stdin: `${TOKENS.full}\n`, env: CASHIER },
      );
      expect(connect.code, connect.stderr).toBe(0);
    }
    for (const opened of await Promise.all(
      REGISTERS.map((register) =>
        runCli(home(register), [...args(register), 'turno', 'abrir', '--base', String(FLOATS[register])], { env: CASHIER }),
      ),
    ))
      expect(opened.code, opened.stderr).toBe(0);
    const dseBefore = await dseDocumentIds(sandbox.baseUrl, TOKENS.full);
    const feBefore = await feTotal(sandbox.baseUrl, TOKENS.full);
    const tally = { sales: 0, killed: 0, refusedWhileDown: 0, sessionsEnded: 0 };

    for (let round = 0; round < ROUNDS; round += 1) {
      // Round 1: the shop's database is off when the sales are tried; each is made again once it is back.
      const cut = round === 1;
      if (cut) await server.pause();
      const sales = REGISTERS.flatMap((register) =>
        (['dse', 'fe'] as const).map((kind) => {
          const crash = random() < 0.5 ? CRASH_POINTS[Math.floor(random() * CRASH_POINTS.length)]! : null;
          return { register, kind, file: saleFile(register, round, kind), crash };
        }),
      );
      const started = await Promise.all(
        sales.map((sale) =>
          spawnCli(home(sale.register), [...args(sale.register), sale.kind, 'submit', sale.file], {
            env: sale.crash && !cut ? { ...CASHIER, [CRASH_ENV]: sale.crash } : CASHIER,
          }),
        ),
      );
      const finished = Promise.all(started.map((each) => each.done));
      // Round 2: the database's sessions ended while the sales are under way (as soon as one is seen).
      if (round === 2) {
        let over = false;
        void finished.then(() => (over = true));
        while (!over && tally.sessionsEnded === 0) {
          tally.sessionsEnded += await endSessions();
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
      const runs = await finished;
      for (const [index, run] of runs.entries()) {
        const sale = sales[index]!;
        tally.sales += 1;
        if (run.signal === 'SIGKILL') tally.killed += 1;
        else if (cut) {
          // Refused before anything was written or sent: the store could not be reached.
          expect(run.code, run.stderr).toBe(1);
          expect(run.stderr).toMatch(/base de datos|servidor/);
          tally.refusedWhileDown += 1;
        } else {
          // A session ended under a sale is a lost connection (exit 1): the sale waits in the ledger for resume.
          const allowed = round === 2 ? [0, 1, 3] : [0, 3];
          expect(allowed, `${sale.register} ${sale.kind} exited ${run.code}: ${run.stderr}`).toContain(run.code);
        }
      }
      if (cut) {
        await server.resume();
        // The cashier makes the sales again now that the shop's database answers.
        const again = await Promise.all(
          sales.map((sale) =>
            runCli(home(sale.register), [...args(sale.register), sale.kind, 'submit', sale.file], { env: CASHIER }),
          ),
        );
        for (const run of again) expect([0, 3], run.stderr).toContain(run.code);
      }
    }
    for (const register of REGISTERS) await resumeUntilSettled(register);

    const { rows, registers, linked } = await ledger();
    const dseRows = rows.filter((r) => r.kind === 'DSE');
    const feRows = rows.filter((r) => r.kind === 'FE');
    const dseCreated = (await dseDocumentIds(sandbox.baseUrl, TOKENS.full)).filter((id) => !dseBefore.includes(id));
    const feCreated = (await feTotal(sandbox.baseUrl, TOKENS.full)) - feBefore;
    console.table([{ ...tally, ledger_rows: rows.length, dse_documents: dseCreated.length, fe_documents: feCreated }]);

    // The cut round's sales all reached the ledger once made again; a killed sale may not have.
    expect(rows.length).toBeGreaterThanOrEqual(REGISTERS.length * 2);
    // Nothing lost or left open: every sale in the ledger is accepted with its document.
    expect(rows.filter((r) => r.state !== 'accepted' || r.document_id === null)).toEqual([]);
    // Exactly once: the sandbox's new documents are exactly the ledger's.
    expect(dseCreated.sort((a, b) => a - b)).toEqual(dseRows.map((r) => r.document_id).sort((a, b) => a! - b!));
    expect(new Set(feRows.map((r) => r.document_id)).size).toBe(feRows.length);
    expect(feCreated).toBe(feRows.length);
    // Each key names one of the day's registers, and each register sold.
    const ids = REGISTERS.map((name) => registers.get(name));
    expect(ids.every((id) => id !== undefined)).toBe(true);
    for (const row of rows) expect(ids).toContain(/^(?:fe|dse)-([0-9A-Z]{8})-/.exec(row.idempotency_key)?.[1]);
    for (const id of ids) expect(rows.some((row) => row.idempotency_key.includes(`-${id}-`))).toBe(true);

    // The cash: every FE is in one shift, its own register's, whatever moment its register was killed at.
    expect(linked.map((link) => link.idempotency_key).sort()).toEqual(feRows.map((row) => row.idempotency_key).sort());
    for (const link of linked) expect(link.idempotency_key).toContain(`-${link.register_id}-`);
    const shifts = await Promise.all(
      REGISTERS.map((register) => runCli(home(register), [...args(register), 'turno'], { env: CASHIER })),
    );
    let floats = 0;
    let sold = 0;
    for (const [index, register] of REGISTERS.entries()) {
      const sales = feRows.filter((row) => row.idempotency_key.includes(`-${registers.get(register)}-`)).length;
      const run = shifts[index]!;
      expect(run.code, run.stderr).toBe(0);
      const { shift } = run.json as { shift: { expected_cash: string; sales: { cash_documents: number; total: string } } };
      expect([register, shift.sales.cash_documents, shift.expected_cash]).toEqual([
        register,
        sales,
        (FLOATS[register] + sales * FE_TOTAL).toFixed(2),
      ]);
      floats += FLOATS[register];
      sold += sales;
    }
    // The shop's day across the registers.
    const day = await runCli(home(REGISTERS[0]), [...args(REGISTERS[0]), 'turno', 'dia'], { env: CASHIER });
    expect(day.code, day.stderr).toBe(0);
    expect(day.json).toMatchObject({
      opening_float: floats.toFixed(2),
      expected_cash: (floats + sold * FE_TOTAL).toFixed(2),
      open_shifts: REGISTERS.length,
    });
  });
});
