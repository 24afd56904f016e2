// Assembles core from the parts a host hands in: the Electron main process, the web bridge host
// and the command line all call this, so they run the very same code.
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { isTerminalDseState } from '../shared/api';
import { rpcContract } from '../shared/rpc/contract';
import { Connections } from './connections/connections';
import { EventBus } from './events';
import { HistorySync } from './history/sync';
import { FileLogger, type Logger } from './log/logger';
import type { CoreParts, Transport } from './parts';
import { Poller } from './poller/poller';
import { realTimers, type Timers } from './poller/timers';
import { appHandlers } from './rpc/handlers/app';
import { connectionCheckHandlers } from './rpc/handlers/connection-check';
import { connectionHandlers } from './rpc/handlers/connections';
import { draftHandlers } from './rpc/handlers/drafts';
import { dseCatalogHandlers } from './rpc/handlers/dse-catalog';
import { dseHandlers } from './rpc/handlers/dse';
import { feHandlers } from './rpc/handlers/fe';
import { feFormHandlers } from './rpc/handlers/fe-form';
import { historyHandlers } from './rpc/handlers/history';
import { historyViewHandlers } from './rpc/handlers/history-view';
import { submissionHandlers } from './rpc/handlers/submissions';
import { createDispatcher, type Dispatcher } from './rpc/registry';
import { Store } from './store/store';
import { Submissions } from './submissions/submissions';
import { Vault, type SecretStore, type VaultScope } from './vault/vault';

export interface CoreOptions {
  home: string;
  secrets: SecretStore;
  transport: Transport;
  version?: string;
  clock?: () => Date;
  /** The poller's timers; tests hand in a controlled clock. */
  timers?: Timers;
  fetch?: typeof globalThis.fetch;
  logger?: Logger;
  nativeBinding?: string;
}

export interface Core extends Dispatcher {
  parts: CoreParts;
  events: EventBus;
  /**
   * Background work of a long-running host: resume every submission in doubt (before anything new
   * is submitted), then the poller, and the history mirror of each DSE that reaches a final state.
   */
  startBackground(): Promise<void>;
  close(): Promise<void>;
}

export const DATABASE_FILE = 'factura-desk.sqlite';

/** This data folder's keychain scope: its real path and the installation id drawn with it (migration 0011). */
export function vaultScope(home: string, store: Store): VaultScope {
  const row = store.db.prepare<[], { id: string }>('SELECT id FROM installation').get();
  if (!row) throw new Error('the installation row is missing (migration 0011)');
  return { folder: realpathSync(home), installation: row.id };
}

export function createCore(options: CoreOptions): Core {
  const clock = options.clock ?? (() => new Date());
  const logger = options.logger ?? new FileLogger(join(options.home, 'logs', 'factura-desk.log'));
  const store = Store.open(join(options.home, DATABASE_FILE), { nativeBinding: options.nativeBinding });
  const vault = new Vault(options.secrets, vaultScope(options.home, store));
  const events = new EventBus();
  const fetch = options.fetch ?? globalThis.fetch;
  const connections = new Connections(store.db, vault, events, clock);
  const submissions = new Submissions({ store, connections, fetch, clock, events, logger });
  const history = new HistorySync({ store, connections, fetch, clock, events, logger });
  const poller = new Poller(submissions, options.timers ?? realTimers(clock), logger);
  const parts: CoreParts = {
    version: options.version ?? '0.1.0',
    home: options.home,
    transport: options.transport,
    clock,
    fetch,
    logger,
    store,
    vault,
    events,
    connections,
    submissions,
    poller,
    history,
  };
  const dispatcher = createDispatcher(
    rpcContract,
    {
      ...appHandlers(parts),
      ...connectionHandlers(parts),
      ...connectionCheckHandlers(parts),
      ...submissionHandlers(parts),
      ...dseHandlers(parts),
      ...feHandlers(parts),
      ...feFormHandlers(parts),
      ...historyHandlers(parts),
      ...historyViewHandlers(parts),
      ...draftHandlers(parts),
      ...dseCatalogHandlers(parts),
    },
    logger,
  );
  const mirroring = new Set<Promise<unknown>>();
  let stopMirroring: (() => void) | null = null;
  let background: Promise<void> | null = null;
  let closing = false;
  return {
    parts,
    events,
    dispatch: (message) => dispatcher.dispatch(message),
    startBackground() {
      background ??= (async () => {
        stopMirroring = submissions.onRecorded((row) => {
          if (row.kind !== 'DSE' || row.document_id === null || !isTerminalDseState(row.estado_dian ?? '')) return;
          const work = history.mirrorDse(row.id).catch((error: unknown) => logger.warn('DSE mirror failed', { error: String(error) }));
          mirroring.add(work);
          void work.finally(() => mirroring.delete(work));
        });
        await submissions.ensureResumed();
        if (!closing) poller.start();
      })();
      return background;
    },
    async close() {
      closing = true;
      await background?.catch(() => undefined);
      stopMirroring?.();
      await poller.stop();
      await Promise.all(mirroring);
      store.close();
    },
  };
}
