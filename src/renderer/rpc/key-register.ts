// The register whose name the keys this window draws carry (shared/registers/keys.ts: an FE's
// draft_key, a DSE's Idempotency-Key), from `registers.list`: read with the shell's first data
// (start-reads.ts), before the first form draws its key, and again whenever the list is read. Until
// it is known (core not answering yet), a key names no register, which core accepts as before.
import type { RegisterList } from '#shared/rpc/methods/registers';

let current: string | null = null;

export function rememberKeyRegister(list: RegisterList | undefined): void {
  const id = list?.registers.find((register) => register.this_register)?.id;
  if (id) current = id;
}

export function keyRegister(): string | null {
  return current;
}

/** A random UUID, also where crypto.randomUUID is missing (a page served over plain HTTP). */
export function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const hex = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
