// What the FE form needs from core: the company's catalogs (the draft: src/renderer/forms/useDraftAutosave.ts).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { colombiaToday, msUntilNextColombiaDay } from '#shared/dates';
import { useRpcQuery } from '#renderer/rpc/hooks';
import { CATALOGS, catalogQuery, type CatalogMethod } from './catalog-queries';

/**
 * Colombia's date, which turns at 00:00:00 in Bogotá while the screen stays open: a timer set for the
 * next midnight, and a look at the clock whenever the window comes back (a machine asleep through
 * midnight runs its timers late).
 */
export function useToday(): string {
  const [today, setToday] = useState(() => colombiaToday(new Date()));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const look = () => {
      const now = new Date();
      setToday(colombiaToday(now));
      clearTimeout(timer);
      timer = setTimeout(look, msUntilNextColombiaDay(now));
    };
    const lookWhenShown = () => {
      if (document.visibilityState === 'visible') look();
    };
    look();
    document.addEventListener('visibilitychange', lookWhenShown);
    window.addEventListener('focus', look);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', lookWhenShown);
      window.removeEventListener('focus', look);
    };
  }, []);
  return today;
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
