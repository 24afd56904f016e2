// `backups` and `restore NOMBRE --confirmar`: the same restore as Ajustes, run
// with no core open. The ledger is read first when it can be: a restore that would forget a
// submission sent after the backup and still unresolved is refused, as in the app.
import { join } from 'node:path';
import { AppError, isAppError } from '#shared/rpc/errors';
import { createCore, sqliteStoreOf, DATABASE_FILE, type CoreOptions } from '../core';
import { assertRestorable, backupEntries } from '../rpc/handlers/app';
import { FolderLock } from '../store/folder-lock';
import { restoreBackup } from '../store/restore';
import type { ParsedArgs } from './args';
import { EXIT } from './exit-codes';
import type { CommandResult } from './commands';

type Opener = Pick<CoreOptions, 'home' | 'secrets'>;

/**
 * The backups with what the ledger holds after each (null when the data file cannot be opened). It
 * only reads, so it also runs while the app holds the folder: then without the ledger's counts, the
 * file being the app's to open.
 */
function entries(options: Opener) {
  let lock: FolderLock;
  try {
    lock = FolderLock.acquire(options.home, { transport: 'cli' });
  } catch (error) {
    if (isAppError(error) && (error.code === 'folder_in_use' || error.code === 'store_unavailable'))
      return backupEntries(options.home, null);
    throw error;
  }
  try {
    let core;
    try {
      core = createCore({ ...options, transport: 'cli', lock });
    } catch (error) {
      if (isAppError(error) && error.code === 'store_unavailable') return backupEntries(options.home, null);
      throw error;
    }
    try {
      return backupEntries(options.home, sqliteStoreOf(core).db);
    } finally {
      sqliteStoreOf(core).close();
    }
  } finally {
    lock.release();
  }
}

/** The same checks as the app's (assertRestorable), on the ledger when it can be read. */
function guard(options: Opener, lock: FolderLock, name: string): void {
  let core;
  try {
    core = createCore({ ...options, transport: 'cli', lock });
  } catch (error) {
    if (isAppError(error) && error.code === 'store_unavailable') {
      assertRestorable(options.home, null, name);
      return;
    }
    throw error;
  }
  try {
    assertRestorable(options.home, sqliteStoreOf(core).db, name);
  } finally {
    sqliteStoreOf(core).close();
  }
}

export function backupsCommand(options: Opener): CommandResult {
  return { output: entries(options), exitCode: EXIT.ok };
}

export function restoreCommand(options: Opener, args: ParsedArgs, now: Date): CommandResult {
  const name = args.positional[1];
  if (!name || !args.flags.has('confirmar')) {
    throw new AppError(
      'invalid_input',
      'Uso: restore NOMBRE --confirmar (NOMBRE de la lista de «backups»). Cierre antes la aplicación: el archivo de datos actual se conserva aparte.',
    );
  }
  // Refused while the app (or another command) works on the folder: it would keep writing the
  // replaced file. Held until the restored file is in place.
  const lock = FolderLock.acquire(options.home, { transport: 'cli', now });
  let result;
  try {
    guard(options, lock, name);
    result = restoreBackup({ home: options.home, databaseFile: join(options.home, DATABASE_FILE), backup: name, now });
  } finally {
    lock.release();
  }
  return {
    output: { name: result.backup.name, kept_as: result.keptAs, schema_version: result.schemaVersion },
    exitCode: EXIT.ok,
  };
}
