// Assembles core from the parts a host hands in: the Electron main process, the web bridge host
// and the command line all call this, so they run the very same code.
import { join } from 'node:path';
import { rpcContract } from '../shared/rpc/contract';
import { Connections } from './connections/connections';
import { EventBus } from './events';
import { FileLogger, type Logger } from './log/logger';
import type { CoreParts, Transport } from './parts';
import { appHandlers } from './rpc/handlers/app';
import { connectionHandlers } from './rpc/handlers/connections';
import { createDispatcher, type Dispatcher } from './rpc/registry';
import { Store } from './store/store';
import { Vault, type SecretStore } from './vault/vault';

export interface CoreOptions {
  home: string;
  secrets: SecretStore;
  transport: Transport;
  version?: string;
  clock?: () => Date;
  fetch?: typeof globalThis.fetch;
  logger?: Logger;
  nativeBinding?: string;
}

export interface Core extends Dispatcher {
  parts: CoreParts;
  events: EventBus;
  close(): Promise<void>;
}

export const DATABASE_FILE = 'factura-desk.sqlite';

export function createCore(options: CoreOptions): Core {
  const clock = options.clock ?? (() => new Date());
  const logger = options.logger ?? new FileLogger(join(options.home, 'logs', 'factura-desk.log'));
  const store = Store.open(join(options.home, DATABASE_FILE), { nativeBinding: options.nativeBinding });
  const vault = new Vault(options.secrets);
  const events = new EventBus();
  const parts: CoreParts = {
    version: options.version ?? '0.1.0',
    home: options.home,
    transport: options.transport,
    clock,
    fetch: options.fetch ?? globalThis.fetch,
    logger,
    store,
    vault,
    events,
    connections: new Connections(store.db, vault, events, clock),
  };
  const dispatcher = createDispatcher(
    rpcContract,
    {
      ...appHandlers(parts),
      ...connectionHandlers(parts),
    },
    logger,
  );
  return {
    parts,
    events,
    dispatch: (message) => dispatcher.dispatch(message),
    async close() {
      store.close();
    },
  };
}
