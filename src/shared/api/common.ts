// Building blocks shared by the FE and DSE schemas of the external API v1 (spec/external-api-v1.md).
import { z } from 'zod';
import { isIsoDate } from '../dates';

/** Money in responses: a string with two decimals ("Resources and their fields"). */
export const MoneyString = z.string().regex(/^-?\d+\.\d{2}$/, 'valor con dos decimales');

/** Calendar date `YYYY-MM-DD`. */
export const IsoDate = z.string().refine(isIsoDate, 'fecha inválida (AAAA-MM-DD)');

/** Error envelope: `{ok: false, error: <string>}` ("Errors"). */
export const ErrorEnvelope = z.object({
  ok: z.literal(false),
  error: z.string(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

export const SCOPES = ['fe.read', 'fe.write', 'dse.read', 'dse.write'] as const;
export const Scope = z.enum(SCOPES);
export type Scope = z.infer<typeof Scope>;

/**
 * What can travel in an HTTP header value as it is: visible ASCII, no spaces, no
 * control characters (CR, LF, NUL), no accents. A bearer token or an Idempotency-Key outside this set
 * would make the request fail before anything is sent, so it is refused where it is typed.
 */
export const HEADER_SAFE = /^[\x21-\x7E]+$/;

/** Limits section of the contract. */
export const LIMITS = {
  idempotencyKeyMax: 120,
  draftKeyMax: 80,
  observacionesMax: 4000,
  dseItemCodeLength: 8,
  weeklyPeriodMaxDays: 7,
  withholdingToleranceCents: 1,
} as const;

/**
 * Sandbox decision (the contract sets no maximum): at most 1000 lines per FE or DSE document, so that
 * one request cannot make the server build and sign an unbounded XML. The forms use the same limit.
 */
export const MAX_DOCUMENT_ITEMS = 1000;

/**
 * Sandbox decision ("Bodies of 400 ... responses: not shown"): a 400 carries, besides `error`
 * (every message joined), `errors`: one `{field, message}` per violated rule, the field written as
 * a path such as `items[0].codigo`. Every error envelope of the sandbox also carries `code`, a
 * stable machine-readable reason; the real API promises neither, so clients may read them only
 * as optional extras.
 */
export const SANDBOX_ERROR_CODES = [
  'unauthorized',
  'forbidden_company',
  'missing_scope',
  'validation',
  'malformed_json',
  'payload_too_large',
  'not_found',
  'key_conflict',
  'quota_exhausted',
  'rejected',
  'uncertain',
  'acquirer_unavailable',
  'internal',
] as const;

export const ValidationErrorEnvelope = ErrorEnvelope.extend({
  code: z.string().optional(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ValidationErrorEnvelope = z.infer<typeof ValidationErrorEnvelope>;
