// The typed query layer over both engines: one Kysely<Schema> for SQLite (the default, on the
// Store's own better-sqlite3 connection) or PostgreSQL (a pool over `pg`, for a shop whose counters
// share one database). Code converted to it reads and writes through `engine.db`; the engine's kind
// is asked only where the two dialects differ (ledger-reads keeps those differences in one place).
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Db } from './store';
import type { Schema } from './schema';
import type { Migration } from './migration';
import { migratePostgres } from './postgres/migrate';

export type EngineKind = 'sqlite' | 'postgres';

export interface Engine {
  readonly kind: EngineKind;
  readonly db: Kysely<Schema>;
  /** Ends the engine's own connections; SQLite's connection belongs to the Store, which closes it. */
  close(): Promise<void>;
}

/**
 * The SQLite engine over the Store's connection (one connection per process): Kysely and the
 * synchronous code of the modules not converted yet see the same data, and the folder's single
 * writer stays one. Kysely is used here for single statements only: a Kysely transaction would
 * issue BEGIN on the connection the synchronous code also commits on.
 */
export function sqliteEngine(connection: Db): Engine {
  const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: connection }) });
  return {
    kind: 'sqlite',
    db,
    // Kysely's SQLite driver would close the Store's connection on destroy().
    close: () => Promise.resolve(),
  };
}

export interface PostgresOptions {
  /** `postgres://user@host:port/database`; the password comes from the OS keychain, never from a file. */
  url: string;
  password?: string;
  migrations: readonly Migration[];
  /** Connections of this process's pool (default 4). */
  poolSize?: number;
}

/** BIGINT (int8) as a number: every integer the store keeps (ids, cents, counts) is below 2^53. */
const types = new pg.TypeOverrides();
types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

/** Opens a PostgreSQL store: its pool, then its schema brought to the build's version (migrate.ts). */
export async function openPostgres(options: PostgresOptions): Promise<Engine & { schemaVersion: number }> {
  const pool = new pg.Pool({
    connectionString: options.url,
    ...(options.password !== undefined ? { password: options.password } : {}),
    max: options.poolSize ?? 4,
    types,
    // Every commit waits for the server's WAL flush: a write-ahead record survives a power cut.
    options: '-c synchronous_commit=on',
  });
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
  try {
    const schemaVersion = await migratePostgres(db as unknown as Kysely<unknown>, options.migrations);
    return { kind: 'postgres', db, schemaVersion, close: () => db.destroy() };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}
