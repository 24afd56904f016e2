// One map from core's events to the queries they make stale, installed once at the
// app's root. Each event, pushed through the bridge as core pushes it, invalidates exactly the
// queries the map names and leaves every other query as it was.
import { QueryClient } from '@tanstack/react-query';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EventName, EventPayload } from '#shared/rpc/events';
import { installFakeBridge } from '#test/component/fake-bridge';
import { renderWithQueries } from '#test/component/render';

/** No method answers: the cached queries below are only marked stale, never fetched for real. */
const fake = installFakeBridge();

let useEventInvalidation: typeof import('#renderer/rpc/invalidation').useEventInvalidation;
beforeAll(async () => {
  ({ useEventInvalidation } = await import('#renderer/rpc/invalidation'));
});
afterEach(cleanup);

/** Queries a session may hold, keyed as useRpcQuery keys them. */
const CACHED = [
  ['connections.list', {}],
  ['connections.keychain', {}],
  ['app.info', {}],
  ['fe.paymentMethods', {}],
  ['fe.terceros', {}],
  ['fe.listsStatus', {}],
  ['submissions.list', { open: true, limit: 500 }],
  ['submissions.get', { id: 7 }],
  ['submissions.get', { id: 8 }],
  ['outbox.status', {}],
  ['history.list', { filter: {}, offset: 0, limit: 100 }],
  ['history.following', {}],
  ['history.status', {}],
  ['catalog.search', { q: 'arroz' }],
] as const;

function Root() {
  useEventInvalidation();
  return null;
}

function staleAfter<K extends EventName>(event: K, payload: EventPayload<K>): string[] {
  const client = new QueryClient();
  for (const key of CACHED) client.setQueryData(key, { cached: true });
  renderWithQueries(<Root />, client);
  fake.emit(event, payload);
  return client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.isInvalidated)
    .map((query) => JSON.stringify(query.queryKey))
    .sort();
}

const key = (...parts: unknown[]) => JSON.stringify(parts);

describe('the event map', () => {
  it('a document that changed: the pending lists, the outbox, the Historial and that submission', () => {
    expect(staleAfter('document.changed', { kind: 'DSE', submission_id: 7, document_id: 41, estado: 'aceptado' })).toEqual(
      [
        key('history.following', {}),
        key('history.list', { filter: {}, offset: 0, limit: 100 }),
        key('outbox.status', {}),
        key('submissions.get', { id: 7 }),
        key('submissions.list', { open: true, limit: 500 }),
      ].sort(),
    );
  });

  it('a connection that changed: the connections only (a switch of company is useConnectionScope’s)', () => {
    expect(staleAfter('connection.changed', { id: 1 })).toEqual(
      [key('connections.keychain', {}), key('connections.list', {})].sort(),
    );
  });

  it('the history written outside a sync: its list, the followed documents and its status', () => {
    expect(staleAfter('history.changed', { kind: 'FE', document_id: 3 })).toEqual(
      [
        key('history.following', {}),
        key('history.list', { filter: {}, offset: 0, limit: 100 }),
        key('history.status', {}),
      ].sort(),
    );
  });

  it('the outbox: its status and the pending submissions', () => {
    expect(staleAfter('outbox.changed', { phase: 'progress', queued: 1, transmitted: 1 })).toEqual(
      [key('outbox.status', {}), key('submissions.list', { open: true, limit: 500 })].sort(),
    );
  });

  it('a company list read again: that list and the lists’ status, not the other list', () => {
    expect(staleAfter('lists.changed', { connection_id: 1, name: 'payment_methods' })).toEqual(
      [key('fe.listsStatus', {}), key('fe.paymentMethods', {})].sort(),
    );
    cleanup();
    expect(staleAfter('lists.changed', { connection_id: 1, name: 'terceros' })).toEqual(
      [key('fe.listsStatus', {}), key('fe.terceros', {})].sort(),
    );
  });

  it('a sync pass: nothing when it starts, the list per page, the whole Historial when it ends', () => {
    expect(staleAfter('sync.progress', { phase: 'started', done: 0, total: null })).toEqual([]);
    cleanup();
    expect(staleAfter('sync.progress', { phase: 'page', done: 100, total: 200 })).toEqual([
      key('history.list', { filter: {}, offset: 0, limit: 100 }),
    ]);
    cleanup();
    expect(staleAfter('sync.progress', { phase: 'done', done: 200, total: 200 })).toHaveLength(3);
  });
});
