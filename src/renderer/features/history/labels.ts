// Spanish names of the Historial's state filters and of document kinds (the states themselves:
// shared/estados.ts). The filter offers states by meaning; the DSE's own steps (firmado, enviándose…)
// are one meaning to a bookkeeper, "on its way", and stay valid in the RPC only for older callers.
import { estadoLabel } from '#shared/estados';
import type { HistoryStateFilter } from '#shared/rpc/methods/history';

export const STATE_FILTER_OPTIONS: { value: HistoryStateFilter; label: string }[] = [
  { value: 'aceptado', label: `${estadoLabel('aceptado')} (con o sin notificaciones)` },
  { value: 'aceptado_con_notificaciones', label: estadoLabel('aceptado_con_notificaciones') },
  { value: 'rechazado', label: estadoLabel('rechazado') },
  { value: 'en_curso', label: 'En proceso / pendiente' },
  { value: 'en_verificacion', label: 'En verificación (estado que la aplicación no reconoce)' },
];

export function kindLabel(kind: 'FE' | 'DSE'): string {
  return kind === 'FE' ? 'Factura' : 'Doc. soporte';
}
