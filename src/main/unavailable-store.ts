// When the local database cannot be opened (a damaged file, a full or read-only disk, a newer
// schema), the app must not crash nor write anything: every RPC answers the store's Spanish
// message, with the data folder and the backups that can replace the file, so the renderer shows
// what to do instead of a blank window. The two exceptions are the backups' list and the restore
// the user confirms in Ajustes.
import { join } from 'node:path';
import { backupEntries } from '../core/rpc/handlers/app';
import type { Dispatcher } from '../core/rpc/registry';
import { listBackups, type RestoreResult } from '../core/store/restore';
import { AppError, isAppError, type RpcErrorShape } from '../shared/rpc/errors';
import { RpcRequest } from '../shared/rpc/envelope';
import { appMethods } from '../shared/rpc/methods/app';

export function unavailableStoreError(error: AppError, home: string, databaseFile: string): RpcErrorShape {
  const backups = listBackups(home);
  const newest = backups[0];
  const advice =
    error.code === 'store_newer_than_app'
      ? ''
      : newest
        ? ` Hay ${backups.length === 1 ? '1 copia' : `${backups.length} copias`} de seguridad; la más reciente es ${newest.file}. ` +
          'Restáurela en Ajustes › Datos y copia de seguridad: el archivo actual se conserva aparte con su -wal y -shm. ' +
          `(A mano, con Factura Desk cerrado: aparte ${databaseFile}-wal y ${databaseFile}-shm si existen, o SQLite aplicaría sobre la copia ` +
          `los cambios del archivo dañado, y reemplace ${databaseFile} por la copia.) No se modificó nada.`
        : ` No hay copias de seguridad en ${join(home, 'backups')}. No se modificó nada.`;
  return {
    code: error.code,
    message: `${error.message}${advice}`,
    details: { ...error.details, dataFolder: home, databaseFile, backups },
  };
}

export interface UnavailableRestore {
  home: string;
  restore(name: string): Promise<RestoreResult>;
}

/**
 * A dispatcher that answers every request with the same typed error and touches nothing, except
 * `app.backups` and `app.restore` when a restore is offered (a damaged file, not a newer schema).
 */
export function unavailableStoreDispatcher(shape: RpcErrorShape, restore?: UnavailableRestore): Dispatcher {
  const restorable = restore && shape.code === 'store_unavailable' ? restore : null;
  return {
    async dispatch(message) {
      const parsed = RpcRequest.safeParse(message);
      const id = parsed.success ? parsed.data.id : null;
      if (!parsed.success || !restorable) return { id, ok: false, error: shape };
      try {
        if (parsed.data.method === 'app.backups') {
          appMethods['app.backups'].input.parse(parsed.data.input);
          return { id, ok: true, output: backupEntries(restorable.home, null) };
        }
        if (parsed.data.method === 'app.restore') {
          const input = appMethods['app.restore'].input.safeParse(parsed.data.input);
          if (!input.success)
            return { id, ok: false, error: { code: 'invalid_input', message: 'Elija una copia y confirme la restauración.' } };
          const result = await restorable.restore(input.data.name);
          return {
            id,
            ok: true,
            output: { name: result.backup.name, kept_as: result.keptAs, schema_version: result.schemaVersion },
          };
        }
      } catch (error) {
        return {
          id,
          ok: false,
          error: isAppError(error) ? error.toShape() : { code: 'internal', message: 'No se pudo restaurar la copia.' },
        };
      }
      return { id, ok: false, error: shape };
    },
  };
}
