// What the FE form needs from core: the company's catalogs (the draft: src/renderer/forms/useDraftAutosave.ts).
import { colombiaToday } from '../../../shared/dates';
import { useRpcQuery } from '../../rpc/hooks';

export function useToday(): string {
  return colombiaToday(new Date());
}

export function usePaymentMethods() {
  return useRpcQuery('fe.paymentMethods', {}, { staleTime: 5 * 60_000, retry: false });
}

export function useTerceros() {
  return useRpcQuery('fe.terceros', {}, { staleTime: 5 * 60_000, retry: false });
}

export function useWithholdingTypes() {
  return useRpcQuery('fe.withholdingTypes', {}, { retry: false });
}
