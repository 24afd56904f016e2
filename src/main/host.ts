// What every host (the Electron shell, the web bridge) starts: core, the embedded sandbox on first
// run, and core's background work (resuming submissions in doubt, then the poller). Free of
// `electron`, so it runs under plain Node too.
import { join } from 'node:path';
import { createCore, DATABASE_FILE, type Core, type CoreOptions } from '../core/core';
import type { EventBus } from '../core/events';
import type { Dispatcher } from '../core/rpc/registry';
import { isAppError, type RpcErrorShape } from '../shared/rpc/errors';
import type { RunningSandbox } from '../sandbox/index';
import { startEmbeddedSandbox, type EmbeddedSandboxOptions } from './embedded-sandbox';
import { idleEvents, unavailableStoreDispatcher, unavailableStoreError } from './unavailable-store';

export interface Host {
  core: Core;
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
    core.parts.logger.error('embedded sandbox failed to start', { error: error instanceof Error ? error.message : String(error) });
  }
  // Resumes every submission in doubt, then starts the poller. Not awaited: the window need not wait
  // for the network; a new submission waits for the resume itself (Submissions.ensureResumed).
  void core.startBackground();
  return {
    core,
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
  startupError: RpcErrorShape | null;
  close(): Promise<void>;
}

/**
 * startHost, except that a database that cannot be opened (damaged, full or read-only disk, newer
 * schema) does not stop the app: it serves the Spanish explanation and the backups instead, and
 * writes nothing. Anything else still throws.
 */
export async function startServedHost(options: HostOptions): Promise<ServedHost> {
  try {
    const host = await startHost(options);
    return { dispatcher: host.core, events: host.core.events, startupError: null, close: () => host.close() };
  } catch (error) {
    if (!isAppError(error) || (error.code !== 'store_unavailable' && error.code !== 'store_newer_than_app')) throw error;
    const shape = unavailableStoreError(error, options.home, join(options.home, DATABASE_FILE));
    return { dispatcher: unavailableStoreDispatcher(shape), events: idleEvents(), startupError: shape, close: async () => undefined };
  }
}
