// What an answer to a create request means for the ledger, from the contract's tables ("7. Create,
// sign and send DSE" responses; "6. Create FE"; "Errors"). Pure: no I/O, table-tested.
import { DseCreateEnvelope, FeCreateResponse, isTerminalDseState } from '../../shared/api';
import type { DocumentKind } from '../../shared/rpc/methods/submissions';
import { classifyAnswer } from '../api/errors';
import type { ApiAnswer, TransportFailure } from '../api/http';
import type { Outcome } from './ledger';

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

export function outcomeOfAnswer(answer: ApiAnswer, context: AnswerContext): Outcome {
  const base = { httpStatus: answer.status, responseBody: context.sanitisedBody };
  if (answer.status === 409) {
    const error = classifyAnswer(answer, 'write', context.companyId);
    return { ...base, state: 'conflict', error: { code: error.code, message: error.message } };
  }
  const success = context.kind === 'DSE' ? dseOutcome(answer) : feOutcome(answer);
  if (success) return { ...base, ...success };

  const error = classifyAnswer(answer, 'write', context.companyId);
  const shown = { code: error.code, message: error.message };
  if (answer.status === 422) {
    const document = context.kind === 'DSE' ? documentOf(answer.body) : feDocumentOf(answer.body);
    return { ...base, state: 'rejected', error: shown, ...document };
  }
  if ([400, 401, 403, 404].includes(answer.status)) {
    // Nothing was created by this request; but if an earlier attempt may have created the document,
    // refusing now proves nothing, so the submission stays open and shows why it is stuck.
    return { ...base, state: context.mayExist ? 'in_doubt' : 'failed', error: shown };
  }
  return { ...base, state: 'in_doubt', error: { code: 'api_uncertain', message: IN_DOUBT_MESSAGE } };
}

export function outcomeOfTransport(failure: TransportFailure): Outcome {
  return {
    state: 'in_doubt',
    httpStatus: null,
    responseBody: null,
    error: {
      code: failure.kind === 'unreachable' ? 'api_unreachable' : 'api_uncertain',
      message:
        failure.kind === 'unreachable'
          ? 'No se pudo conectar con el servicio de facturación. Se reintentará con la misma clave.'
          : IN_DOUBT_MESSAGE,
    },
  };
}

type Partial = Omit<Outcome, 'httpStatus' | 'responseBody'>;

/** DSE 201, 200 (replay), 202 (reservation) and 502 with `pending` true. */
function dseOutcome(answer: ApiAnswer): Partial | null {
  const parsed = DseCreateEnvelope.safeParse(answer.body);
  const envelope = parsed.success ? parsed.data : null;
  if (answer.status === 201 || answer.status === 200) {
    if (!envelope?.ok || !envelope.documento) return null;
    const estado = envelope.documento.estado_dian;
    const state = estado === 'aceptado' ? 'accepted' : estado === 'rechazado' ? 'rejected' : 'pending';
    return { state, error: state === 'rejected' ? rejectedError() : null, ...documentOf(answer.body) };
  }
  if (answer.status === 202 && envelope?.pending) {
    // A reservation without a terminal document. When it carries the document, its id is kept and the
    // document is followed by id (endpoint 8); else ask again later with the same key and bytes.
    return { state: 'pending', error: null, estadoDian: envelope.request_status ?? 'creating', ...documentOf(answer.body) };
  }
  if (answer.status === 502 && envelope?.pending && envelope.documento) {
    const estado = envelope.documento.estado_dian;
    if (isTerminalDseState(estado)) return null;
    return { state: 'pending', error: null, ...documentOf(answer.body) };
  }
  return null;
}

/** FE 2xx: created/processed; the outcome is read from `ok`, `estado` and the returned fields. */
function feOutcome(answer: ApiAnswer): Partial | null {
  if (answer.status < 200 || answer.status > 299) return null;
  const parsed = FeCreateResponse.safeParse(answer.body);
  if (!parsed.success || !parsed.data.ok) return null;
  const state = feStateOf(parsed.data.estado);
  return { state, error: state === 'rejected' ? rejectedError() : null, ...feDocumentOf(answer.body) };
}

/** FE answers carry the invoice at the top level (`factura_id`, `cufe`, `estado`); a number when given. */
function feDocumentOf(body: unknown): Pick<Outcome, 'documentId' | 'documentNumber' | 'fiscalKey' | 'estadoDian'> {
  const fields = (body ?? {}) as Record<string, unknown>;
  const out: Pick<Outcome, 'documentId' | 'documentNumber' | 'fiscalKey' | 'estadoDian'> = {};
  if (typeof fields.factura_id === 'number') out.documentId = fields.factura_id;
  if (typeof fields.cufe === 'string' && fields.cufe) out.fiscalKey = fields.cufe;
  if (typeof fields.estado === 'string') out.estadoDian = fields.estado;
  if (typeof fields.prefijo === 'string' && typeof fields.consecutivo === 'number') out.documentNumber = `${fields.prefijo}${fields.consecutivo}`;
  return out;
}

/** FE states beyond `aceptado` are "not shown"; anything not terminal is kept pending and re-read. */
export function feStateOf(estado: string): 'accepted' | 'rejected' | 'pending' {
  const normalised = estado.trim().toLowerCase();
  if (normalised === 'aceptado' || normalised === 'aprobado') return 'accepted';
  if (normalised === 'rechazado') return 'rejected';
  return 'pending';
}

function rejectedError(): { code: string; message: string } {
  return { code: 'api_rejected', message: 'La DIAN rechazó el documento. No se enviará de nuevo con otra clave.' };
}

/** The document fields any DSE envelope carries (replay and 502 carry only some). */
export function documentOf(body: unknown): Pick<Outcome, 'documentId' | 'documentNumber' | 'fiscalKey' | 'estadoDian'> {
  const doc = (body as { documento?: Record<string, unknown> } | null)?.documento;
  if (!doc || typeof doc !== 'object') return {};
  const out: Pick<Outcome, 'documentId' | 'documentNumber' | 'fiscalKey' | 'estadoDian'> = {};
  if (typeof doc.id === 'number') out.documentId = doc.id;
  if (typeof doc.estado_dian === 'string') out.estadoDian = doc.estado_dian;
  if (typeof doc.cuds === 'string' && doc.cuds) out.fiscalKey = doc.cuds;
  if (typeof doc.prefijo === 'string' && typeof doc.consecutivo === 'number') out.documentNumber = `${doc.prefijo}${doc.consecutivo}`;
  return out;
}
