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

/**
 * What the data folder keeps: its id, nothing yet ('absent'), or a file that is there but cannot be
 * read as one ('damaged': written whole by writeWhole, so only damage from outside leaves it so).
 */
export type RegisterFile = { id: string } | 'absent' | 'damaged';

export function readRegisterFile(home: string): RegisterFile {
  let text: string;
  try {
    text = readFileSync(join(home, REGISTER_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'absent';
    throw error;
  }
  try {
    const { id } = JSON.parse(text) as { id?: unknown };
    return typeof id === 'string' && REGISTER_ID.test(id) ? { id } : 'damaged';
  } catch {
    return 'damaged';
  }
}

/** The id kept in the data folder, or null when the folder has none (or a damaged file: readRegisterFile). */
export function readRegisterId(home: string): string | null {
  const file = readRegisterFile(home);
  return typeof file === 'object' ? file.id : null;
}

/** A damaged file moved aside (kept for whoever looks into it), so the folder can keep a good one. */
export function setAsideRegisterFile(home: string, at: Date): string {
  const aside = `${REGISTER_FILE}.damaged-${at.toISOString().replace(/[:.]/g, '-')}`;
  renameSync(join(home, REGISTER_FILE), join(home, aside));
  return aside;
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

/**
 * The folder's id, drawn and kept first when it has none (a register joining before it ever opened a
 * store: nothing yet names it, so a damaged file is set aside and a new id drawn).
 */
export function ensureRegisterId(home: string): string {
  const file = readRegisterFile(home);
  if (typeof file === 'object') return file.id;
  if (file === 'damaged') setAsideRegisterFile(home, new Date());
  const id = drawRegisterId();
  saveRegisterId(home, id);
  return id;
}

/** A register's own login on a caja principal's server (shop-server/cluster.ts makes it when it joins). */
export function registerRole(registerId: string): string {
  return `caja_${registerId.toLowerCase()}`;
}
