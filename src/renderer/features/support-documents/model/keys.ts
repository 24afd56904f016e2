import { registerKey } from '#shared/registers/keys';
import { keyRegister, randomUuid } from '#renderer/rpc/key-register';

/**
 * A new Idempotency-Key for one document (kept with its draft; never regenerated for that document),
 * naming this register (`dse-K7QM2X9A-<uuid>`) once the shell knows which one it is.
 */
export function newIdempotencyKey(): string {
  const register = keyRegister();
  return register ? registerKey('dse', register, randomUuid()) : `dse-${randomUuid()}`;
}
