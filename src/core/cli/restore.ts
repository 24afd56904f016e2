// `backups` and `restore NOMBRE --confirmar`: the same restore as Ajustes (issue 14, item 12), run
// with no core open. The ledger is read first when it can be: a restore that would forget a
// submission sent after the backup and still unresolved is refused, as in the app.
import { join } from 'node:path';
import { AppError, isAppError } from '../../shared/rpc/errors';
import { createCore, DATABASE_FILE, type CoreOptions } from '../core';
import { assertRestorable, backupEntries } from '../rpc/handlers/app';
import { restoreBackup } from '../store/restore';
import type { ParsedArgs } from './args';
import { EXIT } from './exit-codes';
import type { CommandResult } from './commands';

type Opener = Pick<CoreOptions, 'home' | 'secrets'>;

/** The backups with what the ledger holds after each (null when the data file cannot be opened). */
function entries(options: Opener) {
  let core;
  try {
    core = createCore({ ...options, transport: 'cli' });
  } catch (error) {
    if (isAppError(error) && error.code === 'store_unavailable') return backupEntries(options.home, null);
    throw error;
  }
  try {
    return backupEntries(options.home, core.parts.store.db);
  } finally {
    core.parts.store.close();
  }
}

/** The same checks as the app's (assertRestorable), on the ledger when it can be read. */
function guard(options: Opener, name: string): void {
  let core;
  try {
    core = createCore({ ...options, transport: 'cli' });
  } catch (error) {
    if (isAppError(error) && error.code === 'store_unavailable') {
      assertRestorable(options.home, null, name);
      return;
    }
    throw error;
  }
  try {
    assertRestorable(options.home, core.parts.store.db, name);
  } finally {
    core.parts.store.close();
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
  guard(options, name);
  const result = restoreBackup({ home: options.home, databaseFile: join(options.home, DATABASE_FILE), backup: name, now });
  return {
    output: { name: result.backup.name, kept_as: result.keptAs, schema_version: result.schemaVersion },
    exitCode: EXIT.ok,
  };
}
