// Disk faults: the app's SQLite file on a full tmpfs, on a read-only mount, and damaged
// at start. Each time: a clear Spanish message, nothing half-written, nothing sent that the ledger
// did not record first, the backup offered, no crash. Mounting needs root (CI runs the tests as
// root); without it these tests fail rather than skip.
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '#core/core';
import { Store } from '#core/store/store';
import { startServedHost } from '#main/host';
import { startSandbox, type RunningSandbox } from '#sandbox/index';
import { tempDir } from '../support/temp';
import { memorySecrets } from '../support/core/memory-secrets';
import { dseBody, feBody, SANDBOX_NOW } from '../support/requests/numbered';
import { ledgerRows, reconcile, scopedTo, serverDocuments, startApp, type AppUnderTest } from '../support/reliability/harness';
import { RELIABILITY_COMPANY_A as COMPANY_A, reliabilitySeed, RELIABILITY_TOKENS as TOKENS } from '../support/seed';
import { nodeFetch } from '#core/api/node-fetch';

/** Core's own transport, as the app sends through it. */
const coreFetch = nodeFetch();

let dir: ReturnType<typeof tempDir>;
let sandbox: RunningSandbox;
const mounts: string[] = [];
const sandboxData = () => join(dir.path, 'sandbox');

function mountTmpfs(path: string, size: string): void {
  mkdirSync(path, { recursive: true });
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', path]);
  mounts.push(path);
}
function remount(path: string, mode: 'ro' | 'rw'): void {
  execFileSync('mount', ['-o', `remount,${mode}`, path]);
}

beforeAll(async () => {
  dir = tempDir('factura-desk-disk-');
  sandbox = await startSandbox({ seed: reliabilitySeed(), now: SANDBOX_NOW, settleMs: 50, dataDir: sandboxData() });
});
afterAll(async () => {
  await sandbox?.close();
  for (const path of mounts.reverse()) {
    try {
      execFileSync('umount', ['-l', path]);
    } catch {
      // already gone
    }
  }
  dir?.remove();
});

const apps: AppUnderTest[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.core.close().catch(() => undefined);
});

async function open(home: string, fetch?: typeof globalThis.fetch): Promise<AppUnderTest> {
  const app = await startApp({
    home,
    secrets: memorySecrets(),
    baseUrl: sandbox.baseUrl,
    companyId: COMPANY_A,
    token: TOKENS.a,
    ...(fetch ? { fetch } : {}),
  });
  apps.push(app);
  return app;
}

/** Fills the file system at `path` to the last byte. */
function fill(path: string): string {
  const filler = join(path, 'filler.bin');
  const fd = openSync(filler, 'w');
  const chunk = Buffer.alloc(64 * 1024, 7);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  }
  // The last, smaller blocks.
  try {
    for (;;) writeSync(fd, Buffer.alloc(512, 7));
  } catch {
    // full
  }
  closeSync(fd);
  return filler;
}

const dseCount = () => serverDocuments(sandboxData(), COMPANY_A).dseCreated;

describe('a full disk', () => {
  it('refuses a new submission before anything is sent, with a Spanish message; works again once space is freed', async () => {
    const mount = join(dir.path, 'full');
    mountTmpfs(mount, '8m');
    const home = join(mount, 'home');
    const app = await open(home);
    expect((await app.ok<{ state: string }>('dse.submit', { request: dseBody(1) })).state).toBe('accepted');
    app.core.parts.store!.db.pragma('wal_checkpoint(TRUNCATE)');
    const before = dseCount();
    const filler = fill(mount);

    const reply = await app.call('dse.submit', { request: dseBody(2) });
    expect(reply.ok).toBe(false);
    if (!reply.ok) {
      expect(reply.error.code).toBe('store_unavailable');
      expect(reply.error.message).toMatch(/disco lleno|Libere espacio/);
    }
    // The write-ahead record could not be written, so nothing went out.
    expect(dseCount()).toBe(before);
    expect(ledgerRows(home)).toHaveLength(1);

    rmSync(filler);
    expect((await app.ok<{ state: string }>('dse.submit', { request: dseBody(2) })).state).toBe('accepted');
    const check = reconcile(ledgerRows(home), scopedTo(ledgerRows(home), serverDocuments(sandboxData(), COMPANY_A)));
    expect(check).toMatchObject({ duplicates: 0, lost: 0, open: 0, mismatched: 0 });
    await app.core.close();
    const db = new Database(join(home, DATABASE_FILE), { readonly: true });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
  });

  it('loses nothing when the disk fills while the server is creating the document: the ledger keeps it in doubt and resume settles it', async () => {
    const mount = join(dir.path, 'full-mid');
    mountTmpfs(mount, '8m');
    const home = join(mount, 'home');
    let filler: string | null = null;
    let fillOnSend = false;
    const fetchFilling: typeof globalThis.fetch = (input, init) => {
      // The write-ahead record is on disk; the disk fills while the request is on its way.
      if (fillOnSend && init?.method === 'POST') {
        fillOnSend = false;
        filler = fill(mount);
      }
      return coreFetch(input, init);
    };
    const app = await open(home, fetchFilling);
    app.core.parts.store!.db.pragma('wal_checkpoint(TRUNCATE)');
    fillOnSend = true;
    const reply = await app.call('fe.submit', { request: { ...feBody(50), draft_key: 'disk-full-mid-1' } });
    expect(reply.ok).toBe(false);
    if (!reply.ok) expect(reply.error.code).toBe('store_unavailable');
    // The server has the invoice; the ledger still has the operation, unresolved.
    expect(serverDocuments(sandboxData(), COMPANY_A).feByKey.get('disk-full-mid-1')).toHaveLength(1);
    expect(ledgerRows(home).find((r) => r.idempotency_key === 'disk-full-mid-1')?.state).toBe('sending');

    rmSync(filler!);
    const resumed = await app.ok<{ state: string; idempotency_key: string }[]>('submissions.resume', {});
    expect(resumed.find((s) => s.idempotency_key === 'disk-full-mid-1')?.state).toBe('accepted');
    const rows = ledgerRows(home);
    expect(reconcile(rows, scopedTo(rows, serverDocuments(sandboxData(), COMPANY_A)))).toMatchObject({
      duplicates: 0,
      lost: 0,
      open: 0,
      mismatched: 0,
    });
  });
});

describe('a read-only disk', () => {
  it('opens nothing and writes nothing; every call answers a Spanish message with the backup', async () => {
    const mount = join(dir.path, 'readonly');
    mountTmpfs(mount, '16m');
    const home = join(mount, 'home');
    const app = await open(home);
    await app.ok('dse.submit', { request: dseBody(3) });
    await app.ok('app.backup', {});
    await app.core.close();
    apps.length = 0;
    const digest = sha(join(home, DATABASE_FILE));
    remount(mount, 'ro');
    try {
      const host = await startServedHost({ home, secrets: memorySecrets(), transport: 'web', embeddedSandbox: false });
      expect(host.startupError?.code).toBe('store_unavailable');
      expect(host.startupError?.message).toMatch(/No se puede escribir en la carpeta de datos/);
      expect(host.startupError?.message).toMatch(/1 copia de seguridad/);
      const reply = await host.dispatcher.dispatch({ id: 4, method: 'dse.submit', input: { request: dseBody(4) } });
      expect(reply).toMatchObject({ id: 4, ok: false, error: { code: 'store_unavailable' } });
      await host.close();
    } finally {
      remount(mount, 'rw');
    }
    expect(sha(join(home, DATABASE_FILE))).toBe(digest);
  });
});

describe('a damaged database file at start', () => {
  it('does not crash: a Spanish message, the newest backup offered, the damaged file left as it was', async () => {
    const home = join(dir.path, 'damaged');
    const app = await open(home);
    await app.ok('fe.submit', { request: feBody(60) });
    const backup = await app.ok<{ file: string }>('app.backup', {});
    await app.core.close();
    apps.length = 0;
    const file = join(home, DATABASE_FILE);
    const bytes = readFileSync(file);
    bytes.write('esto ya no es SQLite, el disco se dañó', 0, 'latin1');
    writeFileSync(file, bytes);
    for (const suffix of ['-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
    const digest = sha(file);

    const host = await startServedHost({ home, secrets: memorySecrets(), transport: 'web', embeddedSandbox: false });
    expect(host.startupError?.code).toBe('store_unavailable');
    expect(host.startupError?.message).toMatch(/El archivo de datos está dañado/);
    expect(host.startupError?.message).toContain(backup.file);
    expect(host.startupError?.details?.backups).toEqual([expect.objectContaining({ file: backup.file })]);
    for (const method of ['app.info', 'connections.list', 'history.list', 'fe.submit']) {
      const reply = await host.dispatcher.dispatch({ id: method, method, input: {} });
      expect(reply).toMatchObject({ id: method, ok: false, error: { code: 'store_unavailable' } });
      expect(JSON.stringify(reply)).not.toMatch(/SqliteError|at \w+ \(/);
    }
    await host.close();
    expect(sha(file)).toBe(digest);
    // The backup offered is whole and holds the invoice.
    const restored = Store.open(backup.file);
    expect(restored.db.prepare("SELECT count(*) AS n FROM submissions WHERE kind = 'FE'").get()).toEqual({ n: 1 });
    restored.close();
    expect(existsSync(backup.file)).toBe(true);
  });
});

function sha(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

describe('damage in the middle of the file', () => {
  it('is found at start by a quick integrity check, with the backup advice (delete -wal and -shm first)', async () => {
    const home = join(dir.path, 'damaged-middle');
    const app = await open(home);
    for (let i = 0; i < 40; i += 1) await app.ok('fe.submit', { request: feBody(700 + i) });
    const backup = await app.ok<{ file: string }>('app.backup', {});
    await app.core.close();
    apps.length = 0;
    const file = join(home, DATABASE_FILE);
    const bytes = readFileSync(file);
    // Page 1 (the header) stays whole; a page in the middle is overwritten.
    const page = 4096;
    const middle = Math.floor(bytes.length / page / 2) * page;
    bytes.fill(0xa5, middle, middle + page);
    writeFileSync(file, bytes);
    for (const suffix of ['-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });

    const host = await startServedHost({ home, secrets: memorySecrets(), transport: 'web', embeddedSandbox: false });
    expect(host.startupError?.code).toBe('store_unavailable');
    expect(host.startupError?.message).toMatch(/El archivo de datos está dañado/);
    expect(host.startupError?.message).toContain(backup.file);
    expect(host.startupError?.message).toContain(`${DATABASE_FILE}-wal`);
    await host.close();
  });
});
