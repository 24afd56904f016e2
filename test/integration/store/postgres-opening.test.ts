// Opening the shop's PostgreSQL, and keeping it: every way it fails is a Spanish AppError that says
// what happened and what to do, and leaves nothing half-written. On the run's server (trust) and on
// one server of this file's own that asks for a password (scram-sha-256) over TLS only, stopped and
// started again for the lost connection. The password comes from the real keychain (gnome-keyring).
import { writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePostgresAddress } from '#core/store/database-choice';
import { openPostgres } from '#core/store/engine';
import type { Migration } from '#core/store/migration';
import { migrations } from '#core/store/migrations/index';
import type { Schema } from '#core/store/schema';
import { forgetDatabasePassword, keepDatabasePassword, keychainPassword } from '#core/vault/database-password';
import { VAULT_SERVICE } from '#core/vault/vault';
import { AppError, type RpcErrorShape } from '#shared/rpc/errors';
import { realKeychain } from '#test/keychain';
import { startPostgres, type TestPostgres } from '#test/postgres';
import { testDatabase } from '#test/test-database';
import { waitFor } from '#test/wait';

const AT_25 = migrations.slice(0, 25);

/** The refusal as the user meets it: its code, the reason the host acts on, and its Spanish words. */
async function refusal(opening: Promise<unknown>): Promise<RpcErrorShape & { reason: unknown }> {
  const error = await opening.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  // Everything the refusal carries, as it would cross the RPC (no cause, no connection parameters).
  return { ...error.toShape(), reason: error.details?.reason };
}

async function admin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function tablesOf(url: string): Promise<string[]> {
  return admin(url, async (client) => {
    const { rows } = await client.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1",
    );
    return rows.map((row) => row.name);
  });
}

async function versionOf(url: string): Promise<number | null> {
  return admin(url, async (client) => {
    const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_version');
    return rows[0]?.version ?? null;
  });
}

/** The version through the engine's own pool: the query whose connection is lost, then made again. */
async function readVersion(db: Kysely<Schema>): Promise<{ version: number }> {
  const { rows } = await sql<{ version: number }>`SELECT version FROM schema_version`.execute(db);
  return rows[0]!;
}

function withUser(url: string, user: string): string {
  const changed = new URL(url);
  changed.username = user;
  return changed.toString();
}

describe('opening PostgreSQL: what is wrong with the address or the server', () => {
  it('a port where nothing listens, a host that does not exist, a server that never answers', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as { port: number };
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const refused = await refusal(openPostgres({ url: `postgres://caja@127.0.0.1:${port}/tienda`, migrations: AT_25 }));
    expect(refused).toMatchObject({ code: 'store_unavailable', reason: 'refused' });
    expect(refused.message).toContain(`puerto ${port}`);

    const unknown = await refusal(openPostgres({ url: 'postgres://caja@caja-principal.invalid/tienda', migrations: AT_25 }));
    expect(unknown).toMatchObject({ code: 'store_unavailable', reason: 'unknown_host' });
    expect(unknown.message).toContain('«caja-principal.invalid»');

    // A peer that accepts the connection and never says a word (a firewall's black hole, a frozen server).
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port: silentPort } = silent.address() as { port: number };
      const late = await refusal(
        openPostgres({ url: `postgres://caja@127.0.0.1:${silentPort}/tienda`, migrations: AT_25, connectTimeoutMs: 300 }),
      );
      expect(late).toMatchObject({ code: 'store_unavailable', reason: 'timeout' });
      expect(late.message).toContain('no respondió');
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('a database that does not exist, and TLS asked of a server without it', async () => {
    const url = new URL(await testDatabase());
    url.pathname = '/no_existe';
    const missing = await refusal(openPostgres({ url: url.toString(), migrations: AT_25 }));
    expect(missing).toMatchObject({ code: 'store_unavailable', reason: 'database_missing' });
    expect(missing.message).toContain('«no_existe»');

    const plain = await testDatabase();
    const tls = await refusal(openPostgres({ url: `${plain}?sslmode=require`, migrations: AT_25 }));
    expect(tls).toMatchObject({ code: 'store_unavailable', reason: 'tls_unsupported' });
    expect(tls.message).toContain('sslmode=disable');
    expect(await tablesOf(plain)).toEqual([]);
  });

  it('a role the server admits no more connections for (53300): wait and try again', async () => {
    const url = await testDatabase();
    const role = `llena_${process.pid}`;
    await admin(url, (client) => client.query(`CREATE ROLE ${role} LOGIN CONNECTION LIMIT 0`));
    const full = await refusal(openPostgres({ url: withUser(url, role), migrations: AT_25 }));
    expect(full).toMatchObject({ code: 'store_unavailable', reason: 'server_busy' });
    expect(full.message).toContain('vuelva a intentarlo');
  });

  it('another program’s database is refused and nothing is created in it; an older build’s empty schema_version is not another program’s', async () => {
    const url = await testDatabase();
    await admin(url, (client) => client.query('CREATE TABLE clientes (id integer)'));
    const foreign = await refusal(openPostgres({ url, migrations: AT_25 }));
    expect(foreign).toMatchObject({ code: 'store_unavailable', reason: 'foreign_database' });
    expect(await tablesOf(url)).toEqual(['clientes']);
    // An empty schema_version is an older build's failed first start, not another program's table.
    const leftover = await testDatabase();
    await admin(leftover, (client) =>
      client.query('CREATE TABLE schema_version (singleton INTEGER PRIMARY KEY, version INTEGER NOT NULL)'),
    );
    const engine = await openPostgres({ url: leftover, migrations: AT_25 });
    expect(engine.schemaVersion).toBe(25);
    await engine.close();
  });
});

describe('opening PostgreSQL: a schema it cannot bring to this build', () => {
  it('a migration that fails midway is rolled back whole: the version and the tables as they were', async () => {
    const url = await testDatabase();
    const first = await openPostgres({ url, migrations: AT_25 });
    await first.close();
    const before = await tablesOf(url);
    const failing: Migration = {
      version: 26,
      name: 'fails_midway',
      up: () => undefined,
      async postgres(db: Kysely<unknown>) {
        await sql`CREATE TABLE half_done (id BIGINT PRIMARY KEY)`.execute(db);
        await sql`INSERT INTO half_done (id) VALUES (1)`.execute(db);
        await sql`ALTER TABLE connections ADD COLUMN half_done TEXT`.execute(db);
        await sql`INSERT INTO half_done (id) VALUES (1)`.execute(db);
      },
    };
    const failed = await refusal(openPostgres({ url, migrations: [...AT_25, failing] }));
    expect(failed).toMatchObject({ code: 'store_unavailable', reason: 'migration_failed' });
    expect(failed.message).toContain('se deshizo entero');
    expect(await versionOf(url)).toBe(25);
    expect(await tablesOf(url)).toEqual(before);
    const columns = await admin(url, (client) =>
      client.query("SELECT 1 FROM information_schema.columns WHERE table_name = 'connections' AND column_name = 'half_done'"),
    );
    expect(columns.rowCount).toBe(0);
  });

  it('a role without the right to create pg_trgm (migration 0030): refused at that step, the steps before it kept', async () => {
    const url = await testDatabase();
    const role = `caja_${process.pid}`;
    // The role may create tables in the schema but does not own the database: CREATE EXTENSION needs that.
    await admin(url, async (client) => {
      await client.query(`CREATE ROLE ${role} LOGIN`);
      await client.query(`GRANT CREATE ON SCHEMA public TO ${role}`);
    });
    const denied = await refusal(openPostgres({ url: withUser(url, role), migrations: migrations.slice(0, 30) }));
    expect(denied).toMatchObject({ code: 'store_unavailable', reason: 'not_allowed' });
    expect(denied.message).toContain(`«${role}»`);
    expect(denied.message).toContain('OWNER TO');
    expect(await versionOf(url)).toBe(29);
    expect(await tablesOf(url)).not.toContain('catalog_search_words');
    const trgm = await admin(url, (client) => client.query("SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'"));
    expect(trgm.rowCount).toBe(0);
  });
});

describe('PostgreSQL in use: a connection ended under a query', () => {
  it('the query gets the Spanish message and the next one works', async () => {
    const url = await testDatabase();
    const engine = await openPostgres({ url, migrations: AT_25, poolSize: 2 });
    try {
      const database = new URL(url).pathname.slice(1);
      const sleeping = sql`SELECT pg_sleep(30)`.execute(engine.db);
      const ended = refusal(sleeping);
      // Once the sleep is on the server, its backend is ended (as a restart or an administrator would).
      await admin(url, (client) =>
        waitFor(
          async () =>
            Boolean(
              (
                await client.query(
                  "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND query LIKE 'SELECT pg_sleep%' AND pid <> pg_backend_pid()",
                  [database],
                )
              ).rowCount,
            ),
          { what: 'the sleeping query on the server, ended' },
        ),
      );
      const lost = await ended;
      expect(lost).toMatchObject({ code: 'store_unavailable', reason: 'connection_lost' });
      expect(lost.message).toContain('Se perdió la conexión');
      const again = await readVersion(engine.db);
      expect(again.version).toBe(25);
    } finally {
      await engine.close();
    }
  });
});

describe('a server that asks for a password, over TLS only (scram-sha-256)', () => {
  let server: TestPostgres;
  let url: string;
  const secrets = realKeychain();
  const PASSWORD = 'clave-de-la-caja';

  beforeAll(async () => {
    const certificate = await generate([{ name: 'commonName', value: 'caja-principal' }], { keyType: 'ec', algorithm: 'sha256' });
    server = await startPostgres({
      prepare(data) {
        writeFileSync(join(data, 'server.crt'), certificate.cert);
        writeFileSync(join(data, 'server.key'), certificate.private, { mode: 0o600 });
        writeFileSync(
          join(data, 'pg_hba.conf'),
          ['local all all trust', 'host all postgres 127.0.0.1/32 trust', 'hostssl all all 127.0.0.1/32 scram-sha-256', ''].join(
            '\n',
          ),
        );
      },
      settings: ['ssl=on'],
    });
    await admin(server.adminUrl, async (client) => {
      await client.query(`CREATE ROLE caja LOGIN PASSWORD '${PASSWORD}'`);
      await client.query('CREATE DATABASE tienda OWNER caja');
    });
    url = server.adminUrl.replace('postgres@', 'caja@').replace(/\/postgres$/, '/tienda?sslmode=require');
  });
  afterAll(async () => {
    await forgetDatabasePassword(secrets, parsePostgresAddress(url)).catch(() => false);
    await server.stop();
  });

  const open = (address = url) =>
    openPostgres({ url: address, migrations: AT_25, password: keychainPassword(secrets, parsePostgresAddress(address)) });

  it('no password kept, then a wrong one: each refused in Spanish, the database left empty', async () => {
    const address = parsePostgresAddress(url);
    await forgetDatabasePassword(secrets, address);
    const none = await refusal(open());
    expect(none).toMatchObject({ code: 'store_unavailable', reason: 'no_password' });
    expect(none.message).toContain('llavero');
    await keepDatabasePassword(secrets, address, 'no-es-la-clave');
    // One keychain entry per server, port, database and user, beside the API tokens.
    expect(await secrets.getPassword(VAULT_SERVICE, `database#postgres://caja@127.0.0.1:${address.port}/tienda`)).toBe(
      'no-es-la-clave',
    );
    const wrong = await refusal(open());
    expect(wrong).toMatchObject({ code: 'store_unavailable', reason: 'password_refused' });
    expect(wrong.message).toContain('«caja»');
    expect(JSON.stringify(wrong)).not.toContain('no-es-la-clave');
    expect(await tablesOf(server.adminUrl.replace(/\/postgres$/, '/tienda'))).toEqual([]);
  });

  it('without TLS the server does not admit the role; a certificate it cannot verify is refused', async () => {
    await keepDatabasePassword(secrets, parsePostgresAddress(url), PASSWORD);
    const plain = await refusal(open(url.replace('sslmode=require', 'sslmode=disable')));
    expect(plain).toMatchObject({ code: 'store_unavailable', reason: 'not_admitted' });
    expect(plain.message).toContain('sslmode=require');
    const verified = await refusal(open(url.replace('sslmode=require', 'sslmode=verify-full')));
    expect(verified).toMatchObject({ code: 'store_unavailable', reason: 'tls_untrusted' });
  });

  it('opens with the keychain’s password; the server gone is a Spanish message, and back, the next query works', async () => {
    await keepDatabasePassword(secrets, parsePostgresAddress(url), PASSWORD);
    const engine = await open();
    try {
      expect(engine.schemaVersion).toBe(25);
      // Both connections of the pool made and left idle: the stop ends them under the pool.
      await Promise.all([sql`SELECT 1`.execute(engine.db), sql`SELECT 1`.execute(engine.db)]);
      await server.pause();
      const gone = await refusal(readVersion(engine.db));
      expect(gone).toMatchObject({ code: 'store_unavailable', reason: 'connection_lost' });
      await server.resume();
      const back = await readVersion(engine.db);
      expect(back.version).toBe(25);
    } finally {
      await engine.close();
    }
  });
});
