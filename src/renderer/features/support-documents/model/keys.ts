/** A new Idempotency-Key for one document (kept with its draft; never regenerated for that document). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return `dse-${crypto.randomUUID()}`;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `dse-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
