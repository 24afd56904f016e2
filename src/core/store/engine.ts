// The typed query layer over both engines: one Kysely<Schema> for SQLite (the default, on the
// Store's own better-sqlite3 connection) or PostgreSQL (a pool over `pg`, for a shop whose counters
// share one database). Code converted to it reads and writes through `engine.db`; the engine's kind
// is asked only where the two dialects differ (ledger-reads keeps those differences in one place).
import { Kysely, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import { isDiskFault, storeUnavailable, type Db } from './store';
import type { Schema } from './schema';
import type { Migration } from './migration';
import { parsePostgresAddress } from './database-choice';
import { migratePostgres } from './postgres/migrate';
import type pg from 'pg';
import { dedicatedClient, shopPool } from './postgres/pool';

export type EngineKind = 'sqlite' | 'postgres';

export interface TransactionOptions {
  /**
   * The commit reaches the disk before the promise resolves: the ledger's write-ahead record and
   * outcome. SQLite raises `synchronous` to FULL around it and empties the -wal after it (as
   * Store.durably does); PostgreSQL commits with synchronous_commit on, which every connection has.
   */
  durable?: boolean;
}

export interface Engine {
  readonly kind: EngineKind;
  readonly db: Kysely<Schema>;
  /**
   * Runs `work` in one transaction and commits it, or rolls it back when `work` throws. On SQLite
   * the transaction holds the process's one connection: `work` must await only its own queries
   * (never the network, a timer, a file or code still on the synchronous API), so that it ends
   * within one turn of the event loop and nothing else joins it.
   */
  transaction<T>(work: (trx: Transaction<Schema>) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** Ends the engine's own connections; SQLite's connection belongs to the Store, which closes it. */
  close(): Promise<void>;
  /**
   * PostgreSQL only: a connection of its own to the same database, outside the pool, not connected
   * yet (the shop's notices listen on it: postgres/shop-notices.ts). The caller ends it.
   */
  dedicatedClient?(applicationName: string): pg.Client;
}

/**
 * The SQLite engine over the Store's connection (one connection per process): Kysely and the
 * synchronous code of the modules not converted yet see the same data, and the folder's single
 * writer stays one. Kysely serialises its own queries and transactions on that connection; a
 * transaction refuses to start inside one the synchronous code left open.
 */
export function sqliteEngine(connection: Db): Engine {
  const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: connection }) });
  return {
    kind: 'sqlite',
    db,
    transaction: (work, options = {}) =>
      db.connection().execute(async (held) => {
        if (connection.inTransaction) throw new Error('the store connection is inside another transaction');
        try {
          // SQLite refuses to change `synchronous` inside a transaction: set before BEGIN, reset after.
          if (options.durable) connection.pragma('synchronous = FULL');
          try {
            const trx = await held.startTransaction().execute();
            let result: Awaited<ReturnType<typeof work>>;
            try {
              result = await work(trx);
              await trx.commit().execute();
            } catch (error) {
              // A full disk (or an I/O error) makes SQLite roll the transaction back itself: a
              // ROLLBACK then would fail and hide the error the user must see.
              if (connection.inTransaction) await trx.rollback().execute();
              throw error;
            }
            if (options.durable) checkpoint(connection);
            return result;
          } finally {
            if (options.durable) connection.pragma('synchronous = NORMAL');
          }
        } catch (error) {
          // A full or read-only disk: rolled back, nothing half-written, a message the user can act on.
          throw isDiskFault(error) ? storeUnavailable(error) : error;
        }
      }),
    // Kysely's SQLite driver would close the Store's connection on destroy().
    close: () => Promise.resolve(),
  };
}

export interface PostgresOptions {
  /**
   * `postgres://user@host:port/database?sslmode=…`, checked by parsePostgresAddress (a password
   * written in it is refused): the password comes from the OS keychain, never from a file.
   */
  url: string;
  /** A function is asked each time the server wants one (vault/database-password.ts `keychainPassword`). */
  password?: string | (() => Promise<string>);
  migrations: readonly Migration[];
  /** Connections of this process's pool (default 4). */
  poolSize?: number;
  /** How long a new connection may take before the server counts as out of reach (default 10 s). */
  connectTimeoutMs?: number;
  /** Roots a verify-ca or verify-full address trusts (Node's own when not given). */
  ca?: readonly string[];
  /** The caja principal's certificate, pinned (pool.ts `tlsOf`). */
  pinned?: string | undefined;
}

/**
 * Opens a PostgreSQL store: its pool, then its schema brought to the build's version (migrate.ts).
 * Every failure to reach, enter or keep the server is the store's Spanish AppError (postgres/faults.ts).
 */
export async function openPostgres(options: PostgresOptions): Promise<Engine & { schemaVersion: number }> {
  const target = parsePostgresAddress(options.url);
  const reach = {
    target,
    password: options.password,
    connectTimeoutMs: options.connectTimeoutMs ?? 10_000,
    ca: options.ca,
    pinned: options.pinned,
  };
  const pool = shopPool({ ...reach, max: options.poolSize ?? 4 });
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
  try {
    const schemaVersion = await migratePostgres(db as unknown as Kysely<unknown>, options.migrations);
    pool.markOpened();
    return {
      kind: 'postgres',
      db,
      schemaVersion,
      transaction: (work) => db.transaction().execute(work),
      close: () => db.destroy(),
      dedicatedClient: (applicationName) => dedicatedClient(reach, applicationName),
    };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}

/** The durable commit copied into the main file and the -wal emptied (best effort, as Store.checkpoint). */
function checkpoint(connection: Db): void {
  try {
    connection.pragma('wal_checkpoint(TRUNCATE)');
  } catch {
    // The next durable commit's checkpoint, or the close, copies it.
  }
}
