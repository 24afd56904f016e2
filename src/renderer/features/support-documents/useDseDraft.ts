// The DSE draft in core (drafts.get/save/discard, kind 'DSE'): the form's values, the Idempotency-Key
// created once for the document, and the submission once it was sent. Closing the app loses nothing.
import { useCallback, useEffect, useState } from 'react';
import { useDraftAutosave, useDraftStatus } from '#renderer/forms/useDraftAutosave';
import { invoke, RpcClientError } from '#renderer/rpc/client';
import { emptyForm, formFromDraft, type DseFormValues } from './model/form-values';
import { newIdempotencyKey } from './model/keys';

/** The rejected DSE a draft corrects: shown above the form and linked when it is sent. */
export interface CorrectionOf {
  submission_id: number;
  number: string | null;
  reason: string | null;
}

export interface DseDraftState {
  values: DseFormValues;
  key: string;
  submissionId: number | null;
  corrects?: CorrectionOf | null;
}

function correctionOf(value: unknown): CorrectionOf | null {
  const v = value as Partial<CorrectionOf> | null | undefined;
  return v && typeof v.submission_id === 'number'
    ? {
        submission_id: v.submission_id,
        number: typeof v.number === 'string' ? v.number : null,
        reason: typeof v.reason === 'string' ? v.reason : null,
      }
    : null;
}

/** What a draft saves: the values, the submission once sent, and the document it corrects. */
export function draftData(state: DseDraftState): Record<string, unknown> {
  return {
    values: state.values as unknown as Record<string, unknown>,
    submission_id: state.submissionId,
    corrects: state.corrects ?? null,
  };
}

export type DraftLoad =
  { status: 'loading' } | { status: 'ready'; draft: DseDraftState } | { status: 'error'; message: string; noConnection: boolean };

const SAVE_DELAY_MS = 400;

async function fetchDraft(): Promise<DraftLoad> {
  try {
    const draft = await invoke('drafts.get', { kind: 'DSE' });
    const data = (draft?.data ?? {}) as { values?: Record<string, unknown>; submission_id?: unknown; corrects?: unknown };
    let submissionId = typeof data.submission_id === 'number' ? data.submission_id : null;
    if (draft && submissionId === null) {
      // The app may have stopped between sending and saving the answer: what the ledger knows of this
      // key is shown (accepted, pending, in doubt), never a form that invites a second submission.
      const known = await invoke('submissions.byKey', { kind: 'DSE', key: draft.idempotency_key });
      if (known && known.state !== 'failed') submissionId = known.id;
    }
    return {
      status: 'ready',
      draft: draft
        ? {
            values: formFromDraft(data.values ?? {}),
            key: draft.idempotency_key,
            submissionId,
            corrects: correctionOf(data.corrects),
          }
        : { values: emptyForm(), key: newIdempotencyKey(), submissionId: null },
    };
  } catch (error) {
    const code = error instanceof RpcClientError ? error.code : 'internal';
    return {
      status: 'error',
      noConnection: code === 'no_connection',
      message:
        code === 'no_connection'
          ? 'No hay una conexión activa. Configure la conexión con el servicio de facturación en Ajustes.'
          : `No se pudo abrir el borrador: ${error instanceof Error ? error.message : 'error desconocido'}. Cierre y vuelva a abrir la pantalla.`,
    };
  }
}

/**
 * The DSE screen's draft: loaded once (with what the ledger knows of its key), then saved through the
 * shared autosave (src/renderer/forms/useDraftAutosave.ts); leaving the screen writes what waits.
 */
export function useDseDraft() {
  const [load, setLoad] = useState<DraftLoad>({ status: 'loading' });
  const autosave = useDraftAutosave('DSE', { delayMs: SAVE_DELAY_MS, flushOnUnmount: true });
  const { saveLater: later, saveNow: now, discard: drop, cancel } = autosave;
  const status = useDraftStatus(autosave);

  useEffect(() => {
    let live = true;
    void fetchDraft().then((next) => {
      if (live) setLoad(next);
    });
    return () => {
      live = false;
    };
  }, []);

  /** Saves soon (the user is typing). */
  const saveLater = useCallback((state: DseDraftState) => later(state.key, () => draftData(state)), [later]);

  /** Saves now (before submitting, after the answer): the key is on disk before anything is sent. */
  const saveNow = useCallback((state: DseDraftState) => now(state.key, draftData(state)), [now]);

  const discard = useCallback(async () => {
    await drop();
    setLoad({ status: 'ready', draft: { values: emptyForm(), key: newIdempotencyKey(), submissionId: null } });
  }, [drop]);

  /** Another draft takes the form's place (a correction of a rejected document), already saved. */
  const replace = useCallback(
    (state: DseDraftState) => {
      cancel();
      setLoad({ status: 'ready', draft: state });
    },
    [cancel],
  );

  const saveError =
    status.state === 'error'
      ? `El borrador no se pudo guardar: ${status.message}. No cierre la aplicación hasta enviar el documento.`
      : null;
  return { load, saveLater, saveNow, discard, replace, saveError };
}
