// Spanish names of the Historial's state filters and of document kinds (the states themselves: ui/states.ts).
import type { HistoryStateFilter } from '../../../shared/rpc/methods/history';

export const STATE_FILTER_OPTIONS: { value: HistoryStateFilter; label: string }[] = [
  { value: 'aceptado', label: 'Aceptado (también con notificaciones)' },
  { value: 'rechazado', label: 'Rechazado' },
  { value: 'pendiente', label: 'Pendiente (cualquier estado no final)' },
  { value: 'firmado', label: 'DSE: firmado' },
  { value: 'sending', label: 'DSE: enviándose' },
  { value: 'enviado', label: 'DSE: enviado' },
  { value: 'en_proceso', label: 'DSE: en proceso' },
  { value: 'en_proceso_http', label: 'DSE: en proceso (transporte)' },
  { value: 'send_unknown', label: 'DSE: envío sin confirmar' },
];

export function kindLabel(kind: 'FE' | 'DSE'): string {
  return kind === 'FE' ? 'Factura' : 'Doc. soporte';
}
