// Spanish names of document states and kinds, for badges, filters and the CSV-like views.
import type { HistoryStateFilter } from '../../../shared/rpc/methods/history-view';
import type { SubmissionState } from '../../../shared/rpc/methods/submissions';

const ESTADO_LABELS: Record<string, string> = {
  aceptado: 'Aceptado',
  rechazado: 'Rechazado',
  pendiente: 'Pendiente',
  firmado: 'Firmado',
  sending: 'Enviándose',
  enviado: 'Enviado',
  en_proceso: 'En proceso',
  en_proceso_http: 'En proceso (transporte)',
  send_unknown: 'Envío sin confirmar',
  creating: 'Reservado',
};

/** A state the contract does not name is shown as the server wrote it, "en verificación". */
export function estadoLabel(estado: string): string {
  return ESTADO_LABELS[estado] ?? `En verificación («${estado}»)`;
}

export function estadoTone(estado: string): 'ok' | 'error' | 'warn' {
  return estado === 'aceptado' ? 'ok' : estado === 'rechazado' ? 'error' : 'warn';
}

export const STATE_FILTER_OPTIONS: { value: HistoryStateFilter; label: string }[] = [
  { value: 'aceptado', label: 'Aceptado' },
  { value: 'rechazado', label: 'Rechazado' },
  { value: 'pendiente', label: 'Pendiente (cualquier estado no final)' },
  { value: 'firmado', label: 'DSE: firmado' },
  { value: 'sending', label: 'DSE: enviándose' },
  { value: 'enviado', label: 'DSE: enviado' },
  { value: 'en_proceso', label: 'DSE: en proceso' },
  { value: 'en_proceso_http', label: 'DSE: en proceso (transporte)' },
  { value: 'send_unknown', label: 'DSE: envío sin confirmar' },
];

export const SUBMISSION_STATE_LABELS: Record<SubmissionState, string> = {
  sending: 'Enviando',
  in_doubt: 'En duda',
  pending: 'Pendiente',
  accepted: 'Aceptado',
  rejected: 'Rechazado',
  failed: 'Fallido',
  conflict: 'Conflicto de clave',
};

export function kindLabel(kind: 'FE' | 'DSE'): string {
  return kind === 'FE' ? 'Factura' : 'Doc. soporte';
}
