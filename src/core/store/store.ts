// The local SQLite file: WAL, foreign keys, numbered migrations, refusal of a newer schema,
// online backup. One connection per process; better-sqlite3 is synchronous by design.
import Database from 'better-sqlite3';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { AppError } from '#shared/rpc/errors';
import { checkDataFile, markClosed, markOpen, notFacturaDesk } from './data-file';
import type { Migration } from './migration';
import { migrations as defaultMigrations } from './migrations';

export type Db = Database.Database;

export interface StoreOptions {
  migrations?: readonly Migration[];
  /** Path of the native addon, when it is not the one in node_modules (Electron's ABI copy). */
  nativeBinding?: string;
  /** For the beside file that records an open session (default: now). */
  now?: Date;
}

export class Store {
  readonly db: Db;
  readonly schemaVersion: number;
  /** What an unclean end of the previous session left (a missing or cut -wal), in Spanish; null when nothing. */
  readonly notice: string | null;

  private constructor(
    db: Db,
    schemaVersion: number,
    notice: string | null,
    private readonly file: string,
  ) {
    this.db = db;
    this.schemaVersion = schemaVersion;
    this.notice = notice;
  }

  static open(file: string, options: StoreOptions = {}): Store {
    const migrations = options.migrations ?? defaultMigrations;
    assertConsecutive(migrations);
    // Owner-only: the data folder holds every document and the ledger.
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    let db: Db;
    let check: ReturnType<typeof checkDataFile>;
    try {
      // A zero-byte, foreign or vanished file is refused here, before SQLite would make it a new ledger.
      check = checkDataFile(file);
      db = new Database(file, {
        fileMustExist: check.exists,
        ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
      });
    } catch (error) {
      throw error instanceof AppError ? error : storeUnavailable(error);
    }
    try {
      // Before anything writes to it (the WAL switch rewrites the header).
      if (check.exists && isForeign(db)) throw notFacturaDesk(file);
      db.pragma('journal_mode = WAL');
      if (process.platform !== 'win32') chmodSync(dirname(file), 0o700);
      ownerOnly(file);
    } catch (error) {
      db.close();
      throw error instanceof AppError ? error : storeUnavailable(error);
    }
    try {
      db.pragma('foreign_keys = ON');
      db.pragma('busy_timeout = 5000');
      // NORMAL is durable across application crashes in WAL mode; the submission ledger raises it
      // to FULL around its own commits (a power cut must not lose a write-ahead record).
      db.pragma('synchronous = NORMAL');
      // Damage in the middle of the file (a header that still reads) is found now, with the same
      // backup advice, instead of at the first query that reaches it.
      const quick = db.pragma('quick_check(1)', { simple: true });
      if (quick !== 'ok') throw Object.assign(new Error(`quick_check: ${String(quick)}`), { code: 'SQLITE_CORRUPT' });
      // Every commit is copied into the main file at once (a passive checkpoint when the log holds a
      // page), so a -wal deleted by a cleaner or a sync folder, then a crash, costs at most the commit
      // under way; the ledger's own commits are checkpointed and truncated in durably().
      db.pragma('wal_autocheckpoint = 1');
      const version = migrate(db, migrations);
      markOpen(file, options.now ?? new Date());
      return new Store(db, version, check.notice, file);
    } catch (error) {
      db.close();
      throw error instanceof AppError ? error : storeUnavailable(error);
    }
  }

  /** Runs `work` inside one transaction with `synchronous = FULL`: the commit reaches the disk. */
  durably<T>(work: () => T): T {
    // Inside another durable commit (queueing a sale: its body, its outbox row and its ticket), the
    // work is part of that commit, which reaches the disk as a whole; SQLite refuses to change
    // `synchronous` inside a transaction anyway.
    if (this.db.inTransaction) return work();
    try {
      this.db.pragma('synchronous = FULL');
      try {
        const result = this.db.transaction(work).immediate();
        this.checkpoint();
        return result;
      } finally {
        this.db.pragma('synchronous = NORMAL');
      }
    } catch (error) {
      // A full or read-only disk: the transaction rolled back, nothing was half-written, and the
      // caller (the ledger, before sending anything) stops with a message the user can act on.
      throw isDiskFault(error) ? storeUnavailable(error) : error;
    }
  }

  /**
   * The ledger's commit copied into the main file and the -wal emptied: losing the -wal now loses
   * nothing the ledger knows. Best effort: the commit itself already reached the disk, and a caller
   * must never read a failed checkpoint as a failed commit. Emptying the log, not only rewinding it,
   * leaves the -wal at zero bytes between ledger commits. Its cost against the automatic checkpoint
   * alone was within the bench's noise (submission overhead 6.0 against 5.3-6.1 ms).
   */
  private checkpoint(): void {
    try {
      this.db.pragma('wal_checkpoint(TRUNCATE)');
    } catch {
      // The next commit's checkpoint, or the close, copies it.
    }
  }

  private backups: Promise<unknown> = Promise.resolve();

  /**
   * SQLite's online backup: a consistent copy while the app keeps working, owner-only. Backups run
   * one after another (of 12 started at once, 11 used to fail); `destination` is called
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
    if (!this.db.open) return;
    // Marked first: a crash during the close leaves the -wal in place (SQLite deletes it last), so
    // the next start has nothing to report; the other order could report a -wal the close removed.
    markClosed(this.file);
    this.db.close();
  }
}

/** The file and its WAL/SHM companions readable and writable by their owner only (a no-op on Windows). */
function ownerOnly(file: string): void {
  if (process.platform === 'win32') return;
  for (const each of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(each)) chmodSync(each, 0o600);
}

/** Another program's SQLite file: tables, but none of our migrations ever ran in it. */
function isForeign(db: Db): boolean {
  if ((db.pragma('user_version', { simple: true }) as number) !== 0) return false;
  return db.prepare("SELECT 1 FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' LIMIT 1").get() !== undefined;
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

// SQLite's codes, and Node's for the files beside the database (the folder's lock, the session file).
const DISK_FAULTS = /^(SQLITE_(FULL|READONLY|IOERR|CANTOPEN)|EROFS|EACCES|EPERM|ENOSPC|EDQUOT)/;

export function isDiskFault(error: unknown): boolean {
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
