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

/** Limits section of the contract. */
export const LIMITS = {
  idempotencyKeyMax: 120,
  draftKeyMax: 80,
  observacionesMax: 4000,
  dseItemCodeLength: 8,
  weeklyPeriodMaxDays: 7,
  withholdingToleranceCents: 1,
} as const;
