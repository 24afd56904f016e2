// "Corregir y enviar de nuevo" of a rejected DSE: a new draft with the rejected document's supplier,
// lines, payment and withholdings (from the exact request this app sent) and a new Idempotency-Key.
// The rejected document is not touched: it stays in the Historial, linked to its correction.
import type { CorrectionSide } from '#shared/rpc/methods/dse-corrections';
import { OPEN_SUBMISSION_STATES } from '#shared/rpc/methods/submissions';
import { invoke } from '#renderer/rpc/client';
import { formFromRequest } from './model/from-request';
import { newIdempotencyKey } from './model/keys';
import { draftData, type DseDraftState } from './useDseDraft';

/** Whether the saved DSE draft holds work not yet sent that a correction would replace. */
export async function unsentDraftExists(): Promise<boolean> {
  const draft = await invoke('drafts.get', { kind: 'DSE' });
  if (!draft) return false;
  const data = draft.data as {
    submission_id?: unknown;
    values?: { items?: { descripcion?: string; precio_unitario?: string }[]; proveedor?: { nit?: string } };
  };
  if (typeof data.submission_id === 'number') return false;
  const values = data.values;
  return Boolean(
    values?.proveedor?.nit?.trim() || values?.items?.some((i) => i.descripcion?.trim() || i.precio_unitario?.trim()),
  );
}

/** Builds and saves the correction draft; the DSE form opens on it. */
export async function startCorrection(submissionId: number): Promise<DseDraftState> {
  const start = await invoke('dseCorrections.start', { submission_id: submissionId });
  const state: DseDraftState = {
    values: formFromRequest(start.request),
    key: newIdempotencyKey(),
    submissionId: null,
    corrects: { submission_id: start.rejected.submission_id, number: start.rejected.number, reason: start.reason },
  };
  await invoke('drafts.save', { kind: 'DSE', idempotency_key: state.key, data: draftData(state) });
  return state;
}

export const REPLACE_DRAFT_QUESTION =
  'El formulario de documentos soporte tiene un documento sin emitir. ¿Reemplazarlo por la corrección? Lo escrito en él se perderá.';

/** A correction on its way or accepted: the rejected document is not offered for correction again (core refuses it too). */
export function standingCorrection(sides: readonly CorrectionSide[]): CorrectionSide | null {
  return sides.find((side) => side.state === 'accepted' || OPEN_SUBMISSION_STATES.includes(side.state)) ?? null;
}
