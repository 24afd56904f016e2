// The join code carries the shop role's password and the certificate's fingerprint prefix, typed by
// hand at another register: it must come back exactly, read tolerantly, and any one slip of the
// hand must be caught by its check symbol before anything is tried.
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeJoinCode, encodeJoinCode, passwordOf } from '#core/shop-server/join-code';
import { AppError } from '#shared/rpc/errors';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function sample() {
  const password = passwordOf(randomBytes(15));
  const fingerprint = createHash('sha256').update(randomBytes(32)).digest();
  return { password, fingerprint, code: encodeJoinCode(password, fingerprint) };
}

function refusal(typed: string): AppError {
  try {
    decodeJoinCode(typed);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error(`«${typed}» was read as a valid code`);
}

describe('the join code', () => {
  it('comes back exactly: the password and the first 80 bits of the fingerprint, in groups of five', () => {
    for (let i = 0; i < 200; i += 1) {
      const { password, fingerprint, code } = sample();
      expect(code).toMatch(/^([0-9A-Z]{5}-){8}[0-9A-Z*~$=]$/);
      const read = decodeJoinCode(code);
      expect(read.password).toBe(password);
      expect(read.fingerprintPrefix.equals(fingerprint.subarray(0, 10))).toBe(true);
    }
  });

  it('carries a password of at least 120 bits', () => {
    expect(passwordOf(randomBytes(15))).toHaveLength(24);
    expect(() => passwordOf(randomBytes(14))).toThrow();
  });

  it('reads lower case, spaces instead of dashes, none at all, O for 0 and I or L for 1', () => {
    const { password, code } = sample();
    const variants = [
      code.toLowerCase(),
      code.replace(/-/g, ' '),
      code.replace(/-/g, ''),
      ` ${code.replace(/-/g, ' - ')} `,
      code.replace(/0/g, 'O').replace(/1/g, 'I'),
      code.replace(/1/g, 'l').toLowerCase(),
    ];
    for (const typed of variants) expect(decodeJoinCode(typed).password).toBe(password);
  });

  it('catches every single character typed wrong, at every position, with a message on the field «code»', () => {
    const { code } = sample();
    const bare = code.replace(/-/g, '');
    let caught = 0;
    for (let at = 0; at < bare.length - 1; at += 1) {
      for (const other of ALPHABET) {
        if (other === bare[at]) continue;
        const error = refusal(bare.slice(0, at) + other + bare.slice(at + 1));
        expect(error.code).toBe('invalid_input');
        expect(error.details?.fields?.[0]?.path).toBe('code');
        caught += 1;
      }
    }
    expect(caught).toBe(40 * 31);
  });

  it('catches two neighbours swapped', () => {
    const { code } = sample();
    const bare = code.replace(/-/g, '');
    for (let at = 0; at < bare.length - 2; at += 1) {
      if (bare[at] === bare[at + 1]) continue;
      const swapped = bare.slice(0, at) + bare[at + 1]! + bare[at]! + bare.slice(at + 2);
      expect(refusal(swapped).message).toMatch(/algún carácter se escribió mal/);
    }
  });

  it('says what is wrong with a code too short, empty, or holding a letter no code has', () => {
    const { code } = sample();
    expect(refusal(code.replace(/-/g, '').slice(0, -6)).message).toMatch(/tiene 35 caracteres y debe tener 41/);
    expect(refusal('   ').message).toMatch(/Escriba el código/);
    expect(refusal(`U${code.slice(1)}`).message).toMatch(/«U»/);
  });
});
