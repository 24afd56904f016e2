import type BetterSqlite3 from 'better-sqlite3';

export interface Migration {
  /** Consecutive from 1; recorded in SQLite's `user_version` once applied. */
  version: number;
  name: string;
  up(db: BetterSqlite3.Database): void;
}
