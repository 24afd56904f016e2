// The Spanish names of a document's state at the DIAN (`estado_dian`, as the contract and the sandbox
// spell it, and as core stores it by meaning): one table for the screens (renderer/ui/states.ts) and
// for every file or text core writes (history CSV, the period workbook, the command line). No raw
// state reaches a person: an unknown one is shown as the server wrote it, "en verificación".

interface EstadoNames {
  /** a badge or a column: "En proceso" */
  label: string;
  /** in a sentence ("Estado: …"): "en proceso en la DIAN" */
  detail: string;
}

/**
 * The states a provider may report while a document is on its way, by the stored form
 * core/submissions/states.ts gives them (DSE's table, FE's `pendiente`, the 202's `creating`, and the
 * Spanish and English words providers write for "not yet"): the one list of them, each named for
 * the shop. A state in this list is "en proceso", never "en verificación".
 */
const IN_PROGRESS_NAMES: Record<string, EstadoNames> = {
  firmado: { label: 'Firmado', detail: 'firmado, antes del envío' },
  sending: { label: 'Enviándose', detail: 'en envío' },
  enviado: { label: 'Enviado', detail: 'enviado, sin resultado aún' },
  en_proceso: { label: 'En proceso', detail: 'en proceso en la DIAN' },
  en_proceso_http: { label: 'En proceso (transporte)', detail: 'resultado del envío pendiente' },
  send_unknown: { label: 'Envío sin confirmar', detail: 'resultado del envío no concluyente' },
  pendiente: { label: 'Pendiente', detail: 'pendiente en la DIAN' },
  creating: { label: 'Reservado', detail: 'reservado, creándose' },
  procesando: { label: 'En proceso', detail: 'en proceso en la DIAN' },
  en_procesamiento: { label: 'En proceso', detail: 'en proceso en la DIAN' },
  en_validacion: { label: 'En validación', detail: 'en validación en la DIAN' },
  validando: { label: 'En validación', detail: 'en validación en la DIAN' },
  en_espera: { label: 'En espera', detail: 'en espera, sin resultado aún' },
  en_cola: { label: 'En cola', detail: 'en cola para el envío' },
  recibido: { label: 'Recibido', detail: 'recibido por el proveedor, sin resultado aún' },
  enviando: { label: 'Enviándose', detail: 'en envío' },
  en_envio: { label: 'Enviándose', detail: 'en envío' },
  por_enviar: { label: 'Por enviar', detail: 'por enviar a la DIAN' },
  pending: { label: 'Pendiente', detail: 'pendiente en la DIAN' },
  processing: { label: 'En proceso', detail: 'en proceso en la DIAN' },
  in_progress: { label: 'En proceso', detail: 'en proceso en la DIAN' },
  queued: { label: 'En cola', detail: 'en cola para el envío' },
  received: { label: 'Recibido', detail: 'recibido por el proveedor, sin resultado aún' },
  sent: { label: 'Enviado', detail: 'enviado, sin resultado aún' },
  submitted: { label: 'Enviado', detail: 'enviado, sin resultado aún' },
  signed: { label: 'Firmado', detail: 'firmado, antes del envío' },
};

/** Every stored state of a document on its way (core reads a provider's word into one of these). */
export const IN_PROGRESS_ESTADOS: readonly string[] = Object.keys(IN_PROGRESS_NAMES);

const ESTADOS: Record<string, EstadoNames> = {
  aceptado: { label: 'Aceptado', detail: 'aceptado' },
  // The DIAN accepted the document and attached notices: valid, counted as accepted everywhere.
  aceptado_con_notificaciones: {
    label: 'Aceptado con notificaciones',
    detail: 'aceptado por la DIAN con notificaciones (el documento es válido)',
  },
  rechazado: { label: 'Rechazado', detail: 'rechazado' },
  ...IN_PROGRESS_NAMES,
};

/** "En proceso"; a state the contract does not name: "En verificación («…»)". */
export function estadoLabel(estado: string): string {
  return ESTADOS[estado]?.label ?? `En verificación («${estado}»)`;
}

/** "en proceso en la DIAN", for a sentence. */
export function estadoDetail(estado: string): string {
  return ESTADOS[estado]?.detail ?? `en verificación («${estado}»)`;
}

/** Whether a stored state is an acceptance (plain or with notices: core stores both, states.ts). */
export function isAcceptedEstado(estado: string | null | undefined): boolean {
  return estado === 'aceptado' || estado === 'aceptado_con_notificaciones';
}
