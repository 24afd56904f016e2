// What core is built from (STYLE.md, convention 4): everything from outside is handed in, so tests
// hand in a fake clock and the real sandbox, and the app hands in the real things.
import type { Cashiers } from './cashiers/cashiers';
import type { CompanyLists } from './company-lists/company-lists';
import type { Connections } from './connections/connections';
import type { EventBus } from './events';
import type { HistorySync } from './history/sync';
import type { LedgerReads } from './ledger-reads/ledger-reads';
import type { Logger } from './log/logger';
import type { Poller } from './poller/poller';
import type { Engine } from './store/engine';
import type { DatabaseControl } from './rpc/handlers/database';
import type { ShopServerControl } from './rpc/handlers/shop-server';
import type { RestoreResult } from './store/restore';
import type { Registers } from './registers/registers';
import type { Shifts } from './shifts/shifts';
import type { Store } from './store/store';
import type { Submissions } from './submissions/submissions';
import type { Vault } from './vault/vault';
import type { OfflineStatus } from '#shared/rpc/methods/offline';

export type Transport = 'electron' | 'web' | 'cli';

export interface CoreParts {
  version: string;
  home: string;
  transport: Transport;
  clock: () => Date;
  fetch: typeof globalThis.fetch;
  logger: Logger;
  /**
   * The data folder's SQLite file (its backups, restore and the -wal notice); null when the shop's
   * PostgreSQL is the store, which has no file here (its backups are the database server's).
   */
  store: Store | null;
  /** The shop's PostgreSQL address (no password), when that is the store; null on SQLite. */
  databaseAddress: string | null;
  /** The schema version of the store (SQLite's file or the shop's PostgreSQL). */
  schemaVersion: number;
  /** The typed query layer over the store's engine (store/engine.ts). */
  engine: Engine;
  /** The ledger's reads (ledger-reads/), over `engine`. */
  reads: LedgerReads;
  vault: Vault;
  events: EventBus;
  connections: Connections;
  submissions: Submissions;
  poller: Poller;
  history: HistorySync;
  lists: CompanyLists;
  /** The shop's registers, this data folder's among them (its id, its name). */
  registers: Registers;
  /** Who is at the keyboard (cashiers and their roles). */
  cashiers: Cashiers;
  shifts: Shifts;
  /** Whether this register sells without the caja principal, on its shop copy (offline/offline-mode.ts). */
  offline: OfflineStatus;
  /** The host's control of its database (Ajustes › Base de datos del negocio); absent where the host cannot switch (CLI, tests). */
  database?: DatabaseControl;
  /** The host's caja principal (Ajustes › Cajas); absent where the host cannot switch (CLI, tests). */
  shopServer?: ShopServerControl;
  /** The host's restore (closes this core, restores, opens a new one); absent where the host cannot. */
  restore?: (name: string) => Promise<RestoreResult>;
}

/** The parts a background service (submissions, history sync) is built from. */
export type ServiceParts = Pick<CoreParts, 'connections' | 'fetch' | 'clock' | 'events' | 'logger'>;
