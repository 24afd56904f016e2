// A cashier's PIN is kept only as a scrypt key with a salt of its own: a copy of the database does
// not give the PINs away without a slow search per cashier. The PIN itself is never stored or logged.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** N = 2^14, r = 8: about 16 MB and some tens of milliseconds per check on a shop's computer. */
const PARAMS: ScryptOptions = { N: 16_384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_BYTES = 32;

function derive(pin: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(pin, salt, KEY_BYTES, PARAMS, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export interface PinKey {
  salt: string;
  key: string;
}

export async function pinKey(pin: string): Promise<PinKey> {
  const salt = randomBytes(16);
  return { salt: salt.toString('hex'), key: (await derive(pin, salt)).toString('hex') };
}

export async function pinMatches(pin: string, stored: PinKey): Promise<boolean> {
  const expected = Buffer.from(stored.key, 'hex');
  const key = await derive(pin, Buffer.from(stored.salt, 'hex'));
  return key.length === expected.length && timingSafeEqual(key, expected);
}
