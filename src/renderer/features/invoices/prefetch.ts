// The Facturas catalogs asked for at start (start-reads.ts) go to the query cache under the same
// method and input as the screen's own queries (useInvoiceData.ts), which find them there; when
// none were asked for, they are asked for now. Called by main.tsx before React's first render, which
// waits (a while at most) for what it returns: the answers in the cache, the draft and its check arrived.
// The issuer's profile and warnings asked for at start go there too.
import type { QueryClient } from '@tanstack/react-query';
import { startReadsSettled, takeStartCatalogs } from './start-reads';
import { catalogQuery, type CatalogMethod } from './catalog-queries';
import { rpcQuery } from '#renderer/rpc/hooks';

export function prefetchInvoices(client: QueryClient): Promise<void> {
  const early = takeStartCatalogs();
  // Each settles once its answer is in the cache (prefetchQuery never rejects).
  const prefetch = (method: CatalogMethod, answer: Promise<unknown> | undefined) => {
    const query = catalogQuery(method);
    return client.prefetchQuery(answer ? { ...query, queryFn: () => answer } : query);
  };
  const cached = [
    prefetch('fe.paymentMethods', early?.paymentMethods),
    prefetch('fe.withholdingTypes', early?.withholdingTypes),
    prefetch('fe.terceros', early?.terceros),
  ];
  // The issuer's profile and warnings, which the screen and the form read too: when start asked for
  // them, in the cache for the first render (when not, the screen asks for them as it renders).
  if (early) {
    const { issuer, issuerWarnings } = early;
    cached.push(client.prefetchQuery({ queryKey: rpcQuery('history.issuer', {}).queryKey, queryFn: () => issuer }));
    cached.push(
      client.prefetchQuery({ queryKey: rpcQuery('history.issuerWarnings', {}).queryKey, queryFn: () => issuerWarnings }),
    );
  }
  return Promise.all([...cached, startReadsSettled()]).then(() => undefined);
}
