// What every host (the Electron shell, the web bridge) starts: core, the embedded sandbox on first
// run, and core's background work (resuming submissions in doubt, then the poller). Free of
// `electron`, so it runs under plain Node too.
import { join } from 'node:path';
import { createCore, DATABASE_FILE, type Core, type CoreOptions } from '../core/core';
import { EventBus } from '../core/events';
import { assertRestorable } from '../core/rpc/handlers/app';
import { FolderLock } from '../core/store/folder-lock';
import { restoreBackup, type RestoreResult } from '../core/store/restore';
import type { Db } from '../core/store/store';
import type { Dispatcher } from '../core/rpc/registry';
import { AppError, isAppError, type RpcErrorShape } from '../shared/rpc/errors';
import { RpcRequest, type RpcReply } from '../shared/rpc/envelope';
import { KeychainStatus } from '../shared/rpc/methods/connections';
import type { RunningSandbox } from '../sandbox/index';
import { startEmbeddedSandbox, type EmbeddedSandboxOptions } from './embedded-sandbox';
import { withSandboxOutages } from './sandbox-outage';
import { unavailableStoreDispatcher, unavailableStoreError } from './unavailable-store';

export interface Host {
  core: Core;
  /** What a window talks to: core, plus the embedded sandbox's outage switch when it runs. */
  dispatcher: Dispatcher;
  close(): Promise<void>;
}

export interface HostOptions extends CoreOptions {
  /** false: no embedded sandbox (hosts that bring their own server); default: started when needed. */
  embeddedSandbox?: false | EmbeddedSandboxOptions;
}

export async function startHost(options: HostOptions): Promise<Host> {
  const core = createCore(options);
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
  /** The running core's database (null when it could not be opened), for the last check before a restore. */
  db: Db | null;
  startupError: RpcErrorShape | null;
  storeNotice: string | null;
  close(): Promise<void>;
}

/**
 * startHost, except that a database that cannot be opened (damaged, full or read-only disk, newer
 * schema) does not stop the app: it serves the Spanish explanation and the backups instead, and
 * writes nothing but a restore the user confirms. Anything else still throws.
 *
 * A restore closes the running core (its store checkpoints and closes), calls
 * restoreBackup, and opens a new core on the restored file; the dispatcher and the event bus the
 * window holds stay the same, and requests that arrive meanwhile are told to wait.
 */
export async function startServedHost(options: HostOptions): Promise<ServedHost> {
  const events = options.events ?? new EventBus();
  const databaseFile = join(options.home, DATABASE_FILE);
  const clock = options.clock ?? (() => new Date());
  // Held for the host's life, across a restore's close and re-open: no other process can take the
  // folder in between. A folder another process holds is served as its explanation, nothing else.
  let lock: FolderLock;
  try {
    lock = FolderLock.acquire(options.home, { transport: options.transport, nativeBinding: options.nativeBinding, now: clock() });
  } catch (error) {
    if (!isAppError(error) || (error.code !== 'folder_in_use' && error.code !== 'store_unavailable')) throw error;
    const shape = error.code === 'folder_in_use' ? error.toShape() : unavailableStoreError(error, options.home, databaseFile);
    return {
      dispatcher: unavailableStoreDispatcher(shape),
      events,
      startupError: shape,
      storeNotice: null,
      close: async () => undefined,
    };
  }
  let restoring = false;

  const restore = async (name: string): Promise<RestoreResult> => {
    if (restoring) throw new AppError('conflict', 'Ya se está restaurando una copia de seguridad.');
    restoring = true;
    try {
      // New requests are told to wait; those already running (a submission being sent) finish first,
      // and the check runs again on what they left: no unresolved submission is forgotten.
      await quiet();
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
        current = await open();
      }
    } finally {
      restoring = false;
    }
  };

  const open = async (): Promise<Served> => {
    try {
      const host = await startHost({ ...options, events, restore, lock });
      return {
        dispatcher: host.dispatcher,
        db: host.core.parts.store?.db ?? null,
        startupError: null,
        storeNotice: host.core.parts.store?.notice ?? null,
        close: () => host.close(),
      };
    } catch (error) {
      if (!isAppError(error) || (error.code !== 'store_unavailable' && error.code !== 'store_newer_than_app')) throw error;
      const shape = unavailableStoreError(error, options.home, databaseFile);
      return {
        dispatcher: unavailableStoreDispatcher(shape, { home: options.home, restore }),
        db: null,
        startupError: shape,
        storeNotice: null,
        close: async () => undefined,
      };
    }
  };

  // Requests under way, the restore's own included.
  let inFlight = 0;
  const quiet = async () => {
    const until = Date.now() + QUIET_TIMEOUT_MS;
    while (inFlight > 1) {
      if (Date.now() > until)
        throw new AppError(
          'conflict',
          'Hay operaciones en curso. Intente restaurar de nuevo en un momento; no se modificó nada.',
        );
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  let current: Served;
  try {
    current = await open();
  } catch (error) {
    lock.release();
    throw error;
  }
  return {
    dispatcher: {
      async dispatch(message) {
        if (restoring) return busy(message);
        inFlight += 1;
        try {
          return await current.dispatcher.dispatch(message);
        } finally {
          inFlight -= 1;
        }
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
        lock.release();
      }
    },
  };
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

function busy(message: unknown): RpcReply {
  const parsed = RpcRequest.safeParse(message);
  return {
    id: parsed.success ? parsed.data.id : null,
    ok: false,
    error: { code: 'conflict', message: 'Factura Desk está restaurando una copia de seguridad. Espere un momento.' },
  };
}
