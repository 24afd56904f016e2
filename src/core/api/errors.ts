// The contract's error table ("Errors") turned into typed errors with a stable code and a Spanish
// message a shop owner understands. Decisions are taken on the HTTP status, never on message text.
import { fieldErrorList } from '#shared/api/field-errors';
import { AppError } from '#shared/rpc/errors';
import type { ApiAnswer, OversizedAnswer, TransportFailure } from './http';

const SCOPE_NAMES = /\b(?:fe|dse)\.(?:read|write)\b/g;

/** Longest server message shown (a 400 without a field list is shown whole, up to this). */
const SERVER_MESSAGE_MAX = 4000;

/**
 * The server's message: the contract's error envelope has `error`; a server may also say it under
 * `message`/`mensaje`/`detail` (bodies of 400, 404 and 500: "not shown").
 */
export function serverMessage(body: unknown, max = 500): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const fields = body as Record<string, unknown>;
  for (const name of ['error', 'message', 'mensaje', 'detail', 'descripcion']) {
    const value = fields[name];
    if (typeof value === 'string' && value.trim() !== '') return value.trim().slice(0, max);
  }
  return undefined;
}

/**
 * Missing scopes named by a 403 ("Authentication": "insufficient scopes, followed by the missing scope
 * names"). Only used to name them to the user; the code is decided by the status alone.
 */
export function missingScopes(body: unknown): string[] {
  return [...new Set(serverMessage(body)?.match(SCOPE_NAMES) ?? [])];
}

export type Operation = 'read' | 'write';

/** Fields by which an answer speaks of a document or of the tax authority's verdict. */
const VERDICT_FIELDS = [
  'documento',
  'doc',
  'factura_id',
  'cufe',
  'cuds',
  'estado',
  'estado_dian',
  'dian',
  'pending',
  'idempotent',
];

/**
 * Whether a 422 is the tax authority's rejection ("422: DSE processed but classified rejected") or
 * a framework refusing the request before any document (a validation list such as FastAPI's
 * `detail: [{loc, msg}]` or Laravel's `errors: {field: [...]}`). It is a rejection when it names a
 * document or a verdict, or when it is the contract's error envelope (`ok: false`) without a field
 * list; a refusal of the request otherwise. Read operations never submit: their 422 is a refusal.
 */
export function isTaxAuthorityRejection(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const fields = body as Record<string, unknown>;
  if (VERDICT_FIELDS.some((name) => fields[name] !== undefined && fields[name] !== null)) return true;
  return fields.ok === false && fieldErrorList(body).length === 0;
}

/** An HTTP answer that is not a success for the endpoint that was called. */
export function classifyAnswer(answer: ApiAnswer, operation: Operation, companyId: number): AppError {
  // A 400 without a field list is the user's only clue: its message is kept whole.
  // A 422 that is not the tax authority's verdict is a refused request, like a 400.
  const refusal = answer.status === 422 && (operation === 'read' || !isTaxAuthorityRejection(answer.body));
  const whole = (answer.status === 400 || refusal) && fieldErrorList(answer.body).length === 0;
  const server = serverMessage(answer.body, whole ? SERVER_MESSAGE_MAX : 500)?.replace(/\.+$/, '');
  const details = { status: answer.status, ...(server ? { server } : {}) };
  switch (refusal ? 400 : answer.status) {
    case 400:
      return new AppError(
        'api_invalid',
        `El servicio rechazó los datos${server ? `: ${server}` : ''}. Corrija los datos y vuelva a intentarlo.`,
        details,
      );
    case 401:
      return new AppError(
        'api_unauthorized',
        'El token no es válido, venció o fue revocado. Ingrese un token vigente en Ajustes.',
        details,
      );
    case 403: {
      const scopes = missingScopes(answer.body);
      return scopes.length > 0
        ? new AppError(
            'api_forbidden',
            `El token no tiene los permisos necesarios: le falta ${scopes.join(', ')}. Pida a su proveedor un token con esos permisos.`,
            { ...details, scopes },
          )
        : new AppError(
            'api_forbidden',
            `El token no da acceso a la empresa ${companyId}. Revise el número de empresa de la conexión o use el token de esa empresa.`,
            { ...details, scopes: [] },
          );
    }
    case 404:
      return new AppError('api_not_found', 'El documento no existe en esta empresa.', details);
    case 409:
      return new AppError(
        'api_key_conflict',
        'Error interno de Factura Desk: se usó la misma clave de envío con datos distintos. No se reintentó; copie la información de soporte y repórtela.',
        details,
      );
    case 422:
      return new AppError(
        'api_rejected',
        `La DIAN rechazó el documento${server ? `: ${server}` : ''}. No se enviará de nuevo con otra clave; revise los datos y emita un documento nuevo si corresponde.`,
        details,
      );
    case 500:
    case 502:
    case 503:
    case 504:
      return operation === 'write'
        ? uncertain(details)
        : new AppError(
            'api_unexpected',
            'El servicio de facturación tuvo un problema. Intente de nuevo en unos minutos.',
            details,
          );
    default:
      return new AppError('api_unexpected', `El servicio respondió de forma inesperada (HTTP ${answer.status}).`, details);
  }
}

function uncertain(details: Record<string, unknown>): AppError {
  return new AppError(
    'api_uncertain',
    'No se sabe aún si el documento llegó. Factura Desk lo confirmará con la misma clave, sin crear un duplicado.',
    details,
  );
}

/** No HTTP answer at all. */
export function classifyTransport(failure: TransportFailure, operation: Operation): AppError {
  if (operation === 'write' && failure.kind !== 'unreachable') return uncertain({ transport: failure.kind });
  // A refused certificate names its problem and what to do (api/tls-failure.ts), never «revise internet».
  if (failure.tls) {
    return new AppError('api_unreachable', failure.tls.message, {
      transport: failure.kind,
      tls: failure.tls.problem,
      tls_code: failure.tls.code,
    });
  }
  return new AppError(
    'api_unreachable',
    failure.kind === 'timeout'
      ? 'El servicio de facturación no respondió a tiempo. Revise la conexión a internet e intente de nuevo.'
      : 'No se pudo conectar con el servicio de facturación. Revise la conexión a internet y la URL de la conexión.',
    { transport: failure.kind },
  );
}

/** A success status whose body does not have the contract's shape. */
export function unexpectedBody(status: number): AppError {
  return new AppError('api_unexpected', 'El servicio respondió con datos que Factura Desk no reconoce.', { status });
}

/** A read whose answer was larger than the client reads (http.ts): what happened, and what to do. */
export function oversizedRead(status: number, oversized: OversizedAnswer): AppError {
  return new AppError(
    'api_unexpected',
    `${oversized.message} Revise que la dirección de la conexión sea la del servicio de facturación; si lo es, informe a su proveedor.`,
    { status, answer_bytes: oversized.bytes, max_answer_bytes: oversized.limit },
  );
}
