// One map from what core announces to the queries it makes stale. Every screen's
// data is a React Query query keyed by [method, input]; when core says a document, the history, the
// outbox or a connection changed, the queries listed here are invalidated once, for the whole app,
// and whichever of them a mounted screen uses is read again. A component subscribes to an event
// itself only to show its payload (a notice, a progress bar), never to refresh data.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { EventName, EventPayload } from '#shared/rpc/events';
import type { MethodName } from '#shared/rpc/contract';
import { onEvent } from './client';

/** A query to invalidate: every input of a method, or one input (a prefix of the query key). */
export type StaleQuery = readonly [MethodName] | readonly [MethodName, Record<string, unknown>];

const HISTORY: StaleQuery[] = [['history.list'], ['history.following'], ['history.status']];

/**
 * Every query: core was reopened on another store (selling without the caja principal, or back on it),
 * or the other registers' notices of a while were lost.
 */
export const EVERYTHING = 'everything';

export const INVALIDATES: { [K in EventName]: (payload: EventPayload<K>) => StaleQuery[] | typeof EVERYTHING } = {
  'connection.changed': () => [['connections.list'], ['connections.keychain']],
  'document.changed': (payload) => [
    ['submissions.list'],
    ['outbox.status'],
    ['history.list'],
    ['history.following'],
    // A sale's state changes what its shift counts.
    ['shifts.current'],
    ...(payload.submission_id !== null ? [['submissions.get', { id: payload.submission_id }] as const] : []),
  ],
  'catalog.changed': () => [['catalog.search'], ['catalog.byCode']],
  'customers.changed': () => [['customers.search'], ['customers.find']],
  'issuer.changed': () => [['history.issuer'], ['history.issuerWarnings']],
  'history.changed': () => HISTORY,
  // Names on the status bar, Ajustes › Cajas and the shifts; a removal changes what this register may do.
  'registers.changed': () => [
    ['registers.list'],
    ['cashiers.state'],
    ['shifts.current'],
    ['shifts.ofDay'],
    ['shopServer.status'],
  ],
  'outbox.changed': () => [['outbox.status'], ['submissions.list']],
  'lists.changed': (payload) => [[payload.name === 'payment_methods' ? 'fe.paymentMethods' : 'fe.terceros'], ['fe.listsStatus']],
  // Each page read adds documents to the list; the status (counts, last sync) when the pass ends.
  'sync.progress': (payload) => (payload.phase === 'page' ? [['history.list']] : payload.phase === 'started' ? [] : HISTORY),
  'offline.changed': () => EVERYTHING,
  // Notices lost while this register's LISTEN connection was down: anything shared may have changed.
  'notices.resumed': () => EVERYTHING,
};

/** Invalidates what `event` makes stale. */
export function invalidateFor<K extends EventName>(client: QueryClient, event: K, payload: EventPayload<K>): void {
  const stale = INVALIDATES[event](payload);
  if (stale === EVERYTHING) {
    void client.invalidateQueries();
    return;
  }
  for (const queryKey of stale) void client.invalidateQueries({ queryKey });
}

const EVENTS = Object.keys(INVALIDATES) as EventName[];

/** Installed once, at the app's root. */
export function useEventInvalidation(): void {
  const client = useQueryClient();
  useEffect(() => {
    const offs = EVENTS.map((event) => onEvent(event, (payload) => invalidateFor(client, event, payload as never)));
    return () => {
      for (const off of offs) off();
    };
  }, [client]);
}
