// The shop's SQLite store, opened read-only for the move: nothing the move does can change it.
// It must be a Factura Desk store of exactly this build's schema; its tables and columns are read
// from its own catalog (never a list kept by hand), and its rows in one read transaction, so that
// every table is copied from the same moment.
import Database from 'better-sqlite3';
import { AppError } from '#shared/rpc/errors';
import { checkDataFile, notFacturaDesk } from '../data-file';
import { storeUnavailable } from '../store';
import { orderBy, quoteIdentifier, type SqliteValue, type TargetType } from './dialect';

export interface SourceColumn {
  name: string;
  /** Position in the primary key from 1, 0 when not part of it. */
  pk: number;
}

export interface SourceTable {
  name: string;
  columns: SourceColumn[];
}

export class SqliteSource {
  private constructor(
    private readonly db: Database.Database,
    readonly tables: readonly SourceTable[],
  ) {}

  /** Opens `file` read-only and checks it is a Factura Desk store at `schemaVersion`; refuses in Spanish otherwise. */
  static open(file: string, schemaVersion: number): SqliteSource {
    // A zero-byte, missing or foreign file is refused before SQLite opens it (as the app does).
    checkDataFile(file);
    let db: Database.Database;
    try {
      db = new Database(file, { readonly: true, fileMustExist: true });
    } catch (error) {
      throw storeUnavailable(error);
    }
    try {
      const version = db.pragma('user_version', { simple: true }) as number;
      if (version === 0) throw notFacturaDesk(file);
      if (version !== schemaVersion) throw versionRefused(version, schemaVersion);
      // The copy reads every table from one snapshot: the read transaction lasts until close().
      db.exec('BEGIN');
      return new SqliteSource(db, readTables(db));
    } catch (error) {
      db.close();
      if (error instanceof AppError) throw error;
      throw storeUnavailable(error);
    }
  }

  /**
   * The rows of a table as SQLite holds them (integers as BigInt), `columns` in their order, sorted
   * by `order`. Nothing else may run on the connection until the iterator ends.
   */
  rows(
    table: string,
    columns: readonly { name: string }[],
    order: readonly { name: string; type: TargetType }[],
  ): IterableIterator<SqliteValue[]> {
    const list = columns.map((c) => quoteIdentifier(c.name)).join(', ');
    const statement = this.db.prepare(`SELECT ${list} FROM ${quoteIdentifier(table)} ORDER BY ${orderBy(order, 'sqlite')}`);
    return statement.raw(true).safeIntegers(true).iterate() as IterableIterator<SqliteValue[]>;
  }

  /** Rows of a query of the proof's own (the open submissions, the queue), integers as BigInt. */
  query(text: string): Record<string, SqliteValue>[] {
    return this.db.prepare(text).safeIntegers(true).all() as Record<string, SqliteValue>[];
  }

  close(): void {
    if (!this.db.open) return;
    if (this.db.inTransaction) this.db.exec('COMMIT');
    this.db.close();
  }
}

/** The tables that hold the store's rows: FTS5 search tables and their shadow tables are SQLite's own index, rebuilt from these. */
function readTables(db: Database.Database): SourceTable[] {
  const list = db.pragma('table_list') as { schema: string; name: string; type: string }[];
  return list
    .filter((t) => t.schema === 'main' && t.type === 'table' && !t.name.startsWith('sqlite_'))
    .map((t) => t.name)
    .sort()
    .map((name) => ({
      name,
      columns: (db.pragma(`table_info(${quoteIdentifier(name)})`) as { name: string; pk: number }[]).map((c) => ({
        name: c.name,
        pk: c.pk,
      })),
    }));
}

function versionRefused(found: number, build: number): AppError {
  if (found > build)
    return new AppError(
      'store_newer_than_app',
      'Los datos de este equipo fueron creados por una versión más reciente de Factura Desk. Pase los datos con esa versión o actualice esta; no se modificó nada.',
      { schemaVersion: found, supportedVersion: build },
    );
  return new AppError(
    'store_unavailable',
    'Los datos de este equipo son de una versión anterior de Factura Desk. Abra la aplicación una vez (actualiza los datos) y vuelva a intentarlo; no se modificó nada.',
    { reason: 'older_store', schemaVersion: found, supportedVersion: build },
  );
}
