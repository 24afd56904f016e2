import { join } from 'node:path';
import { existsSync, statSync } from 'node:fs';
import type { appMethods, BackupEntry } from '../../../shared/rpc/methods/app';
import { AppError } from '../../../shared/rpc/errors';
import type { CoreParts } from '../../parts';
import type { Db } from '../../store/store';
import { listBackups } from '../../store/restore';
import type { Handlers } from '../registry';
import { OPEN_STATES_SQL } from '../../submissions/states';

export function appHandlers(parts: CoreParts): Handlers<typeof appMethods> {
  return {
    'app.info': () => ({
      version: parts.version,
      schemaVersion: parts.store.schemaVersion,
      dataFolder: parts.home,
      transport: parts.transport,
    }),
    'app.backup': async () => {
      // The name is chosen when this backup's turn comes: two in the same millisecond get two files.
      const file = await parts.store.backup(() => {
        const stamp = parts.clock().toISOString().replace(/[:.]/g, '-');
        const base = join(parts.home, 'backups', `factura-desk-${stamp}`);
        let candidate = `${base}.sqlite`;
        for (let n = 2; existsSync(candidate); n += 1) candidate = `${base}-${n}.sqlite`;
        return candidate;
      });
      return { file, bytes: statSync(file).size };
    },
    'app.backups': () => backupEntries(parts.home, parts.store.db),
    'app.restore': async ({ name }) => {
      assertRestorable(parts.home, parts.store.db, name);
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
 * Refuses a restore of `name` when it is not one of the backups, or when a submission created after
 * it is unresolved: its key lives only in this ledger, and forgetting it could make a second document
 * of an operation that may have arrived (docs/CLIENT-DECISIONS.md, "Restoring a backup").
 */
export function assertRestorable(home: string, db: Db | null, name: string): BackupEntry {
  const entry = backupEntries(home, db).find((each) => each.name === name);
  if (!entry) throw new AppError('not_found', 'Esa copia de seguridad no existe en la carpeta de copias. No se modificó nada.');
  const unresolved = entry.later?.unresolved ?? 0;
  if (unresolved > 0) {
    throw new AppError(
      'conflict',
      `Hay ${unresolved === 1 ? '1 envío posterior a la copia que aún no tiene' : `${unresolved} envíos posteriores a la copia que aún no tienen`} ` +
        'respuesta definitiva. Espere a que se resuelvan (Documentos soporte o Facturas › Pendientes; en la línea de comandos, «resume») antes de restaurar; no se modificó nada.',
      { unresolved },
    );
  }
  return entry;
}

/** The backups, each with what the current ledger holds that was sent after it (null when it cannot be read). */
export function backupEntries(home: string, db: Db | null): BackupEntry[] {
  const after = db?.prepare<[string], { kind: string; n: number; unresolved: number }>(
    `SELECT kind, count(*) AS n, sum(state IN ${OPEN_STATES_SQL}) AS unresolved
       FROM submissions WHERE created_at > ? GROUP BY kind`,
  );
  return listBackups(home).map(({ name, bytes, modified }) => {
    if (!after) return { name, bytes, modified, later: null };
    const rows = after.all(modified);
    const count = (kind: string) => rows.find((row) => row.kind === kind)?.n ?? 0;
    return {
      name,
      bytes,
      modified,
      later: { fe: count('FE'), dse: count('DSE'), unresolved: rows.reduce((sum, row) => sum + row.unresolved, 0) },
    };
  });
}
