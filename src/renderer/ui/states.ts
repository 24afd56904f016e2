// The Spanish names of states on screen: a document's state at the DIAN (its table in shared/estados.ts)
// (`estado_dian`, as the contract and the sandbox spell it) and a submission's state in the ledger.
// No raw state reaches a screen: an unknown one is shown as the server wrote it, "en verificación".
import type { SubmissionState } from '#shared/rpc/methods/submissions';

import { estadoDetail, isAcceptedEstado } from '#shared/estados';

export { estadoDetail, estadoLabel, isAcceptedEstado } from '#shared/estados';

export function estadoTone(estado: string): 'ok' | 'error' | 'warn' {
  return isAcceptedEstado(estado) ? 'ok' : estado === 'rechazado' ? 'error' : 'warn';
}

export const SUBMISSION_STATE_LABELS: Record<SubmissionState, string> = {
  sending: 'Enviando',
  in_doubt: 'Sin confirmar',
  pending: 'Esperando a la DIAN',
  accepted: 'Aceptado',
  rejected: 'Rechazado',
  failed: 'No enviado',
  conflict: 'Conflicto de clave',
};

/** What a submission is at, in a sentence: the DIAN's state when known, else the ledger's. */
export function submissionStateDetail(s: { estado_dian: string | null; state: SubmissionState }): string {
  if (s.estado_dian) return estadoDetail(s.estado_dian);
  return s.state === 'in_doubt' ? 'sin respuesta confirmada' : SUBMISSION_STATE_LABELS[s.state].toLowerCase();
}
