// What the FE form needs from core: the company's catalogs (the draft: src/renderer/forms/useDraftAutosave.ts).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { colombiaToday } from '../../../shared/dates';
import { useRpcQuery } from '../../rpc/hooks';
import { CATALOGS, catalogQuery, type CatalogMethod } from './catalog-queries';

export function useToday(): string {
  return colombiaToday(new Date());
}

export function usePaymentMethods() {
  return useRpcQuery('fe.paymentMethods', {}, CATALOGS['fe.paymentMethods']);
}

export function useTerceros() {
  return useRpcQuery('fe.terceros', {}, CATALOGS['fe.terceros']);
}

export function useWithholdingTypes() {
  return useRpcQuery('fe.withholdingTypes', {}, CATALOGS['fe.withholdingTypes']);
}

/**
 * Asks for the form's catalogs now (those not fresh in the cache), without following them. A
 * component that follows a query and reads none of its fields renders again on every change of it,
 * even when it only goes stale: the screen above the form did, and took the whole form with it
 * (about 11 ms, under a keystroke, 5 s after the withholding types arrived).
 */
export function usePrefetchInvoiceCatalogs(): void {
  const client = useQueryClient();
  useEffect(() => {
    for (const method of Object.keys(CATALOGS) as CatalogMethod[]) void client.prefetchQuery(catalogQuery(method));
  }, [client]);
}
