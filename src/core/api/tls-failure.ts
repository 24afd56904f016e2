// A secure connection that could not be made, named for the shop: which problem the service's
// certificate has and what to do about it. Node's error codes are read from the error's cause chain
// (fetch wraps the socket's error); nothing is decided from message text.

export type TlsProblem = 'untrusted' | 'expired' | 'not_yet_valid' | 'wrong_host' | 'self_signed' | 'not_https' | 'invalid';

export interface TlsFailure {
  problem: TlsProblem;
  /** Node's or OpenSSL's code, for support information. */
  code: string;
  /** What happened and what to do, in the shop's words. */
  message: string;
}

const PROBLEM_BY_CODE: Record<string, TlsProblem> = {
  CERT_HAS_EXPIRED: 'expired',
  CERT_NOT_YET_VALID: 'not_yet_valid',
  ERR_TLS_CERT_ALTNAME_INVALID: 'wrong_host',
  HOSTNAME_MISMATCH: 'wrong_host',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self_signed',
  // A chain that ends in a root this computer does not hold: a provider's own authority, or a
  // company's or antivirus's inspecting proxy whose root is not installed.
  SELF_SIGNED_CERT_IN_CHAIN: 'untrusted',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'untrusted',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'untrusted',
  UNABLE_TO_GET_ISSUER_CERT: 'untrusted',
  CERT_UNTRUSTED: 'untrusted',
  ERR_SSL_WRONG_VERSION_NUMBER: 'not_https',
  ERR_SSL_PACKET_LENGTH_TOO_LONG: 'not_https',
  ERR_SSL_HTTP_REQUEST: 'not_https',
};

/** Certificate checks OpenSSL may fail besides the ones above: each is a certificate not to trust. */
const OTHER_CERTIFICATE_CODES = new Set([
  'CERT_SIGNATURE_FAILURE',
  'CERT_REVOKED',
  'CERT_REJECTED',
  'INVALID_CA',
  'INVALID_PURPOSE',
  'PATH_LENGTH_EXCEEDED',
  'CERT_CHAIN_TOO_LONG',
  'UNABLE_TO_DECRYPT_CERT_SIGNATURE',
  'UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY',
  'ERROR_IN_CERT_NOT_BEFORE_FIELD',
  'ERROR_IN_CERT_NOT_AFTER_FIELD',
  'KEYUSAGE_NO_CERTSIGN',
]);

const WHAT_TO_DO_UNTRUSTED =
  'Si su proveedor usa una autoridad de certificación propia, pídale el certificado de esa autoridad (archivo .pem o .crt) y agréguelo en Ajustes › Conexión. ' +
  'Si el antivirus o la red de su empresa revisan las conexiones seguras, pida a quien los administra que instale su certificado raíz en este equipo.';

function messageOf(problem: TlsProblem, host: string, code: string): string {
  const service = `El servicio de facturación (${host})`;
  switch (problem) {
    case 'untrusted':
      return `${service} presentó un certificado de seguridad emitido por una autoridad que este equipo no reconoce, así que no se envió nada. ${WHAT_TO_DO_UNTRUSTED}`;
    case 'expired':
      return `${service} presentó un certificado de seguridad vencido, así que no se envió nada. Revise que la fecha y la hora de este equipo sean correctas; si lo son, avise a su proveedor para que renueve el certificado.`;
    case 'not_yet_valid':
      return `${service} presentó un certificado de seguridad que todavía no es válido según la fecha de este equipo, así que no se envió nada. Revise que la fecha y la hora de este equipo sean correctas; si lo son, avise a su proveedor.`;
    case 'wrong_host':
      return `${service} presentó un certificado de seguridad que corresponde a otra dirección, así que no se envió nada. Revise la URL de la conexión en Ajustes (un error de escritura, o una dirección distinta a la que le dio su proveedor); si es la correcta, avise a su proveedor.`;
    case 'self_signed':
      return `${service} presentó un certificado de seguridad autofirmado, que ninguna autoridad respalda, así que no se envió nada. Pida a su proveedor un certificado emitido por una autoridad reconocida, o el certificado de su autoridad propia para agregarlo en Ajustes › Conexión.`;
    case 'not_https':
      return `La dirección ${host} no respondió con una conexión segura (https), así que no se envió nada. Revise la URL de la conexión en Ajustes: el puerto o el tipo de dirección pueden estar equivocados.`;
    case 'invalid':
      // The code stays in the support information (TlsFailure.code), not on the screen.
      return `${service} presentó un certificado de seguridad que ${code === 'CERT_REVOKED' ? 'fue revocado por su autoridad' : 'no es válido (está mal firmado o dañado, o no sirve para una conexión segura)'}, así que no se envió nada. Avise a su proveedor y déle la información de soporte del envío.`;
  }
}

/** The codes of an error and of each error it wraps (cause, and the attempts of a multi-address connect). */
function* codesOf(error: unknown, depth = 0): Generator<string> {
  if (depth > 6 || typeof error !== 'object' || error === null) return;
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string') yield code;
  yield* codesOf(cause, depth + 1);
  if (Array.isArray(errors)) for (const inner of errors) yield* codesOf(inner, depth + 1);
}

/**
 * The certificate problem behind a failed request, or null when the failure was not the secure
 * connection's. A failure here happens during the handshake, before any byte of the request is
 * written: the request provably did not leave.
 */
export function tlsFailureOf(error: unknown, url: string): TlsFailure | null {
  for (const code of codesOf(error)) {
    const problem =
      PROBLEM_BY_CODE[code] ?? (OTHER_CERTIFICATE_CODES.has(code) || /^ERR_SSL_.*CERTIFICATE/.test(code) ? 'invalid' : undefined);
    if (problem) return { problem, code, message: messageOf(problem, hostOf(url), code) };
  }
  return null;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
