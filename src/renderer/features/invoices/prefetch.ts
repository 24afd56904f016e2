// The Facturas catalogs asked for at start (start-reads.ts) go to the query cache under the same
// method and input as the screen's own queries (useInvoiceData.ts), which find them there; when
// none were asked for, they are asked for now. Called by main.tsx before React's first render.
import type { QueryClient } from '@tanstack/react-query';
import { takeStartCatalogs } from './start-reads';
import { catalogQuery, type CatalogMethod } from './catalog-queries';

export function prefetchInvoices(client: QueryClient): void {
  const early = takeStartCatalogs();
  const prefetch = (method: CatalogMethod, answer: Promise<unknown> | undefined) => {
    const query = catalogQuery(method);
    void client.prefetchQuery(answer ? { ...query, queryFn: () => answer } : query);
  };
  prefetch('fe.paymentMethods', early?.paymentMethods);
  prefetch('fe.withholdingTypes', early?.withholdingTypes);
  prefetch('fe.terceros', early?.terceros);
}
