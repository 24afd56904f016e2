// What the FE form needs from core: the company's catalogs and the saved draft.
import { useEffect, useRef, useState } from 'react';
import { colombiaToday } from '../../../shared/dates';
import { invoke } from '../../rpc/client';
import { useRpcQuery } from '../../rpc/hooks';
import type { FeFormValues } from './model';

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
  return useRpcQuery('feForm.withholdingTypes', {}, { retry: false });
}

export type DraftStatus =
  { state: 'idle' } | { state: 'saving' } | { state: 'saved'; at: Date } | { state: 'error'; message: string };

/**
 * Saves the form as a draft shortly after each change, with its idempotency key, so that closing
 * the app loses nothing and a reopened draft submits under the key it was first given.
 */
export function useDraftAutosave(values: FeFormValues, draftKey: string, enabled: boolean): DraftStatus {
  // The values each status was reached for: "saved" is shown only while the form still holds what was
  // saved, never for an earlier save while a later change waits for its own (issue 13's flake).
  const [status, setStatus] = useState<{ status: DraftStatus; for: FeFormValues | null }>({
    status: { state: 'idle' },
    for: null,
  });
  const first = useRef(true);
  // `values` is a new object after each change (react-hook-form's watch); it is serialised when the
  // save is due, not on every keystroke (a 200-line form is tens of KB of JSON).
  useEffect(() => {
    if (!enabled) return;
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(() => {
      invoke('drafts.save', {
        kind: 'FE',
        idempotency_key: draftKey,
        data: JSON.parse(JSON.stringify(values)) as Record<string, unknown>,
      }).then(
        () => setStatus({ status: { state: 'saved', at: new Date() }, for: values }),
        (error: unknown) =>
          setStatus({
            status: { state: 'error', message: error instanceof Error ? error.message : 'No se pudo guardar el borrador.' },
            for: values,
          }),
      );
    }, 500);
    return () => clearTimeout(timer);
  }, [values, draftKey, enabled]);
  if (status.status.state === 'idle' || status.for === values) return status.status;
  return { state: 'saving' };
}
