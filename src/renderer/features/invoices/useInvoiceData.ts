// What the FE form needs from core: the company's catalogs (the draft: src/renderer/forms/useDraftAutosave.ts).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { colombiaToday } from '../../../shared/dates';
import { rpcQuery, useRpcQuery } from '../../rpc/hooks';

/** How long the payment methods and third parties are fresh (they change in Ajustes, rarely). */
const CATALOG_STALE_MS = 5 * 60_000;

export function useToday(): string {
  return colombiaToday(new Date());
}

export function usePaymentMethods() {
  return useRpcQuery('fe.paymentMethods', {}, { staleTime: CATALOG_STALE_MS, retry: false });
}

export function useTerceros() {
  return useRpcQuery('fe.terceros', {}, { staleTime: CATALOG_STALE_MS, retry: false });
}

export function useWithholdingTypes() {
  return useRpcQuery('fe.withholdingTypes', {}, { retry: false });
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
    void client.prefetchQuery({ ...rpcQuery('fe.paymentMethods', {}), staleTime: CATALOG_STALE_MS, retry: false });
    void client.prefetchQuery({ ...rpcQuery('fe.withholdingTypes', {}), retry: false });
    void client.prefetchQuery({ ...rpcQuery('fe.terceros', {}), staleTime: CATALOG_STALE_MS, retry: false });
  }, [client]);
}
