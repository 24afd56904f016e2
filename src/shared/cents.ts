// Exact money on safe integers, for the calculations the forms rerun on every keystroke (1,000
// lines): a non-negative decimal is held as integer `units` at a power-of-ten `scale`
// (value = units / 10^scale) and an amount as integer cents, rounded half up at the very steps the
// decimal.js code rounds. Doubles represent every integer up to 2^53 exactly; each operation here
// yields NaN instead of a result past that bound (NaN then carries through sums and comparisons), and
// its callers fall back to decimal.js, so a result is always exactly the decimal one.
import { Dec, type DecimalInput } from './money';

export interface Scaled {
  /** a safe integer, without trailing zeros when scale > 0 */
  readonly units: number;
  readonly scale: number;
}

/** Past this many decimals a value is left to decimal.js (every power of ten used, up to 10^20, stays exact in a double). */
export const MAX_SCALE = 9;

const MAX = Number.MAX_SAFE_INTEGER;
const POW10 = Array.from({ length: 2 * MAX_SCALE + 3 }, (_, i) => 10 ** i);

/** x when it is a safe integer result, NaN otherwise (including NaN in). */
function safe(x: number): number {
  return x <= MAX ? x : NaN;
}

function normalised(units: number, scale: number): Scaled {
  while (scale > 0 && units % 10 === 0) {
    units /= 10;
    scale -= 1;
  }
  return { units, scale };
}

/**
 * Plain decimal text ("1234", "0.05", "007.50") as units and scale; null for anything else (sign,
 * exponent, ".5", "5.", spaces, more than MAX_SCALE decimals, more than 2^53 units), which decimal.js
 * then reads or refuses as it always did.
 */
export function scaledOfText(text: string): Scaled | null {
  const length = text.length;
  if (length === 0) return null;
  let units = 0;
  let scale = 0;
  let point = -1;
  let zeros = 0; // decimal zeros not yet multiplied in (trailing ones never are)
  for (let i = 0; i < length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === 46) {
      if (point >= 0 || i === 0 || i === length - 1) return null;
      point = i;
      continue;
    }
    const digit = code - 48;
    if (digit < 0 || digit > 9) return null;
    if (point < 0) {
      units = units * 10 + digit;
    } else if (digit === 0) {
      zeros += 1;
    } else {
      scale += zeros + 1;
      if (scale > MAX_SCALE) return null;
      units = units * POW10[zeros + 1]! + digit;
      zeros = 0;
    }
    if (!(units <= MAX)) return null;
  }
  return { units, scale };
}

/**
 * A finite non-negative double as the decimal its shortest text denotes (what `dec(String(x))`
 * reads). For x = c / 10^s with c < 10^15, that decimal is c / 10^s: c / 10^s (an IEEE division,
 * correctly rounded) is x, and two different decimals of at most 15 significant digits never round to
 * the same double, so the shortest text of x cannot denote another one.
 */
export function scaledOfNumber(x: number): Scaled | null {
  if (!(x >= 0) || x === Infinity || Object.is(x, -0)) return null;
  if (x <= MAX && Number.isInteger(x)) return { units: x, scale: 0 };
  for (let s = 1; s <= MAX_SCALE; s += 1) {
    const c = Math.round(x * POW10[s]!);
    if (c >= 1e15) break;
    if (c / POW10[s]! === x) return normalised(c, s);
  }
  return scaledOfText(String(x));
}

/** Any DecimalInput, when it is a plain non-negative decimal within range; null otherwise. */
export function scaledOf(value: DecimalInput): Scaled | null {
  if (typeof value === 'string') return scaledOfText(value);
  if (typeof value === 'number') return scaledOfNumber(value);
  if (!(value instanceof Dec)) return null;
  // toFixed() never uses exponent notation and drops trailing zeros; -0 and NaN are left to decimal.js.
  return value.isNeg() || !value.isFinite() ? null : scaledOfText(value.toFixed());
}

/** round(n / d) half up, for a non-negative safe integer n and an exactly held integer d > 0; NaN in gives NaN. */
export function divideHalfUp(n: number, d: number): number {
  const r = n % d; // exact for doubles
  const q = (n - r) / d; // an exact integer quotient
  return r * 2 >= d ? q + 1 : q;
}

/** roundCents(a × b) of two JSON numbers (as `dec(String(x))` reads them); NaN when out of range. */
export function centsOfNumbers(a: number, b: number): number {
  const x = scaledOfNumber(a);
  const y = scaledOfNumber(b);
  return x && y ? centsOfProduct(x, y) : NaN;
}

/** centsOfPercent with the percentage a JSON number; NaN when out of range. */
export function centsOfNumberPercent(cents: number, percent: number): number {
  const p = scaledOfNumber(percent);
  return p ? centsOfPercent(cents, p) : NaN;
}

/** roundCents(a × b). */
export function centsOfProduct(a: Scaled, b: Scaled): number {
  const product = safe(a.units * b.units);
  const scale = a.scale + b.scale;
  return scale <= 2 ? safe(product * POW10[2 - scale]!) : divideHalfUp(product, POW10[scale - 2]!);
}

/** roundCents(cents / 100 × percent / 100), the tax or withholding of an amount at a percentage. */
export function centsOfPercent(cents: number, percent: Scaled): number {
  return divideHalfUp(safe(cents * percent.units), POW10[percent.scale + 2]!);
}

/**
 * roundCents(gross / (1 + percent / 100)), the base inside a tax-inclusive amount. decimal.js first
 * rounds the quotient to 40 significant digits; that cannot move it across a half cent here: the
 * quotient has at most 14 integer digits, so 40 digits reach 10^-24 cents past the cent, while its
 * distance to a half cent, (K - 2r) / 2K with K = 10^(scale+2) + units < 2^53, is above 5 x 10^-17.
 */
export function centsBeforePercent(grossCents: number, percent: Scaled): number {
  const one = POW10[percent.scale + 2]!;
  return divideHalfUp(safe(grossCents * one), safe(one + percent.units));
}

export function isSafeCents(cents: number): boolean {
  return cents <= MAX;
}

/** The Decimal of an integer amount of cents (any sign). */
export function centsToDec(cents: number): Dec {
  const digits = String(Math.abs(cents)).padStart(3, '0');
  return new Dec(`${cents < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`);
}

/** Integer cents of a non-negative Decimal with at most two decimals and within range; null otherwise. */
export function decToCents(value: Dec): number | null {
  if (value.isNeg() || !value.isFinite() || value.decimalPlaces() > 2) return null;
  const scaled = scaledOfText(value.toFixed());
  if (!scaled) return null;
  const cents = safe(scaled.units * POW10[2 - scaled.scale]!);
  return Number.isNaN(cents) ? null : cents;
}
