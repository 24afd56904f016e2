// Run by tsx in a child process whose D-Bus session the test controls (no Secret Service, or a
// locked one): stores a token through core as the app does, then reports what it got and whether
// the token landed anywhere it must not (the data folder, the kernel keyring the binding would
// otherwise fall back to). Prints one line of JSON.
// Usage: tsx test/support/vault-probe.ts HOME store|read|keychain TOKEN  (keychain: what core says of the keychain)
import { Entry } from '@napi-rs/keyring';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createCore, vaultScope } from '#core/core';
import { osKeychain } from '#core/vault/os-keychain';
import { VAULT_SERVICE, vaultAccount } from '#core/vault/vault';

const BASE_URL = 'https://api.example.co/api/v1';
const COMPANY = 101;
const [home, action, token] = process.argv.slice(2) as [string, 'store' | 'read' | 'keychain', string];

function filesContaining(dir: string, needle: string): string[] {
  const hits: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) hits.push(...filesContaining(path, needle));
    else if (readFileSync(path).includes(Buffer.from(needle))) hits.push(path);
  }
  return hits;
}

function inKernelKeyring(account: string): string | null | 'unavailable' {
  try {
    return new Entry(VAULT_SERVICE, account, { linux: { store: 'keyutils' } }).getPassword() ?? null;
  } catch {
    return 'unavailable';
  }
}

const core = createCore({ home, secrets: osKeychain, transport: 'cli' });
const account = vaultAccount(BASE_URL, COMPANY, vaultScope(home, core.parts.store!));
const call = (method: string, input: unknown) => core.dispatch({ id: 1, method, input });
const listed = await call('connections.list', {});
let id = listed.ok ? (listed.output as { id: number }[])[0]?.id : undefined;
if (id === undefined) {
  const created = await call('connections.create', {
    label: 'Producción',
    kind: 'production',
    base_url: BASE_URL,
    company_id: COMPANY,
  });
  id = (created as { output: { id: number } }).output.id;
}
const reply =
  action === 'store'
    ? await call('connections.setToken', { id, token })
    : action === 'keychain'
      ? await call('connections.keychain', {})
      : await call('connections.list', {});
await core.close();
process.stdout.write(
  `${JSON.stringify({
    reply,
    filesWithToken: filesContaining(home, token),
    kernelKeyring: inKernelKeyring(account),
  })}\n`,
);
