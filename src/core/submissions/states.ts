// What a document's state means, whatever the server's spelling ("States and transitions": the
// complete list of FE values is not shown; DSE has a table). A Spanish-speaking provider may write
// `Aceptada`, `RECHAZADA` or `en proceso`; they mean what `aceptado`, `rechazado`, `en_proceso` mean.
// Only an explicit acceptance is ever "accepted"; a value nobody knows stays visible as it was
// written, "en verificación", and is polled a bounded number of times.

import { OPEN_SUBMISSION_STATES } from '../../shared/rpc/methods/submissions';

/** The ledger's open states (shared/rpc/methods/submissions.ts) as an SQL list: `IN ${OPEN_STATES_SQL}`. */
export const OPEN_STATES_SQL = `(${OPEN_SUBMISSION_STATES.map((state) => `'${state}'`).join(', ')})`;

export type StateMeaning = 'accepted' | 'rejected' | 'in_progress' | 'unknown';

/** Lower case, no accents, words joined by `_`: `En Proceso` -> `en_proceso`. */
export function normaliseEstado(raw: string): string {
  return raw
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

const ACCEPTED = new Set(['aceptado', 'aceptada', 'aprobado', 'aprobada', 'accepted', 'approved']);
const REJECTED = new Set(['rechazado', 'rechazada', 'rejected']);
/** DSE's table, FE's list filter value `pendiente`, the 202 reservation's `creating`, with their feminine forms. */
const IN_PROGRESS = new Set([
  'firmado',
  'firmada',
  'sending',
  'enviado',
  'enviada',
  'en_proceso',
  'en_proceso_http',
  'send_unknown',
  'pendiente',
  'creating',
]);

export function meaningOfEstado(raw: string | null | undefined): StateMeaning {
  if (typeof raw !== 'string' || raw.trim() === '') return 'unknown';
  const estado = normaliseEstado(raw);
  if (ACCEPTED.has(estado)) return 'accepted';
  if (REJECTED.has(estado)) return 'rejected';
  if (IN_PROGRESS.has(estado)) return 'in_progress';
  return 'unknown';
}

/**
 * The value stored for a state: a known one in the contract's own spelling (so filters, badges and
 * the terminal checks see one `rechazado`), an unknown one exactly as the server wrote it.
 */
export function canonicalEstado(raw: string): string {
  const meaning = meaningOfEstado(raw);
  if (meaning === 'accepted') return 'aceptado';
  if (meaning === 'rejected') return 'rechazado';
  if (meaning === 'in_progress') {
    const estado = normaliseEstado(raw);
    return estado.endsWith('a') && estado !== 'pendiente' ? `${estado.slice(0, -1)}o` : estado;
  }
  return raw.trim();
}

export function isTerminalEstado(raw: string | null | undefined): boolean {
  const meaning = meaningOfEstado(raw);
  return meaning === 'accepted' || meaning === 'rejected';
}

/** How many checks a document in a state nobody knows gets before automatic polling stops. */
export const UNKNOWN_STATE_MAX_CHECKS = 8;

export function unknownStateMessage(estado: string, stopped: boolean): string {
  const shown = estado.trim().slice(0, 60) || '(vacío)';
  return stopped
    ? `En verificación: el servicio informa el estado «${shown}», que Factura Desk no reconoce como aceptado ni rechazado. ` +
        'Se dejó de consultar automáticamente: pulse «Verificar ahora» (o «Consultar ahora») para consultarlo de nuevo. ' +
        'Confirme el estado con su proveedor antes de entregar el documento.'
    : `En verificación: el servicio informa el estado «${shown}», que Factura Desk no reconoce como aceptado ni rechazado. ` +
        'Se seguirá consultando durante un tiempo limitado.';
}

/** The ledger state of a document state: only an acceptance is accepted; anything not final is pending. */
export function ledgerStateOf(estado: string | null | undefined): 'accepted' | 'rejected' | 'pending' {
  const meaning = meaningOfEstado(estado);
  return meaning === 'accepted' ? 'accepted' : meaning === 'rejected' ? 'rejected' : 'pending';
}

/**
 * A pending outcome whose state nobody knows: visible "en verificación" with a clear message, and
 * polled only until the submission has had UNKNOWN_STATE_MAX_CHECKS checks; then only on request.
 * `checks` is the ledger's count of scheduled checks so far (-1 before the first).
 */
export function boundUnknownState<
  O extends { state: string; estadoDian?: string; error: { code: string; message: string } | null; stopPolling?: boolean },
>(outcome: O, checks: number): O & { stopPolling?: boolean } {
  if (outcome.state !== 'pending' || outcome.estadoDian === undefined || meaningOfEstado(outcome.estadoDian) !== 'unknown')
    return outcome;
  const stop = checks + 2 >= UNKNOWN_STATE_MAX_CHECKS;
  return {
    ...outcome,
    stopPolling: stop,
    error: { code: 'api_state_unknown', message: unknownStateMessage(outcome.estadoDian, stop) },
  };
}
