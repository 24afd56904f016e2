// The local SQLite file: WAL, foreign keys, numbered migrations, refusal of a newer schema,
// online backup. One connection per process; better-sqlite3 is synchronous by design.
import Database from 'better-sqlite3';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { AppError } from '../../shared/rpc/errors';
import type { Migration } from './migration';
import { migrations as defaultMigrations } from './migrations';

export type Db = Database.Database;

export interface StoreOptions {
  migrations?: readonly Migration[];
  /** Path of the native addon, when it is not the one in node_modules (Electron's ABI copy). */
  nativeBinding?: string;
}

export class Store {
  readonly db: Db;
  readonly schemaVersion: number;

  private constructor(db: Db, schemaVersion: number) {
    this.db = db;
    this.schemaVersion = schemaVersion;
  }

  static open(file: string, options: StoreOptions = {}): Store {
    const migrations = options.migrations ?? defaultMigrations;
    assertConsecutive(migrations);
    // Owner-only (issue 14, item 10): the data folder holds every document and the ledger.
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    let db: Db;
    try {
      db = new Database(file, options.nativeBinding ? { nativeBinding: options.nativeBinding } : {});
      db.pragma('journal_mode = WAL');
      if (process.platform !== 'win32') chmodSync(dirname(file), 0o700);
      ownerOnly(file);
    } catch (error) {
      throw storeUnavailable(error);
    }
    try {
      db.pragma('foreign_keys = ON');
      db.pragma('busy_timeout = 5000');
      // NORMAL is durable across application crashes in WAL mode; the submission ledger raises it
      // to FULL around its own commits (a power cut must not lose a write-ahead record).
      db.pragma('synchronous = NORMAL');
      // Damage in the middle of the file (a header that still reads) is found now, with the same
      // backup advice, instead of at the first query that reaches it (issue 14, item 12).
      const check = db.pragma('quick_check(1)', { simple: true });
      if (check !== 'ok') throw Object.assign(new Error(`quick_check: ${String(check)}`), { code: 'SQLITE_CORRUPT' });
      const version = migrate(db, migrations);
      return new Store(db, version);
    } catch (error) {
      db.close();
      throw error instanceof AppError ? error : storeUnavailable(error);
    }
  }

  /** Runs `work` inside one transaction with `synchronous = FULL`: the commit reaches the disk. */
  durably<T>(work: () => T): T {
    try {
      this.db.pragma('synchronous = FULL');
      try {
        return this.db.transaction(work).immediate();
      } finally {
        this.db.pragma('synchronous = NORMAL');
      }
    } catch (error) {
      // A full or read-only disk: the transaction rolled back, nothing was half-written, and the
      // caller (the ledger, before sending anything) stops with a message the user can act on.
      throw isDiskFault(error) ? storeUnavailable(error) : error;
    }
  }

  private backups: Promise<unknown> = Promise.resolve();

  /**
   * SQLite's online backup: a consistent copy while the app keeps working, owner-only. Backups run
   * one after another (issue 14, item 14: of 12 started at once, 11 failed); `destination` is called
   * when its turn comes, so that it can pick a name no earlier backup has taken.
   */
  backup(destination: string | (() => string)): Promise<string> {
    const run = this.backups.then(async () => {
      const file = typeof destination === 'string' ? destination : destination();
      mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
      await this.db.backup(file);
      ownerOnly(file);
      return file;
    });
    this.backups = run.catch(() => undefined);
    return run;
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

/** The file and its WAL/SHM companions readable and writable by their owner only (a no-op on Windows). */
function ownerOnly(file: string): void {
  if (process.platform === 'win32') return;
  for (const each of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(each)) chmodSync(each, 0o600);
}

function assertConsecutive(migrations: readonly Migration[]): void {
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(`migration ${migration.name} has version ${migration.version}, expected ${index + 1}`);
    }
  });
}

function migrate(db: Db, migrations: readonly Migration[]): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  const latest = migrations.length;
  if (current > latest) {
    throw new AppError(
      'store_newer_than_app',
      'Los datos fueron creados por una versión más reciente de Factura Desk. Actualice la aplicación para abrirlos; no se modificó nada.',
      { schemaVersion: current, supportedVersion: latest },
    );
  }
  for (const migration of migrations.slice(current)) {
    db.transaction(() => {
      migration.up(db);
      db.pragma(`user_version = ${migration.version}`);
    }).immediate();
  }
  return latest;
}

const DISK_FAULTS = /^SQLITE_(FULL|READONLY|IOERR|CANTOPEN)/;

function isDiskFault(error: unknown): boolean {
  return DISK_FAULTS.test((error as { code?: string } | null)?.code ?? '');
}

export function storeUnavailable(error: unknown): AppError {
  const code = (error as { code?: string } | null)?.code ?? '';
  const reason =
    code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT'
      ? 'El archivo de datos está dañado. Restaure la última copia de seguridad desde la carpeta de datos.'
      : DISK_FAULTS.test(code)
        ? 'No se puede escribir en la carpeta de datos (disco lleno o sin permisos). Libere espacio o revise los permisos.'
        : 'No se pudo abrir el archivo de datos.';
  return new AppError('store_unavailable', reason, { sqlite: code });
}
