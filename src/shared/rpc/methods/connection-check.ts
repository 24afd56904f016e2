import { z } from 'zod';
import { method } from '../define';
import { ErrorCode } from '../errors';

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
});
export type ConnectionCheck = z.infer<typeof ConnectionCheck>;

export const connectionCheckMethods = {
  'connections.test': method(z.object({ id: z.number().int().positive() }).strict(), ConnectionCheck),
};
