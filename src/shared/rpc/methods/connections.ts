import { z } from 'zod';
import { HEADER_SAFE } from '#shared/api/common';
import { method } from '../define';
import { ErrorCode } from '../errors';

export const ConnectionKind = z.enum(['sandbox', 'production']);
export type ConnectionKind = z.infer<typeof ConnectionKind>;

/** One certificate of a provider's own authority that a connection trusts, as the screen shows it. */
export const TrustedCaCertificate = z.object({
  /** Who the certificate names (its common name and organisation). */
  subject: z.string(),
  /** SHA-256 fingerprint, pairs of hex digits separated by colons: what the provider can read out to compare. */
  fingerprint_sha256: z.string(),
  /** When it expires (ISO instant). */
  valid_to: z.string(),
});
export type TrustedCaCertificate = z.infer<typeof TrustedCaCertificate>;

/** The largest authority file accepted: a PEM certificate is 1–3 KB; a chain of a few, under 20 KB. */
export const TRUSTED_CA_MAX_CHARS = 64 * 1024;

/** A connection as the renderer sees it: never the token, only whether one is stored. */
export const Connection = z.object({
  id: z.number().int(),
  label: z.string(),
  kind: ConnectionKind,
  base_url: z.string(),
  company_id: z.number().int(),
  active: z.boolean(),
  embedded: z.boolean(),
  has_token: z.boolean(),
  /** True when the OS keychain could not be read (none, or locked): has_token is then unknown and false. */
  keychain_unavailable: z.boolean().optional(),
  /** The provider's own certificate authority this connection trusts besides the system's; null when none. */
  trusted_ca: z.array(TrustedCaCertificate).nullable().optional(),
});
export type Connection = z.infer<typeof Connection>;

const BaseUrl = z
  .string()
  .trim()
  .max(500)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.pathname.replace(/\/+$/, '').endsWith('/v1');
    } catch {
      return false;
    }
  }, 'Debe ser una URL http(s) que termine en /v1 (por ejemplo https://api.ejemplo.co/api/v1).');

/** 127.0.0.0/8, localhost and [::1]: plain http:// never leaves the machine there. */
export function isLoopbackUrl(value: string): boolean {
  try {
    const host = new URL(value).hostname;
    return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
  } catch {
    return false;
  }
}

export const PLAIN_HTTP_REFUSED =
  'La conexión debe usar https:// (el token viajaría sin cifrar por la red). Solo se admite http:// hacia este equipo (127.0.0.1 o localhost).';

/**
 * Plain http:// only to this computer, whatever the kind: a sandbox connection carries a bearer
 * token too, and over the network anyone on the way could read it.
 */
export function plainHttpRefused(baseUrl: string): boolean {
  const url = baseUrl.trim();
  return url.toLowerCase().startsWith('http:') && !isLoopbackUrl(url);
}

export const ConnectionFields = z.object({
  label: z.string().trim().min(1, 'Escriba un nombre para reconocer la conexión.').max(80),
  kind: ConnectionKind,
  base_url: BaseUrl,
  // A schema's own message would stand for its checks too (zod 4): only the missing number has its own.
  company_id: z
    .number({ error: (issue) => (issue.code === 'invalid_type' ? 'Escriba el número de empresa.' : undefined) })
    .int()
    .positive()
    .max(2_147_483_647),
});

/** Plain http:// is refused except to loopback, for every kind of connection. */
function refusePlainHttp(draft: { base_url: string }, context: z.RefinementCtx): void {
  if (plainHttpRefused(draft.base_url)) context.addIssue({ code: 'custom', path: ['base_url'], message: PLAIN_HTTP_REFUSED });
}

export const ConnectionDraft = ConnectionFields.superRefine(refusePlainHttp);
export type ConnectionDraft = z.infer<typeof ConnectionDraft>;

const ConnectionId = z.object({ id: z.number().int().positive() }).strict();
/** Tokens are long-lived secrets; bound their size so garbage is refused before the keychain. */
export const ConnectionToken = z
  .string()
  .trim()
  .min(8, 'El token es demasiado corto.')
  .max(4096, 'El token es demasiado largo.')
  .regex(/^\S+$/, 'El token no puede tener espacios.')
  .regex(
    HEADER_SAFE,
    'El token solo admite caracteres ASCII visibles (sin tildes ni caracteres de control). Cópielo de nuevo desde su proveedor.',
  );

/**
 * "Probar conexión": the payment-methods endpoint, the contract's recommended call to verify token,
 * company and `fe.read` without creating a document. A failure is an answer here, not an error, so
 * the screen can explain it next to the form.
 */
export const ConnectionCheck = z.object({
  ok: z.boolean(),
  code: ErrorCode.nullable(),
  message: z.string(),
  payment_methods: z.number().int().nullable(),
  missing_scopes: z.array(z.string()),
  checked_at: z.string(),
  /** The service's certificate was refused (the message names the problem and what to do). */
  certificate_refused: z.boolean().optional(),
});
export type ConnectionCheck = z.infer<typeof ConnectionCheck>;

/** Whether the OS keychain can keep a real provider's token; when not, what is missing and how to get it (Spanish). */
export const KeychainStatus = z.object({ available: z.boolean(), message: z.string().nullable() });
export type KeychainStatus = z.infer<typeof KeychainStatus>;

export const connectionMethods = {
  'connections.keychain': method(z.object({}).strict(), KeychainStatus),
  'connections.test': method(z.object({ id: z.number().int().positive() }).strict(), ConnectionCheck),
  'connections.list': method(z.object({}).strict(), z.array(Connection)),
  // A connection created without a kind is a test one: production (documents with fiscal effect) is
  // only ever chosen explicitly.
  'connections.create': method(
    ConnectionFields.extend({ kind: ConnectionKind.default('sandbox') })
      .strict()
      .superRefine(refusePlainHttp),
    Connection,
  ),
  'connections.update': method(
    ConnectionFields.extend({ id: z.number().int().positive() }).strict().superRefine(refusePlainHttp),
    Connection,
  ),
  'connections.activate': method(ConnectionId, Connection),
  'connections.remove': method(ConnectionId, z.object({ removed: z.literal(true) })),
  /**
   * The token goes to the OS keychain; it never comes back out through RPC. While submissions of the
   * connection sent under other credentials are unresolved, the change is refused with
   * `credentials_changed` (details.unresolved) unless `replace_unresolved` confirms it.
   */
  'connections.setToken': method(
    z.object({ id: z.number().int().positive(), token: ConnectionToken, replace_unresolved: z.boolean().optional() }).strict(),
    Connection,
  ),
  'connections.forgetToken': method(ConnectionId, Connection),
  /**
   * Trusts the provider's own certificate authority for this connection (the PEM text of a file the
   * user chose). A key, a server's certificate, an expired one or anything that is not a PEM
   * certificate is refused with `invalid_input` and nothing changes.
   */
  'connections.trustCa': method(
    z
      .object({
        id: z.number().int().positive(),
        pem: z.string().max(TRUSTED_CA_MAX_CHARS, 'El archivo es demasiado grande para ser un certificado.'),
      })
      .strict(),
    Connection,
  ),
  'connections.forgetCa': method(ConnectionId, Connection),
};
