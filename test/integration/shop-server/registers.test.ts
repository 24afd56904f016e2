// Two registers as the app's served hosts: one becomes the caja principal (its SQLite store with a
// product and a DSE moved into its own PostgreSQL, proved, and the register opened there over
// 127.0.0.1 with the certificate pinned), the other joins it with the address and the join code and
// sees the same shop. A typo, another server's certificate and a server with no shop yet are each
// refused with nothing kept. Real servers made by ShopServer, real TLS, real SCRAM, the real keychain.
import { chmodSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { FileLogger } from '#core/log/logger';
import { decodeJoinCode } from '#core/shop-server/join-code';
import { SHOP_SERVER_FOLDER, ShopServer } from '#core/shop-server/server';
import { openPostgres } from '#core/store/engine';
import { migrations } from '#core/store/migrations/index';
import { CHOICE_FILE, parsePostgresAddress } from '#core/store/database-choice';
import { readDatabasePassword } from '#core/vault/database-password';
import { startServedHost, type ServedHost } from '#main/host';
import type { Product } from '#shared/catalog/product';
import type { DatabaseStatus } from '#shared/rpc/methods/database';
import type { HistoryPage } from '#shared/rpc/methods/history';
import type { RegisterList } from '#shared/rpc/methods/registers';
import type { BecameMain, ShopServerStatus } from '#shared/rpc/methods/shop-server';
import { withRpc, type ServedRpc } from '#test/core/served-rpc';
import { realKeychain } from '#test/keychain';
import { RICE } from '#test/products';
import { dse } from '#test/requests/outcomes';
import { tempDir } from '#test/temp';
import { waitUntil } from '#test/wait';

const secrets = realKeychain();
const dir = tempDir('factura-desk-registers-');
// As root the server runs as `nobody`, who must pass through the folders above the data folder.
chmodSync(dir.path, 0o711);
const hosts: ServedHost[] = [];
const servers: ShopServer[] = [];
afterAll(async () => {
  for (const host of hosts) await host.close().catch(() => undefined);
  for (const server of servers) await server.stop().catch(() => undefined);
  dir.remove();
});

type Served = ServedHost & ServedRpc;

async function serve(name: string): Promise<Served> {
  const home = join(dir.path, name);
  const host = await startServedHost({
    home,
    secrets,
    transport: 'web',
    logger: new FileLogger(null),
    env: {},
    shopServerPort: 0,
  });
  hosts.push(host);
  return withRpc(host);
}

const products = async (host: Served) => (await host.ok<{ items: Product[] }>('catalog.search', { q: 'arroz' })).items;
const history = (host: Served) => host.ok<HistoryPage>('history.list', { filter: {}, offset: 0, limit: 50 });

let main: Served;
let status: ShopServerStatus;
let joinedRegister: Served;

/** A bare login to the caja principal's server over its pinned TLS, as any program could try. */
async function rawClient(user: string, password: string, pinned: string): Promise<pg.Client> {
  const client = new pg.Client({
    host: '127.0.0.1',
    port: status.port!,
    database: 'tienda',
    user,
    password,
    ssl: { ca: [pinned], checkServerIdentity: () => undefined },
  });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

describe('the caja principal and a register that joins it', () => {
  it('«Hacer de este equipo la caja principal»: the store moved, proved, and the register opened on its own server', async () => {
    main = await serve('principal');
    await main.ok('catalog.save', { product: RICE });
    await main.ok('dse.submit', { request: dse('900111222') });
    await waitUntil(
      () => history(main),
      (page) => page.total === 1,
      { what: 'the DSE in the history' },
    );
    expect(await main.ok<ShopServerStatus>('shopServer.status', {})).toMatchObject({ role: 'none', joinCode: null });

    const became = await main.ok<BecameMain>('shopServer.becomeMain', { confirm: true });
    expect(became.tables).toBeGreaterThan(20);
    expect(became.rows).toBeGreaterThan(0);
    status = became.status;
    expect(status).toMatchObject({ role: 'main', running: true, joinedTo: null });
    expect(status.addresses.length).toBeGreaterThan(0);
    // No administrator exists yet in this shop, so the code is shown (as every guarded method answers).
    expect(status.joinCode).toMatch(/^([0-9A-Z]{5}-){8}.$/);
    const database = await main.ok<DatabaseStatus>('database.status', {});
    expect(database).toMatchObject({ engine: 'postgres', chosenBy: 'saved' });
    expect(database.address).toBe(`postgres://caja@127.0.0.1:${status.port}/tienda?sslmode=verify-ca`);
    // The pinned certificate is saved with the choice; the password is not.
    const saved = readFileSync(join(dir.path, 'principal', CHOICE_FILE), 'utf8');
    expect(saved).toContain('BEGIN CERTIFICATE');
    expect(saved).not.toContain(decodeJoinCode(status.joinCode!).password);
    expect((await products(main)).map((product) => product.code)).toEqual(['ARR1']);
    expect((await history(main)).total).toBe(1);
  });

  it('a second run changes nothing', async () => {
    expect(await main.ok<BecameMain>('shopServer.becomeMain', { confirm: true })).toMatchObject({ tables: 0, rows: 0 });
    expect((await products(main)).length).toBe(1);
  });

  it('a typo in the code is named on its field, and nothing is saved', async () => {
    const other = await serve('caja-2');
    const code = status.joinCode!;
    const typo = code.slice(0, 3) + (code[3] === 'A' ? 'B' : 'A') + code.slice(4);
    const refused = await other.fails('shopServer.join', { address: `127.0.0.1:${status.port}`, code: typo });
    expect(refused.code).toBe('invalid_input');
    expect(refused.details?.fields?.map((field) => field.path)).toEqual(['code']);
    expect(refused.message).toMatch(/algún carácter se escribió mal/);
    const both = await other.fails('shopServer.join', { address: 'la caja de atrás', code: 'K7Q2M' });
    expect(both.details?.fields?.map((field) => field.path)).toEqual(['address', 'code']);
    expect(existsSync(join(dir.path, 'caja-2', CHOICE_FILE))).toBe(false);
  });

  it('another server (another certificate) is refused before any password is sent; one with no shop yet too', async () => {
    const other = await serve('caja-3');
    const stranger = new ShopServer({ home: join(dir.path, 'otro-servidor'), secrets, port: 0 });
    servers.push(stranger);
    const { port } = await stranger.initialise();
    await stranger.start();
    const refused = await other.fails('shopServer.join', { address: `127.0.0.1:${port}`, code: status.joinCode! });
    expect(refused).toMatchObject({ code: 'conflict', details: { reason: 'other_server' } });
    expect(refused.message).toMatch(/no es la caja principal de este código/);
    // Its own code is right, but it holds no shop.
    const empty = await other.fails('shopServer.join', { address: `127.0.0.1:${port}`, code: await stranger.joinCode() });
    expect(empty).toMatchObject({ code: 'conflict', details: { reason: 'empty_database' } });
    expect(empty.message).toMatch(/todavía no tiene los datos del negocio/);
    expect(existsSync(join(dir.path, 'caja-3', CHOICE_FILE))).toBe(false);
    expect(await other.ok<DatabaseStatus>('database.status', {})).toMatchObject({ engine: 'sqlite' });
    // A register already joined whose caja principal's address now answers with another server: refused in words.
    const pinnedToMain = openPostgres({
      url: `postgres://caja@127.0.0.1:${port}/tienda?sslmode=verify-ca`,
      password: decodeJoinCode(await stranger.joinCode()).password,
      pinned: readFileSync(join(dir.path, 'principal', SHOP_SERVER_FOLDER, 'data', 'server.crt'), 'utf8'),
      migrations,
    });
    await expect(pinnedToMain).rejects.toMatchObject({
      code: 'store_unavailable',
      details: { reason: 'tls_untrusted' },
      message: expect.stringMatching(/no presentó el certificado de la caja principal a la que se unió esta caja/) as unknown,
    });
  });

  it('joins with the address and the code typed loosely, and sees the same shop', async () => {
    const register = await serve('caja-4');
    joinedRegister = register;
    const typed = status.joinCode!.toLowerCase().replace(/-/g, ' ');
    const joined = await register.ok<ShopServerStatus>('shopServer.join', { address: `127.0.0.1:${status.port}`, code: typed });
    expect(joined).toMatchObject({ role: 'joined', joinedTo: `127.0.0.1:${status.port}`, joinCode: null, running: false });
    expect(register.startupError).toBeNull();
    expect((await products(register)).map((product) => product.code)).toEqual(['ARR1']);
    expect((await history(register)).total).toBe(1);
    // It is a register of its own in the shop: a name of its own beside the caja principal's, which
    // sees it too.
    const seen = (host: Served) => host.ok<RegisterList>('registers.list', {});
    const here = (await seen(register)).registers;
    expect(here.map((r) => [r.name, r.this_register])).toEqual([
      ['Caja 1', false],
      ['Caja 2', true],
    ]);
    expect((await seen(main)).registers.map((r) => [r.id, r.this_register])).toEqual(here.map((r) => [r.id, !r.this_register]));
    expect(await register.ok<DatabaseStatus>('database.status', {})).toMatchObject({ engine: 'postgres', chosenBy: 'saved' });
    // The register that joined refuses to become a second caja principal while it is on the shop's database.
    const refused = await register.fails('shopServer.becomeMain', { confirm: true });
    expect(refused).toMatchObject({ code: 'conflict', details: { reason: 'not_on_local_data' } });
  });

  it('the join code is an administrator’s: a cajero gets the addresses but no code, and cannot stop the server', async () => {
    await main.ok('cashiers.createAdmin', { name: 'Marta', pin: '1234' });
    await main.ok('cashiers.create', { name: 'Ana', pin: '5678', role: 'cajero' });
    await main.ok('cashiers.signIn', { pin: '5678' });
    const seen = await main.ok<ShopServerStatus>('shopServer.status', {});
    expect(seen).toMatchObject({ role: 'main', running: true, joinCode: null });
    expect(seen.addresses).toEqual(status.addresses);
    expect(await main.fails('shopServer.stop', { confirm: true })).toMatchObject({ code: 'not_allowed' });
    await main.ok('cashiers.signIn', { pin: '1234' });
    expect((await main.ok<ShopServerStatus>('shopServer.status', {})).joinCode).toBe(status.joinCode);
  });

  it('a removed register cannot read the shop any more, not even with the code it typed; the new code, asked for twice at once, lets it back in', async () => {
    const register = joinedRegister;
    const id = (await register.ok<RegisterList>('registers.list', {})).registers.find((r) => r.this_register)!.id;
    const own = await register.ok<DatabaseStatus>('database.status', {});
    // Its own login, not the caja principal's: a password only this register's keychain holds.
    expect(own.address).toBe(`postgres://caja_${id.toLowerCase()}@127.0.0.1:${status.port}/tienda?sslmode=verify-ca`);
    const ownPassword = (await readDatabasePassword(secrets, parsePostgresAddress(own.address!)))!;
    expect(ownPassword).not.toBe(decodeJoinCode(status.joinCode!).password);
    const pinned = readFileSync(join(dir.path, 'principal', SHOP_SERVER_FOLDER, 'data', 'server.crt'), 'utf8');
    // The join code's login may only make a register's login: it reads nothing of the shop.
    const joinLogin = await rawClient('nueva_caja', decodeJoinCode(status.joinCode!).password, pinned);
    await expect(joinLogin.query('SELECT count(*) FROM submissions')).rejects.toMatchObject({ code: '42501' });
    await joinLogin.end();

    expect(
      (await main.ok<RegisterList>('registers.remove', { id })).registers.find((r) => r.id === id)?.removed_at,
    ).not.toBeNull();
    // Its sessions were ended and its login taken away: the next request fails, and says why in words.
    const refused = await waitUntil(
      () => register.fails('catalog.search', { q: 'arroz' }),
      // No login any more, and no member of the shop's role that pg_hba.conf admits: refused either way.
      (error) => ['password_refused', 'not_admitted'].includes(String(error.details?.reason)),
      { what: 'the removed register refused at login' },
    );
    expect(refused.message).toMatch(/ya no deja entrar a esta caja: la retiraron del negocio/);
    await expect(rawClient(`caja_${id.toLowerCase()}`, ownPassword, pinned)).rejects.toMatchObject({
      code: expect.stringMatching(/^28/) as unknown,
    });
    // As the message says: back on this equipment's own data, where the code it typed is void.
    await register.ok('database.useLocal', { confirm: true });
    const again = await register.fails('shopServer.join', { address: `127.0.0.1:${status.port}`, code: status.joinCode! });
    expect(again).toMatchObject({ code: 'conflict', details: { reason: 'code_void' } });
    expect(again.message).toMatch(/ya no vale/);
    expect(await register.ok<DatabaseStatus>('database.status', {})).toMatchObject({ engine: 'sqlite' });
    // Asked twice at once (two windows, the screen asking again): one new code, drawn once, for both.
    const [first, second] = await Promise.all([
      main.ok<ShopServerStatus>('shopServer.status', {}),
      main.ok<ShopServerStatus>('shopServer.status', {}),
    ]);
    const renewed = first.joinCode!;
    expect(second.joinCode).toBe(renewed);
    expect(renewed).not.toBe(status.joinCode);
    expect(await main.ok<ShopServerStatus>('shopServer.status', {})).toMatchObject({ joinCode: renewed });

    // With the new code it is back in the shop: the same row, under its old name, selling again.
    await register.ok('shopServer.join', { address: `127.0.0.1:${status.port}`, code: renewed });
    const back = (await register.ok<RegisterList>('registers.list', {})).registers.find((r) => r.this_register)!;
    expect(back).toMatchObject({ id, name: 'Caja 2', removed_at: null });
    expect((await products(register)).map((product) => product.code)).toEqual(['ARR1']);
    status = { ...status, joinCode: renewed };
  });

  it('the caja principal’s server stops with the app, and starts with it again', async () => {
    const server = new ShopServer({ home: join(dir.path, 'principal'), secrets });
    await main.close();
    hosts.splice(hosts.indexOf(main), 1);
    expect(server.status().running).toBe(false);
    main = await serve('principal');
    expect(main.startupError).toBeNull();
    expect(server.status().running).toBe(true);
    expect((await products(main)).length).toBe(1);
  });
});
