// Restoring one of the app's own backups over the data file. The one function
// Ajustes, the damaged-file screen and the command line all call, with the store closed:
//   1. the backup is copied next to the data file and verified there (integrity_check, a schema this
//      version can open) before anything else is touched; a damaged backup changes nothing;
//   2. the current file is kept as a dated copy (never deleted), and its -wal/-shm are moved beside
//      that copy, so that SQLite can never replay the old write-ahead log over the restored file;
//   3. what the current ledger settled after the backup is carried into the verified copy
//      (restore-ledger.ts: an entry the backup still has open or queued is closed, never sent again);
//   4. the verified copy replaces the data file in one rename.
import Database from 'better-sqlite3';
import {
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  linkSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { AppError } from '#shared/rpc/errors';
import { markClosed } from './data-file';
import { migrations as defaultMigrations } from './migrations';
import { carrySettled } from './restore-ledger';
import { Store } from './store';

export interface BackupFile {
  /** The file's name inside `<home>/backups/` (what a restore is asked for). */
  name: string;
  file: string;
  bytes: number;
  modified: string;
}

export const BACKUP_FOLDER = 'backups';

/** The backups `app.backup` wrote into `<home>/backups/`, newest first. */
export function listBackups(home: string): BackupFile[] {
  const folder = join(home, BACKUP_FOLDER);
  let names: string[];
  try {
    names = readdirSync(folder).filter((name) => name.endsWith('.sqlite'));
  } catch {
    return [];
  }
  return names
    .map((name) => {
      const stats = statSync(join(folder, name));
      return { name, file: join(folder, name), bytes: stats.size, modified: stats.mtime.toISOString() };
    })
    .sort((a, b) => (a.modified < b.modified ? 1 : a.modified > b.modified ? -1 : b.name.localeCompare(a.name)));
}

export interface RestoreOptions {
  home: string;
  /** The data file (`<home>/factura-desk.sqlite`); its store must be closed. */
  databaseFile: string;
  /** A name from listBackups: nothing outside `<home>/backups/` can be restored. */
  backup: string;
  now: Date;
  nativeBinding?: string;
  /** How many migrations this version knows (a newer backup cannot be opened). */
  supportedVersion?: number;
}

export interface RestoreResult {
  backup: BackupFile;
  /** Entries the backup left open or queued that the replaced ledger knew as settled, closed as such. */
  settled: number;
  /** Where the replaced file (and its -wal/-shm, when there were any) now lies; null when there was none. */
  keptAs: string | null;
  schemaVersion: number;
}

const COMPANIONS = ['-wal', '-shm'] as const;

export function restoreBackup(options: RestoreOptions): RestoreResult {
  const backup = listBackups(options.home).find((each) => each.name === options.backup);
  if (!backup || basename(options.backup) !== options.backup) {
    throw new AppError('not_found', 'Esa copia de seguridad no existe en la carpeta de copias. No se modificó nada.');
  }
  const { databaseFile } = options;
  const staging = `${databaseFile}.restaurando`;
  removeWithCompanions(staging);
  let schemaVersion: number;
  let settled: number;
  try {
    copyFileSync(backup.file, staging);
    schemaVersion = verify(staging, options);
    settled = settleFromCurrent(staging, options);
  } catch (error) {
    removeWithCompanions(staging);
    throw error;
  }

  const stamp = options.now.toISOString().replace(/[:.]/g, '-');
  let keptAs: string | null = null;
  if (existsSync(databaseFile) || COMPANIONS.some((suffix) => existsSync(databaseFile + suffix))) {
    keptAs = freeName(`${databaseFile}.antes-de-restaurar-${stamp}`);
    if (existsSync(databaseFile)) {
      // A second name for the same file: the rename below then replaces the data file atomically
      // while the old content stays under keptAs (a copy where hard links are not available).
      try {
        linkSync(databaseFile, keptAs);
      } catch {
        copyFileSync(databaseFile, keptAs);
      }
    }
    // Before the restored file takes the name: a crash in between must never leave the old WAL
    // beside the restored file, where the next open would replay it.
    for (const suffix of COMPANIONS) if (existsSync(databaseFile + suffix)) renameSync(databaseFile + suffix, keptAs + suffix);
  }
  renameSync(staging, databaseFile);
  syncFolder(dirname(databaseFile));
  // The old session's -wal went with the old file on purpose: the next open must not report it lost.
  markClosed(databaseFile);
  return { backup, keptAs, schemaVersion, settled };
}

/** Opens the staged copy on its own: integrity_check must say ok and its schema must be one this version opens. */
function verify(file: string, options: RestoreOptions): number {
  let db: Database.Database;
  try {
    db = new Database(file, options.nativeBinding ? { nativeBinding: options.nativeBinding } : {});
  } catch (error) {
    throw damagedBackup(error);
  }
  try {
    const check = db.pragma('integrity_check(1)', { simple: true });
    if (check !== 'ok') throw damagedBackup(new Error(String(check)));
    const version = db.pragma('user_version', { simple: true }) as number;
    const supported = options.supportedVersion ?? defaultMigrations.length;
    if (version > supported) {
      throw new AppError(
        'store_newer_than_app',
        'Esa copia la hizo una versión más reciente de Factura Desk. Actualice la aplicación para restaurarla; no se modificó nada.',
      );
    }
    // Everything into the main file, so that no -wal of the staged copy is left behind.
    db.pragma('wal_checkpoint(TRUNCATE)');
    return version;
  } catch (error) {
    throw error instanceof AppError ? error : damagedBackup(error);
  } finally {
    db.close();
    for (const suffix of COMPANIONS) rmSync(file + suffix, { force: true });
  }
}

/**
 * The staged copy, migrated to this version, takes over what the current ledger settled after the
 * backup was made (restore-ledger.ts), before it replaces the data file: the restored app never
 * sends again what was settled. A current file that cannot be read carries nothing over.
 */
function settleFromCurrent(staging: string, options: RestoreOptions): number {
  if (!existsSync(options.databaseFile)) return 0;
  const store = Store.open(staging, options.nativeBinding ? { nativeBinding: options.nativeBinding } : {});
  try {
    return carrySettled(store.db, options.databaseFile, options.nativeBinding);
  } finally {
    store.close();
    for (const suffix of COMPANIONS) rmSync(staging + suffix, { force: true });
  }
}

function damagedBackup(error: unknown): AppError {
  return new AppError(
    'store_unavailable',
    'Esa copia de seguridad está dañada o no es una copia de Factura Desk. No se modificó nada; elija otra.',
    {
      sqlite: (error as { code?: string } | null)?.code ?? '',
    },
  );
}

function removeWithCompanions(file: string): void {
  for (const each of [file, ...COMPANIONS.map((suffix) => file + suffix)]) rmSync(each, { force: true });
}

function freeName(base: string): string {
  let candidate = base;
  for (let n = 2; existsSync(candidate) || COMPANIONS.some((suffix) => existsSync(candidate + suffix)); n += 1)
    candidate = `${base}-${n}`;
  return candidate;
}

/** The renames reach the disk (a no-op where a folder cannot be opened, as on Windows). */
function syncFolder(folder: string): void {
  let fd: number | null = null;
  try {
    fd = openSync(folder, 'r');
    fsyncSync(fd);
  } catch {
    // not supported on this platform
  } finally {
    if (fd !== null) closeSync(fd);
  }
}
