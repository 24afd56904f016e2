// The Facturas form's catalogs and how each is read, in one place: by the form's hooks
// (useInvoiceData.ts), ahead of them when the screen opens, and at start (prefetch.ts). A module of its
// own, without React, so that the start-up prefetch does not bring the form's hooks into the first chunk.
import { rpcQuery } from '#renderer/rpc/hooks';

/** How long the payment methods and third parties are fresh (they change in Ajustes, rarely). */
const CATALOG_STALE_MS = 5 * 60_000;

/** The form's catalogs and how each is read: by the form's hooks, and ahead of them (prefetch). */
export const CATALOGS = {
  'fe.paymentMethods': { staleTime: CATALOG_STALE_MS, retry: false },
  'fe.withholdingTypes': { retry: false },
  'fe.terceros': { staleTime: CATALOG_STALE_MS, retry: false },
} as const;

export type CatalogMethod = keyof typeof CATALOGS;

/** A catalog's query: its key, its read and its freshness. */
export function catalogQuery(method: CatalogMethod) {
  return { ...rpcQuery(method, {}), ...CATALOGS[method] };
}
