// A newcomer's Linux machine with no Secret Service (`npm start` from a plain shell): the host is run
// in a child process whose D-Bus session address leads nowhere, with the real keychain binding. The
// embedded test environment works (a sale is accepted); a real provider's token is refused with the
// Spanish way to get a keychain, and is written nowhere; the terminal says the same when the web
// host starts.
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '#test/temp';

const ROOT = resolve(import.meta.dirname, '../../..');
const NO_BUS = { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' };
const HOW_TO = 'sudo apt install gnome-keyring';

interface Reply {
  ok: boolean;
  output?: unknown;
  error?: { code: string; message: string };
}

let dir: ReturnType<typeof tempDir>;
beforeEach(() => {
  dir = tempDir('factura-desk-no-keychain-');
});
afterEach(() => dir.remove());

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('with no Secret Service', () => {
  it('the embedded test environment sells; a real token is refused with the Spanish guidance and stored nowhere', () => {
    const home = join(dir.path, 'home');
    const run = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'test/support/keyless-host-probe.ts'), home], {
      cwd: ROOT,
      env: NO_BUS,
      encoding: 'utf8',
      timeout: 120_000,
    });
    const line = run.stdout.trim().split('\n').pop() ?? '';
    let result: Record<'listed' | 'keychain' | 'sale' | 'setToken' | 'afterReal', Reply>;
    try {
      result = JSON.parse(line) as typeof result;
    } catch {
      throw new Error(`the probe printed no result:\n${run.stdout}\n${run.stderr}`);
    }
    expect(result.listed.output).toEqual([expect.objectContaining({ embedded: true, active: true, has_token: true })]);
    expect(result.sale).toMatchObject({ ok: true, output: { state: 'accepted' } });

    expect(result.keychain).toMatchObject({ ok: true, output: { available: false } });
    const guidance = (result.keychain.output as { message: string }).message;
    expect(guidance).toContain(HOW_TO);
    expect(guidance).toMatch(/escritorio/);
    expect(guidance).toMatch(/entorno de pruebas integrado funciona/);

    expect(result.setToken).toMatchObject({ ok: false, error: { code: 'keychain_unavailable' } });
    expect(result.setToken.error?.message).toContain(HOW_TO);
    expect(result.afterReal.output).toEqual([
      expect.objectContaining({ embedded: true, has_token: true }),
      expect.objectContaining({ embedded: false, has_token: false, keychain_unavailable: true }),
    ]);
    // Neither token is in any file the app wrote: the real one was refused, the demo one is re-read from the seed.
    const written = filesUnder(home).filter((file) => {
      const bytes = readFileSync(file);
      return bytes.includes(Buffer.from('token-real-de-prueba-123')) || bytes.includes(Buffer.from('sbx_101_full'));
    });
    expect(written.filter((file) => !file.includes(`${join(home, 'sandbox')}/`))).toEqual([]);
  });

  it('the terminal says what is missing and how to get it when the web host starts', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src/main/web.ts'), '--home', join(dir.path, 'web')], {
      cwd: ROOT,
      env: NO_BUS,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const exited = new Promise((done) => child.once('exit', done));
    try {
      await expect.poll(() => stdout, { timeout: 60_000, interval: 100 }).toMatch(/"url"/);
      await expect.poll(() => stderr, { timeout: 10_000, interval: 100 }).toMatch(/llavero.*\n/);
      const line = stderr.split('\n').find((each) => each.includes('llavero'));
      expect(line).toMatch(/^\[Factura Desk\] Aviso: falta el llavero del sistema\. /);
      expect(line).toContain(HOW_TO);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  }, 90_000);
});
