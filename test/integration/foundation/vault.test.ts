import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '#core/core';
import { Vault, VAULT_SERVICE, vaultAccount, type VaultScope } from '#core/vault/vault';
import { realKeychain } from '#test/keychain';
import { tempDir } from '#test/temp';

let dir: ReturnType<typeof tempDir>;
let core: Core;
const TOKEN = `fd-test-token-${Date.now()}-RECOGNISABLE`;
const ROOT = join(__dirname, '../../..');
const PROBE = join(ROOT, 'test/support/vault-probe.ts');

interface ProbeResult {
  reply: { ok: boolean; output?: unknown; error?: { code: string; message: string } };
  filesWithToken: string[];
  kernelKeyring: string | null;
}

function probeResult(stdout: string): ProbeResult {
  const line = stdout.trim().split('\n').pop() ?? '';
  try {
    return JSON.parse(line) as ProbeResult;
  } catch {
    throw new Error(`the vault probe printed no result: ${stdout}`);
  }
}

beforeEach(() => {
  dir = tempDir();
  core = createCore({ home: dir.path, secrets: realKeychain(), transport: 'cli' });
});
afterEach(async () => {
  await core.close();
  dir.remove();
});

async function call(method: string, input: unknown) {
  return core.dispatch({ id: 1, method, input });
}

describe('vault against the real Secret Service (gnome-keyring)', () => {
  it('sets, reads and deletes a token per base URL and company', async () => {
    const scope: VaultScope = { folder: dir.path, installation: `vault-test-${Date.now()}` };
    const vault = new Vault(realKeychain(), scope);
    await vault.setToken('https://api.example.co/api/v1', 101, TOKEN);
    expect(await vault.getToken('https://api.example.co/api/v1', 101)).toBe(TOKEN);
    expect(await vault.getToken('https://api.example.co/api/v1', 102)).toBeNull();
    expect(await realKeychain().getPassword(VAULT_SERVICE, vaultAccount('https://api.example.co/api/v1/', 101, scope))).toBe(
      TOKEN,
    );
    expect(await vault.deleteToken('https://api.example.co/api/v1', 101)).toBe(true);
    expect(await vault.getToken('https://api.example.co/api/v1', 101)).toBeNull();
  });

  it('keeps the token out of the SQLite file, its WAL and every RPC output', async () => {
    const created = await call('connections.create', {
      label: 'Producción',
      kind: 'production',
      base_url: 'https://api.example.co/api/v1',
      company_id: 101,
    });
    expect(created.ok).toBe(true);
    const id = (created as { output: { id: number } }).output.id;
    const stored = await call('connections.setToken', { id, token: TOKEN });
    expect(stored).toMatchObject({ ok: true, output: { has_token: true } });
    const listed = await call('connections.list', {});
    const outputs = JSON.stringify([created, stored, listed]);
    expect(outputs).not.toContain(TOKEN);

    await core.close();
    for (const name of readdirSync(dir.path)) {
      if (!name.startsWith('factura-desk.sqlite')) continue;
      expect(readFileSync(join(dir.path, name)).includes(Buffer.from(TOKEN)), name).toBe(false);
    }
    core = createCore({ home: dir.path, secrets: realKeychain(), transport: 'cli' });
    const forgotten = await call('connections.forgetToken', { id });
    expect(forgotten).toMatchObject({ ok: true, output: { has_token: false } });
  });

  it('replaces a token and forgets it', async () => {
    const scope: VaultScope = { folder: dir.path, installation: `vault-test-${Date.now()}` };
    const vault = new Vault(realKeychain(), scope);
    await vault.setToken('https://api.example.co/api/v1', 103, TOKEN);
    await vault.setToken('https://api.example.co/api/v1', 103, `${TOKEN}-replaced`);
    expect(await vault.getToken('https://api.example.co/api/v1', 103)).toBe(`${TOKEN}-replaced`);
    // Read back through a second vault, so the answer comes from the Secret Service, not memory.
    expect(await new Vault(realKeychain(), scope).getToken('https://api.example.co/api/v1', 103)).toBe(`${TOKEN}-replaced`);
    expect(await vault.deleteToken('https://api.example.co/api/v1', 103)).toBe(true);
    expect(await new Vault(realKeychain(), scope).getToken('https://api.example.co/api/v1', 103)).toBeNull();
    expect(await vault.deleteToken('https://api.example.co/api/v1', 103)).toBe(false);
  });

  it('with no Secret Service at all: the Spanish message, and the token stored nowhere else', () => {
    const token = `fd-no-keychain-${Date.now()}`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', PROBE, join(dir.path, 'data'), 'store', token], {
      cwd: ROOT,
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    const result = probeResult(run.stdout);
    expect(result.reply).toMatchObject({ ok: false, error: { code: 'keychain_unavailable' } });
    expect(result.reply.error?.message).toMatch(/llavero/);
    expect(result.reply.error?.message).not.toContain(token);
    expect(result.filesWithToken).toEqual([]);
    // @napi-rs/keyring's own fallback on Linux is the kernel keyring: the vault must not use it.
    expect(result.kernelKeyring === null || result.kernelKeyring === 'unavailable').toBe(true);
    // Reading says the keychain is unavailable; the binding's fallback would have answered "no token".
    const read = spawnSync(process.execPath, ['--import', 'tsx', PROBE, join(dir.path, 'data'), 'read', token], {
      cwd: ROOT,
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(probeResult(read.stdout).reply).toMatchObject({
      ok: true,
      output: [{ has_token: false, keychain_unavailable: true }],
    });
  });

  it('with a locked keychain: the token cannot be read or replaced, the Spanish message says so, and nothing is written elsewhere', () => {
    const token = `fd-locked-${Date.now()}`;
    const run = spawnSync(
      'dbus-run-session',
      ['--', join(ROOT, 'test/support/locked-keyring.sh'), dir.path, token, `${token}-new`],
      {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 120_000,
      },
    );
    const [read, store, keychain] = run.stdout.trim().split('\n').map(probeResult);
    // The app still opens: the connection is listed, with no token and the keychain marked unavailable.
    expect(read?.reply).toMatchObject({ ok: true, output: [{ has_token: false, keychain_unavailable: true }] });
    expect(store?.reply).toMatchObject({ ok: false, error: { code: 'keychain_unavailable' } });
    expect(store?.reply.error?.message).toMatch(/bloqueado/);
    // What the first screen and Ajustes show: the keychain is missing for real tokens, and how to get one.
    expect(keychain?.reply).toMatchObject({ ok: true, output: { available: false } });
    expect(JSON.stringify(keychain?.reply)).toContain('sudo apt install gnome-keyring');
    for (const result of [read, store]) {
      expect(result?.filesWithToken).toEqual([]);
      expect(result?.kernelKeyring === null || result?.kernelKeyring === 'unavailable').toBe(true);
    }
  });
});
