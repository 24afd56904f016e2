// The pool of connections to the shop's PostgreSQL, as Kysely's PostgresDialect sees it: `pg`'s pool,
// with every failure to reach or keep the server turned into the store's Spanish AppError
// (faults.ts) and no error of an idle or held connection left to crash the process.
import { createHash, X509Certificate } from 'node:crypto';
import type { ConnectionOptions, PeerCertificate } from 'node:tls';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { AppError } from '#shared/rpc/errors';
import { noPasswordKept, postgresFault, type PostgresTarget } from './faults';

export interface ShopPoolOptions {
  target: PostgresTarget;
  /** Asked when the server wants a password, for each new connection (the keychain; never a file). */
  password?: string | (() => Promise<string>) | undefined;
  max: number;
  connectTimeoutMs: number;
  /** Roots a verify-ca or verify-full connection trusts (Node's own when not given). */
  ca?: readonly string[] | undefined;
  /**
   * The one certificate this server may present (a caja principal's, pinned when a register joined
   * it): it replaces every root, and the login is bound to it (SCRAM-SHA-256-PLUS).
   */
  pinned?: string | undefined;
}

/** BIGINT (int8) as a number: every integer the store keeps (ids, cents, counts) is below 2^53. */
const types = new pg.TypeOverrides();
types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

export interface ShopPool extends PostgresPool {
  /** From now on the address is known to be right: a server out of reach is a lost connection. */
  markOpened(): void;
}

/** What every connection to the shop's database is opened with: the pool's, and the notices' own. */
function clientConfig(options: Omit<ShopPoolOptions, 'max'>): pg.ClientConfig {
  const { target } = options;
  return {
    host: target.host,
    port: target.port,
    database: target.database,
    user: target.user,
    // Never left out, which would make `pg` read PGPASSWORD or ~/.pgpass: a password lives in the keychain only.
    password: options.password ?? (() => Promise.reject(noPasswordKept(target))),
    ssl: tlsOf(target, options.ca, options.pinned),
    // The login proof tied to the TLS session (channel binding): a machine in the middle that ends TLS
    // with its own certificate cannot pass the login on. Asked where the server is known to be ours.
    enableChannelBinding: options.pinned !== undefined,
    connectionTimeoutMillis: options.connectTimeoutMs,
    types,
    // Every commit waits for the server's WAL flush: a write-ahead record survives a power cut.
    options: '-c synchronous_commit=on',
  };
}

/**
 * One connection outside the pool, not connected yet, for a session that must last (LISTEN lives
 * as long as its connection): TCP keep-alive probes start after 10 s of silence, so that a cut
 * network ends it (after the system's probes) instead of leaving it open and deaf.
 */
export function dedicatedClient(options: Omit<ShopPoolOptions, 'max'>, applicationName: string): pg.Client {
  return new pg.Client({
    ...clientConfig(options),
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    application_name: applicationName,
  });
}

export function shopPool(options: ShopPoolOptions): ShopPool {
  const { target } = options;
  const pool = new pg.Pool({ ...clientConfig(options), max: options.max });
  // An idle connection the server ended (a restart, pg_terminate_backend, the network) is already
  // dropped by the pool when it says so here; without a listener Node would end the process. The
  // next query makes a new connection, or gets the Spanish message of why it cannot.
  pool.on('error', () => undefined);
  let opened = false;
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();

  const fault = (error: unknown, phase: 'connect' | 'query', timedOutAfterMs: number | null = null): unknown =>
    postgresFault(error, target, { phase, opened, timedOutAfterMs, pinned: options.pinned !== undefined }) ?? error;

  function wrap(client: pg.PoolClient): PostgresPoolClient {
    const known = wrapped.get(client);
    if (known) return known;
    // A connection held between two statements (a transaction awaiting its own work) that the
    // server ends has no query to fail: `pg` would raise it as an unhandled 'error'. Its next
    // query fails, and that failure is the one reported.
    client.on('error', () => undefined);
    // A connection the server ended under a query: the query's error can come before the socket's
    // end, and a connection released in between would go back to the pool and fail the next query.
    let ended = false;
    const shown: PostgresPoolClient = {
      query: (async (sql: string, parameters: readonly unknown[]) => {
        try {
          return await client.query(sql, parameters as unknown[]);
        } catch (error) {
          const translated = fault(error, 'query');
          if (translated instanceof AppError && translated.details?.reason === 'connection_lost') ended = true;
          throw translated;
        }
      }) as unknown as PostgresPoolClient['query'],
      // Kysely passes `true` for a connection a failed rollback left unusable: the pool drops it, as an ended one.
      release: ((discard?: boolean) => client.release(discard || ended || undefined)) as PostgresPoolClient['release'],
    };
    wrapped.set(client, shown);
    return shown;
  }

  return {
    async connect() {
      const started = Date.now();
      try {
        return wrap(await pool.connect());
      } catch (error) {
        // A timer may fire a millisecond before Date.now says its delay passed: a tenth of margin.
        const spent = Date.now() - started;
        throw fault(error, 'connect', spent >= options.connectTimeoutMs * 0.9 ? options.connectTimeoutMs : null);
      }
    },
    end: () => pool.end(),
    markOpened() {
      opened = true;
    },
  };
}

/**
 * The TLS options of an sslmode as libpq means it (database-choice.ts); with a pinned certificate,
 * that certificate is the only root and the server must present exactly it, whatever name or IP
 * address it was reached by (a shop's DHCP may move the caja principal to another address).
 */
export function tlsOf(
  target: PostgresTarget,
  ca: readonly string[] | undefined,
  pinned?: string | undefined,
): false | ConnectionOptions {
  if (pinned !== undefined) {
    const expected = createHash('sha256').update(new X509Certificate(pinned).raw).digest('hex');
    return {
      ca: [pinned],
      rejectUnauthorized: true,
      checkServerIdentity: (_host: string, presented: PeerCertificate) =>
        createHash('sha256').update(presented.raw).digest('hex') === expected
          ? undefined
          : Object.assign(new Error('the server presented another certificate than the pinned one'), {
              code: 'ERR_TLS_CERT_ALTNAME_INVALID',
            }),
    };
  }
  const roots = ca ? { ca: [...ca] } : {};
  switch (target.sslmode) {
    case 'disable':
      return false;
    case 'require':
      // libpq's meaning: encrypted, the certificate not checked (a shop's own server, self-signed).
      return { rejectUnauthorized: false };
    case 'verify-ca':
      return { ...roots, rejectUnauthorized: true, checkServerIdentity: () => undefined };
    case 'verify-full':
      return { ...roots, rejectUnauthorized: true };
  }
}
