import type BetterSqlite3 from 'better-sqlite3';
import type { Kysely } from 'kysely';

/**
 * One numbered schema change for both engines, in one file (docs/ARCHITECTURE.md "Data"):
 * - `up` changes a SQLite file, synchronously, inside the migration's transaction;
 * - `postgres` makes the same change on PostgreSQL, inside the migration's transaction. Migrations
 *   1 to 25 have none: PostgreSQL starts at their sum (store/postgres/baseline.ts). From 26 on
 *   every migration carries it, and a PostgreSQL database is refused by a build whose list holds
 *   one without it (nothing is changed), instead of running on half a schema.
 * Where the SQL is the same on both, one constant serves both halves.
 */
export interface Migration {
  /** Consecutive from 1; recorded in SQLite's `user_version` (PostgreSQL: the `schema_version` table) once applied. */
  version: number;
  name: string;
  up(db: BetterSqlite3.Database): void;
  postgres?(db: Kysely<unknown>): Promise<void>;
}
