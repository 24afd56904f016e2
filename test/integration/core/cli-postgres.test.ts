// The command line on a shop's PostgreSQL: named by `--database` or FACTURA_DESK_DATABASE, its
// password from the keychain or, for that process only, from FACTURA_DESK_DATABASE_PASSWORD; backups
// refused (the server's own); status and history read from the shop database whichever folder asks;
// no folder lock, so two processes work at once and claims keep each key to one of them. Real child
// processes, the run's PostgreSQL (trust) and one of this file's own that asks for a password
// (scram-sha-256), the real keychain (gnome-keyring), the real sandbox.
import { existsSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '#core/core';
import { readRegisterId } from '#core/registers/register-identity';
import { parsePostgresAddress } from '#core/store/database-choice';
import { forgetDatabasePassword, keepDatabasePassword, readDatabasePassword } from '#core/vault/database-password';
import type { Submission } from '#shared/rpc/methods/submissions';
import { startSandbox, type RunningSandbox } from '#sandbox/index';
import { runCli, type CliRun } from '#test/core/cli';
import { realKeychain } from '#test/keychain';
import { startPostgres, type TestPostgres } from '#test/postgres';
import { dse, fe, MAGIC } from '#test/requests/outcomes';
import { CORE_COMPANY as COMPANY, coreSeed, CORE_TOKENS as TOKENS } from '#test/seed';
import { tempDir } from '#test/temp';
import { testDatabase } from '#test/test-database';
import { waitUntil } from '#test/wait';

let dir: ReturnType<typeof tempDir>;
let sandbox: RunningSandbox;
/** The shop database of the run's server, and the folder whose keychain holds its API token. */
let url: string;
let home: string;

function file(name: string, body: unknown): string {
  const path = join(dir.path, name);
  writeFileSync(path, JSON.stringify(body));
  return path;
}

async function tablesOf(address: string): Promise<string[]> {
  const client = new pg.Client(address);
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1",
    );
    return rows.map((row) => row.name);
  } finally {
    await client.end();
  }
}

interface KeyRecorder {
  url: string;
  /** The Idempotency-Key of each POST passed on to the sandbox, in order. */
  posted: string[];
  /** While true, every request is answered 503 here and nothing reaches the sandbox. */
  unavailable: boolean;
  close(): Promise<void>;
}

/** An HTTP hop in front of the sandbox that records each POST's Idempotency-Key: what reached the server. */
async function keyRecorder(target: string): Promise<KeyRecorder> {
  const origin = new URL(target);
  const server = createServer((request, response) => {
    if (recorder.unavailable) {
      request.resume();
      response.writeHead(503, { 'Content-Type': 'application/json' }).end('{"error":"mantenimiento"}');
      return;
    }
    const key = request.headers['idempotency-key'];
    if (request.method === 'POST' && typeof key === 'string') recorder.posted.push(key);
    const upstream = httpRequest(
      { host: origin.hostname, port: origin.port, path: request.url, method: request.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const recorder: KeyRecorder = {
    url: `http://127.0.0.1:${port}${origin.pathname}`,
    posted: [],
    unavailable: false,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return recorder;
}

function errorOf(run: CliRun): { code: string; message: string; details?: { reason?: string } } {
  return (run.json as { error: { code: string; message: string; details?: { reason?: string } } }).error;
}

beforeAll(async () => {
  dir = tempDir('factura-desk-cli-postgres-');
  sandbox = await startSandbox({ seed: coreSeed(0), dataDir: join(dir.path, 'sandbox'), settleMs: 100 });
  url = await testDatabase();
  home = join(dir.path, 'home');
});
afterAll(async () => {
  await sandbox?.close();
  dir?.remove();
});

// Each test spawns several CLI processes; on a busy 2-core CI machine each may take seconds.
describe('the command line on the shop’s PostgreSQL', { timeout: 180_000 }, () => {
  it('--database and FACTURA_DESK_DATABASE name it: what one folder writes, another folder’s status and history read; no SQLite file', async () => {
    const connect = await runCli(
      home,
      ['--database', url, 'connect', '--base-url', sandbox.baseUrl, '--company', String(COMPANY)],
      { stdin: `${TOKENS.full}\n` },
    );
    expect(connect.code, connect.stderr).toBe(0);
    expect(connect.json).toMatchObject({ connection: { company_id: COMPANY, active: true }, check: { ok: true } });

    const submit = await runCli(home, ['dse', 'submit', file('variable.json', dse(MAGIC.accept, 'por variable'))], {
      env: { FACTURA_DESK_DATABASE: url },
    });
    expect(submit.code, submit.stderr).toBe(0);
    expect(submit.json).toMatchObject({ kind: 'DSE', state: 'accepted' });
    expect(existsSync(join(home, DATABASE_FILE))).toBe(false);

    // Another folder on the same database: the shop's connection and ledger, not a file of its own.
    const other = join(dir.path, 'other');
    const status = await runCli(other, ['--database', url, 'status']);
    expect(status.code, status.stderr).toBe(0);
    expect(status.json).toMatchObject({
      connection: { company_id: COMPANY, base_url: sandbox.baseUrl },
      submissions: { counts: { accepted: 1 }, total: 1 },
    });
    const sync = await runCli(home, [`--database=${url}`, 'sync']);
    expect(sync.code, sync.stderr).toBe(0);
    const synced = sync.json as { fe_documents: number; dse_documents: number };
    const history = await runCli(other, ['--database', url, 'history', '--json', '--kind', 'DSE']);
    expect(history.code, history.stderr).toBe(0);
    expect(history.json).toMatchObject({ total: synced.dse_documents });
    expect(synced.dse_documents).toBeGreaterThanOrEqual(1);

    // Without either, the folder's own SQLite file: nothing of the shop's there.
    const own = await runCli(other, ['status']);
    expect(own.json).toMatchObject({ connection: null, submissions: { total: 0 } });
  });

  it('--register NAME: a script works as the shop’s register of that name, its keys naming it; a bad name refused (exit 2)', async () => {
    // The folder whose keychain holds the API token (tokens are kept per equipment, not in the database).
    const folder = home;
    const submit = await runCli(folder, [
      '--database',
      url,
      '--register',
      'Caja Script',
      'dse',
      'submit',
      file('named.json', dse(MAGIC.accept, 'por nombre')),
    ]);
    expect(submit.code, submit.stderr).toBe(0);
    const id = readRegisterId(folder);
    expect((submit.json as Submission).idempotency_key).toMatch(new RegExp(`^dse-${id}-`));
    const client = new pg.Client(url);
    await client.connect();
    try {
      const { rows } = await client.query<{ id: string }>("SELECT id FROM registers WHERE name = 'Caja Script'");
      expect(rows).toEqual([{ id }]);
    } finally {
      await client.end();
    }
    // Another folder naming it (any case) is that same register.
    const again = join(dir.path, 'script-register-2');
    const status = await runCli(again, ['--database', url, '--register=caja script', 'status']);
    expect(status.code, status.stderr).toBe(0);
    expect(readRegisterId(again)).toBe(id);
    const bad = await runCli(join(dir.path, 'script-bad'), ['--database', url, '--register', 'x'.repeat(41), 'status']);
    expect(bad.code).toBe(2);
    expect(errorOf(bad).message).toContain('como máximo 40 caracteres');
    expect(existsSync(join(dir.path, 'script-bad'))).toBe(false);
  });

  it('an address with a password in it is refused before anything is opened (exit 2)', async () => {
    const address = new URL(url);
    address.password = 'secreta';
    const run = await runCli(join(dir.path, 'typed'), ['--database', address.toString(), 'status']);
    expect(run.code).toBe(2);
    expect(errorOf(run)).toMatchObject({ code: 'invalid_input' });
    expect(errorOf(run).message).toContain('La dirección incluye una contraseña');
    expect(run.stdout + run.stderr).not.toContain('secreta');
    expect(existsSync(join(dir.path, 'typed'))).toBe(false);
  });

  it('backup, backups and restore are refused in Spanish (the server’s copies), nothing changed', async () => {
    const folder = join(dir.path, 'backups');
    for (const args of [['backup'], ['backups'], ['restore', 'factura-desk-2026-11-20.sqlite', '--confirmar']]) {
      const run = await runCli(folder, ['--database', url, ...args]);
      expect(run.code, args.join(' ')).toBe(1);
      expect(errorOf(run)).toMatchObject({ code: 'conflict', details: { reason: 'shop_database' } });
      expect(errorOf(run).message).toContain('sus copias de seguridad las hace ese servidor');
      expect(errorOf(run).message).toContain('No se modificó nada.');
    }
    expect(existsSync(folder)).toBe(false);
  });

  it('two registers connecting to one company at once: both end with the shop’s one connection and their own token', async () => {
    const shop = await testDatabase();
    const runs = await Promise.all(
      ['caja-a', 'caja-b'].map((name) =>
        runCli(
          join(dir.path, name),
          ['--database', shop, 'connect', '--base-url', sandbox.baseUrl, '--company', String(COMPANY)],
          {
            stdin: `${TOKENS.full}\n`,
          },
        ),
      ),
    );
    for (const run of runs) {
      expect(run.code, run.stderr).toBe(0);
      expect(run.json).toMatchObject({ connection: { company_id: COMPANY, active: true }, check: { ok: true } });
    }
    const ids = runs.map((run) => (run.json as { connection: { id: number } }).connection.id);
    expect(ids[0]).toBe(ids[1]);
  });

  it('two processes at once on one database (no folder lock): different operations both succeed', async () => {
    const [first, second] = await Promise.all([
      runCli(home, ['--database', url, 'dse', 'submit', file('together-dse.json', dse(MAGIC.accept, 'a la vez'))]),
      runCli(home, ['--database', url, 'fe', 'submit', file('together-fe.json', fe(MAGIC.accept, 'a la vez'))]),
    ]);
    expect(first.code, first.stderr).toBe(0);
    expect(second.code, second.stderr).toBe(0);
    expect(first.json).toMatchObject({ kind: 'DSE', state: 'accepted' });
    expect(second.json).toMatchObject({ kind: 'FE', state: 'accepted' });
  });

  it('resume from two processes at once sends each key once', async () => {
    // A database and folder of their own, connected through a hop that records what reaches the server.
    const recorder = await keyRecorder(sandbox.baseUrl);
    const shop = await testDatabase();
    const folder = join(dir.path, 'resume');
    const cli = (args: string[], env: Record<string, string> = {}) =>
      runCli(folder, ['--database', shop, ...args], { env, stdin: `${TOKENS.full}\n` });
    try {
      const connect = await cli(['connect', '--base-url', recorder.url, '--company', String(COMPANY)]);
      expect(connect.code, connect.stderr).toBe(0);
      const OPERATIONS = 4;
      // Each operation's write-ahead record committed, its sending answered 503 (nothing created):
      // four submissions open in the shop's ledger, none claimed.
      recorder.unavailable = true;
      for (let n = 0; n < OPERATIONS; n += 1) {
        const run = await cli(['dse', 'submit', file(`open-${n}.json`, dse(MAGIC.accept, `abierta ${n}`))]);
        expect(run.code, run.stderr).toBe(3);
      }
      expect(recorder.posted).toEqual([]);
      recorder.unavailable = false;

      const both = await Promise.all([cli(['resume']), cli(['resume'])]);
      for (const run of both) expect([0, 3], run.stderr).toContain(run.code);
      await waitUntil(
        () => cli(['resume']),
        (run) => run.code === 0,
        { what: 'resume with nothing left open', deadlineMs: 60_000 },
      );

      const status = await cli(['status']);
      const ledger = (status.json as { submissions: { recent: Submission[] } }).submissions.recent;
      expect(ledger.map((s) => s.state)).toEqual(Array(OPERATIONS).fill('accepted'));
      // Each key sent once: neither process sent what the other had claimed.
      expect([...recorder.posted].sort()).toEqual(ledger.map((s) => s.idempotency_key).sort());
    } finally {
      await recorder.close();
    }
  });
});

describe('a shop database that asks for a password (scram-sha-256)', { timeout: 180_000 }, () => {
  const PASSWORD = 'clave-de-la-caja';
  const secrets = realKeychain();
  let server: TestPostgres;
  let address: string;

  beforeAll(async () => {
    server = await startPostgres({
      prepare(data) {
        writeFileSync(
          join(data, 'pg_hba.conf'),
          ['local all all trust', 'host all postgres 127.0.0.1/32 trust', 'host all all 127.0.0.1/32 scram-sha-256', ''].join(
            '\n',
          ),
        );
      },
    });
    const client = new pg.Client(server.adminUrl);
    await client.connect();
    try {
      await client.query(`CREATE ROLE caja LOGIN PASSWORD '${PASSWORD}'`);
      await client.query('CREATE DATABASE tienda OWNER caja');
    } finally {
      await client.end();
    }
    address = server.adminUrl.replace('postgres@', 'caja@').replace(/\/postgres$/, '/tienda');
    await forgetDatabasePassword(secrets, parsePostgresAddress(address));
  });
  afterAll(async () => {
    if (address) await forgetDatabasePassword(secrets, parsePostgresAddress(address)).catch(() => false);
    await server?.stop();
  });

  it('none kept, or a wrong one: a Spanish message, exit 1, nothing written; the variable’s serves that process and is not kept', async () => {
    const folder = join(dir.path, 'password');
    const admin = address.replace('caja@', 'postgres@');

    const none = await runCli(folder, ['--database', address, 'status']);
    expect(none.code).toBe(1);
    expect(errorOf(none)).toMatchObject({ code: 'store_unavailable', details: { reason: 'no_password' } });
    expect(errorOf(none).message).toContain('no tiene una guardada en el llavero del sistema');
    expect(errorOf(none).message).toContain('FACTURA_DESK_DATABASE_PASSWORD');

    const wrong = await runCli(folder, ['--database', address, 'status'], {
      env: { FACTURA_DESK_DATABASE_PASSWORD: 'otra-clave' },
    });
    expect(wrong.code).toBe(1);
    expect(errorOf(wrong)).toMatchObject({ code: 'store_unavailable', details: { reason: 'password_refused' } });
    expect(errorOf(wrong).message).toContain('rechazó la contraseña del usuario «caja»');
    expect(wrong.stdout + wrong.stderr).not.toContain('otra-clave');
    expect(await tablesOf(admin)).toEqual([]);
    expect(existsSync(join(folder, DATABASE_FILE))).toBe(false);

    const right = await runCli(folder, ['--database', address, 'status'], { env: { FACTURA_DESK_DATABASE_PASSWORD: PASSWORD } });
    expect(right.code, right.stderr).toBe(0);
    expect(right.json).toMatchObject({ connection: null, submissions: { total: 0 } });
    expect(await tablesOf(admin)).toContain('submissions');
    // Given for that process only: the keychain still holds none.
    expect(await readDatabasePassword(secrets, parsePostgresAddress(address))).toBeNull();

    // Kept in the keychain (as Ajustes keeps it), every command finds it there.
    await keepDatabasePassword(secrets, parsePostgresAddress(address), PASSWORD);
    const kept = await runCli(folder, ['--database', address, 'status']);
    expect(kept.code, kept.stderr).toBe(0);
  });
});
