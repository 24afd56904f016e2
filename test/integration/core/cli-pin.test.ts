// The command line as a cashier, on a real core (its SQLite file, the OS keychain) and the real
// sandbox, as a child process: once the register has an administrator, its administrator-only
// commands (here `connect`) need `--pin`, whose PIN comes from FACTURA_DESK_PIN or the first line of a
// piped standard input, never from the arguments; a cajero's PIN or a wrong one is refused in Spanish
// and nothing changes; the app's signed-in cashier is not changed by the command line.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '#sandbox/index';
import { runCli } from '#test/core/cli';
import { openRpcCore } from '#test/core/rpc-core';
import { tempDir } from '#test/temp';

const ADMIN_PIN = '482913';
const ANA_PIN = '5172';

let dir: ReturnType<typeof tempDir>;
let sandbox: RunningSandbox;
let home: string;
let anaId: number;

beforeAll(async () => {
  dir = tempDir('factura-desk-cli-pin-');
  sandbox = await startSandbox({ seed: 'resources/demo-seed.json', settleMs: 20 });
  home = join(dir.path, 'shop');
  const app = openRpcCore(home);
  await app.rpc('cashiers.createAdmin', { name: 'Marta', pin: ADMIN_PIN });
  await app.rpc('cashiers.create', { name: 'Ana', pin: ANA_PIN, role: 'cajero' });
  // Ana is at the register when the command line runs.
  anaId = (await app.rpc<{ current: { id: number } }>('cashiers.signIn', { pin: ANA_PIN })).current.id;
  await app.core.close();
}, 60_000);
afterAll(async () => {
  await sandbox?.close();
  dir?.remove();
});

const connectArgs = () => ['connect', '--base-url', sandbox.baseUrl, '--company', '101', '--label', 'Demo'];
const TOKEN = 'sbx_101_full';

/** The connections stored and who the app keeps signed in, read from the data folder. */
async function stored(): Promise<{ connections: number; signedIn: number | null }> {
  const app = openRpcCore(home);
  try {
    const db = app.core.parts.store!.db;
    return {
      connections: (db.prepare('SELECT COUNT(*) AS n FROM connections').get() as { n: number }).n,
      signedIn: (db.prepare('SELECT signed_in_cashier AS id FROM registers').get() as { id: number | null }).id,
    };
  } finally {
    await app.core.close();
  }
}

const errorOf = (json: unknown) => (json as { error: { code: string; message: string } }).error;

describe('the command line with cashiers', { timeout: 120_000 }, () => {
  it('without --pin an administrator-only command is refused, and nothing is stored', async () => {
    const run = await runCli(home, connectArgs(), { stdin: TOKEN });
    expect(run.code).toBe(1);
    expect(errorOf(run.json)).toMatchObject({ code: 'not_allowed' });
    expect(errorOf(run.json).message).toMatch(/Desde la línea de comandos: agregue --pin \(el PIN de FACTURA_DESK_PIN/);
    expect(await stored()).toEqual({ connections: 0, signedIn: anaId });
  });

  it('a PIN among the arguments is refused before anything is opened', async () => {
    for (const args of [
      [`--pin=${ADMIN_PIN}`, ...connectArgs()],
      ['--pin', ADMIN_PIN, ...connectArgs()],
    ]) {
      const run = await runCli(home, args, { stdin: TOKEN });
      expect(run.code).toBe(2);
      expect(errorOf(run.json).message).toBe(
        'No escriba el PIN en la línea de comandos (otros usuarios del equipo la ven): use --pin solo y FACTURA_DESK_PIN, o escríbalo cuando se pida.',
      );
    }
    expect((await stored()).connections).toBe(0);
  });

  it("a cajero's PIN or a wrong one is refused in Spanish", async () => {
    const cajero = await runCli(home, ['--pin', ...connectArgs()], { stdin: TOKEN, env: { FACTURA_DESK_PIN: ANA_PIN } });
    expect(cajero.code).toBe(1);
    expect(errorOf(cajero.json)).toMatchObject({
      code: 'not_allowed',
      message: 'Cambiar las conexiones solo lo puede hacer un administrador. Cambie de cajero con el PIN del administrador.',
    });
    const wrong = await runCli(home, ['--pin', ...connectArgs()], { stdin: `0000\n${TOKEN}\n` });
    expect(wrong.code).toBe(2);
    expect(errorOf(wrong.json)).toMatchObject({ code: 'invalid_input', message: 'El PIN no corresponde a ningún cajero.' });
    expect((await stored()).connections).toBe(0);
  });

  it("the administrator's PIN from FACTURA_DESK_PIN, or piped before the token, lets connect run", async () => {
    const fromEnv = await runCli(home, ['--pin', ...connectArgs()], { stdin: TOKEN, env: { FACTURA_DESK_PIN: ADMIN_PIN } });
    expect(fromEnv.code).toBe(0);
    expect(fromEnv.json).toMatchObject({ check: { ok: true } });
    // The PIN on the first line, the token after it (and FACTURA_DESK_PIN empty is as if unset).
    const piped = await runCli(home, ['--pin', ...connectArgs(), '--replace-token'], {
      stdin: `${ADMIN_PIN}\n${TOKEN}\n`,
      env: { FACTURA_DESK_PIN: '' },
    });
    expect(piped.code).toBe(0);
    expect(piped.json).toMatchObject({ check: { ok: true } });
    expect(piped.stdout + piped.stderr).not.toContain(ADMIN_PIN);
    // One connection, and the app still opens with Ana, not with whoever the command line was.
    expect(await stored()).toEqual({ connections: 1, signedIn: anaId });
  });
});
