// One writer per data folder. Two processes on one ledger (the app opened twice, the app and
// `cli resume`) would both resume, poll and re-date the same submissions; so every process that
// writes the ledger first takes this lock, and a second one is refused at once, told which process
// holds it.
//
// The lock is SQLite's own: a small lock database held in `locking_mode = EXCLUSIVE` after one
// `BEGIN EXCLUSIVE`. SQLite takes it with fcntl on POSIX and LockFileEx on Windows, so the operating
// system drops it when the process dies, SIGKILL and power cut included: no stale lock to guess
// about, no new dependency, and it also refuses a second connection inside the same process (SQLite
// tracks its locks per file, which plain fcntl does not). Who holds it is written beside it in a
// small JSON file, read only to name the holder; the lock itself never depends on that file.
import Database from 'better-sqlite3';
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '#shared/rpc/errors';
import { formatDateTime } from '#shared/dates';
import type { Transport } from '../parts';
import { storeUnavailable } from './store';

export const LOCK_FILE = 'factura-desk.lock';
export const HOLDER_FILE = 'factura-desk.lock.json';

export interface LockHolder {
  transport: Transport;
  pid: number;
  /** When the holder took the lock (ISO instant). */
  since: string;
}

export interface FolderLockOptions {
  transport: Transport;
  now?: Date;
  nativeBinding?: string;
}

export class FolderLock {
  private released = false;

  private constructor(
    private readonly db: Database.Database,
    readonly home: string,
    readonly holder: LockHolder,
  ) {}

  /** Takes the data folder's lock, or throws `folder_in_use` naming the process that holds it. */
  static acquire(home: string, options: FolderLockOptions): FolderLock {
    let db: Database.Database;
    try {
      mkdirSync(home, { recursive: true, mode: 0o700 });
      db = openLockDatabase(join(home, LOCK_FILE), options.nativeBinding);
    } catch (error) {
      throw refusal(home, error);
    }
    try {
      // One write in EXCLUSIVE locking mode: SQLite documents that the exclusive lock the first write
      // takes is then kept until the connection closes.
      db.exec('BEGIN EXCLUSIVE');
      db.pragma(`user_version = ${process.pid % 2 ** 31}`);
      db.exec('COMMIT');
    } catch (error) {
      db.close();
      throw refusal(home, error);
    }
    const holder: LockHolder = {
      transport: options.transport,
      pid: process.pid,
      since: (options.now ?? new Date()).toISOString(),
    };
    try {
      writeHolder(home, holder);
    } catch (error) {
      db.close();
      throw storeUnavailable(error);
    }
    return new FolderLock(db, home, holder);
  }

  release(): void {
    if (this.released) return;
    this.released = true;
    // The holder file goes first: once the lock is free another process may write its own.
    try {
      const current = readHolder(this.home);
      if (current?.pid === this.holder.pid && current.since === this.holder.since)
        rmSync(join(this.home, HOLDER_FILE), { force: true });
    } catch {
      // Only a name for messages; the lock below is what counts.
    }
    this.db.close();
  }
}

/** Busy: another process (or another core of this one) holds the folder; anything else is the disk's fault. */
function refusal(home: string, error: unknown): AppError {
  return (error as { code?: string } | null)?.code?.startsWith('SQLITE_BUSY') ? folderInUse(home) : storeUnavailable(error);
}

function openLockDatabase(file: string, nativeBinding: string | undefined): Database.Database {
  const open = () => new Database(file, nativeBinding ? { nativeBinding } : {});
  let db = open();
  try {
    configure(db);
  } catch (error) {
    db.close();
    if ((error as { code?: string } | null)?.code?.startsWith('SQLITE_BUSY')) throw error;
    // The lock file holds nothing: anything that is not a lock database is replaced by one.
    if ((error as { code?: string } | null)?.code !== 'SQLITE_NOTADB') throw error;
    rmSync(file, { force: true });
    db = open();
    configure(db);
  }
  return db;
}

function configure(db: Database.Database): void {
  // Refused at once rather than after a wait: the other process may run for hours.
  db.pragma('busy_timeout = 0');
  db.pragma('locking_mode = EXCLUSIVE');
  db.pragma('journal_mode = OFF');
}

function writeHolder(home: string, holder: LockHolder): void {
  const file = join(home, HOLDER_FILE);
  const staged = `${file}.${process.pid}`;
  const fd = openSync(staged, 'w', 0o600);
  try {
    writeSync(fd, JSON.stringify(holder));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(staged, file);
}

export function readHolder(home: string): LockHolder | null {
  try {
    const value = JSON.parse(readFileSync(join(home, HOLDER_FILE), 'utf8')) as Partial<LockHolder>;
    if (typeof value.pid !== 'number' || typeof value.since !== 'string' || typeof value.transport !== 'string') return null;
    return { pid: value.pid, since: value.since, transport: value.transport };
  } catch {
    return null;
  }
}

const HOLDER_NAMES: Record<Transport, string> = {
  electron: 'la aplicación de escritorio',
  web: 'la aplicación en el navegador',
  cli: 'una orden de la línea de comandos',
};

function folderInUse(home: string): AppError {
  const holder = readHolder(home);
  // The file may be a dead holder's when the live one has not written its own yet.
  const named = holder && isAlive(holder.pid) ? holder : null;
  const who = named
    ? `${HOLDER_NAMES[named.transport] ?? 'otro programa de Factura Desk'} (proceso ${named.pid}, abierta desde el ${formatDateTime(named.since)})`
    : 'otro programa de Factura Desk';
  return new AppError(
    'folder_in_use',
    `Factura Desk ya está trabajando con esta carpeta de datos: ${who}. ` +
      'Dos programas a la vez podrían enviar dos veces el mismo documento, por eso este no se abrió. ' +
      'Use el que ya está abierto, o ciérrelo y vuelva a intentarlo. No se modificó nada.',
    { dataFolder: home, holder: named },
  );
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
}
