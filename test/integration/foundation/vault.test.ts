import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../src/core/core';
import { Vault, VAULT_SERVICE, vaultAccount, type VaultScope } from '../../../src/core/vault/vault';
import { realKeychain } from '../../support/keychain';
import { tempDir } from '../../support/temp';

let dir: ReturnType<typeof tempDir>;
let core: Core;
const TOKEN = `fd-test-token-${Date.now()}-RECOGNISABLE`;

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
    expect(await realKeychain().getPassword(VAULT_SERVICE, vaultAccount('https://api.example.co/api/v1/', 101, scope))).toBe(TOKEN);
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

  it('says clearly that no keychain is available, and never falls back to plaintext', () => {
    const script = `
      import { Vault } from './src/core/vault/vault.ts';
      import { osKeychain } from './src/core/vault/os-keychain.ts';
      const vault = new Vault(osKeychain, { folder: '/tmp/x', installation: 'no-keychain' });
      vault.setToken('https://x/api/v1', 1, 'secret-that-must-not-leak').then(
        () => console.log(JSON.stringify({ stored: true })),
        (error) => console.log(JSON.stringify({ code: error.code, message: error.message })),
      );`;
    const run = spawnSync('npx', ['tsx', '--eval', script], {
      cwd: join(__dirname, '../../..'),
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    const result = JSON.parse(run.stdout.trim().split('\n').pop() ?? '{}') as { code?: string; message?: string };
    expect(result.code).toBe('keychain_unavailable');
    expect(result.message).toMatch(/llavero/);
    expect(result.message).not.toContain('secret-that-must-not-leak');
  });
});
