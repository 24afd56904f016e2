// What the screens hold belongs to one connection (one company): its payment methods, third
// parties, drafts, history. When another connection becomes the active one, all of it is dropped
// and asked for again, so nothing of the previous company is shown or submitted.
import { useQueryClient, type Query } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Connection } from '#shared/rpc/methods/connections';
import { rpcQuery, useRpcEvent } from '../rpc/hooks';

/** Queries that are about the installation, not about a company. */
const APP_WIDE = new Set(['connections.list', 'app.info']);

export function isCompanyQuery(query: Pick<Query, 'queryKey'>): boolean {
  return !APP_WIDE.has(String(query.queryKey[0]));
}

const activeOf = (list: Connection[] | undefined) => list?.find((c) => c.active)?.id ?? null;

export function useConnectionScope(): void {
  const client = useQueryClient();
  const onChanged = useCallback(() => {
    const listQuery = rpcQuery('connections.list', {});
    // What the screens were showing was read under this connection (a refetch started by the same
    // event has not answered yet: it is asynchronous).
    const before = activeOf(client.getQueryData<Connection[]>(listQuery.queryKey));
    void client.fetchQuery({ ...listQuery, staleTime: 0 }).then(
      (list) => {
        if (activeOf(list) === before) return;
        // Reset, not invalidate: the old company's data must not stay on screen while the new one loads.
        void client.resetQueries({ predicate: isCompanyQuery });
      },
      () => undefined,
    );
  }, [client]);
  useRpcEvent('connection.changed', onChanged);
}
