// A register is its equipment, and the equipment is its data folder: the register's id is drawn
// once and kept in the folder (`register.json`), never in the database, which several registers
// share on PostgreSQL. The id is short on purpose: the keys and references the register makes
// carry it (keys.ts), so a document's register is read from its key.
import { randomInt } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export const REGISTER_FILE = 'register.json';

/** Crockford's base 32 (no I, L, O, U): read aloud and typed back without doubt. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 8 characters, 40 bits: two registers of a shop drawing the same id is a chance of about 1 in 10^11. */
export const REGISTER_ID_LENGTH = 8;
export const REGISTER_ID = new RegExp(`^[${ALPHABET}]{${REGISTER_ID_LENGTH}}$`);

export function drawRegisterId(): string {
  let id = '';
  for (let i = 0; i < REGISTER_ID_LENGTH; i += 1) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}

/** The id kept in the data folder, or null when the folder has none yet (or an unreadable one: a new one is drawn). */
export function readRegisterId(home: string): string | null {
  let text: string;
  try {
    text = readFileSync(join(home, REGISTER_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const { id } = JSON.parse(text) as { id?: unknown };
    return typeof id === 'string' && REGISTER_ID.test(id) ? id : null;
  } catch {
    return null;
  }
}

/** Kept whole or not at all (writeWhole). */
export function saveRegisterId(home: string, id: string): void {
  writeWhole(home, REGISTER_FILE, `${JSON.stringify({ id })}\n`);
}

/**
 * A file of the data folder kept whole or not at all, and on the disk when this returns: a staged
 * file, synced, renamed over the old one; owner-only like the store.
 */
export function writeWhole(home: string, name: string, text: string): void {
  mkdirSync(home, { recursive: true, mode: 0o700 });
  const file = join(home, name);
  const staged = `${file}.${process.pid}`;
  const fd = openSync(staged, 'w', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(staged, file);
}

/** The folder's id, drawn and kept first when it has none (a register joining before it ever opened a store). */
export function ensureRegisterId(home: string): string {
  const kept = readRegisterId(home);
  if (kept) return kept;
  const id = drawRegisterId();
  saveRegisterId(home, id);
  return id;
}

/** A register's own login on a caja principal's server (shop-server/cluster.ts makes it when it joins). */
export function registerRole(registerId: string): string {
  return `caja_${registerId.toLowerCase()}`;
}
