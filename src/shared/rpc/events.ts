// Events pushed from core to the renderer, over IPC or the web bridge's event stream.
import { z } from 'zod';
import type { EventTable } from './define';

export const rpcEvents = {
  'connection.changed': z.object({ id: z.number().int().nullable() }),
  'document.changed': z.object({
    kind: z.enum(['FE', 'DSE']),
    submission_id: z.number().int().nullable(),
    document_id: z.number().int().nullable(),
    estado: z.string(),
  }),
  /** The local history gained or changed a document outside a sync (an issued FE or DSE). */
  'history.changed': z.object({ kind: z.enum(['FE', 'DSE']), document_id: z.number().int() }),
  /**
   * The contingency outbox: a sale queued, a transmission pass started, a document
   * transmitted, the pass done or stopped (service still down), a deadline warning.
   */
  'outbox.changed': z.object({
    phase: z.enum(['queued', 'started', 'progress', 'done', 'failed', 'warning']),
    queued: z.number().int(),
    transmitted: z.number().int(),
    message: z.string().optional(),
  }),
  /** The products of a connection's catalog were written (saved, switched on or off, imported). */
  'catalog.changed': z.object({ connection_id: z.number().int() }),
  /** The customers of a connection were written (saved, switched on or off). */
  'customers.changed': z.object({ connection_id: z.number().int() }),
  /** The issuer profile of a connection was saved. */
  'issuer.changed': z.object({ connection_id: z.number().int() }),
  /** A register of the shop was renamed, removed or joined again (its id). */
  'registers.changed': z.object({ id: z.string() }),
  /** A company list of a connection (payment methods, third parties) was read anew and changed. */
  'lists.changed': z.object({ connection_id: z.number().int(), name: z.enum(['payment_methods', 'terceros']) }),
  'sync.progress': z.object({
    phase: z.enum(['started', 'page', 'done', 'failed']),
    done: z.number().int(),
    total: z.number().int().nullable(),
    message: z.string().optional(),
  }),
  /**
   * This register began or stopped selling without the caja principal: the host reopened core on
   * another store, so everything the window holds is stale.
   */
  'offline.changed': z.object({ offline: z.boolean() }),
  /**
   * This register listens to the other registers' notices again after its connection for them was
   * lost: what they changed meanwhile was never told, so everything shared the window holds is stale.
   */
  'notices.resumed': z.object({}),
} satisfies EventTable;
export type RpcEvents = typeof rpcEvents;
export type EventName = keyof RpcEvents;
export type EventPayload<K extends EventName> = z.output<RpcEvents[K]>;
