// When the local database cannot be opened (a damaged file, a full or read-only disk, a newer
// schema), the app must not crash nor write anything: every RPC answers the store's Spanish
// message, with the data folder and the backups that can replace the file, so the renderer shows
// what to do instead of a blank window.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { EventBus } from '../core/events';
import type { Dispatcher } from '../core/rpc/registry';
import { AppError, type RpcErrorShape } from '../shared/rpc/errors';
import { RpcRequest } from '../shared/rpc/envelope';

export interface BackupFile {
  file: string;
  bytes: number;
  modified: string;
}

/** The backups `app.backup` wrote into `<home>/backups/`, newest first. */
export function listBackups(home: string): BackupFile[] {
  const folder = join(home, 'backups');
  let names: string[];
  try {
    names = readdirSync(folder).filter((name) => name.endsWith('.sqlite'));
  } catch {
    return [];
  }
  return names
    .map((name) => {
      const stats = statSync(join(folder, name));
      return { file: join(folder, name), bytes: stats.size, modified: stats.mtime.toISOString() };
    })
    .sort((a, b) => (a.modified < b.modified ? 1 : a.modified > b.modified ? -1 : b.file.localeCompare(a.file)));
}

export function unavailableStoreError(error: AppError, home: string, databaseFile: string): RpcErrorShape {
  const backups = listBackups(home);
  const newest = backups[0];
  const advice =
    error.code === 'store_newer_than_app'
      ? ''
      : newest
        ? ` Hay ${backups.length} copia(s) de seguridad; la más reciente es ${newest.file}. Para usarla, cierre Factura Desk, ` +
          `borre ${databaseFile}-wal y ${databaseFile}-shm si existen (si no, SQLite aplicaría sobre la copia los cambios del archivo dañado) ` +
          `y reemplace ${databaseFile} por esa copia. No se modificó nada.`
        : ` No hay copias de seguridad en ${join(home, 'backups')}. No se modificó nada.`;
  return {
    code: error.code,
    message: `${error.message}${advice}`,
    details: { ...error.details, dataFolder: home, databaseFile, backups },
  };
}

/** A dispatcher that answers every request with the same typed error and touches nothing. */
export function unavailableStoreDispatcher(shape: RpcErrorShape): Dispatcher {
  return {
    async dispatch(message) {
      const parsed = RpcRequest.safeParse(message);
      return { id: parsed.success ? parsed.data.id : null, ok: false, error: shape };
    },
  };
}

export function idleEvents(): EventBus {
  return new EventBus();
}
