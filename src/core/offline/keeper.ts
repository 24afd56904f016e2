// Keeps the shop copy (shop-copy.ts) fresh while this register runs on the shop's database: taken
// when the background starts, again a moment after the shared data changes (this register's edits
// and, through the shop's notices, the other registers'), and every few minutes in any case (a
// notice lost with a connection). A failed refresh keeps the previous copy and says so in the log.
import type { EventBus } from '../events';
import type { Logger } from '../log/logger';
import type { Engine } from '../store/engine';
import type { EventName } from '#shared/rpc/events';
import { reserveBlocks } from '../submissions/ticket-blocks';
import { refreshShopCopy } from './shop-copy';

const DEFAULT_INTERVAL_MS = 5 * 60_000;
/** Several edits in a row (an import, a form saved twice) make one refresh. */
const AFTER_CHANGE_MS = 2_000;

/** The events that say the copied data changed. */
const SHARED_CHANGES: ReadonlySet<EventName> = new Set([
  'catalog.changed',
  'customers.changed',
  'issuer.changed',
  'connection.changed',
  'lists.changed',
  'registers.changed',
  // The other registers' notices of a while were lost: the copy is taken again.
  'notices.resumed',
]);

export interface ShopCopyKeeperParts {
  home: string;
  engine: Engine;
  source: string;
  registerId: () => Promise<string>;
  events: EventBus;
  clock: () => Date;
  logger: Logger;
  intervalMs?: number;
  nativeBinding?: string;
}

export class ShopCopyKeeper {
  private timer: NodeJS.Timeout | null = null;
  private soon: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private unsubscribe: (() => void) | null = null;
  private stopped = false;

  constructor(private readonly parts: ShopCopyKeeperParts) {}

  start(): void {
    if (this.timer || this.stopped) return;
    this.unsubscribe = this.parts.events.subscribe((event) => {
      if (SHARED_CHANGES.has(event)) this.changed();
    });
    this.timer = setInterval(() => void this.refresh(), this.parts.intervalMs ?? DEFAULT_INTERVAL_MS);
    void this.refresh();
  }

  /** The copied data changed (a shared edit, this register's shift opened or closed): a refresh a moment later. */
  changed(): void {
    if (this.stopped || !this.timer) return;
    if (this.soon) clearTimeout(this.soon);
    this.soon = setTimeout(() => void this.refresh(), AFTER_CHANGE_MS);
  }

  /** One refresh at a time; one asked for during another runs after it. Resolves when the copy is taken (or failed). */
  refresh(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.take().finally(() => {
      this.running = null;
      if (this.again && !this.stopped) {
        this.again = false;
        void this.refresh();
      }
    });
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.soon) clearTimeout(this.soon);
    this.unsubscribe?.();
    await this.running;
  }

  /**
   * Contingency ticket numbers this register holds for selling without the caja principal
   * (ticket-blocks.ts), topped up before the copy is taken so that the copy has them. A failure keeps
   * what it held and is said in the log: the copy is taken anyway.
   */
  private async reserveTickets(registerId: string): Promise<void> {
    try {
      for (const { numbering, block } of await reserveBlocks(this.parts.engine, registerId, this.parts.clock()))
        this.parts.logger.info('contingency tickets reserved for this register', { numbering, ...block });
    } catch (error) {
      this.parts.logger.warn('contingency tickets not reserved', {
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }

  private async take(): Promise<void> {
    const { parts } = this;
    try {
      const registerId = await parts.registerId();
      await this.reserveTickets(registerId);
      const result = await refreshShopCopy({
        home: parts.home,
        engine: parts.engine,
        source: parts.source,
        registerId,
        now: parts.clock(),
        ...(parts.nativeBinding ? { nativeBinding: parts.nativeBinding } : {}),
      });
      if (!result.refreshed) parts.logger.warn('shop copy not refreshed: offline sales wait for their handover');
    } catch (error) {
      parts.logger.warn('shop copy not refreshed', { error: error instanceof Error ? error.message : String(error) });
    }
  }
}
