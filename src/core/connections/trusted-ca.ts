// A provider's own certificate authority, as the user hands it in (the text of a PEM file): checked
// before anything is stored, so a connection never trusts a key, a server's certificate or an
// expired authority, and described for the screen (subject, SHA-256 fingerprint, expiry).
import { X509Certificate } from 'node:crypto';
import type { TrustedCaCertificate } from '#shared/rpc/methods/connections';
import { formatDateTime } from '#shared/dates';
import { AppError } from '#shared/rpc/errors';

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;
/** A provider's chain is a root and perhaps an intermediate or two; more is not an authority file. */
const MAX_CERTIFICATES = 8;

export interface TrustedCa {
  /** The certificates alone, one PEM block after another (any other text of the file dropped). */
  pem: string;
  certificates: TrustedCaCertificate[];
}

function refused(message: string): AppError {
  return new AppError('invalid_input', message, { fields: [{ path: 'pem', message }] });
}

/** The names a person recognises in a distinguished name: common name, then organisation. */
function nameOf(distinguished: string): string {
  const parts = new Map<string, string>();
  for (const line of distinguished.split('\n')) {
    const at = line.indexOf('=');
    if (at > 0 && !parts.has(line.slice(0, at))) parts.set(line.slice(0, at), line.slice(at + 1));
  }
  const named = [parts.get('CN'), parts.get('O')].filter((part): part is string => Boolean(part));
  return named.length > 0 ? [...new Set(named)].join(', ') : distinguished.replace(/\n/g, ', ');
}

export function describeCertificate(certificate: X509Certificate): TrustedCaCertificate {
  return {
    subject: nameOf(certificate.subject),
    fingerprint_sha256: certificate.fingerprint256,
    valid_to: new Date(certificate.validTo).toISOString(),
  };
}

/**
 * The authority in `text`, or a Spanish refusal saying what the file is and what to ask for. Every
 * certificate must be an authority's (basic constraints CA) and valid today.
 */
export function readTrustedCa(text: string, now: Date): TrustedCa {
  if (/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(text)) {
    throw refused(
      'El archivo contiene una clave privada, no un certificado. No la comparta: pida a su proveedor el certificado de su autoridad de certificación (un texto que empieza con «-----BEGIN CERTIFICATE-----»).',
    );
  }
  const blocks = text.match(PEM_CERTIFICATE) ?? [];
  if (blocks.length === 0) {
    throw refused(
      'El archivo no es un certificado en formato PEM (un texto que empieza con «-----BEGIN CERTIFICATE-----»). Si su proveedor le dio un archivo binario (.cer o .der), pídale la versión PEM.',
    );
  }
  if (blocks.length > MAX_CERTIFICATES) {
    throw refused(
      `El archivo tiene ${blocks.length} certificados; se admiten hasta ${MAX_CERTIFICATES} de la autoridad de su proveedor.`,
    );
  }
  const certificates = blocks.map((block) => {
    try {
      return new X509Certificate(block);
    } catch {
      throw refused(
        'El archivo tiene un certificado dañado o incompleto que no se pudo leer. Pida a su proveedor el archivo de nuevo.',
      );
    }
  });
  for (const certificate of certificates) {
    const name = nameOf(certificate.subject);
    if (!certificate.ca) {
      throw refused(
        `El certificado «${name}» es el de un servidor, no el de una autoridad de certificación. Pida a su proveedor el certificado de la autoridad que emite los suyos.`,
      );
    }
    const validTo = new Date(certificate.validTo);
    if (validTo.getTime() <= now.getTime()) {
      throw refused(
        `El certificado de la autoridad «${name}» venció el ${formatDateTime(validTo)}. Pida a su proveedor el certificado vigente.`,
      );
    }
    const validFrom = new Date(certificate.validFrom);
    if (validFrom.getTime() > now.getTime()) {
      throw refused(
        `El certificado de la autoridad «${name}» solo es válido desde el ${formatDateTime(validFrom)}. Revise la fecha y la hora de este equipo.`,
      );
    }
  }
  return { pem: blocks.map((block) => block.trim()).join('\n'), certificates: certificates.map(describeCertificate) };
}

/** The stored authority as the screen shows it (it was checked when it was stored). */
export function describeTrustedCa(pem: string): TrustedCaCertificate[] {
  return (pem.match(PEM_CERTIFICATE) ?? []).map((block) => describeCertificate(new X509Certificate(block)));
}
