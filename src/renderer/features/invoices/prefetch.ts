// The Facturas catalogs asked for at start (start-reads.ts) go to the query cache under the same
// method and input as the screen's own queries (useInvoiceData.ts), which find them there; when
// none were asked for, they are asked for now. Called by main.tsx before React's first render.
import type { QueryClient } from '@tanstack/react-query';
import { rpcQuery } from '../../rpc/hooks';
import { takeStartCatalogs } from './start-reads';

export function prefetchInvoices(client: QueryClient): void {
  const early = takeStartCatalogs();
  const prefetch = (query: ReturnType<typeof rpcQuery>, answer: Promise<unknown> | undefined) =>
    void client.prefetchQuery(answer ? { ...query, queryFn: () => answer } : query);
  prefetch(rpcQuery('fe.paymentMethods', {}), early?.paymentMethods);
  prefetch(rpcQuery('fe.withholdingTypes', {}), early?.withholdingTypes);
  prefetch(rpcQuery('fe.terceros', {}), early?.terceros);
}
