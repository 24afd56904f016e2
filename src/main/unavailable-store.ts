// When the database cannot be opened (a damaged local file, a full or read-only disk, a newer
// schema; the shop's PostgreSQL out of reach or its password refused), the app must not crash nor
// write anything: every RPC answers the store's Spanish message, with the data folder and the
// backups that can replace a local file, so the renderer shows what to do instead of a blank
// window. The exceptions are the backups' list and the restore the user confirms in Ajustes, and
// the database's controls: its status, checking an address, the password typed again
// (`database.use`), and going back to this equipment's data (`database.useLocal`).
import { join } from 'node:path';
import { backupEntries } from '#core/rpc/handlers/app';
import type { Dispatcher } from '#core/rpc/registry';
import { listBackups, type RestoreResult } from '#core/store/restore';
import { AppError, isAppError, type RpcErrorShape } from '#shared/rpc/errors';
import { RpcRequest } from '#shared/rpc/envelope';
import { appMethods } from '#shared/rpc/methods/app';
import { databaseMethods } from '#shared/rpc/methods/database';
import { shopServerMethods } from '#shared/rpc/methods/shop-server';
import type { ShopServerControl } from '#core/rpc/handlers/shop-server';
import { countOf } from '#shared/format';
import { installSpanishZodErrors } from '#shared/zod-spanish';
import type { HostDatabaseControl } from './database-control';

export function unavailableStoreError(error: AppError, home: string, databaseFile: string): RpcErrorShape {
  const backups = listBackups(home);
  const newest = backups[0];
  const advice =
    error.code === 'store_newer_than_app'
      ? ''
      : newest
        ? ` Hay ${countOf(backups.length, 'copia')} de seguridad; la más reciente es ${newest.file}. ` +
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

/**
 * The shop's PostgreSQL could not be opened: its Spanish message (postgres/faults.ts) and what can be
 * done from here, without a restore (the server's backups are the server's).
 */
export function postgresUnavailableError(error: AppError, home: string, address: string): RpcErrorShape {
  return {
    code: error.code,
    message: `${error.message} Mientras tanto puede volver a los datos de este equipo en Ajustes › Base de datos del negocio.`,
    details: { ...error.details, dataFolder: home, address },
  };
}

export interface UnavailableRestore {
  home: string;
  restore(name: string): Promise<RestoreResult>;
}

export interface UnavailableControls {
  /** A restore, offered for a damaged local file (not for a newer schema). */
  restore?: UnavailableRestore;
  /** The host's database control: answered whatever the store's trouble. */
  database?: HostDatabaseControl;
  /** The host's caja principal: its status, and starting its server (a server that did not start with the app). */
  shopServer?: ShopServerControl;
}

/**
 * A dispatcher that answers every request with the same typed error and touches nothing, except
 * `app.backups` and `app.restore` when a restore is offered (a damaged file, not a newer schema),
 * and the `database.*` methods when the host's control is given.
 */
export function unavailableStoreDispatcher(shape: RpcErrorShape, controls: UnavailableControls = {}): Dispatcher {
  // No core may have run in this process (a shop database out of reach at start): its refusals in Spanish too.
  installSpanishZodErrors();
  const restorable = controls.restore && shape.code === 'store_unavailable' ? controls.restore : null;
  const database = controls.database ?? null;
  const shop = controls.shopServer ?? null;
  const shopStatus = async () => ({ ...(await shop!.status()), joinCode: null });
  const answers: Record<string, ((input: unknown) => Promise<unknown>) | undefined> = {
    ...(restorable
      ? {
          'app.backups': async (input: unknown) => {
            appMethods['app.backups'].input.parse(input);
            return backupEntries(restorable.home, null);
          },
          'app.restore': async (input: unknown) => {
            const parsed = appMethods['app.restore'].input.safeParse(input);
            if (!parsed.success) throw new AppError('invalid_input', 'Elija una copia y confirme la restauración.');
            const result = await restorable.restore(parsed.data.name);
            return { name: result.backup.name, kept_as: result.keptAs, schema_version: result.schemaVersion };
          },
        }
      : {}),
    ...(database
      ? {
          'database.status': async (input: unknown) => {
            databaseMethods['database.status'].input.parse(input);
            return database.status();
          },
          'database.check': async (input: unknown) => database.check(databaseMethods['database.check'].input.parse(input)),
          'database.use': async (input: unknown) => {
            const { address, password, start } = databaseMethods['database.use'].input.parse(input);
            return database.use({ address, password, start });
          },
          'database.useLocal': async (input: unknown) => {
            databaseMethods['database.useLocal'].input.parse(input);
            return database.useLocal();
          },
        }
      : {}),
    ...(shop
      ? {
          'shopServer.status': async (input: unknown) => {
            shopServerMethods['shopServer.status'].input.parse(input);
            return shopStatus();
          },
          'shopServer.start': async (input: unknown) => {
            shopServerMethods['shopServer.start'].input.parse(input);
            await shop.start();
            return shopStatus();
          },
        }
      : {}),
  };
  return {
    async dispatch(message) {
      const parsed = RpcRequest.safeParse(message);
      const id = parsed.success ? parsed.data.id : null;
      const answer = parsed.success ? answers[parsed.data.method] : undefined;
      if (!parsed.success || !answer) return { id, ok: false, error: shape };
      try {
        return { id, ok: true, output: await answer(parsed.data.input) };
      } catch (error) {
        return { id, ok: false, error: refusalOf(error, parsed.data.method) };
      }
    },
  };
}

function refusalOf(error: unknown, method: string): RpcErrorShape {
  if (isAppError(error)) return error.toShape();
  // The contract's schema refused the input (zod's Spanish messages, installed by the host's core).
  const issues = (error as { issues?: { message?: string }[] } | null)?.issues;
  if (Array.isArray(issues))
    return { code: 'invalid_input', message: issues[0]?.message ?? 'Revise los datos escritos y confirme.' };
  return {
    code: 'internal',
    message: method.startsWith('shopServer.')
      ? 'No se pudo iniciar la caja principal.'
      : method.startsWith('database.')
        ? 'No se pudo cambiar de base de datos.'
        : 'No se pudo restaurar la copia.',
  };
}
