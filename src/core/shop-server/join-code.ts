// The join code: what the caja principal shows and another register types by hand, so that nobody
// types a password. It carries the shop role's password (120 random bits) and the first 80 bits of
// the SHA-256 fingerprint of the server's certificate (which server to trust, before any credential
// is sent), in Crockford's base32 (no I, L, O, U to misread; read tolerantly: lower case, spaces,
// dashes, O for 0, I and L for 1) with Crockford's check symbol (the value modulo 37), which
// catches any one character typed wrong and any two neighbours swapped. Shown in groups of five.
import { AppError } from '#shared/rpc/errors';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** The check symbol's alphabet: the 32 digits, then five more for 32-36. */
const CHECK_ALPHABET = `${ALPHABET}*~$=U`;

export const PASSWORD_BYTES = 15;
export const FINGERPRINT_BYTES = 10;
const PAYLOAD_BYTES = PASSWORD_BYTES + FINGERPRINT_BYTES;
/** 200 bits: exactly 40 digits, then the check symbol. */
const DIGITS = (PAYLOAD_BYTES * 8) / 5;

export interface JoinSecret {
  /** The role's password as the server knows it (base32 text of its 15 bytes). */
  password: string;
  /** The first 10 bytes of the certificate's SHA-256 fingerprint. */
  fingerprintPrefix: Buffer;
}

/** 15 random bytes' text form, the role password: what a join code carries back exactly. */
export function passwordOf(bytes: Uint8Array): string {
  if (bytes.length !== PASSWORD_BYTES) throw new Error(`a shop password is ${PASSWORD_BYTES} bytes`);
  return toBase32(bytes);
}

export function encodeJoinCode(password: string, fingerprint: Buffer): string {
  const passwordBytes = fromBase32(password);
  if (passwordBytes.length !== PASSWORD_BYTES || fingerprint.length < FINGERPRINT_BYTES)
    throw new Error('a join code needs the shop password and the certificate fingerprint');
  const digits = toBase32(Buffer.concat([passwordBytes, fingerprint.subarray(0, FINGERPRINT_BYTES)]));
  const text = digits + CHECK_ALPHABET[checkValue(digits)]!;
  return text.match(/.{1,5}/g)!.join('-');
}

/** The code as typed, read tolerantly; a typo is a Spanish refusal on the field `code`. */
export function decodeJoinCode(typed: string): JoinSecret {
  const text = normalise(typed);
  if (text.length === 0) throw codeError('Escriba el código para unirse que muestra la caja principal.');
  if (text.length !== DIGITS + 1)
    throw codeError(
      `El código tiene ${text.length} caracteres y debe tener ${DIGITS + 1} (9 grupos como los de la caja principal). Revise que no falte ni sobre un grupo.`,
    );
  const digits = text.slice(0, DIGITS);
  const bad = [...digits].find((char) => !ALPHABET.includes(char));
  if (bad !== undefined) throw codeError(`El código lleva «${bad}», que no es parte de un código. Revise ese carácter.`);
  const check = CHECK_ALPHABET.indexOf(text[DIGITS]!);
  if (check < 0 || check !== checkValue(digits))
    throw codeError(
      'El código no es correcto: algún carácter se escribió mal. Compárelo de nuevo, grupo por grupo, con el que muestra la caja principal.',
    );
  const bytes = fromBase32(digits);
  return {
    password: toBase32(bytes.subarray(0, PASSWORD_BYTES)),
    fingerprintPrefix: Buffer.from(bytes.subarray(PASSWORD_BYTES)),
  };
}

function normalise(typed: string): string {
  return typed
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
}

function checkValue(digits: string): number {
  let rest = 0;
  for (const char of digits) rest = (rest * 32 + ALPHABET.indexOf(char)) % 37;
  return rest;
}

function toBase32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

function fromBase32(text: string): Buffer {
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of text) {
    const digit = ALPHABET.indexOf(char);
    if (digit < 0) throw new Error('not base32');
    value = (value << 5) | digit;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
    value &= (1 << bits) - 1;
  }
  return Buffer.from(bytes);
}

function codeError(message: string): AppError {
  return new AppError('invalid_input', message, { fields: [{ path: 'code', message }] });
}
