// What an answer to a create request means for the ledger, from the contract's tables ("7. Create,
// sign and send DSE" responses; "6. Create FE"; "Errors"). Pure: no I/O, table-tested.
import type { DocumentKind } from '#shared/rpc/methods/submissions';
import { readDianRejection } from '#shared/api/dian';
import { submissionFieldErrors } from '#shared/api/field-errors';
import { classifyAnswer, isTaxAuthorityRejection } from '../api/errors';
import type { ApiAnswer, TransportFailure } from '../api/http';
import { readDsePartial, type DsePartial } from '../api/readers';
import { findRecord, integerOf, isObject, textOf } from '../api/records';
import type { Outcome, SubmissionRow } from './ledger';
import { canonicalEstado, ledgerStateOf } from './states';

export interface AnswerContext {
  kind: DocumentKind;
  companyId: number;
  /**
   * Whether an earlier attempt of this submission may have reached the server. Then a refusal
   * (400/401/403/404) does not prove that no document exists, so the submission stays in doubt.
   */
  mayExist: boolean;
  /** The answer's body, already sanitised for storage. */
  sanitisedBody: string | null;
}

const IN_DOUBT_MESSAGE = 'No se sabe aún si el documento llegó. Se confirmará con la misma clave, sin crear un duplicado.';
/** What the cashier must know of any doubt: it settles by itself, and the sale must not be made again. */
const SETTLES =
  'No se sabe si el documento alcanzó a llegar: Factura Desk lo confirmará solo, con la misma clave, sin crear un duplicado. ' +
  'No repita la venta; puede seguir vendiendo.';

/** What happened, in the shop's words, when a create request ended in doubt. */
export function inDoubtMessage(cause: { status: number } | { transport: 'timeout' | 'dropped' }): string {
  if ('transport' in cause) {
    return cause.transport === 'timeout'
      ? `El servicio de facturación no respondió a tiempo. ${SETTLES}`
      : `Se cortó la conexión con el servicio de facturación mientras se enviaba el documento. ${SETTLES}`;
  }
  if (cause.status === 429) return `El servicio de facturación pidió esperar (recibe demasiadas solicitudes). ${SETTLES}`;
  if (cause.status === 502 || cause.status === 503 || cause.status === 504)
    return `El servicio de facturación no está disponible en este momento (HTTP ${cause.status}). ${SETTLES}`;
  if (cause.status >= 500) return `El servicio de facturación tuvo un error interno (HTTP ${cause.status}). ${SETTLES}`;
  return IN_DOUBT_MESSAGE;
}

/**
 * The server says it already has this key: an FE `draft_key` is unique per company, so a 409 to an FE
 * names an invoice that exists; a 4xx to a resent key may be the server's way of saying the same.
 */
const KEY_ALREADY_USED =
  'El servicio indica que ya recibió un documento con esta misma clave de envío: la venta ya pudo quedar emitida. ' +
  'No repita la venta. Factura Desk lo sigue confirmando con la misma clave; si no se confirma, búsquela en el portal de su proveedor.';

export function outcomeOfAnswer(answer: ApiAnswer, context: AnswerContext): Outcome {
  const base = { httpStatus: answer.status, responseBody: context.sanitisedBody };
  // The service answered, but more than the client reads (api/http.ts): whatever it did is unknown,
  // never "not sent" (its status is recorded, so it never becomes contingency) and never "failed":
  // in doubt, confirmed later with the same key.
  if (answer.oversized) {
    return {
      ...base,
      state: 'in_doubt',
      error: { code: 'api_uncertain', message: `${answer.oversized.message} ${IN_DOUBT_MESSAGE}` },
    };
  }
  if (answer.status === 409 || (answer.status === 400 && context.mayExist)) {
    // A key the server already holds is never a failure: the document it names is read back by id; a
    // key it holds without naming the document stays in doubt, saying not to sell again.
    const named = context.kind === 'DSE' ? documentOf(answer.body) : feDocumentOf(answer.body);
    if (named.documentId !== undefined && (context.kind === 'FE' || context.mayExist))
      return { ...base, state: 'pending', error: null, ...named, estadoDian: named.estadoDian ?? 'en_proceso' };
    if (answer.status === 409 && (context.kind === 'FE' || context.mayExist))
      return { ...base, state: 'in_doubt', error: { code: 'api_uncertain', message: KEY_ALREADY_USED } };
  }
  if (answer.status === 409) {
    const error = classifyAnswer(answer, 'write', context.companyId);
    return { ...base, state: 'conflict', error: { code: error.code, message: error.message } };
  }
  const success = context.kind === 'DSE' ? dseOutcome(answer) : feOutcome(answer);
  if (success) return { ...base, ...success, ...(success.state === 'rejected' ? rejectionOf(answer.body) : {}) };

  const error = classifyAnswer(answer, 'write', context.companyId);
  const shown = { code: error.code, message: error.message };
  if (answer.status === 422 && isTaxAuthorityRejection(answer.body)) {
    const document = context.kind === 'DSE' ? documentOf(answer.body) : feDocumentOf(answer.body);
    return { ...base, state: 'rejected', error: shown, ...document, ...rejectionOf(answer.body) };
  }
  // A 422 that is not the tax authority's verdict is a framework refusing the request: like a 400.
  if ([400, 401, 403, 404, 422].includes(answer.status)) {
    // Nothing was created by this request; but if an earlier attempt may have created the document,
    // refusing now proves nothing, so the submission stays open and shows why it is stuck.
    // The fields a 400 names are read here, from the whole parsed body: the stored copy is cut.
    const fieldErrors = answer.status === 400 || answer.status === 422 ? submissionFieldErrors(answer.body) : [];
    return {
      ...base,
      state: context.mayExist ? 'in_doubt' : 'failed',
      // A resend refused: the first attempt may have created the document, so the cashier is told not
      // to sell again (never «corrija los datos», which invites a new sale).
      error: context.mayExist ? { code: 'api_uncertain', message: refusedResend(serverSaid(error)) } : shown,
      ...(fieldErrors.length > 0 ? { fieldErrors } : {}),
    };
  }
  return { ...base, state: 'in_doubt', error: { code: 'api_uncertain', message: inDoubtMessage({ status: answer.status }) } };
}

export function outcomeOfTransport(failure: TransportFailure): Outcome {
  return {
    state: 'in_doubt',
    httpStatus: null,
    responseBody: null,
    unreachable: failure.kind === 'unreachable',
    error: {
      code: failure.kind === 'unreachable' ? 'api_unreachable' : 'api_uncertain',
      message: failure.tls
        ? `${failure.tls.message} Se reintentará con la misma clave.`
        : failure.kind === 'unreachable'
          ? 'No se pudo conectar con el servicio de facturación. Se reintentará con la misma clave.'
          : inDoubtMessage({ transport: failure.kind }),
    },
  };
}

/** The server's own words of a refusal, when it gave any. */
function serverSaid(error: { details?: Record<string, unknown> | undefined }): string | null {
  const server = error.details?.server;
  return typeof server === 'string' && server.trim() !== '' ? server.trim().replace(/\.$/, '') : null;
}

function refusedResend(server: string | null): string {
  return (
    `El servicio rechazó el reenvío de este documento${server ? ` («${server}»)` : ''}, pero el primer envío pudo haberlo creado. ` +
    'No repita la venta: Factura Desk lo sigue confirmando con la misma clave; si no se confirma, búsquelo en el portal de su proveedor.'
  );
}

type Partial = Omit<Outcome, 'httpStatus' | 'responseBody'>;
type DocumentFields = Pick<Outcome, 'documentId' | 'documentNumber' | 'fiscalKey' | 'estadoDian'>;

/** DSE 201, 200 (replay), 202 (reservation) and 502 with a document. */
function dseOutcome(answer: ApiAnswer): Partial | null {
  const body = isObject(answer.body) ? answer.body : null;
  const documento = readDsePartial(body?.documento);
  if (answer.status === 201 || answer.status === 200) {
    // The document may be partial (replay), or carry `zip_key: null` or another loose field: only
    // its id and state are needed. Without them, nothing is known: resend with the same key.
    if (!documento || body?.ok === false) return null;
    const state = ledgerStateOf(documento.estado_dian);
    return { state, error: state === 'rejected' ? rejectedError() : null, ...documentFields(documento) };
  }
  if (answer.status === 202) {
    // A reservation without a terminal document. When it carries the document, its id is kept and the
    // document is followed by id (endpoint 8); else ask again later with the same key and bytes.
    const requestStatus = typeof body?.request_status === 'string' && body.request_status ? body.request_status : 'creating';
    return { state: 'pending', error: null, ...(documento ? documentFields(documento) : { estadoDian: requestStatus }) };
  }
  if (answer.status === 502 && documento) {
    // "Persist the document id; do not create another key; query endpoint 8": whatever state the
    // uncertain answer carries, even a final one, the service confirms it there.
    return { state: 'pending', error: null, ...documentFields(documento) };
  }
  return null;
}

/**
 * FE 2xx: "created/processed"; the outcome is read from `ok`, `estado` and the returned fields. A
 * 2xx whose state means rejected is rejected, even with `ok: false`; an acceptance needs `ok` not
 * false; any other state with a `factura_id` is pending (the detail endpoint tells the rest).
 */
function feOutcome(answer: ApiAnswer): Partial | null {
  if (answer.status < 200 || answer.status > 299) return null;
  const fields = feDocumentOf(answer.body);
  const ok = isObject(answer.body) ? answer.body.ok : undefined;
  const state = ledgerStateOf(fields.estadoDian);
  if (state === 'rejected') return { state, error: rejectedError(), ...fields };
  if (state === 'accepted' && ok !== false) return { state, error: null, ...fields };
  if (fields.documentId === undefined) return null;
  return { state: 'pending', error: null, ...fields };
}

/**
 * The invoice in an FE answer: at the top level by contract (`factura_id`, `cufe`, `estado`), or in
 * a nested object a server may wrap it in; the number when given as `prefijo`+`consecutivo` or `numero`.
 */
function feDocumentOf(body: unknown): DocumentFields {
  const fields = findRecord(
    body,
    (r) => integerOf(r.factura_id) !== undefined || typeof r.estado === 'string' || typeof r.estado_dian === 'string',
  );
  const out: DocumentFields = {};
  if (!fields) return out;
  const id = integerOf(fields.factura_id);
  if (id !== undefined) out.documentId = id;
  if (typeof fields.cufe === 'string' && fields.cufe) out.fiscalKey = fields.cufe;
  const estado = [fields.estado_dian, fields.estado].find((v): v is string => typeof v === 'string' && v.trim() !== '');
  if (estado !== undefined) out.estadoDian = canonicalEstado(estado);
  const prefijo = textOf(fields.prefijo);
  const consecutivo = integerOf(fields.consecutivo);
  const numero = textOf(fields.numero);
  if (prefijo !== undefined && consecutivo !== undefined) out.documentNumber = `${prefijo}${consecutivo}`;
  else if (numero) out.documentNumber = numero;
  return out;
}

/** The rules a rejection names, as data from the answer's `dian` object, when it has one. */
function rejectionOf(body: unknown): Pick<Outcome, 'rejection'> {
  const rejection = readDianRejection(body);
  return rejection ? { rejection } : {};
}

function rejectedError(): { code: string; message: string } {
  return { code: 'api_rejected', message: 'La DIAN rechazó el documento. No se enviará de nuevo con otra clave.' };
}

function documentFields(doc: DsePartial): DocumentFields {
  const out: DocumentFields = { documentId: doc.id, estadoDian: doc.estado_dian };
  if (doc.cuds) out.fiscalKey = doc.cuds;
  if (doc.prefijo !== undefined && doc.consecutivo !== undefined) out.documentNumber = `${doc.prefijo}${doc.consecutivo}`;
  return out;
}

/** The document fields any DSE envelope carries (replay, 422 and 502 carry only some; a 422 perhaps none). */
export function documentOf(body: unknown): DocumentFields {
  const doc = readDsePartial(isObject(body) ? body.documento : undefined);
  return doc ? documentFields(doc) : {};
}

/** What the ledger must know of a submission to tell whether anything of it was ever sent. */
export type SentEvidence = Pick<SubmissionRow, 'state' | 'attempts' | 'unreachable_attempts' | 'document_id' | 'http_status'>;

/**
 * Whether the ledger proves that no byte of this submission ever reached the server: it is in doubt,
 * has no document and no HTTP answer, and every attempt it made (none, for one queued behind others)
 * ended with the address refused or unresolvable. A crash while sending, a time-out, a dropped
 * connection or any answer makes this false for ever: such a submission is never created again.
 */
export function nothingSent(row: SentEvidence): boolean {
  return (
    row.state === 'in_doubt' &&
    row.document_id === null &&
    row.http_status === null &&
    row.attempts === (row.unreachable_attempts ?? 0)
  );
}
