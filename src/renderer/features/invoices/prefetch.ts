// What the Facturas screen needs from core before its form can be used: the company's catalogs.
// Asked for at start, while the screen's code is still loading (screens.ts), so that the form
// opens with "Emitir factura" ready instead of one more round trip later. The same method and
// input as the screen's own queries (useInvoiceData.ts), so the screen finds them in the cache.
// The draft is not asked for here: the screen reads it fresh each time it opens (gcTime 0).
import type { QueryClient } from '@tanstack/react-query';
import { prefetchRpc } from '../../rpc/hooks';

export function prefetchInvoices(client: QueryClient): void {
  prefetchRpc(client, 'fe.paymentMethods', {});
  prefetchRpc(client, 'feForm.withholdingTypes', {});
  prefetchRpc(client, 'fe.terceros', {});
}
