// What a document's state means, whatever the server's spelling ("States and transitions": the
// complete list of FE values is not shown; DSE has a table). A Spanish-speaking provider may write
// `Aceptada`, `RECHAZADA` or `en proceso`; they mean what `aceptado`, `rechazado`, `en_proceso` mean.
// Only an explicit acceptance is ever "accepted"; a value nobody knows stays visible as it was
// written, "en verificación", and is polled a bounded number of times.

import { IN_PROGRESS_ESTADOS } from '#shared/estados';
import { OPEN_SUBMISSION_STATES } from '#shared/rpc/methods/submissions';

/** The ledger's open states (shared/rpc/methods/submissions.ts) as an SQL list: `IN ${OPEN_STATES_SQL}`. */
export const OPEN_STATES_SQL = `(${OPEN_SUBMISSION_STATES.map((state) => `'${state}'`).join(', ')})`;

export type StateMeaning = 'accepted' | 'rejected' | 'in_progress' | 'unknown';

/**
 * The stored value of an acceptance with notices (DIAN accepted the document and attached
 * notifications): it counts as accepted everywhere, and screens name it apart.
 */
export const ACCEPTED_WITH_NOTICES = 'aceptado_con_notificaciones';
/** Every stored value that means accepted, and the same as an SQL list: `IN ${ACCEPTED_ESTADOS_SQL}`. */
export const ACCEPTED_ESTADOS = ['aceptado', ACCEPTED_WITH_NOTICES] as const;
export const ACCEPTED_ESTADOS_SQL = `(${ACCEPTED_ESTADOS.map((s) => `'${s}'`).join(', ')})`;
/** Every stored value that is final (accepted in any form, or rejected), as an SQL list. */
export const FINAL_ESTADOS_SQL = `(${[...ACCEPTED_ESTADOS, 'rechazado'].map((s) => `'${s}'`).join(', ')})`;

/** Lower case, no accents, words joined by `_`: `En Proceso` -> `en_proceso`. */
export function normaliseEstado(raw: string): string {
  return raw
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_./-]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

// Meanings are read from the words of the state, in the spellings providers use (Spanish and
// English, masculine and feminine, singular and plural, with accents, spaces, hyphens or `_`).
const ACCEPTED_WORD = '(?:aceptad[oa]s?|aprobad[oa]s?|validad[oa]s?|accepted|approved|valid)';
const NOTICES =
  '(?:notificacion(?:es)?|observacion(?:es)?|advertencias?|alertas?|avisos?|notices?|notifications?|warnings?|observations?)';
const ACCEPTED = new RegExp(`^(?:documento_|dian_|estado_)?${ACCEPTED_WORD}(?:_(?:por_(?:la_)?dian|by_dian|dian))?$`);
const ACCEPTED_NOTICES = new RegExp(
  `^(?:documento_|dian_)?${ACCEPTED_WORD}(?:_(?:por_(?:la_)?dian|by_dian|dian))?_(?:con|with)(?:_(?:las|los|algunas|algunos))?_${NOTICES}$`,
);
const REJECTED = new RegExp(
  '^(?:documento_|dian_|estado_)?(?:rechazad[oa]s?|rejected|denied|declined|no_aceptad[oa]|no_aprobad[oa]|not_accepted|invalid[oa]?)' +
    '(?:_(?:por_(?:la_)?dian|by_dian|dian))?$',
);
/** The stored forms of a known state on its way (their one list, named for the shop, in shared/estados.ts). */
const IN_PROGRESS = new Set(IN_PROGRESS_ESTADOS);

/** Every stored value of a known state on its way (canonicalEstado keeps these spellings), as a list and in SQL. */
export { IN_PROGRESS_ESTADOS };
export const IN_PROGRESS_ESTADOS_SQL = `(${IN_PROGRESS_ESTADOS.map((s) => `'${s}'`).join(', ')})`;

/** A pending word in its masculine singular form (`Enviada` -> `enviado`, `pendientes` -> `pendiente`). */
function inProgressForm(estado: string): string | undefined {
  if (IN_PROGRESS.has(estado)) return estado;
  for (const candidate of [estado.replace(/s$/, ''), estado.replace(/a$/, 'o'), estado.replace(/as$/, 'o')]) {
    if (IN_PROGRESS.has(candidate)) return candidate;
  }
  return undefined;
}

export function meaningOfEstado(raw: string | null | undefined): StateMeaning {
  if (typeof raw !== 'string' || raw.trim() === '') return 'unknown';
  const estado = normaliseEstado(raw);
  if (ACCEPTED.test(estado) || ACCEPTED_NOTICES.test(estado)) return 'accepted';
  if (REJECTED.test(estado)) return 'rejected';
  if (inProgressForm(estado) !== undefined) return 'in_progress';
  return 'unknown';
}

/** Whether a state is an acceptance with notices (also the stored `aceptado_con_notificaciones`). */
export function hasNotices(raw: string | null | undefined): boolean {
  return typeof raw === 'string' && ACCEPTED_NOTICES.test(normaliseEstado(raw));
}

/**
 * The value stored for a state: a known one in the contract's own spelling (so filters, badges and
 * the terminal checks see one `rechazado`), an acceptance with notices as `aceptado_con_notificaciones`,
 * an unknown one exactly as the server wrote it (kept for support).
 */
export function canonicalEstado(raw: string): string {
  const meaning = meaningOfEstado(raw);
  if (meaning === 'accepted') return hasNotices(raw) ? ACCEPTED_WITH_NOTICES : 'aceptado';
  if (meaning === 'rejected') return 'rechazado';
  if (meaning === 'in_progress') return inProgressForm(normaliseEstado(raw))!;
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

/** A pending outcome whose state nobody knows: the only one boundUnknownState changes (its `checks` is read for it alone). */
export function isUnknownState<O extends { state: string; estadoDian?: string }>(
  outcome: O,
): outcome is O & { estadoDian: string } {
  return outcome.state === 'pending' && outcome.estadoDian !== undefined && meaningOfEstado(outcome.estadoDian) === 'unknown';
}

/**
 * A pending outcome whose state nobody knows: visible "en verificación" with a clear message, and
 * polled only until the submission has had UNKNOWN_STATE_MAX_CHECKS checks; then only on request.
 * `checks` is the ledger's count of scheduled checks so far (-1 before the first).
 */
export function boundUnknownState<
  O extends { state: string; estadoDian?: string; error: { code: string; message: string } | null; stopPolling?: boolean },
>(outcome: O, checks: number): O & { stopPolling?: boolean } {
  if (!isUnknownState(outcome)) return outcome;
  const stop = checks + 2 >= UNKNOWN_STATE_MAX_CHECKS;
  return {
    ...outcome,
    stopPolling: stop,
    error: { code: 'api_state_unknown', message: unknownStateMessage(outcome.estadoDian, stop) },
  };
}
