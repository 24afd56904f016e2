// The app's host on the shop's PostgreSQL: opened by --database, by FACTURA_DESK_DATABASE and by the
// choice saved from Ajustes; sales land in that database's ledger, with no SQLite file nor folder
// lock; a database that cannot be opened is the window's Spanish message, and the password typed
// again (database.use) or «Volver a los datos de este equipo» (database.useLocal) gets back to work
// without a restart; database.check says what an address holds; database.move takes a served SQLite
// shop there, its file untouched. The run's PostgreSQL (trust) for most, one of this file's own
// that asks for a password; the real keychain (gnome-keyring) and the embedded sandbox.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { generate } from 'selfsigned';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '#core/core';
import { FileLogger } from '#core/log/logger';
import { CHOICE_FILE, parsePostgresAddress, saveDatabaseChoice } from '#core/store/database-choice';
import { FolderLock } from '#core/store/folder-lock';
import { migrations } from '#core/store/migrations/index';
import { forgetDatabasePassword, keepDatabasePassword, readDatabasePassword } from '#core/vault/database-password';
import { startServedHost, type ServedHostOptions, type ServedHost } from '#main/host';
import type { DatabaseCheck, DatabaseStatus, MoveResult } from '#shared/rpc/methods/database';
import type { HistoryPage } from '#shared/rpc/methods/history';
import { consumerSale } from '#test/core/rpc-core';
import { isRunning, startWebHost } from '#test/core/web-host';
import { withRpc, type ServedRpc } from '#test/core/served-rpc';
import { realKeychain } from '#test/keychain';
import { startPostgres, type TestPostgres } from '#test/postgres';
import { dse } from '#test/requests/outcomes';
import { tempDir } from '#test/temp';
import { testDatabase } from '#test/test-database';
import { waitUntil } from '#test/wait';

const secrets = realKeychain();
const dirs: ReturnType<typeof tempDir>[] = [];
const hosts: ServedHost[] = [];
afterEach(async () => {
  for (const host of hosts.splice(0)) await host.close().catch(() => undefined);
  for (const dir of dirs.splice(0)) dir.remove();
});

function newHome(): string {
  const dir = tempDir('factura-desk-served-pg-');
  dirs.push(dir);
  return join(dir.path, 'home');
}

type Served = ServedHost & ServedRpc;

/** The served host as the window gets it; no variable of this machine's environment leaks in. */
async function serve(home: string, options: Partial<ServedHostOptions> = {}): Promise<Served> {
  const host = await startServedHost({ home, secrets, transport: 'web', logger: new FileLogger(null), env: {}, ...options });
  hosts.push(host);
  return withRpc(host);
}

async function query<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

/** The idempotency keys in the shop database's ledger. */
async function ledgerKeys(url: string): Promise<string[]> {
  const rows = await query<{ idempotency_key: string }>(url, 'SELECT idempotency_key FROM submissions ORDER BY id');
  return rows.map((row) => row.idempotency_key);
}

/** Whether another process could take the data folder now (taken and given back at once). */
function folderFree(home: string): boolean {
  try {
    FolderLock.acquire(home, { transport: 'cli' }).release();
    return true;
  } catch {
    return false;
  }
}

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const address = (url: string) => parsePostgresAddress(url).url;

describe('the served host on the shop database (the run’s server)', () => {
  it('by --database: sales land in its ledger, app.info and database.status say where, no SQLite file nor folder lock', async () => {
    const url = await testDatabase();
    const home = newHome();
    const host = await serve(home, { databaseArgument: url });
    expect(host.startupError).toBeNull();
    expect(await host.ok('database.status', {})).toEqual({
      engine: 'postgres',
      address: address(url),
      chosenBy: 'argument',
      passwordKept: false,
      schemaVersion: migrations.length,
      dataFolder: home,
    } satisfies DatabaseStatus);
    expect(await host.ok('app.info', {})).toMatchObject({
      schemaVersion: migrations.length,
      database: { engine: 'postgres', address: address(url) },
    });
    // The embedded sandbox runs on this database's connection as on SQLite.
    const sold = await host.ok<{ idempotency_key: string; state: string }>('fe.submit', consumerSale(10_000, 'card'));
    const bought = await host.ok<{ idempotency_key: string; state: string }>('dse.submit', { request: dse('900111222') });
    expect(bought.state).toBe('accepted');
    expect(await ledgerKeys(url)).toEqual([sold.idempotency_key, bought.idempotency_key]);
    expect(existsSync(join(home, DATABASE_FILE))).toBe(false);
    expect(folderFree(home)).toBe(true);
    expect(await host.fails('app.backup', {})).toMatchObject({ code: 'conflict' });
  });

  it('by FACTURA_DESK_DATABASE, and by the choice saved in the data folder: the same shop’s documents', async () => {
    const url = await testDatabase();
    const first = await serve(newHome(), { env: { FACTURA_DESK_DATABASE: url } });
    expect(await first.ok('database.status', {})).toMatchObject({ engine: 'postgres', chosenBy: 'environment' });
    const bought = await first.ok<{ idempotency_key: string }>('dse.submit', { request: dse('900111222') });
    await first.close();

    const home = newHome();
    saveDatabaseChoice(home, parsePostgresAddress(url));
    const second = await serve(home);
    expect(await second.ok('database.status', {})).toMatchObject({
      engine: 'postgres',
      address: address(url),
      chosenBy: 'saved',
    });
    const ledger = await second.ok<{ idempotency_key: string }[]>('submissions.list', {});
    expect(ledger.map((row) => row.idempotency_key)).toEqual([bought.idempotency_key]);
  });

  it('database.check says empty, Factura Desk’s (schema, documents) or another program’s, and writes nothing', async () => {
    const host = await serve(newHome());
    const empty = await testDatabase();
    const check = (url: string) => host.ok<DatabaseCheck>('database.check', { address: url });
    expect(await check(empty)).toEqual({
      serverVersion: expect.stringMatching(/^\d+/) as unknown as string,
      contents: 'empty',
      schemaVersion: null,
      documents: null,
    });
    expect(await query(empty, "SELECT 1 FROM information_schema.tables WHERE table_schema = 'public'")).toEqual([]);

    const shop = await testDatabase();
    const register = await serve(newHome(), { databaseArgument: shop });
    await register.ok('dse.submit', { request: dse('900111222') });
    expect(await check(shop)).toMatchObject({ contents: 'factura_desk', schemaVersion: migrations.length, documents: 1 });

    const other = await testDatabase();
    await query(other, 'CREATE TABLE recetas (id serial PRIMARY KEY, nombre text)');
    expect(await check(other)).toMatchObject({ contents: 'other', schemaVersion: null, documents: null });
    // Nothing there is used: Factura Desk refuses to start in it.
    expect(await host.fails('database.use', { address: other, start: 'empty', confirm: true })).toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('otro programa') as unknown as string,
    });
  });

  it('named by --database or the variable, Ajustes cannot change it (the message says how)', async () => {
    const url = await testDatabase();
    const another = await testDatabase();
    const byArgument = await serve(newHome(), { databaseArgument: url });
    const refused = await byArgument.fails('database.use', { address: another, start: 'empty', confirm: true });
    expect(refused).toMatchObject({ code: 'conflict', message: expect.stringContaining('--database') as unknown as string });
    expect(await byArgument.fails('database.useLocal', { confirm: true })).toMatchObject({ code: 'conflict' });
    // The database it names can still be used again (its password typed in Ajustes): still the argument's.
    expect(await byArgument.ok('database.use', { address: url, start: 'existing', confirm: true })).toMatchObject({
      engine: 'postgres',
      chosenBy: 'argument',
    });
    expect(byArgument.startupError).toBeNull();
    await byArgument.close();
    const byVariable = await serve(newHome(), { env: { FACTURA_DESK_DATABASE: url } });
    expect(await byVariable.fails('database.use', { address: another, start: 'empty', confirm: true })).toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('FACTURA_DESK_DATABASE') as unknown as string,
    });
    expect(await query(another, "SELECT 1 FROM information_schema.tables WHERE table_schema = 'public'")).toEqual([]);
  });

  it('database.move takes a served SQLite shop there (its file then untouched), and database.useLocal comes back', async () => {
    const home = newHome();
    const file = join(home, DATABASE_FILE);
    const host = await serve(home);
    const bought = await host.ok<{ idempotency_key: string }>('dse.submit', { request: dse('900111222') });
    const shopHistory = () => host.ok<HistoryPage>('history.list', { filter: {}, offset: 0, limit: 50 });
    const before = await waitUntil(shopHistory, (page) => page.total === 1, { what: 'the DSE in the history' });
    expect(folderFree(home)).toBe(false);

    const url = await testDatabase();
    const moved = await host.ok<MoveResult>('database.move', { address: url, confirm: true });
    expect(moved.tables).toBeGreaterThan(20);
    expect(moved.rows).toBeGreaterThan(0);
    expect(moved.status).toMatchObject({ engine: 'postgres', address: address(url), chosenBy: 'saved' });
    expect(host.startupError).toBeNull();
    expect(await ledgerKeys(url)).toEqual([bought.idempotency_key]);
    expect((await shopHistory()).items).toEqual(before.items);
    expect(await host.ok('app.info', {})).toMatchObject({ database: { engine: 'postgres', address: address(url) } });
    // Closed by the switch, then only read by the move: the SQLite file stays as the running core left it.
    const afterMove = sha256(file);
    expect(existsSync(join(home, CHOICE_FILE))).toBe(true);
    // Off the folder's file: its lock is given back.
    expect(folderFree(home)).toBe(true);
    // A sale on the shop database, then back to this equipment's data: what it had, the choice forgotten.
    await host.ok('dse.submit', { request: dse('900111222', 'después') });
    expect((await ledgerKeys(url)).length).toBe(2);
    expect(sha256(file)).toBe(afterMove);
    expect(await host.ok('database.useLocal', { confirm: true })).toMatchObject({
      engine: 'sqlite',
      address: null,
      chosenBy: 'default',
    });
    expect(existsSync(join(home, CHOICE_FILE))).toBe(false);
    expect(folderFree(home)).toBe(false);
    expect(await host.ok<{ idempotency_key: string }[]>('submissions.list', {})).toHaveLength(1);
    expect((await shopHistory()).items).toEqual(before.items);
    // A second move is refused: the shop database is not empty any more; nothing changes here.
    expect(await host.fails('database.move', { address: url, confirm: true })).toMatchObject({ code: 'conflict' });
    expect(await host.ok('database.status', {})).toMatchObject({ engine: 'sqlite' });
  });

  it('a shop database the new core cannot open (a newer schema): refused in Spanish, the app goes on with its own data', async () => {
    const shop = await testDatabase();
    const register = await serve(newHome(), { databaseArgument: shop, embeddedSandbox: false });
    await register.close();
    await query(shop, `UPDATE schema_version SET version = ${migrations.length + 1}`);
    const home = newHome();
    const host = await serve(home);
    const sold = await host.ok<{ idempotency_key: string }>('dse.submit', { request: dse('900111222') });
    const refused = await host.fails('database.use', { address: shop, start: 'existing', confirm: true });
    expect(refused).toMatchObject({ code: 'store_newer_than_app' });
    expect(refused.message).toContain('siguió con los datos de este equipo');
    expect(host.startupError).toBeNull();
    expect(await host.ok('database.status', {})).toMatchObject({ engine: 'sqlite', chosenBy: 'default' });
    expect(existsSync(join(home, CHOICE_FILE))).toBe(false);
    expect(folderFree(home)).toBe(false);
    const ledger = await host.ok<{ idempotency_key: string }[]>('submissions.list', {});
    expect(ledger.map((row) => row.idempotency_key)).toEqual([sold.idempotency_key]);
  });

  it('back to this equipment’s data when its file is damaged: refused, the app stays on the shop database, the folder free', async () => {
    const url = await testDatabase();
    const home = newHome();
    mkdirSync(home, { recursive: true });
    writeFileSync(join(home, DATABASE_FILE), 'esto no es una base de datos SQLite, es texto dañado '.repeat(200));
    saveDatabaseChoice(home, parsePostgresAddress(url));
    const host = await serve(home, { embeddedSandbox: false });
    const refused = await host.fails('database.useLocal', { confirm: true });
    expect(refused).toMatchObject({ code: 'store_unavailable' });
    expect(refused.message).toContain(`siguió con la base de datos del negocio ${address(url)}`);
    expect(host.startupError).toBeNull();
    expect(await host.ok('database.status', {})).toMatchObject({ engine: 'postgres', chosenBy: 'saved' });
    expect(existsSync(join(home, CHOICE_FILE))).toBe(true);
    expect(folderFree(home)).toBe(true);
  });

  it('the web host started with --database answers over HTTP from the shop database', async () => {
    const url = await testDatabase();
    const home = newHome();
    const web = await startWebHost(home, 60_000, ['--database', url]);
    if (!isRunning(web)) throw new Error(`the web host did not start: ${web.stderr}`);
    try {
      const status = await web.call('database.status', {});
      expect(status).toMatchObject({ ok: true, output: { engine: 'postgres', address: address(url), chosenBy: 'argument' } });
      expect(await web.call('app.info', {})).toMatchObject({ ok: true, output: { database: { engine: 'postgres' } } });
      expect(existsSync(join(home, DATABASE_FILE))).toBe(false);
    } finally {
      await web.stop('SIGTERM');
    }
  });
});

describe('a shop database that cannot be opened is the window’s message, and the way back from it', () => {
  let server: TestPostgres;
  let url: string;
  const PASSWORD = 'clave-de-la-caja';

  beforeAll(async () => {
    // TLS offered and not required: an address may say sslmode=disable or require.
    const certificate = await generate([{ name: 'commonName', value: 'caja-principal' }], { keyType: 'ec', algorithm: 'sha256' });
    server = await startPostgres({
      prepare(data) {
        writeFileSync(join(data, 'server.crt'), certificate.cert);
        writeFileSync(join(data, 'server.key'), certificate.private, { mode: 0o600 });
        const hba = [
          'local all all trust',
          'host all postgres 127.0.0.1/32 trust',
          'host all all 127.0.0.1/32 scram-sha-256',
          '',
        ];
        writeFileSync(join(data, 'pg_hba.conf'), hba.join('\n'));
      },
      settings: ['ssl=on'],
    });
    await query(server.adminUrl, `CREATE ROLE caja LOGIN PASSWORD '${PASSWORD}'`);
    await query(server.adminUrl, 'CREATE DATABASE tienda OWNER caja');
    url = server.adminUrl.replace('postgres@', 'caja@').replace(/\/postgres$/, '/tienda');
  });
  afterAll(async () => {
    await forgetDatabasePassword(secrets, parsePostgresAddress(url)).catch(() => false);
    await server?.stop();
  });

  it('no password kept, then a wrong one: served in Spanish; database.use with the right one opens it without a restart', async () => {
    const target = parsePostgresAddress(url);
    await forgetDatabasePassword(secrets, target);
    const home = newHome();
    saveDatabaseChoice(home, target);
    const host = await serve(home);
    expect(host.startupError).toMatchObject({ code: 'store_unavailable', details: { reason: 'no_password' } });
    expect(host.startupError?.message).toContain('Ajustes › Base de datos del negocio');
    // Every other call answers the same message; the database's own controls still answer.
    expect(await host.fails('app.info', {})).toEqual(host.startupError);
    expect(await host.ok('database.status', {})).toMatchObject({
      engine: 'postgres',
      address: target.url,
      chosenBy: 'saved',
      passwordKept: false,
    });

    const wrong = await host.fails('database.use', { address: url, password: 'no-es-esta', start: 'empty', confirm: true });
    expect(wrong).toMatchObject({ code: 'store_unavailable', details: { reason: 'password_refused' } });
    expect(wrong.message).toContain('rechazó la contraseña');
    expect(await readDatabasePassword(secrets, target)).toBeNull();
    expect(host.startupError).not.toBeNull();

    const status = await host.ok<DatabaseStatus>('database.use', {
      address: url,
      password: PASSWORD,
      start: 'empty',
      confirm: true,
    });
    expect(status).toMatchObject({ engine: 'postgres', address: target.url, chosenBy: 'saved', passwordKept: true });
    expect(host.startupError).toBeNull();
    expect(await readDatabasePassword(secrets, target)).toBe(PASSWORD);
    const bought = await host.ok<{ state: string }>('dse.submit', { request: dse('900111222') });
    expect(bought.state).toBe('accepted');

    // A wrong password in the keychain at the next start: the same way back.
    await host.close();
    await keepDatabasePassword(secrets, target, 'cambiada-en-el-servidor');
    const again = await serve(home);
    expect(again.startupError).toMatchObject({ details: { reason: 'password_refused' } });
    expect(await again.ok('database.use', { address: url, password: PASSWORD, start: 'existing', confirm: true })).toMatchObject({
      engine: 'postgres',
    });
    expect(await again.ok<unknown[]>('submissions.list', {})).toHaveLength(1);
  });

  it('a move the server refuses half-way (no right to create tables): SQLite opened again, nothing changed; then one with the password', async () => {
    // Since PostgreSQL 15 only a database's owner may create tables in its public schema.
    await query(server.adminUrl, 'CREATE DATABASE ajena');
    const foreign = url.replace(/\/tienda$/, '/ajena');
    const home = newHome();
    const host = await serve(home);
    const bought = await host.ok<{ idempotency_key: string }>('dse.submit', { request: dse('900111222') });
    expect(await host.ok('database.check', { address: foreign, password: PASSWORD })).toMatchObject({ contents: 'empty' });
    const refused = await host.fails('database.move', { address: foreign, password: PASSWORD, confirm: true });
    expect(refused).toMatchObject({ code: 'store_unavailable', details: { reason: 'not_allowed' } });
    expect(refused.message).toContain('ALTER DATABASE ajena OWNER TO caja');
    expect(host.startupError).toBeNull();
    expect(await host.ok('database.status', {})).toMatchObject({ engine: 'sqlite', chosenBy: 'default' });
    const ledger = await host.ok<{ idempotency_key: string }[]>('submissions.list', {});
    expect(ledger.map((row) => row.idempotency_key)).toEqual([bought.idempotency_key]);
    expect(existsSync(join(home, CHOICE_FILE))).toBe(false);
    expect(folderFree(home)).toBe(false);
    expect(await readDatabasePassword(secrets, parsePostgresAddress(foreign))).toBeNull();
    const tables = "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'";
    expect(await query(server.adminUrl.replace(/\/postgres$/, '/ajena'), tables)).toEqual([]);

    // Into a database the role owns, over TLS (a self-signed certificate: sslmode=require), the
    // password typed once: moved, and then kept in the keychain.
    await query(server.adminUrl, 'CREATE DATABASE mudanza OWNER caja');
    const owned = url.replace(/\/tienda$/, '/mudanza?sslmode=require');
    const moved = await host.ok<MoveResult>('database.move', { address: owned, password: PASSWORD, confirm: true });
    expect(moved.status).toMatchObject({ engine: 'postgres', address: address(owned), passwordKept: true });
    expect(await readDatabasePassword(secrets, parsePostgresAddress(owned))).toBe(PASSWORD);
    const onShop = await host.ok<{ idempotency_key: string }[]>('submissions.list', {});
    expect(onShop.map((row) => row.idempotency_key)).toEqual([bought.idempotency_key]);
    await forgetDatabasePassword(secrets, parsePostgresAddress(owned));
  });

  it('the server stopped: served in Spanish; back to this equipment’s data, then to the shop database once it is up', async () => {
    const target = parsePostgresAddress(url);
    await keepDatabasePassword(secrets, target, PASSWORD);
    const home = newHome();
    saveDatabaseChoice(home, target);
    await server.pause();
    let paused = true;
    try {
      const host = await serve(home);
      expect(host.startupError).toMatchObject({ code: 'store_unavailable', details: { reason: 'refused' } });
      expect(folderFree(home)).toBe(true);
      // «Volver a los datos de este equipo»
      expect(await host.ok('database.useLocal', { confirm: true })).toMatchObject({ engine: 'sqlite', chosenBy: 'default' });
      expect(host.startupError).toBeNull();
      expect(folderFree(home)).toBe(false);
      expect(existsSync(join(home, CHOICE_FILE))).toBe(false);
      // The shop database still down: using it is refused and the app stays on this equipment's data.
      const down = await host.fails('database.use', { address: url, start: 'existing', confirm: true });
      expect(down).toMatchObject({ code: 'store_unavailable', details: { reason: 'refused' } });
      expect(await host.ok('database.status', {})).toMatchObject({ engine: 'sqlite' });
      await server.resume();
      paused = false;
      // Up again: the keychain's password, no need to type it.
      expect(await host.ok('database.use', { address: url, start: 'existing', confirm: true })).toMatchObject({
        engine: 'postgres',
        chosenBy: 'saved',
      });
      expect(folderFree(home)).toBe(true);
    } finally {
      if (paused) await server.resume();
    }
  });
});
