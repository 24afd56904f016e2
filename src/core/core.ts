// Assembles core from the parts a host hands in: the Electron main process, the web bridge host
// and the command line all call this, so they run the very same code.
import { nodeFetch } from './api/node-fetch';
import { Cashiers } from './cashiers/cashiers';
import { guardAdminOnly } from './cashiers/roles';
import { randomUUID } from 'node:crypto';
import { mkdirSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { rpcContract } from '#shared/rpc/contract';
import { CompanyLists } from './company-lists/company-lists';
import { trustedRoots } from './api/trusted-roots';
import { Connections } from './connections/connections';
import { EventBus } from './events';
import { IssuedMirror } from './history/issued-mirror';
import { HistorySync } from './history/sync';
import { FileLogger, type Logger } from './log/logger';
import type { CoreParts, Transport } from './parts';
import { Poller } from './poller/poller';
import { realTimers, type Timers } from './poller/timers';
import { appHandlers } from './rpc/handlers/app';
import { cashierHandlers } from './rpc/handlers/cashiers';
import { catalogHandlers } from './rpc/handlers/catalog';
import { customerHandlers } from './rpc/handlers/customers';
import { dayCloseHandlers } from './rpc/handlers/day-close';
import { connectionHandlers } from './rpc/handlers/connections';
import { draftHandlers } from './rpc/handlers/drafts';
import { dseCatalogHandlers } from './rpc/handlers/dse-catalog';
import { dseCorrectionHandlers } from './rpc/handlers/dse-corrections';
import { dseHandlers } from './rpc/handlers/dse';
import { feHandlers } from './rpc/handlers/fe';
import { historyHandlers } from './rpc/handlers/history';
import { printHandlers } from './rpc/handlers/print';
import { reportHandlers } from './rpc/handlers/reports';
import { sandboxHandlers } from './rpc/handlers/sandbox';
import { shiftHandlers } from './rpc/handlers/shifts';
import { registerHandlers } from './rpc/handlers/registers';
import { Registers } from './registers/registers';
import { databaseHandlers, type DatabaseControl } from './rpc/handlers/database';
import { shopServerHandlers, type ShopServerControl } from './rpc/handlers/shop-server';
import { submissionHandlers } from './rpc/handlers/submissions';
import { Shifts } from './shifts/shifts';
import { createDispatcher, type Dispatcher } from './rpc/registry';
import type { RestoreResult } from './store/restore';
import { FolderLock } from './store/folder-lock';
import { Store } from './store/store';
import { openPostgres, sqliteEngine, type Engine } from './store/engine';
import type { DatabaseChoice } from './store/database-choice';
import { migrations } from './store/migrations';
import { shopNotices } from './store/postgres/shop-notices';
import { keychainPassword } from './vault/database-password';
import { LedgerReads } from './ledger-reads/ledger-reads';
import { outboxHandlers } from './rpc/handlers/outbox';
import { OutboxRunner } from './submissions/outbox-runner';
import { Submissions } from './submissions/submissions';
import { Vault, type SecretStore, type VaultScope } from './vault/vault';
import { installSpanishZodErrors } from '#shared/zod-spanish';
import { handOver } from './offline/handover';
import { ReferenceCounter } from './registers/reference-counter';
import { keepingShopCopy, offlineMode, refusingSharedEdits } from './offline/offline-mode';
import { markOffline, readShopCopyState } from './offline/shop-copy';
import { ShopCopyKeeper } from './offline/keeper';
import { offlineHandlers } from './rpc/handlers/offline';

export interface CoreOptions {
  home: string;
  /** `--register NAME`: the register this folder works as, by name (registers/register-argument.ts). */
  registerName?: string | undefined;
  secrets: SecretStore;
  transport: Transport;
  version?: string;
  clock?: () => Date;
  /** The poller's timers; tests hand in a controlled clock. */
  timers?: Timers;
  fetch?: typeof globalThis.fetch;
  logger?: Logger;
  nativeBinding?: string;
  /** Transmission window of a contingency document, in hours (default 48). */
  contingencyWindowHours?: number;
  /** How often the shop copy is taken again while on the shop's database (default: offline/keeper.ts's). */
  shopCopyRefreshMs?: number;
  /** How often the contingency outbox tries the service while documents wait (default 15 s). */
  outboxProbeMs?: number;
  /** How long a create request may wait for its answer (default: the API client's 60 s). */
  writeTimeoutMs?: number;
  /** How long a read (lists, details) may wait for its answer (default: the API client's 15 s). */
  readTimeoutMs?: number;
  /** A bus the host keeps across a restore (its subscribers stay); default: a new one. */
  events?: EventBus;
  /** The host's control of its database: `database.*` calls it (rpc/handlers/database.ts). */
  database?: DatabaseControl;
  /** The host's caja principal: `shopServer.*` calls it (rpc/handlers/shop-server.ts). */
  shopServer?: ShopServerControl;
  /** The host's restore of a backup: `app.restore` calls it after its checks. */
  restore?: (name: string) => Promise<RestoreResult>;
  /**
   * The data folder's lock, when the host holds it across several cores (a restore closes one and
   * opens the next); default: this core takes it, and gives it back on close.
   */
  lock?: FolderLock;
  /**
   * The shop's PostgreSQL engine, opened (and closed) by the host; default: SQLite over the data
   * folder's store. The parts on the typed query layer (the ledger and its queue among them) use it.
   */
  engine?: Engine;
  /**
   * The installation id of a PostgreSQL store (`readInstallation`): the keychain's scope and the
   * credentials' fingerprint are the shop database's, as SQLite's are its file's. Required with a
   * PostgreSQL engine; openCore reads it.
   */
  installation?: string;
  /** The schema version the PostgreSQL engine was brought to (openPostgres), for app.info. */
  schemaVersion?: number;
  /** The PostgreSQL address (without password) shown in Ajustes and app.info. */
  databaseAddress?: string;
  /** The SQLite file to open instead of the data folder's (the shop copy, offline/shop-copy.ts). */
  databaseFile?: string;
  /**
   * Selling without the caja principal, on the shop copy (`databaseFile`): what the window is told,
   * and the shared data's edits refused (offline/offline-mode.ts).
   */
  offline?: { address: string; problem: string | null };
}

export interface Core extends Dispatcher {
  parts: CoreParts;
  events: EventBus;
  /**
   * Background work of a long-running host: resume every submission in doubt (before anything new
   * is submitted), then the poller, and the history mirror of each issued document (FE at once, DSE
   * once final).
   */
  startBackground(): Promise<void>;
  close(): Promise<void>;
}

export const DATABASE_FILE = 'factura-desk.sqlite';

/** This data folder's keychain scope: its real path and the installation id drawn with it (migration 0014). */
export function vaultScope(home: string, store: Store): VaultScope {
  const row = store.db.prepare<[], { id: string }>('SELECT id FROM installation').get();
  if (!row) throw new Error('the installation row is missing (migration 0014)');
  return { folder: realpathSync(home), installation: row.id };
}

/** The SQLite store of a core opened on the data folder's file (createCore without a PostgreSQL engine). */
export function sqliteStoreOf(core: Core): Store {
  if (!core.parts.store) throw new Error('this core runs on the shop database (PostgreSQL): it has no SQLite file');
  return core.parts.store;
}

export function createCore(options: CoreOptions): Core {
  installSpanishZodErrors();
  const clock = options.clock ?? (() => new Date());
  const logger = options.logger ?? new FileLogger(join(options.home, 'logs', 'factura-desk.log'));
  // The shop's PostgreSQL is the whole store: no SQLite file is opened beside it, and no folder lock
  // is taken (several processes share that database; claims keep each submission to one of them).
  const onPostgres = options.engine?.kind === 'postgres';
  // One writer per data folder: taken before the file is opened, so a second process touches nothing.
  const ownLock =
    options.lock || onPostgres
      ? null
      : FolderLock.acquire(options.home, { transport: options.transport, nativeBinding: options.nativeBinding, now: clock() });
  let store: Store | null = null;
  let vault: Vault;
  try {
    if (onPostgres) {
      if (!options.installation) throw new Error('a PostgreSQL core needs its installation id (openCore reads it)');
      mkdirSync(options.home, { recursive: true, mode: 0o700 });
      vault = new Vault(options.secrets, { folder: realpathSync(options.home), installation: options.installation });
    } else {
      store = Store.open(options.databaseFile ?? join(options.home, DATABASE_FILE), {
        nativeBinding: options.nativeBinding,
        now: clock(),
      });
      // The shop copy carries the shop database's installation id: the same keychain scope, the same tokens.
      vault = new Vault(options.secrets, vaultScope(options.home, store));
      if (options.offline) markOffline(store.db, clock());
    }
  } catch (error) {
    store?.close();
    ownLock?.release();
    throw error;
  }
  if (store?.notice) logger.warn('unclean end of the previous session', { notice: store.notice });
  const events = options.events ?? new EventBus();
  const fetch = options.fetch ?? nodeFetch();
  // The system's roots are read once per run, from here on (not on the first sale); a store that
  // cannot be read leaves Node's bundled roots and is said in the log for support.
  void trustedRoots().then((roots) => {
    if (roots.systemProblem) logger.warn('system certificate store unreadable', { problem: roots.systemProblem });
  });
  // The typed query layer on the Store's own connection, or the shop's database: converted modules read through it.
  const engine = options.engine ?? sqliteEngine(store!.db);
  // On the shop's PostgreSQL, what this core commits reaches the other registers' screens.
  const notices = shopNotices({ engine, events, logger });
  notices?.relay();
  const reads = new LedgerReads(engine);
  const connections = new Connections(engine, vault, events, clock);
  // The connections are read synchronously from everywhere, so they are loaded before first use.
  // The default engine runs on the Store's connection: read through it now, createCore stays
  // synchronous. A host that hands in its own engine awaits `parts.connections.load()` before serving.
  if (!options.engine && store) connections.loadFromStore(store.db);
  const timeouts = {
    ...(options.writeTimeoutMs ? { writeTimeoutMs: options.writeTimeoutMs } : {}),
    ...(options.readTimeoutMs ? { readTimeoutMs: options.readTimeoutMs } : {}),
  };
  // This data folder's register (registers/): its row is taken on first use, before a key is drawn.
  const registers = new Registers(engine, options.home, clock, options.registerName ?? null, logger);
  const submissions = new Submissions({
    engine,
    registerId: () => registers.id(),
    // On the shop copy, contingency tickets come from the numbers this register holds (ticket-blocks.ts).
    ticketsFrom: options.offline ? 'reserved' : 'numbering',
    // On the shop copy, contingency references continue past this register's on the shop's database.
    ...(options.offline && store ? { localRefFloor: readShopCopyState(store.db)?.lastLocalRef ?? 0 } : {}),
    references: new ReferenceCounter(options.home),
    connections,
    fetch,
    clock,
    events,
    logger,
    ...timeouts,
    ...(options.contingencyWindowHours ? { contingencyWindowHours: options.contingencyWindowHours } : {}),
  });
  const history = new HistorySync({ engine, reads, connections, fetch, clock, events, logger });
  const poller = new Poller(submissions, options.timers ?? realTimers(clock), logger);
  const outboxRunner = new OutboxRunner(submissions, options.timers ?? realTimers(clock), logger, options.outboxProbeMs);
  const lists = new CompanyLists({ engine, connections, fetch, clock, events, logger }, timeouts);
  // Every rejected document appears in the Historial at once, in every host (app, web, CLI): its
  // local record is written before the rejection is reported.
  submissions.onRecorded((row) => (row.state === 'rejected' ? history.recordRejected(row) : undefined));
  const cashiers = new Cashiers(engine, clock, registers);
  const shifts = new Shifts(engine, cashiers, registers, clock);
  const offline = offlineMode(options.offline ?? null, store);
  // On the shop's database, the copy this register sells from when it is out of reach is kept fresh.
  const keeper =
    onPostgres && options.databaseAddress
      ? new ShopCopyKeeper({
          home: options.home,
          engine,
          source: options.databaseAddress,
          registerId: () => registers.id(),
          events,
          clock,
          logger,
          ...(options.shopCopyRefreshMs ? { intervalMs: options.shopCopyRefreshMs } : {}),
          ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
        })
      : null;
  const parts: CoreParts = {
    version: options.version ?? '0.1.0',
    home: options.home,
    transport: options.transport,
    clock,
    fetch,
    logger,
    store,
    engine,
    reads,
    schemaVersion: store?.schemaVersion ?? options.schemaVersion ?? 0,
    databaseAddress: onPostgres ? (options.databaseAddress ?? null) : null,
    vault,
    events,
    connections,
    submissions,
    poller,
    history,
    lists,
    registers,
    cashiers,
    shifts,
    offline,
    ...(options.restore ? { restore: options.restore } : {}),
    ...(options.database ? { database: options.database } : {}),
    ...(options.shopServer ? { shopServer: options.shopServer } : {}),
  };
  const answered = createDispatcher(
    rpcContract,
    guardAdminOnly(
      {
        ...appHandlers(parts),
        ...connectionHandlers(parts),
        ...submissionHandlers(parts),
        ...dseHandlers(parts),
        ...feHandlers(parts),
        ...historyHandlers(parts),
        ...draftHandlers(parts),
        ...dseCatalogHandlers(parts),
        ...catalogHandlers(parts),
        ...customerHandlers(parts),
        ...dayCloseHandlers(parts),
        ...dseCorrectionHandlers(parts),
        ...reportHandlers(parts),
        ...outboxHandlers(parts),
        ...printHandlers(parts),
        ...sandboxHandlers(),
        ...cashierHandlers(parts),
        ...shiftHandlers(parts),
        ...registerHandlers(parts),
        ...databaseHandlers(parts),
        ...shopServerHandlers(parts),
        ...offlineHandlers(parts),
      },
      cashiers,
    ),
    logger,
  );
  const dispatcher = offline.offline ? refusingSharedEdits(answered) : keepingShopCopy(answered, keeper);
  const issued = new IssuedMirror({ connections, fetch, clock, events, logger }, history);
  let stopMirroring: (() => void) | null = null;
  let stopListening: (() => void) | null = null;
  let background: Promise<void> | null = null;
  let closing = false;
  return {
    parts,
    events,
    dispatch: (message) => dispatcher.dispatch(message),
    startBackground() {
      background ??= (async () => {
        // Alongside the resume (a slow server delays neither); done before the background counts as started.
        const listening = notices?.listen();
        stopMirroring = issued.attach(submissions);
        // A service that answers a submission refreshes the connection's lists (a copy for the next outage).
        stopListening = submissions.onRecorded((row) => {
          if (row.http_status !== null) lists.serviceAnswered(row.connection_id);
        });
        const active = connections.active();
        if (active) lists.serviceAnswered(active.id);
        keeper?.start();
        await submissions.ensureResumed();
        if (!closing) await poller.start();
        if (!closing) outboxRunner.start();
        await listening;
      })();
      return background;
    },
    async close() {
      closing = true;
      await background?.catch(() => undefined);
      stopMirroring?.();
      stopListening?.();
      await lists.whenIdle();
      await outboxRunner.stop();
      await poller.stop();
      await issued.whenIdle();
      await history.whenIdle();
      await notices?.stop();
      await keeper?.stop();
      try {
        store?.close();
      } finally {
        ownLock?.release();
      }
    },
  };
}

export interface OpenCoreOptions extends Omit<CoreOptions, 'engine' | 'installation' | 'schemaVersion' | 'databaseAddress'> {
  /** Which database (store/database-choice.ts readDatabaseChoice); default: the data folder's SQLite file. */
  choice?: DatabaseChoice;
  /** The shop database's pool and how long a new connection may take (defaults of openPostgres). */
  postgres?: { poolSize?: number; connectTimeoutMs?: number };
}

/**
 * Opens core on the chosen database: the data folder's SQLite file (createCore, as always), or the
 * shop's PostgreSQL, its password asked of the OS keychain, its schema brought to this build's, its
 * connections read before the first request. Every failure to reach or enter it is a Spanish
 * AppError (postgres/faults.ts) and leaves nothing opened; the host shows it (host.ts).
 */
export async function openCore(options: OpenCoreOptions): Promise<Core> {
  const { choice, postgres, ...rest } = options;
  if (!choice || choice.engine === 'sqlite') return createCore(rest);
  const { address } = choice;
  const engine = await openShopDatabase(choice, options.secrets, postgres);
  try {
    // What this register sold without the shop database goes there first, before anything new is sold.
    const handed = await handOver(options.home, engine, {
      now: (options.clock ?? (() => new Date()))(),
      source: address.url,
      ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
    });
    if (handed) options.logger?.info('offline sales handed over', { ...handed.inserted, present: handed.present });
    const core = createCore({
      ...rest,
      engine,
      installation: await readInstallation(engine),
      schemaVersion: engine.schemaVersion,
      databaseAddress: address.url,
    });
    try {
      await core.parts.connections.load();
      // This register takes its row in the shop's database before the first request.
      await core.parts.registers.id();
    } catch (error) {
      await core.close();
      throw error;
    }
    const close = core.close.bind(core);
    // The engine is this function's: it ends with the core.
    return Object.assign(core, {
      close: async () => {
        try {
          await close();
        } finally {
          await engine.close();
        }
      },
    });
  } catch (error) {
    await engine.close();
    throw error;
  }
}

/**
 * The shop's PostgreSQL engine as openCore opens it: its password asked of the OS keychain, its TLS
 * trusting the OS's roots or the pinned certificate, its schema brought to this build's. A failure
 * is a Spanish AppError (postgres/faults.ts).
 */
export async function openShopDatabase(
  choice: Extract<DatabaseChoice, { engine: 'postgres' }>,
  secrets: SecretStore,
  postgres: OpenCoreOptions['postgres'] = {},
): Promise<Engine & { schemaVersion: number }> {
  const { address } = choice;
  // verify-ca and verify-full trust what the API's connections trust: the OS's roots too.
  // A pinned certificate (a caja principal's) replaces every root.
  const verifies = choice.pinned === undefined && (address.sslmode === 'verify-ca' || address.sslmode === 'verify-full');
  return openPostgres({
    url: address.url,
    password: keychainPassword(secrets, address),
    migrations,
    ...(verifies ? { ca: (await trustedRoots()).certificates } : {}),
    ...(choice.pinned !== undefined ? { pinned: choice.pinned } : {}),
    ...(postgres.poolSize ? { poolSize: postgres.poolSize } : {}),
    ...(postgres.connectTimeoutMs ? { connectTimeoutMs: postgres.connectTimeoutMs } : {}),
  });
}

/**
 * The installation id of a store on the typed query layer. SQLite's is drawn by migration 0014; a
 * PostgreSQL database draws its own on its first opening (the baseline creates the table empty, so
 * that a move can copy a shop's own id into it), once, whichever process gets there first.
 */
export async function readInstallation(engine: Engine): Promise<string> {
  if (engine.kind === 'postgres')
    await engine.db
      .insertInto('installation')
      .values({ singleton: 1, id: randomUUID() })
      .onConflict((conflict) => conflict.column('singleton').doNothing())
      .execute();
  const row = await engine.db.selectFrom('installation').select('id').executeTakeFirst();
  if (!row) throw new Error('the installation row is missing (migration 0014)');
  return row.id;
}
