import { z } from 'zod';
import { DseCreateRequest, DseDocumentAsRead, HEADER_SAFE, LIMITS } from '#shared/api/index';
import { method } from '../define';
import { Submission } from './submissions';

/** The Idempotency-Key travels in a header: visible ASCII only, at most 120 characters. */
export const IdempotencyKey = z
  .string()
  .min(1)
  .max(LIMITS.idempotencyKeyMax)
  .regex(
    HEADER_SAFE,
    'La clave de envío solo admite letras, números y signos ASCII visibles (sin espacios, tildes ni saltos de línea).',
  );

export const dseMethods = {
  /**
   * Creates, signs and sends a DSE. The idempotency key is generated unless given (an integrator
   * repeating one operation passes the same key); the answer is the ledger's view of the submission.
   */
  'dse.submit': method(z.object({ request: DseCreateRequest, key: IdempotencyKey.optional() }).strict(), Submission),
  /**
   * The newest submission of the same request on the active connection, whatever its key (those
   * refused before anything was created aside): the command line asks before drawing a new key.
   */
  'dse.findSame': method(z.object({ request: DseCreateRequest }).strict(), Submission.nullable()),
  /** Endpoint 8: the current state of a DSE on the server. */
  'dse.get': method(
    z.object({ id: z.number().int().positive() }).strict(),
    z.object({ pending: z.boolean(), documento: DseDocumentAsRead }),
  ),
};
