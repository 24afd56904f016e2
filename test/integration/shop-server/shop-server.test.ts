// The caja principal's server, made and started by ShopServer itself in a temporary data folder: real
// PostgreSQL from the npm package, real TLS with its generated certificate, real SCRAM with the
// password it kept in the real keychain (gnome-keyring). It lets in only the shop's role over TLS
// with that password, and a server killed with SIGKILL starts again on the next start.
import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprintOf } from '#core/shop-server/certificate';
import { PG_HBA } from '#core/shop-server/cluster';
import { decodeJoinCode } from '#core/shop-server/join-code';
import { ShopServer, type ShopServerConfig } from '#core/shop-server/server';
import { readDatabasePassword } from '#core/vault/database-password';
import { realKeychain } from '#test/keychain';
import { tempDir } from '#test/temp';
import { waitFor } from '#test/wait';

const secrets = realKeychain();
const dir = tempDir('factura-desk-shop-server-');
// As root the server runs as `nobody`, who must be able to pass through the folders above the data
// folder (the app refuses one it cannot, in words); a test's temporary folder is 0700.
chmodSync(dir.path, 0o711);
const home = join(dir.path, 'home');
const server = new ShopServer({ home, secrets, port: 0 });
let config: ShopServerConfig;
let password: string;

beforeAll(async () => {
  config = await server.initialise();
  await server.start();
  password = (await readDatabasePassword(secrets, { host: '127.0.0.1', ...config }))!;
});
afterAll(async () => {
  await server.stop();
  dir.remove();
});

type ClientOptions = Omit<pg.ClientConfig, 'host' | 'port'>;

/** Connects, runs one query and ends; the error of a refused connection is thrown as pg raised it. */
async function attempt(options: ClientOptions): Promise<unknown> {
  const client = new pg.Client({ host: '127.0.0.1', port: config.port, ...options });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { who } = (await client.query<{ who: string }>('SELECT current_user AS who')).rows[0]!;
    // A session's TLS is shown to its own login only, not to the role it works as.
    await client.query('SET ROLE NONE');
    const { tls } = (await client.query<{ tls: boolean }>('SELECT ssl AS tls FROM pg_stat_ssl WHERE pid = pg_backend_pid()'))
      .rows[0]!;
    return { who, tls };
  } finally {
    await client.end().catch(() => undefined);
  }
}

const pinned = () => ({ ca: [server.certificate()], checkServerIdentity: () => undefined });
const sqlState = (error: unknown) => (error as { code?: string }).code;

describe('the caja principal’s server', () => {
  it('lets the shop role in over TLS with its password, the login bound to the certificate', async () => {
    expect(config.database).toBe('tienda');
    expect(config.user).toBe('caja');
    expect(password).toMatch(/^[0-9A-Z]{24}$/);
    const row = await attempt({ user: 'caja', database: 'tienda', password, ssl: pinned(), enableChannelBinding: true });
    // Logged in as caja, working as the shop's owner role (cluster.ts's layout).
    expect(row).toEqual({ who: 'negocio', tls: true });
  });

  it('refuses a connection without TLS, even with the right password (pg_hba.conf has no «host» line)', async () => {
    const error = await attempt({ user: 'caja', database: 'tienda', password, ssl: false }).catch((thrown: unknown) => thrown);
    expect(sqlState(error)).toBe('28000');
    expect(readFileSync(join(server.folder, 'data', 'pg_hba.conf'), 'utf8')).toBe(PG_HBA);
    expect(PG_HBA).not.toMatch(/^(host|local|hostnossl)\s/m);
    expect(PG_HBA).not.toMatch(/trust|md5|password\b/);
  });

  it('refuses a wrong password, the superuser and any other database, over TLS too', async () => {
    const wrong = await attempt({ user: 'caja', database: 'tienda', password: `${password}X`, ssl: pinned() }).catch(
      (e: unknown) => e,
    );
    expect(sqlState(wrong)).toBe('28P01');
    const superuser = await attempt({ user: 'postgres', database: 'tienda', password, ssl: pinned() }).catch((e: unknown) => e);
    expect(sqlState(superuser)).toBe('28000');
    const other = await attempt({ user: 'caja', database: 'postgres', password, ssl: pinned() }).catch((e: unknown) => e);
    expect(sqlState(other)).toBe('28000');
  });

  it('keeps its key owner-only, the password out of every file it wrote, and the join code names its certificate', async () => {
    expect(statSync(join(server.folder, 'data', 'server.key')).mode & 0o777).toBe(0o600);
    for (const name of ['shop-server.json', 'data/postgresql.conf', 'data/pg_hba.conf'])
      expect(readFileSync(join(server.folder, name), 'utf8')).not.toContain(password);
    const code = decodeJoinCode(await server.joinCode());
    expect(code.fingerprintPrefix.equals(fingerprintOf(server.certificate()).subarray(0, 10))).toBe(true);
    // The code carries the join role's password, not the caja principal's: that role logs in and
    // may call cajas.enroll, nothing else; shown again, the code is the same.
    expect(code.password).not.toBe(password);
    expect(decodeJoinCode(await server.joinCode()).password).toBe(code.password);
    expect(await attempt({ user: 'nueva_caja', database: 'tienda', password: code.password, ssl: pinned() })).toEqual({
      who: 'nueva_caja',
      tls: true,
    });
  });

  it('works as the shop’s owner role, which logs in nowhere; the roles are made again over a cluster that has them', async () => {
    expect(await attempt({ user: 'caja', database: 'tienda', password, ssl: pinned() })).toEqual({ who: 'negocio', tls: true });
    // The owner role has no password: nothing logs in as it.
    const owner = await attempt({ user: 'negocio', database: 'tienda', password, ssl: pinned() }).catch((e: unknown) => e);
    expect(sqlState(owner)).toBe('28P01');
    // A config without the layout (a cluster of an earlier build) has its roles made again, once, before the start.
    const file = join(server.folder, 'shop-server.json');
    const { layout, ...earlier } = JSON.parse(readFileSync(file, 'utf8')) as ShopServerConfig;
    expect(layout).toBe(2);
    writeFileSync(file, JSON.stringify(earlier));
    await server.start();
    expect(server.config()).toEqual({ ...earlier, layout: 2 });
    expect(await attempt({ user: 'caja', database: 'tienda', password, ssl: pinned() })).toEqual({ who: 'negocio', tls: true });
  });

  it('is made once: a second initialise keeps its port, certificate and password', async () => {
    const certificate = server.certificate();
    expect(await server.initialise()).toEqual(config);
    expect(server.certificate()).toBe(certificate);
    expect(await readDatabasePassword(secrets, { host: '127.0.0.1', ...config })).toBe(password);
    expect(server.status()).toMatchObject({ initialised: true, running: true, port: config.port });
    expect(server.status().addresses.every((address) => address.endsWith(`:${config.port}`))).toBe(true);
  });

  it('killed with SIGKILL (its postmaster.pid left behind), starts again on the next start', async () => {
    const pid = server.postmasterPid();
    expect(pid).not.toBeNull();
    process.kill(pid!, 'SIGKILL');
    await waitFor(() => server.postmasterPid() === null, { what: 'the postmaster gone' });
    expect(server.status().running).toBe(false);
    await server.start();
    expect(server.status().running).toBe(true);
    expect(server.postmasterPid()).not.toBe(pid);
    expect(await attempt({ user: 'caja', database: 'tienda', password, ssl: pinned() })).toEqual({ who: 'negocio', tls: true });
  });

  it('stops, and starts again on the same port and data', async () => {
    await server.stop();
    expect(server.status().running).toBe(false);
    const error = await attempt({ user: 'caja', database: 'tienda', password, ssl: pinned() }).catch((e: unknown) => e);
    expect((error as { code?: string }).code).toBe('ECONNREFUSED');
    await server.start();
    expect(await attempt({ user: 'caja', database: 'tienda', password, ssl: pinned() })).toEqual({ who: 'negocio', tls: true });
  });
});
