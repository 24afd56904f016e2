// Notices between registers on the shop's PostgreSQL: a change committed at one register reaches the
// others' screens. Each core relays the events of its own bus that name shared data to a channel
// (pg_notify, right after the commit that the event follows) and LISTENs on that channel over one
// connection of its own, outside the pool; a notice from another core is emitted on this core's
// bus as the same event, and its windows refresh through the renderer's invalidation map. Every
// session of the database can read the channel, so a notice names the event and ids, never a
// document's content or a secret. On SQLite there is nothing to tell: one process per data folder.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type pg from 'pg';
import { rpcEvents, type EventName, type EventPayload } from '#shared/rpc/events';
import type { EventBus } from '../../events';
import type { Logger } from '../../log/logger';
import type { Engine } from '../engine';

export const NOTICE_CHANNEL = 'factura_desk_shop';
/** The LISTEN connection's name in pg_stat_activity (support, and the tests that cut it). */
export const NOTICE_APPLICATION_NAME = 'factura-desk notices';

/**
 * Which events cross registers, and what of each payload travels: the only place that says so. An
 * event left out stays in its process (connection.changed: the active connection is each
 * register's own; lists.changed and sync.progress: a register's own reading of the service). A
 * function returning null keeps that payload home.
 */
const CROSSING: { [K in EventName]?: (payload: EventPayload<K>) => EventPayload<K> | null } = {
  'history.changed': ({ kind, document_id }) => ({ kind, document_id }),
  'document.changed': ({ kind, submission_id, document_id, estado }) => ({ kind, submission_id, document_id, estado }),
  // The queue's changes, without the pass's own messages (a start, a failure, a warning are the
  // transmitting register's to show).
  'outbox.changed': ({ phase, queued, transmitted }) =>
    phase === 'queued' || phase === 'progress' || phase === 'done' ? { phase, queued, transmitted } : null,
  'catalog.changed': ({ connection_id }) => ({ connection_id }),
  'customers.changed': ({ connection_id }) => ({ connection_id }),
  'issuer.changed': ({ connection_id }) => ({ connection_id }),
  // A register renamed or removed at one register: every register's screens name it anew.
  'registers.changed': ({ id }) => ({ id }),
};

interface Notice {
  /** the core that sent it: a core ignores its own */
  from: string;
  event: EventName;
  payload: unknown;
}

export interface ShopNoticesOptions {
  engine: Engine;
  events: EventBus;
  logger: Logger;
  /** First wait before listening again after a lost connection, doubled up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
}

export class ShopNotices {
  private readonly id = randomUUID();
  private readonly sending = new Set<Promise<void>>();
  private stopRelay: (() => void) | null = null;
  /** True while this core emits a notice it received: that event is not sent back. */
  private relaying = false;
  private client: pg.Client | null = null;
  private retry: NodeJS.Timeout | null = null;
  private failures = 0;
  private stopped = false;
  /** A LISTEN connection was lost since this core started: the next LISTEN follows a gap. */
  private lostOnce = false;

  constructor(private readonly options: ShopNoticesOptions) {}

  /** Sends this core's crossing events from now on (a core that only writes, as the command line). */
  relay(): void {
    this.stopRelay ??= this.options.events.subscribe((event, payload) => {
      if (this.relaying) return;
      const shrink = CROSSING[event] as ((p: typeof payload) => unknown) | undefined;
      const travels = shrink?.(payload);
      if (travels === undefined || travels === null) return;
      const notice: Notice = { from: this.id, event, payload: travels };
      const sent = sql`SELECT pg_notify(${NOTICE_CHANNEL}, ${JSON.stringify(notice)})`.execute(this.options.engine.db).then(
        () => undefined,
        (error: unknown) => this.options.logger.warn('shop notice not sent', { event, error: String(error) }),
      );
      this.sending.add(sent);
      void sent.finally(() => this.sending.delete(sent));
    });
  }

  /** Listens to the other registers' notices, on a connection of its own, until stop() (after which it never listens again). */
  async listen(): Promise<void> {
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopRelay?.();
    this.stopRelay = null;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const client = this.client;
    this.client = null;
    await Promise.all([...this.sending]);
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.stopped || this.client) return;
    const client = this.options.engine.dedicatedClient!(NOTICE_APPLICATION_NAME);
    this.client = client;
    let lost = false;
    const onLost = (error?: unknown): void => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = null;
      void client.end().catch(() => undefined);
      if (this.stopped) return;
      this.lostOnce = true;
      this.options.logger.warn('shop notices: connection lost', { error: error === undefined ? null : String(error) });
      this.schedule();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => {
      if (message.channel === NOTICE_CHANNEL && message.payload) this.receive(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${NOTICE_CHANNEL}`);
      // Listening again after a loss: the notices sent meanwhile are gone (a channel keeps nothing for
      // a session that was not listening), so this core says everything shared may have changed.
      if (this.lostOnce) this.options.events.emit('notices.resumed', {});
      this.failures = 0;
    } catch (error) {
      onLost(error);
    }
  }

  /** Listens again after a back-off: the server restarting, or the network back. */
  private schedule(): void {
    const first = this.options.retryMs ?? 250;
    const wait = Math.min(first * 2 ** this.failures, this.options.maxRetryMs ?? 10_000);
    this.failures += 1;
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.connect();
    }, wait);
  }

  private receive(text: string): void {
    let notice: Notice;
    try {
      notice = JSON.parse(text) as Notice;
    } catch {
      return;
    }
    if (notice.from === this.id || !(notice.event in CROSSING)) return;
    // Another build's notice with another shape is refused, not guessed at.
    const parsed = rpcEvents[notice.event].safeParse(notice.payload);
    if (!parsed.success) return;
    this.relaying = true;
    try {
      this.options.events.emit(notice.event, parsed.data as EventPayload<typeof notice.event>);
    } finally {
      this.relaying = false;
    }
  }
}

/** The shop's notices of a core on PostgreSQL; none on SQLite. */
export function shopNotices(options: ShopNoticesOptions): ShopNotices | null {
  return options.engine.kind === 'postgres' && options.engine.dedicatedClient ? new ShopNotices(options) : null;
}
