// Secrets: a recognisable token stored in the real keychain, a day of use (connect, issue
// FE and DSE, a pending DSE polled to its end, history sync, search, CSV export, support
// information), then every file the app wrote (SQLite, WAL, logs, backups) and every RPC output is
// searched for the token, whole or in pieces. And the sandbox: tokens stored as digests only.
import Database from 'better-sqlite3';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '#sandbox/index';
import { hashToken } from '#sandbox/http/auth';
import { realKeychain } from '../support/keychain';
import { tempDir } from '../support/temp';
import { dseBody, feBody, SANDBOX_NOW } from '../support/requests/numbered';
import { startApp, type AppUnderTest } from '../support/reliability/harness';
import { waitUntil } from '../support/wait';
import { RELIABILITY_COMPANY_A as COMPANY_A, reliabilitySeed } from '../support/seed';
import { vaultScope } from '#core/core';
import { VAULT_SERVICE, vaultAccount } from '#core/vault/vault';

const TOKEN = 'SECRETO-RECONOCIBLE-7f3a9c1e5b2d8f4a6c0e';
let dir: ReturnType<typeof tempDir>;
let sandbox: RunningSandbox;
let app: AppUnderTest;
const outputs: string[] = [];

beforeAll(async () => {
  dir = tempDir('factura-desk-secrets-');
  const seed = reliabilitySeed();
  seed.clients.push({
    id: 'secreto',
    company_id: COMPANY_A,
    scopes: ['fe.read', 'fe.write', 'dse.read', 'dse.write'],
    tokens: [{ token: TOKEN, expires_at: null, revoked: false }],
  });
  sandbox = await startSandbox({ seed, now: SANDBOX_NOW, settleMs: 100, dataDir: join(dir.path, 'sandbox') });
  app = await startApp({
    home: join(dir.path, 'home'),
    secrets: realKeychain(),
    baseUrl: sandbox.baseUrl,
    companyId: COMPANY_A,
    token: TOKEN,
    transport: 'web',
  });
});
afterAll(async () => {
  await app?.call('connections.forgetToken', { id: app.connectionId });
  await app?.core.close();
  await sandbox?.close();
  dir?.remove();
});

async function record(method: string, input: unknown): Promise<unknown> {
  const reply = await app.call(method, input);
  outputs.push(JSON.stringify(reply));
  if (!reply.ok) throw new Error(`${method}: ${JSON.stringify(reply.error)}`);
  return reply.output;
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** The token whole, and any 12-character piece of it (a truncated or split copy is a leak too). */
function leaks(haystack: Buffer | string): boolean {
  const text = Buffer.isBuffer(haystack) ? haystack.toString('latin1') : haystack;
  for (let i = 0; i + 12 <= TOKEN.length; i += 4) if (text.includes(TOKEN.slice(i, i + 12))) return true;
  return false;
}

describe('the bearer token after a day of use', () => {
  it('appears in no file the app wrote and in no RPC output', async () => {
    await record('connections.test', { id: app.connectionId });
    await record('connections.list', {});
    await record('fe.submit', { request: feBody(1) });
    await record('fe.submit', { request: feBody(2, { receptor: '222222222' }) }); // rejected
    await record('dse.submit', { request: dseBody(1) });
    const pending = (await record('dse.submit', { request: dseBody(2, { nit: '333333333' }) })) as { id: number };
    await waitUntil(
      async () => (await record('submissions.resume', {})) as { state: string }[],
      (open) => !open.some((s) => s.state === 'pending' || s.state === 'in_doubt'),
      { what: 'every submission resolved' },
    );
    await record('submissions.check', { id: pending.id });
    await record('history.sync', {});
    await record('history.list', { filter: { q: 'Cliente' }, offset: 0, limit: 50 });
    const list = (await record('submissions.list', { limit: 50 })) as { id: number }[];
    for (const s of list) await record('submissions.supportInfo', { id: s.id });
    await record('history.exportCsv', { filter: {} });
    await record('app.info', {});
    await record('app.backup', {});
    await record('fe.paymentMethods', {});
    await record('fe.terceros', {});
    // A bad token attempt must not echo it either.
    outputs.push(JSON.stringify(await app.call('connections.setToken', { id: app.connectionId, token: `${TOKEN} con espacio` })));
    await app.core.parts.poller.stop();
    app.core.parts.store!.db.pragma('wal_checkpoint(PASSIVE)');

    const files = filesUnder(app.home);
    expect(files.some((f) => f.endsWith('.sqlite-wal'))).toBe(true);
    expect(files.some((f) => f.includes('logs'))).toBe(true);
    expect(files.some((f) => f.includes('backups'))).toBe(true);
    const leaking = files.filter((f) => leaks(readFileSync(f)));
    const leakingOutputs = outputs.filter((o) => leaks(o));
    console.log(
      `secrets: ${files.length} files and ${outputs.length} RPC outputs searched; leaks: ${leaking.length + leakingOutputs.length}`,
    );
    expect(leaking).toEqual([]);
    expect(leakingOutputs).toEqual([]);
    // The check can fail: the token is really where it belongs.
    // The entry is scoped to this data folder.
    const account = vaultAccount(sandbox.baseUrl, COMPANY_A, vaultScope(app.core.parts.home, app.core.parts.store!));
    expect(await realKeychain().getPassword(VAULT_SERVICE, account)).toBe(TOKEN);
  });
});

describe('sandbox tokens', () => {
  it('are stored as SHA-256 digests only and compared over the whole digest', async () => {
    const db = new Database(join(dir.path, 'sandbox', 'sandbox.sqlite'), { readonly: true });
    const rows = db.prepare('SELECT hash FROM tokens').all() as { hash: Buffer }[];
    db.close();
    expect(rows.every((r) => Buffer.isBuffer(r.hash) && r.hash.length === 32)).toBe(true);
    expect(rows.some((r) => r.hash.equals(hashToken(TOKEN)))).toBe(true);
    for (const file of filesUnder(join(dir.path, 'sandbox'))) expect(leaks(readFileSync(file)), file).toBe(false);
    const source = readFileSync(join(import.meta.dirname, '..', '..', 'src', 'sandbox', 'http', 'auth.ts'), 'utf8');
    expect(source).toMatch(/timingSafeEqual\(row\.hash, presented\)/);
    // A token one character off, longer or shorter is refused.
    for (const wrong of [`${TOKEN.slice(0, -1)}X`, `${TOKEN}0`, TOKEN.slice(0, -1)]) {
      const r = await fetch(`${sandbox.baseUrl}/companies/${COMPANY_A}/fe/payment-methods`, {
        headers: { Authorization: `Bearer ${wrong}` },
      });
      expect(r.status).toBe(401);
    }
  });
});
