import { join } from 'node:path';
import { existsSync, statSync } from 'node:fs';
import type { appMethods, BackupEntry } from '#shared/rpc/methods/app';
import { AppError } from '#shared/rpc/errors';
import type { CoreParts } from '#core/parts';
import type { Db, Store } from '#core/store/store';
import { backupsKept, rotateBackups, setBackupsKept } from '#core/store/backup-rotation';
import { listBackups, type BackupFile } from '#core/store/restore';
import { compareWithBackup, nameOf, type LedgerComparison } from '#core/store/restore-ledger';
import type { Handlers } from '../registry';
import { formatInteger, pluralOf } from '#shared/format';

export function appHandlers(parts: CoreParts): Handlers<typeof appMethods> {
  return {
    'app.info': () => ({
      version: parts.version,
      schemaVersion: parts.schemaVersion,
      dataFolder: parts.home,
      transport: parts.transport,
      database: parts.store
        ? { engine: 'sqlite' as const, address: null }
        : { engine: 'postgres' as const, address: parts.databaseAddress },
    }),
    'app.backup': async () => {
      const store = localStore(parts);
      // The name is chosen when this backup's turn comes: two in the same millisecond get two files.
      const file = await store.backup(() => {
        const stamp = parts.clock().toISOString().replace(/[:.]/g, '-');
        const base = join(parts.home, 'backups', `factura-desk-${stamp}`);
        let candidate = `${base}.sqlite`;
        for (let n = 2; existsSync(candidate); n += 1) candidate = `${base}-${n}.sqlite`;
        return candidate;
      });
      const removed = rotateBackups(parts.home, store.db);
      if (removed.length > 0) parts.logger.info('old backups removed', { removed: removed.length });
      return { file, bytes: statSync(file).size, removed: removed.length };
    },
    'app.backupsKept': () => ({ keep: backupsKept(parts.home) }),
    'app.setBackupsKept': ({ keep }) => ({ keep: setBackupsKept(parts.home, keep) }),
    // The shop's database keeps no backups in this data folder: none to list.
    'app.backups': () => (parts.store ? backupEntries(parts.home, parts.store.db) : []),
    'app.restore': async ({ name }) => {
      assertRestorable(parts.home, localStore(parts).db, name);
      if (!parts.restore) {
        throw new AppError(
          'conflict',
          'Esta forma de abrir Factura Desk no puede restaurar copias. Use la aplicación o el comando «restore» con la aplicación cerrada.',
        );
      }
      const result = await parts.restore(name);
      return { name: result.backup.name, kept_as: result.keptAs, schema_version: result.schemaVersion };
    },
  };
}

/**
 * The data folder's SQLite file, for its backups and restore. On the shop's PostgreSQL there is none:
 * that database is copied by its own server (docs/CLIENT-DECISIONS.md, «The shop's database»).
 */
function localStore(parts: CoreParts): Store {
  if (parts.store) return parts.store;
  throw new AppError(
    'conflict',
    'Los datos están en la base de datos del negocio (PostgreSQL): sus copias de seguridad las hace ese servidor (pg_dump o el respaldo automático de su proveedor), no Factura Desk. Pida a quien administra el servidor que las programe; no se modificó nada.',
    { reason: 'shop_database' },
  );
}

/**
 * Refuses a restore of `name` when it is not one of the backups, or when a submission still open in
 * the current ledger is unknown to the backup (compared by key, never by file times): its key lives
 * only in this ledger, and forgetting it could make a second document of an operation that may have
 * arrived (docs/CLIENT-DECISIONS.md, "Restoring a backup"). The refusal names them.
 */
export function assertRestorable(home: string, db: Db | null, name: string): BackupEntry {
  const backup = listBackups(home).find((each) => each.name === name);
  if (!backup) throw new AppError('not_found', 'Esa copia de seguridad no existe en la carpeta de copias. No se modificó nada.');
  let comparison: LedgerComparison | null;
  try {
    comparison = db ? compareWithBackup(db, backup.file) : null;
  } catch {
    // Nothing can be compared with a backup that cannot be read, and it would not pass the restore's own check.
    throw new AppError(
      'store_unavailable',
      'Esa copia de seguridad está dañada o no es una copia de Factura Desk. No se modificó nada; elija otra.',
    );
  }
  const open = comparison?.open ?? [];
  if (open.length > 0) {
    const shown = open.slice(0, MAX_NAMED).map(nameOf);
    const more = open.length - shown.length;
    throw new AppError(
      'conflict',
      `La copia no conoce ${pluralOf(open.length, 'un envío que aún no tiene', `${formatInteger(open.length)} envíos que aún no tienen`)} respuesta definitiva: ` +
        `${shown.join('; ')}${more > 0 ? ` y ${more} más` : ''}. Restaurarla olvidaría ${pluralOf(open.length, 'su clave', 'sus claves')} y ` +
        'podría emitirse dos veces la misma operación. Espere a que se resuelvan (Documentos soporte o Facturas › Pendientes; en la línea de comandos, «resume») antes de restaurar; no se modificó nada.',
      { unresolved: open.length, submissions: open.map((row) => row.id) },
    );
  }
  return entryOf(backup, comparison);
}

const MAX_NAMED = 5;

/** The backups, each with what the current ledger holds that it does not (null when either cannot be read). */
export function backupEntries(home: string, db: Db | null): BackupEntry[] {
  return listBackups(home).map((backup) => entryOf(backup, db ? compare(db, backup.file) : null));
}

function compare(db: Db, file: string): LedgerComparison | null {
  try {
    return compareWithBackup(db, file);
  } catch {
    // A backup that cannot be read is refused by the restore's own check, with its message.
    return null;
  }
}

function entryOf({ name, bytes, modified }: BackupFile, comparison: LedgerComparison | null): BackupEntry {
  return {
    name,
    bytes,
    modified,
    later: comparison ? { fe: comparison.fe, dse: comparison.dse, unresolved: comparison.open.length } : null,
  };
}
