// Restoring a backup: after damage in the middle of the file, and after an
// unclean stop that left a write-ahead log behind, through the very function Ajustes calls
// (app.restore → the served host → restoreBackup). The restored file opens, passes
// integrity_check and holds exactly the backup's data; the replaced file is kept, never deleted.
import Database from 'better-sqlite3';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseArgs } from '#core/cli/args';
import { backupsCommand, restoreCommand } from '#core/cli/restore';
import { DATABASE_FILE } from '#core/core';
import { listBackups, restoreBackup } from '#core/store/restore';
import { startServedHost, type ServedHost } from '#main/host';
import { startSandbox, type RunningSandbox } from '#sandbox/index';
import { RELIABILITY_COMPANY_A as COMPANY, reliabilitySeed, RELIABILITY_TOKENS as TOKENS } from '../support/seed';
import { tempDir } from '../support/temp';
import { feBody, SANDBOX_NOW } from '../support/requests/numbered';
import { memorySecrets } from '../support/core/memory-secrets';
import { withRpc, type ServedRpc } from '#test/core/served-rpc';

const dirs: ReturnType<typeof tempDir>[] = [];
const hosts: ServedHost[] = [];
afterEach(async () => {
  for (const host of hosts.splice(0)) await host.close().catch(() => undefined);
  for (const dir of dirs.splice(0)) dir.remove();
});

async function serve(home: string, fetch?: typeof globalThis.fetch): Promise<ServedHost & ServedRpc> {
  const host = await startServedHost({
    home,
    secrets: memorySecrets(),
    transport: 'web',
    embeddedSandbox: false,
    ...(fetch ? { fetch } : {}),
  });
  hosts.push(host);
  return withRpc(host);
}

function products(from: number, count: number): string {
  const lines = ['Código;Descripción;Precio;Incluye IVA;Impuesto;Unidad'];
  for (let i = from; i < from + count; i += 1)
    lines.push(`P${i};Producto de prueba número ${i} con una descripción larga;${1000 + i};no;19;unidad`);
  return lines.join('\n');
}

/** A home with a connection and 300 products, a backup, then 60 products more that the backup lacks. */
async function homeWithBackup() {
  const dir = tempDir('factura-desk-restore-');
  dirs.push(dir);
  const home = join(dir.path, 'home');
  const host = await serve(home);
  const connection = await host.ok<{ id: number }>('connections.create', {
    label: 'Pruebas',
    kind: 'sandbox',
    base_url: 'http://127.0.0.1:9/api/v1',
    company_id: 1,
  });
  await host.ok('connections.activate', { id: connection.id });
  await host.ok('catalog.applyImport', { text: products(0, 300) });
  const backup = await host.ok<{ file: string }>('app.backup', {});
  await host.ok('catalog.applyImport', { text: products(300, 60) });
  return { dir, home, host, backup: backup.file, name: backup.file.split('/').pop()!, file: join(home, DATABASE_FILE) };
}

/** Every row of every table, in a stable order: "the same data". */
function dump(file: string): string {
  const db = new Database(file, { readonly: true });
  try {
    const tables = db
      .prepare<[], { name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .all();
    const out: Record<string, unknown[]> = { user_version: [db.pragma('user_version', { simple: true })] };
    for (const { name } of tables) {
      out[name] = db
        .prepare(`SELECT * FROM "${name}"`)
        .raw()
        .all()
        .map((row) => JSON.stringify(row))
        .sort();
    }
    return JSON.stringify(out);
  } finally {
    db.close();
  }
}

function integrity(file: string): unknown {
  const db = new Database(file, { readonly: true });
  try {
    return db.pragma('integrity_check', { simple: true });
  } finally {
    db.close();
  }
}

function productCount(file: string): number {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM catalog_products').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

describe('restore after damage in the middle of the file', () => {
  it('the damaged-file message offers the restore; app.restore replaces the file, keeps the damaged one, and the app runs on the backup', async () => {
    const { host, home, file, backup, name } = await homeWithBackup();
    const expected = dump(backup);
    await host.close();
    hosts.length = 0;
    const bytes = readFileSync(file);
    const page = 4096;
    const middle = Math.floor(bytes.length / page / 2) * page;
    expect(middle).toBeGreaterThan(page);
    bytes.fill(0xa5, middle, middle + page);
    writeFileSync(file, bytes);
    const damaged = readFileSync(file);

    const served = await serve(home);
    expect(served.startupError?.code).toBe('store_unavailable');
    expect(served.startupError?.message).toMatch(/dañado/);
    expect(served.startupError?.message).toMatch(/Ajustes › Datos y copia de seguridad/);
    expect(await served.call('catalog.search', {})).toMatchObject({ ok: false, error: { code: 'store_unavailable' } });
    const list = await served.ok<{ name: string; later: unknown }[]>('app.backups', {});
    expect(list).toEqual([expect.objectContaining({ name, later: null })]);
    // Without the user's yes nothing happens.
    expect(await served.call('app.restore', { name })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(readFileSync(file).equals(damaged)).toBe(true);

    const result = await served.ok<{ name: string; kept_as: string }>('app.restore', { name, confirm: true });
    expect(result.name).toBe(name);
    expect(served.startupError).toBeNull();
    const search = await served.ok<{ total: number }>('catalog.search', {});
    expect(search.total).toBe(300);
    await served.close();
    hosts.length = 0;
    expect(integrity(file)).toBe('ok');
    expect(dump(file)).toBe(expected);
    // The damaged file is kept as it was, beside the data file.
    expect(readFileSync(result.kept_as).equals(damaged)).toBe(true);
    expect(existsSync(backup)).toBe(true);
  });

  it('a damaged backup is refused and changes nothing', async () => {
    const { host, home, file, backup, name } = await homeWithBackup();
    await host.close();
    hosts.length = 0;
    const bytes = readFileSync(backup);
    bytes.fill(0x5a, 4096 * 3, 4096 * 4);
    writeFileSync(backup, bytes);
    const before = dump(file);
    expect(() => restoreBackup({ home, databaseFile: file, backup: name, now: new Date() })).toThrow(/dañada/);
    expect(() => restoreBackup({ home, databaseFile: file, backup: '../factura-desk.sqlite', now: new Date() })).toThrow(
      /no existe/,
    );
    expect(dump(file)).toBe(before);
    expect(existsSync(`${file}.restaurando`)).toBe(false);
  });
});

describe('restore after an unclean stop left a write-ahead log', () => {
  it('the stale -wal/-shm are set aside with the old file, never replayed over the backup; nothing is lost', async () => {
    const { dir, host, home, file, backup, name } = await homeWithBackup();
    const expected = dump(backup);
    // An unclean stop: the files as they are on disk while core still holds the database, with
    // recent writes only in the WAL.
    const running = join(dir.path, 'unclean');
    const db = new Database(file);
    db.pragma('wal_autocheckpoint = 0');
    db.prepare("UPDATE catalog_products SET description = 'cambiado después de la copia'").run();
    for (const suffix of ['', '-wal', '-shm']) copyFileSync(`${file}${suffix}`, `${running}${suffix}`);
    db.close();
    await host.close();
    hosts.length = 0;
    for (const suffix of ['', '-wal', '-shm']) {
      rmSync(`${file}${suffix}`, { force: true });
      copyFileSync(`${running}${suffix}`, `${file}${suffix}`);
    }
    expect(readFileSync(`${file}-wal`).length).toBeGreaterThan(4096);

    // What the old advice led to: the backup copied over the file, the old WAL left beside it.
    mkdirSync(join(dir.path, 'naive'));
    const naive = join(dir.path, 'naive', DATABASE_FILE);
    copyFileSync(backup, naive);
    copyFileSync(`${file}-wal`, `${naive}-wal`);
    copyFileSync(`${file}-shm`, `${naive}-shm`);
    const naiveSame = (() => {
      try {
        return integrity(naive) === 'ok' && dump(naive) === expected;
      } catch {
        return false;
      }
    })();
    expect(naiveSame).toBe(false);

    // The function Ajustes and the damaged-file screen call, with no store open.
    const result = restoreBackup({ home, databaseFile: file, backup: name, now: new Date('2026-11-24T12:30:00Z') });
    expect(existsSync(`${file}-wal`) && readFileSync(`${file}-wal`).length > 0).toBe(false);
    expect(integrity(file)).toBe('ok');
    expect(dump(file)).toBe(expected);
    expect(productCount(file)).toBe(300);
    // The old file with its own WAL is kept whole: it still opens with every later write.
    expect(result.keptAs).toMatch(/antes-de-restaurar-2026-11-24T12-30-00-000Z$/);
    expect(existsSync(`${result.keptAs!}-wal`)).toBe(true);
    expect(productCount(result.keptAs!)).toBe(360);
    const kept = new Database(result.keptAs!, { readonly: true });
    expect(
      kept.prepare("SELECT count(*) AS n FROM catalog_products WHERE description = 'cambiado después de la copia'").get(),
    ).toEqual({ n: 360 });
    kept.close();

    // And the app opens on it.
    const served = await serve(home);
    expect(served.startupError).toBeNull();
    expect((await served.ok<{ total: number }>('catalog.search', {})).total).toBe(300);
  });

  it('after a process holding the database is killed mid-work (SIGKILL), the restore sets its WAL aside with the old file', async () => {
    const { host, file, backup, name, home } = await homeWithBackup();
    const expected = dump(backup);
    await host.close();
    hosts.length = 0;
    // A second process writes with checkpoints off and is killed: its changes live only in the WAL.
    const script = [
      "const Database = require('better-sqlite3');",
      'const db = new Database(process.argv[1]);',
      "db.pragma('journal_mode = WAL');",
      "db.pragma('wal_autocheckpoint = 0');",
      'db.prepare("UPDATE catalog_products SET description = \'escrito antes del cierre sucio\'").run();',
      "process.stdout.write('escrito\\n');",
      'setInterval(() => undefined, 1000);',
    ].join('\n');
    const child = spawn(process.execPath, ['-e', script, file], {
      cwd: join(import.meta.dirname, '..', '..'),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('escrito')) resolve();
      });
      child.on('exit', (code) => reject(new Error(`the writer exited early (${code})`)));
    });
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    expect(readFileSync(`${file}-wal`).length).toBeGreaterThan(4096);

    const result = restoreBackup({ home, databaseFile: file, backup: name, now: new Date() });
    expect(existsSync(`${file}-wal`)).toBe(false);
    expect(integrity(file)).toBe('ok');
    expect(dump(file)).toBe(expected);
    const kept = new Database(result.keptAs!, { readonly: true });
    expect(
      kept.prepare("SELECT count(*) AS n FROM catalog_products WHERE description = 'escrito antes del cierre sucio'").get(),
    ).toEqual({ n: 360 });
    kept.close();
  });

  it('a running app restores through app.restore: the store closes (its WAL checkpointed), the backup replaces it, the store re-opens', async () => {
    const { host, file, backup, name } = await homeWithBackup();
    const expected = dump(backup);
    const list = await host.ok<{ name: string; later: { fe: number; dse: number; unresolved: number } | null }[]>(
      'app.backups',
      {},
    );
    expect(list).toEqual([
      { name, bytes: expect.any(Number), modified: expect.any(String), later: { fe: 0, dse: 0, unresolved: 0 } },
    ]);
    expect((await host.ok<{ total: number }>('catalog.search', {})).total).toBe(360);
    const result = await host.ok<{ kept_as: string }>('app.restore', { name, confirm: true });
    expect((await host.ok<{ total: number }>('catalog.search', {})).total).toBe(300);
    await host.close();
    hosts.length = 0;
    expect(dump(file)).toBe(expected);
    expect(productCount(result.kept_as)).toBe(360);
  });
});

describe('what a restore must not forget', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ seed: reliabilitySeed(), now: SANDBOX_NOW, settleMs: 600_000 });
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('is refused while an invoice sent after the backup is unresolved (its key lives only in this ledger); nothing changes', async () => {
    const dir = tempDir('factura-desk-restore-');
    dirs.push(dir);
    const home = join(dir.path, 'home');
    const host = await serve(home);
    const connection = await host.ok<{ id: number }>('connections.create', {
      label: 'Pruebas',
      kind: 'sandbox',
      base_url: sandbox.baseUrl,
      company_id: COMPANY,
    });
    await host.ok('connections.setToken', { id: connection.id, token: TOKENS.a });
    await host.ok('connections.activate', { id: connection.id });
    const backup = await host.ok<{ file: string }>('app.backup', {});
    const name = backup.file.split('/').pop()!;
    await host.ok('fe.submit', { request: { ...feBody(1), draft_key: 'fe-despues-de-la-copia-1' } });
    const pending = await host.ok<{ state: string }>('fe.submit', {
      request: { ...feBody(2, { receptor: '333333333' }), draft_key: 'fe-despues-de-la-copia-2' },
    });
    expect(pending.state).toBe('pending');
    expect(await host.ok('app.backups', {})).toEqual([
      expect.objectContaining({ name, later: { fe: 2, dse: 0, unresolved: 1 } }),
    ]);

    const refused = await host.call('app.restore', { name, confirm: true });
    expect(refused).toMatchObject({ ok: false, error: { code: 'conflict', details: { unresolved: 1 } } });
    if (!refused.ok)
      expect(refused.error.message).toMatch(
        /La copia no conoce un envío que aún no tiene respuesta definitiva: la factura electrónica a «Cliente 2»/,
      );
    // The same refusal from the command line.
    await host.close();
    hosts.length = 0;
    const file = join(home, DATABASE_FILE);
    const before = dump(file);
    expect(() =>
      restoreCommand({ home, secrets: memorySecrets() }, parseArgs(['restore', name, '--confirmar']), new Date()),
    ).toThrow(/aún no tiene respuesta definitiva/);
    expect(() => restoreCommand({ home, secrets: memorySecrets() }, parseArgs(['restore', name]), new Date())).toThrow(
      /--confirmar/,
    );
    expect(dump(file)).toBe(before);
    expect(listBackups(home)).toHaveLength(1);
  });

  it('waits for a submission under way and checks again: one that ends unresolved stops the restore', async () => {
    const dir = tempDir('factura-desk-restore-');
    dirs.push(dir);
    const home = join(dir.path, 'home');
    // The invoice's request is held until the test lets it go: the restore is asked for while it is on its way.
    let posted!: () => void;
    const onItsWay = new Promise<void>((resolve) => (posted = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const held: typeof globalThis.fetch = async (input, init) => {
      if (init?.method === 'POST') {
        posted();
        await released;
      }
      return fetch(input, init);
    };
    const host = await serve(home, held);
    const connection = await host.ok<{ id: number }>('connections.create', {
      label: 'Pruebas',
      kind: 'sandbox',
      base_url: sandbox.baseUrl,
      company_id: COMPANY,
    });
    await host.ok('connections.setToken', { id: connection.id, token: TOKENS.a });
    await host.ok('connections.activate', { id: connection.id });
    const backup = await host.ok<{ file: string }>('app.backup', {});
    const name = backup.file.split('/').pop()!;
    const submit = host.call('fe.submit', {
      request: { ...feBody(5, { receptor: '333333333' }), draft_key: 'fe-durante-la-restauracion' },
    });
    await onItsWay;
    const restore = await host.call('app.restore', { name, confirm: true });
    release();
    expect(restore).toMatchObject({ ok: false, error: { code: 'conflict', details: { unresolved: 1 } } });
    expect(await submit).toMatchObject({ ok: true, output: { state: 'pending' } });
    // Nothing was replaced: the ledger still holds the invoice.
    expect(await host.ok('submissions.byKey', { kind: 'FE', key: 'fe-durante-la-restauracion' })).toMatchObject({
      state: 'pending',
    });
  });

  it('a backup that fails its check leaves the running app on its own file, working', async () => {
    const { host, backup, name } = await homeWithBackup();
    const bytes = readFileSync(backup);
    bytes.fill(0x5a, 4096 * 3, 4096 * 4);
    writeFileSync(backup, bytes);
    const refused = await host.call('app.restore', { name, confirm: true });
    expect(refused).toMatchObject({ ok: false, error: { code: 'store_unavailable' } });
    if (!refused.ok) expect(refused.error.message).toMatch(/copia de seguridad está dañada/);
    expect(host.startupError).toBeNull();
    expect((await host.ok<{ total: number }>('catalog.search', {})).total).toBe(360);
  });

  it('from the command line: backups lists them, restore puts one back with the same checks', async () => {
    const { host, home, file, backup, name } = await homeWithBackup();
    const expected = dump(backup);
    await host.close();
    hosts.length = 0;
    const listed = backupsCommand({ home, secrets: memorySecrets() });
    expect(listed.output).toEqual([expect.objectContaining({ name, later: { fe: 0, dse: 0, unresolved: 0 } })]);
    const result = restoreCommand({ home, secrets: memorySecrets() }, parseArgs(['restore', name, '--confirmar']), new Date());
    expect(result.exitCode).toBe(0);
    expect(dump(file)).toBe(expected);
    expect(productCount((result.output as { kept_as: string }).kept_as)).toBe(360);
  });
});
