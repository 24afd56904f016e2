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

const ESTADOS: Record<string, EstadoNames> = {
  aceptado: { label: 'Aceptado', detail: 'aceptado' },
  // The DIAN accepted the document and attached notices: valid, counted as accepted everywhere.
  aceptado_con_notificaciones: {
    label: 'Aceptado con notificaciones',
    detail: 'aceptado por la DIAN con notificaciones (el documento es válido)',
  },
  rechazado: { label: 'Rechazado', detail: 'rechazado' },
  pendiente: { label: 'Pendiente', detail: 'pendiente en la DIAN' },
  creating: { label: 'Reservado', detail: 'reservado, creándose' },
  firmado: { label: 'Firmado', detail: 'firmado, antes del envío' },
  sending: { label: 'Enviándose', detail: 'en envío' },
  enviado: { label: 'Enviado', detail: 'enviado, sin resultado aún' },
  en_proceso: { label: 'En proceso', detail: 'en proceso en la DIAN' },
  en_proceso_http: { label: 'En proceso (transporte)', detail: 'resultado del envío pendiente' },
  send_unknown: { label: 'Envío sin confirmar', detail: 'resultado del envío no concluyente' },
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
