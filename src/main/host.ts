// What every host (the Electron shell, the web bridge) starts: core on the chosen database, the
// embedded sandbox on first run, and core's background work (resuming submissions in doubt, then
// the poller). Free of `electron`, so it runs under plain Node too.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DATABASE_FILE, openCore, openShopDatabase, type Core, type OpenCoreOptions } from '../core/core';
import { hasShopCopyOf, shopCopyFile } from '../core/offline/shop-copy';
import { lookForShopDatabase, sellsWithoutShopDatabase } from './offline-fallback';
import { EventBus } from '../core/events';
import { assertRestorable } from '../core/rpc/handlers/app';
import type { ChosenBy } from '../core/rpc/handlers/database';
import { CHOICE_FILE, DATABASE_VARIABLE, readDatabaseChoice, type DatabaseChoice } from '../core/store/database-choice';
import { FolderLock } from '../core/store/folder-lock';
import { restoreBackup, type RestoreResult } from '../core/store/restore';
import type { Db } from '../core/store/store';
import type { Dispatcher } from '../core/rpc/registry';
import { AppError, isAppError, type RpcErrorShape } from '../shared/rpc/errors';
import { RpcRequest, type RpcReply } from '../shared/rpc/envelope';
import { KeychainStatus } from '../shared/rpc/methods/connections';
import type { RunningSandbox } from '../sandbox/index';
import { ShopServer } from '../core/shop-server/server';
import { hostDatabaseControl, type DatabaseHost } from './database-control';
import { hostShopServerControl } from './shop-server-control';
import { startEmbeddedSandbox, type EmbeddedSandboxOptions } from './embedded-sandbox';
import { withSandboxOutages } from './sandbox-outage';
import { postgresUnavailableError, unavailableStoreDispatcher, unavailableStoreError } from './unavailable-store';

export interface Host {
  core: Core;
  /** What a window talks to: core, plus the embedded sandbox's outage switch when it runs. */
  dispatcher: Dispatcher;
  close(): Promise<void>;
}

export interface HostOptions extends OpenCoreOptions {
  /** false: no embedded sandbox (hosts that bring their own server); default: started when needed. */
  embeddedSandbox?: false | EmbeddedSandboxOptions;
}

export async function startHost(options: HostOptions): Promise<Host> {
  const core = await openCore(options);
  let sandbox: RunningSandbox | null = null;
  try {
    if (options.embeddedSandbox !== false) sandbox = await startEmbeddedSandbox(core, options.embeddedSandbox ?? {});
  } catch (error) {
    core.parts.logger.error('embedded sandbox failed to start', {
      error: error instanceof Error ? error.message : String(error),
    });
  }
  // Resumes every submission in doubt, then starts the poller. Not awaited: the window need not wait
  // for the network; a new submission waits for the resume itself (Submissions.ensureResumed).
  void core.startBackground();
  return {
    core,
    dispatcher: sandbox ? withSandboxOutages(core, sandbox, core.parts.logger) : core,
    async close() {
      await core.close();
      await sandbox?.close();
    },
  };
}

export interface ServedHostOptions extends HostOptions {
  /**
   * `--database`'s value (takeDatabaseArgument), read with FACTURA_DESK_DATABASE and the choice saved
   * in the data folder when `choice` is not given (store/database-choice.ts).
   */
  databaseArgument?: string | undefined;
  /** Where FACTURA_DESK_DATABASE is read (default: this process's environment). */
  env?: NodeJS.ProcessEnv;
  /** The port the caja principal's server tries first when it is made (default 5433; tests give 0). */
  shopServerPort?: number;
  /** How often a register selling without the caja principal looks for it (default 30 s). */
  offlineProbeMs?: number;
}

/** What the Electron shell and `npm run web` serve: a running core, or the reason it cannot run. */
export interface ServedHost {
  dispatcher: Dispatcher;
  events: EventBus;
  /** Null when core runs; else the error every RPC answers (the renderer shows its message). */
  readonly startupError: RpcErrorShape | null;
  /** What an unclean end of the previous session left (a missing or cut -wal), to tell the user once; null when nothing. */
  readonly storeNotice: string | null;
  close(): Promise<void>;
}

interface Served {
  dispatcher: Dispatcher;
  /** The running core's SQLite database (null on PostgreSQL or when it could not be opened), for the last check before a restore. */
  db: Db | null;
  /** The running core's schema version; null when it could not be opened. */
  schemaVersion: number | null;
  startupError: RpcErrorShape | null;
  storeNotice: string | null;
  /** Selling without the caja principal, on the shop copy. */
  offline?: true;
  close(): Promise<void>;
}

/**
 * startHost on the chosen database, except that a database that cannot be opened (a damaged file,
 * a full or read-only disk, a newer schema; a shop database out of reach, a password refused or
 * not kept) does not stop the app: it serves the Spanish explanation instead, with the backups on
 * SQLite and the database's own controls (back to this equipment's data, the password typed again),
 * and writes nothing but what the user confirms. Anything else still throws.
 *
 * A restore, and a change of database from Ajustes, close the running core and open a new one; the
 * dispatcher and the event bus the window holds stay the same, and requests that arrive meanwhile
 * are told to wait. On SQLite the host holds the data folder's lock across those re-opens; on the
 * shop's PostgreSQL it holds none (several registers share that database).
 */
export async function startServedHost(options: ServedHostOptions): Promise<ServedHost> {
  const { databaseArgument, env = process.env, shopServerPort, offlineProbeMs, ...hostOptions } = options;
  const events = options.events ?? new EventBus();
  const databaseFile = join(options.home, DATABASE_FILE);
  const clock = options.clock ?? (() => new Date());
  let chosenBy: ChosenBy;
  // Null: the saved choice could not be read; served as its explanation, and «useLocal» forgets it.
  let choice: DatabaseChoice | null;
  let choiceError: AppError | null = null;
  if (options.choice) {
    choice = options.choice;
    chosenBy = options.choice.engine === 'postgres' ? options.choice.from : 'default';
  } else {
    chosenBy = chosenByOf(options.home, databaseArgument, env);
    try {
      choice = readDatabaseChoice({ home: options.home, argument: databaseArgument, env });
    } catch (error) {
      if (!isAppError(error)) throw error;
      choice = null;
      choiceError = error;
    }
  }
  // Held while core runs on the data folder's SQLite file, across a restore's close and re-open: no
  // other process can take the folder in between. Not taken on PostgreSQL.
  let lock: FolderLock | null = null;
  let switching: 'restore' | 'database' | null = null;

  const restore = async (name: string): Promise<RestoreResult> => {
    if (switching) throw new AppError('conflict', busyMessage(switching));
    switching = 'restore';
    try {
      // New requests are told to wait; those already running (a submission being sent) finish first,
      // and the check runs again on what they left: no unresolved submission is forgotten.
      await quiet('Hay operaciones en curso. Intente restaurar de nuevo en un momento; no se modificó nada.');
      assertRestorable(options.home, current.db, name);
      await current.close();
      try {
        return restoreBackup({
          home: options.home,
          databaseFile,
          backup: name,
          now: clock(),
          nativeBinding: options.nativeBinding,
        });
      } finally {
        // The restored file, or the untouched one when the backup failed its check.
        current = await open(choice);
      }
    } finally {
      switching = null;
    }
  };

  const databaseHost: DatabaseHost = {
    home: options.home,
    secrets: options.secrets,
    choice: () => choice,
    chosenBy: () => chosenBy,
    schemaVersion: () => current.schemaVersion,
    async switchTo(next, steps = {}) {
      if (switching) throw new AppError('conflict', busyMessage(switching));
      switching = 'database';
      try {
        await quiet('Hay operaciones en curso. Intente de nuevo en un momento; no se modificó nada.');
        const previous = choice;
        const back = async () => {
          current = await open(previous);
          // Back on the shop's database: the folder's lock the attempt took is given back.
          if (previous?.engine !== 'sqlite' && lock) {
            lock.release();
            lock = null;
          }
        };
        await current.close();
        let opened: Served;
        try {
          await steps.during?.();
          opened = await open(next, false);
        } catch (error) {
          await back();
          throw error;
        }
        if (opened.startupError) {
          await opened.close();
          await back();
          throw new AppError(
            opened.startupError.code,
            `${opened.startupError.message} Factura Desk siguió con ${previous?.engine === 'postgres' ? `la base de datos del negocio ${previous.address.url}` : 'los datos de este equipo'}.`,
            { ...opened.startupError.details, reason: opened.startupError.details?.reason ?? 'not_opened', stayed: true },
          );
        }
        current = opened;
        choice = next;
        chosenBy = next.engine === 'postgres' ? next.from : 'default';
        // Off the data folder's file: other processes may take the folder (its file is not in use).
        if (next.engine === 'postgres' && lock) {
          lock.release();
          lock = null;
        }
        steps.opened?.();
      } finally {
        switching = null;
      }
    },
  };
  const control = hostDatabaseControl(databaseHost);
  // This register's caja principal, when it is one: started before core opens on it, stopped on close.
  const shopServer = new ShopServer({
    home: options.home,
    secrets: options.secrets,
    ...(shopServerPort !== undefined ? { port: shopServerPort } : {}),
  });
  const shopControl = hostShopServerControl(databaseHost, shopServer);

  const unavailable = (shape: RpcErrorShape, restorable: boolean): Served => ({
    dispatcher: unavailableStoreDispatcher(shape, {
      ...(restorable ? { restore: { home: options.home, restore } } : {}),
      database: control,
      shopServer: shopControl,
    }),
    db: null,
    schemaVersion: null,
    startupError: shape,
    storeNotice: null,
    close: async () => undefined,
  });

  /** The data folder's lock, taken for a core on SQLite; a Served explanation when another process holds it. */
  const takeLock = (): Served | null => {
    if (lock) return null;
    // A folder another process holds is served as its explanation, nothing else.
    try {
      lock = FolderLock.acquire(options.home, {
        transport: options.transport,
        nativeBinding: options.nativeBinding,
        now: clock(),
      });
    } catch (error) {
      if (!isAppError(error) || (error.code !== 'folder_in_use' && error.code !== 'store_unavailable')) throw error;
      return unavailable(
        error.code === 'folder_in_use' ? error.toShape() : unavailableStoreError(error, options.home, databaseFile),
        false,
      );
    }
    return null;
  };

  // Selling without the caja principal: core on the shop copy, and the shop database looked for
  // until it answers, then everything sold here handed over (openCore) and core reopened there.
  const openOffline = async (next: Extract<DatabaseChoice, { engine: 'postgres' }>, cause: AppError): Promise<Served | null> => {
    const refused = takeLock();
    if (refused) return null;
    const problem = cause.code === 'conflict' ? cause.message : null;
    // What support needs to mend it (the table, the key, the columns that differ), kept out of the screen's words.
    if (problem) options.logger?.error('offline sales not handed over', { ...cause.details });
    let host: Host;
    try {
      host = await startHost({
        ...hostOptions,
        events,
        database: control,
        shopServer: shopControl,
        choice: { engine: 'sqlite' },
        lock: lock!,
        databaseFile: shopCopyFile(options.home),
        offline: { address: next.address.url, problem },
      });
    } catch (error) {
      lock?.release();
      lock = null;
      options.logger?.error('the shop copy could not be opened', {
        error: error instanceof Error ? error.message : String(error),
      });
      return null;
    }
    options.logger?.warn('selling without the shop database', { reason: cause.details?.reason ?? cause.code });
    // A conflict waits for support and the next start: looking again would stop the sales every time.
    const probe =
      problem === null
        ? lookForShopDatabase({
            reachable: () => reachable(next),
            busy: () => switching !== null,
            found: () => backToShopDatabase(next),
            everyMs: offlineProbeMs,
          })
        : null;
    return {
      dispatcher: host.dispatcher,
      db: null,
      schemaVersion: host.core.parts.schemaVersion,
      startupError: null,
      storeNotice: null,
      close: async () => {
        probe?.stop();
        await host.close();
      },
    };
  };

  /** The shop database answers: core closed on the copy, its sales handed over, core opened there. */
  const backToShopDatabase = async (next: Extract<DatabaseChoice, { engine: 'postgres' }>) => {
    // Only between requests (a sale being sent finishes on the copy); the next look tries again.
    if (switching || choice !== next || inFlight > 0) return;
    await switchCore(next, 'back to the shop database failed', () => {
      if (current.offline !== true && lock) {
        lock.release();
        lock = null;
      }
    });
  };

  /**
   * Core closed and opened again on `next` (the shop database, or its copy when that is out of reach),
   * requests held off meanwhile; `opened` runs only when the opening succeeded. Every window is told
   * whether it now sells offline, whatever happened.
   */
  const switchCore = async (next: Extract<DatabaseChoice, { engine: 'postgres' }>, failure: string, opened?: () => void) => {
    switching = 'database';
    try {
      await current.close();
      current = await open(next);
      opened?.();
    } catch (error) {
      options.logger?.error(failure, {
        error: error instanceof Error ? error.message : String(error),
      });
    } finally {
      switching = null;
    }
    events.emit('offline.changed', { offline: current.offline === true });
  };

  // `offline`: whether a shop database out of reach may be served by the shop copy (at start, and when
  // it comes back); not for a switch the user asked for, which is refused and leaves things as they were.
  /** Whether the shop database answers now: a connection of its own, opened and closed. */
  const reachable = async (next: Extract<DatabaseChoice, { engine: 'postgres' }>) => {
    try {
      const engine = await openShopDatabase(next, options.secrets, { poolSize: 1 });
      await engine.close();
      return 'answers';
    } catch (error) {
      return sellsWithoutShopDatabase(error) ? 'out_of_reach' : 'refuses';
    }
  };

  /** Core on the shop database, its connection lost: when the database is out of reach, core reopened on the copy. */
  const offlineAfterLoss = async () => {
    const next = choice;
    if (switching || next?.engine !== 'postgres' || current.offline || current.startupError) return;
    if (!hasShopCopyOf(options.home, next.address.url, options)) return;
    // Back already (a restart of the server, a blip): the pool reconnects by itself.
    if ((await reachable(next)) !== 'out_of_reach') return;
    if (switching || inFlight > 0 || choice !== next) return;
    await switchCore(next, 'selling without the shop database failed');
  };

  const open = async (next: DatabaseChoice | null, offline = true): Promise<Served> => {
    if (next === null) {
      const error = choiceError ?? new AppError('store_unavailable', 'No se pudo leer la base de datos elegida.');
      return unavailable({ ...error.toShape(), details: { ...error.details, dataFolder: options.home } }, false);
    }
    if (next.engine === 'sqlite') {
      const refused = takeLock();
      if (refused) return refused;
    }
    try {
      const host = await startHost({
        ...hostOptions,
        events,
        database: control,
        shopServer: shopControl,
        ...(next.engine === 'sqlite' ? { choice: next, restore, lock: lock! } : { choice: next }),
      });
      return {
        dispatcher: host.dispatcher,
        db: host.core.parts.store?.db ?? null,
        schemaVersion: host.core.parts.schemaVersion,
        startupError: null,
        storeNotice: host.core.parts.store?.notice ?? null,
        close: () => host.close(),
      };
    } catch (error) {
      if (
        offline &&
        next.engine === 'postgres' &&
        sellsWithoutShopDatabase(error) &&
        hasShopCopyOf(options.home, next.address.url, options)
      ) {
        const offline = await openOffline(next, error);
        if (offline) return { ...offline, offline: true };
      }
      if (!isAppError(error) || (error.code !== 'store_unavailable' && error.code !== 'store_newer_than_app')) throw error;
      return next.engine === 'sqlite'
        ? unavailable(unavailableStoreError(error, options.home, databaseFile), true)
        : unavailable(postgresUnavailableError(error, options.home, next.address.url), false);
    }
  };

  // Requests under way, the restore's or the switch's own included.
  let inFlight = 0;
  const quiet = async (refusal: string) => {
    const until = Date.now() + QUIET_TIMEOUT_MS;
    while (inFlight > 1) {
      if (Date.now() > until) throw new AppError('conflict', refusal);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  let current: Served;
  if (choice?.engine === 'postgres' && shopServer.config() && choice.address.url === shopServer.localAddress().url) {
    try {
      await shopServer.start();
    } catch (error) {
      // Served as the database out of reach, with the server's own reason in the log.
      options.logger?.error('caja principal: the server did not start', {
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  try {
    current = await open(choice);
  } catch (error) {
    (lock as FolderLock | null)?.release();
    throw error;
  }
  return {
    dispatcher: {
      async dispatch(message) {
        if (switching) return busy(message, switching);
        inFlight += 1;
        let reply: RpcReply;
        try {
          reply = await current.dispatcher.dispatch(message);
        } finally {
          inFlight -= 1;
        }
        // The shop database lost in the middle of the day: this request says so (postgres/faults.ts),
        // and the register goes on selling on its copy once the database is found out of reach.
        if (!reply.ok && reply.error.code === 'store_unavailable' && reply.error.details?.reason === 'connection_lost')
          void offlineAfterLoss();
        return reply;
      },
    },
    events,
    get startupError() {
      return current.startupError;
    },
    get storeNotice() {
      return current.storeNotice;
    },
    async close() {
      try {
        await current.close();
      } finally {
        (lock as FolderLock | null)?.release();
        lock = null;
        // The caja principal's server stops with the app.
        if (shopServer.config()) await shopServer.stop();
      }
    },
  };
}

/** How the database was named, as readDatabaseChoice reads it: the argument, the variable, the saved file. */
function chosenByOf(home: string, argument: string | undefined, env: NodeJS.ProcessEnv): ChosenBy {
  if (argument !== undefined) return 'argument';
  const variable = env[DATABASE_VARIABLE];
  if (variable !== undefined && variable.trim() !== '') return 'environment';
  return existsSync(join(home, CHOICE_FILE)) ? 'saved' : 'default';
}

const QUIET_TIMEOUT_MS = 60_000;
/**
 * The terminal's line when no OS keychain answers (Spanish, for whoever started the app from a shell):
 * the test environment works, a real provider's token cannot be kept, and how to get a keychain.
 * Null when it answers, or when core does not run (the store's own message is shown instead).
 */
export async function keychainWarning(host: Pick<ServedHost, 'dispatcher'>): Promise<string | null> {
  const reply = await host.dispatcher.dispatch({ id: 'keychain', method: 'connections.keychain', input: {} });
  if (!reply.ok) return null;
  const status = KeychainStatus.parse(reply.output);
  return status.available ? null : `[Factura Desk] Aviso: falta el llavero del sistema. ${status.message ?? ''}`.trim();
}

function busyMessage(switching: 'restore' | 'database'): string {
  return switching === 'restore'
    ? 'Factura Desk está restaurando una copia de seguridad. Espere un momento.'
    : 'Factura Desk está cambiando de base de datos. Espere un momento.';
}

function busy(message: unknown, switching: 'restore' | 'database'): RpcReply {
  const parsed = RpcRequest.safeParse(message);
  return {
    id: parsed.success ? parsed.data.id : null,
    ok: false,
    error: { code: 'conflict', message: busyMessage(switching) },
  };
}
