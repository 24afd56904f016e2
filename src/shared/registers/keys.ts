// The keys and references a register makes name it (docs/CLIENT-DECISIONS.md «Registers: identity
// and names»): `fe-K7QM2X9A-<uuid>` (an FE's draft_key), `dse-K7QM2X9A-<uuid>` (a DSE's
// Idempotency-Key), `CONT-K7QM2X9A-000012` (a contingency sale's local reference). The register's
// id (8 characters of Crockford's base 32, drawn by its data folder) is unique among the shop's
// registers, so two registers' references never collide, even when each numbered its own queue on
// its own store; the uuid keeps keys apart within a register. 48 and 49 characters: within the
// contract's limits (draft_key at most 80, Idempotency-Key at most 120; «Limits») and of header-safe
// ASCII. Keys made before registers (`fe-<uuid>`) and keys a caller chose stay as they are.

export type KeyKind = 'fe' | 'dse';

const REGISTER = '[0-9A-HJKMNP-TV-Z]{8}';
const KEYED = new RegExp(`^(?:fe|dse)-(${REGISTER})-[0-9a-f-]{32,36}$`);
const REFERENCE = new RegExp(`^CONT-(${REGISTER})-\\d{6,}$`);

/** A new key of this register; `uuid` is a fresh random UUID (crypto.randomUUID, in Node or the browser). */
export function registerKey(kind: KeyKind, registerId: string, uuid: string): string {
  return `${kind}-${registerId}-${uuid}`;
}

/** "CONT-K7QM2X9A-000012": the local reference of the register's queued sale number `id`. */
export function contingencyLocalRef(registerId: string, id: number): string {
  return `CONT-${registerId}-${String(id).padStart(6, '0')}`;
}

/** The register a key or a local reference names, or null (made before registers, or chosen by a caller). */
export function registerOf(keyOrRef: string): string | null {
  return KEYED.exec(keyOrRef)?.[1] ?? REFERENCE.exec(keyOrRef)?.[1] ?? null;
}
