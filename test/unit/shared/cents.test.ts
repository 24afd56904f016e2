// Exact integer cents (src/shared/cents.ts) against decimal.js: every reading and every rounding step
// gives the decimal result, and a value out of range is refused (NaN or null), never approximated.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  centsBeforePercent,
  centsOfPercent,
  centsOfProduct,
  centsToDec,
  decToCents,
  divideHalfUp,
  MAX_SCALE,
  scaledOf,
  scaledOfNumber,
  scaledOfText,
  type Scaled,
} from '#shared/cents';
import { Dec, roundCents } from '#shared/money';

const MAX = Number.MAX_SAFE_INTEGER;
const valueOf = (s: Scaled) => new Dec(s.units).dividedBy(new Dec(10).pow(s.scale));
const isNormal = (s: Scaled) =>
  Number.isSafeInteger(s.units) && s.units >= 0 && s.scale >= 0 && s.scale <= MAX_SCALE && (s.scale === 0 || s.units % 10 !== 0);
/** Whether decimal.js reads `d` as a plain non-negative decimal the integer code can hold. */
const holdable = (d: InstanceType<typeof Dec>) =>
  d.isFinite() && !d.isNeg() && d.decimalPlaces() <= MAX_SCALE && d.times(new Dec(10).pow(d.decimalPlaces())).lte(MAX);

/** Doubles as money and rates come: cents, rates with a few decimals, plus any double at all. */
const doubleArb = fc.oneof(
  fc.integer({ min: 0, max: 1e13 }).map((c) => c / 100),
  fc.tuple(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 0, max: 12 })).map(([n, k]) => n / 10 ** k),
  fc.double({ noNaN: true }),
  fc.double({ min: 0, max: 1e16, noNaN: true }),
  fc.constantFrom(
    0,
    -0,
    0.1 + 0.2,
    1e-7,
    1e-9,
    1e-10,
    1e15,
    1e15 + 0.5,
    2 ** 53,
    2 ** 53 - 1,
    1e21,
    1e300,
    5e-324,
    4503599627370495.5,
    Infinity,
    -Infinity,
    NaN,
  ),
);

const textArb = fc.oneof(
  fc
    .tuple(fc.stringMatching(/^\d{1,18}$/), fc.option(fc.stringMatching(/^\d{0,14}$/)))
    .map(([i, f]) => (f === null ? i : `${i}.${f}`)),
  fc.stringMatching(/^[-+]?\d{0,6}\.?\d{0,6}(e[-+]?\d{1,2})?$/),
  fc.constantFrom(
    '0',
    '00',
    '007.50',
    '1.500000000000000000000',
    '0.0000000001',
    '9007199254740991',
    '9007199254740992',
    '900719925474099.1',
    '.5',
    '5.',
    '+3',
    '-2',
    '-0',
    '1e3',
    '',
    ' 1',
    'abc',
    '0x10',
    'Infinity',
    'NaN',
  ),
);

describe('reading values', () => {
  it('reads a double exactly as decimal.js reads its shortest text, or refuses it', () => {
    fc.assert(
      fc.property(doubleArb, (x) => {
        const s = scaledOfNumber(x);
        if (s) {
          expect(isNormal(s)).toBe(true);
          expect(valueOf(s).equals(new Dec(String(x)))).toBe(true);
          expect(Object.is(x, -0)).toBe(false);
        } else {
          expect(Number.isFinite(x) && !Object.is(x, -0) && holdable(new Dec(String(x)))).toBe(false);
        }
      }),
      { numRuns: 3000 },
    );
  }, 30_000);

  it('reads plain decimal text exactly as decimal.js does, or leaves it to decimal.js', () => {
    fc.assert(
      fc.property(textArb, (text) => {
        const s = scaledOfText(text);
        if (s) {
          expect(isNormal(s)).toBe(true);
          expect(valueOf(s).equals(new Dec(text))).toBe(true);
        } else if (/^\d+(\.\d+)?$/.test(text)) {
          expect(holdable(new Dec(text))).toBe(false);
        }
      }),
      { numRuns: 3000 },
    );
  }, 30_000);

  it('reads Decimals and refuses negative zero, NaN and what is not a DecimalInput', () => {
    expect(scaledOf(new Dec('12.50'))).toEqual({ units: 125, scale: 1 });
    expect(scaledOf(new Dec('1e-7'))).toEqual({ units: 1, scale: 7 });
    expect(scaledOf(new Dec('-0'))).toBeNull();
    expect(scaledOf(new Dec(NaN))).toBeNull();
    expect(scaledOf(null as unknown as string)).toBeNull();
  });
});

describe('rounding steps', () => {
  const safeInt = fc.oneof(
    fc.integer({ min: 0, max: 1e6 }),
    fc.integer({ min: 0, max: MAX }),
    fc.constantFrom(0, 1, MAX, MAX - 1, 2 ** 52),
  );
  const scaledArb = fc.oneof(doubleArb.map(scaledOfNumber), textArb.map(scaledOfText)).filter((s): s is Scaled => s !== null);

  it('divides half up like BigInt arithmetic', () => {
    fc.assert(
      fc.property(
        safeInt,
        safeInt.filter((d) => d > 0),
        (n, d) => {
          const q = BigInt(n) / BigInt(d);
          const r = BigInt(n) % BigInt(d);
          expect(divideHalfUp(n, d)).toBe(Number(r * 2n >= BigInt(d) ? q + 1n : q));
        },
      ),
      { numRuns: 3000 },
    );
  }, 30_000);

  it('rounds a product, a percentage and a tax-inclusive base to the cent as decimal.js does', () => {
    fc.assert(
      fc.property(scaledArb, scaledArb, safeInt, (a, b, cents) => {
        // NaN only when an integer step leaves the safe range; otherwise the decimal result.
        const same = (got: number, expected: InstanceType<typeof Dec>) =>
          expect(new Dec(got).dividedBy(100).equals(expected)).toBe(true);
        const product = centsOfProduct(a, b);
        const exact = roundCents(valueOf(a).times(valueOf(b)));
        if (Number.isNaN(product)) expect(new Dec(a.units).times(b.units).gt(MAX) || exact.times(100).gt(MAX)).toBe(true);
        else same(product, exact);
        const amount = new Dec(cents).dividedBy(100);
        const percent = centsOfPercent(cents, b);
        if (Number.isNaN(percent)) expect(new Dec(cents).times(b.units).gt(MAX)).toBe(true);
        else same(percent, roundCents(amount.times(valueOf(b)).dividedBy(100)));
        const one = new Dec(10).pow(b.scale + 2);
        const before = centsBeforePercent(cents, b);
        if (Number.isNaN(before)) expect(new Dec(cents).times(one).gt(MAX) || one.plus(b.units).gt(MAX)).toBe(true);
        else same(before, roundCents(amount.dividedBy(valueOf(b).dividedBy(100).plus(1))));
      }),
      { numRuns: 3000 },
    );
  }, 30_000);
});

describe('rounding steps at the half cent', () => {
  it.each([
    // gross cents, percent -> base cents: exact halves round up, as decimal.js's ROUND_HALF_UP does
    [2, '300', 1],
    [1, '100', 1],
    [3, '100', 2],
    [11900, '19', 10000],
    [10000, '19', 8403],
    [1, '0', 1],
  ] as const)('%s cents at %s%% included', (gross, percent, base) => {
    expect(centsBeforePercent(gross, scaledOfText(percent)!)).toBe(base);
    const expected = roundCents(new Dec(gross).dividedBy(100).dividedBy(new Dec(percent).dividedBy(100).plus(1)));
    expect(new Dec(base).dividedBy(100).equals(expected)).toBe(true);
  });
});

describe('cents and Decimals', () => {
  it('turns integer cents into the Decimal and back', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -MAX, max: MAX }), fc.constantFrom(0, 1, 99, 100, -1, MAX)), (cents) => {
        const d = centsToDec(cents);
        expect(d.equals(new Dec(cents).dividedBy(100))).toBe(true);
        expect(d.isNeg()).toBe(cents < 0);
        expect(decToCents(d)).toBe(cents < 0 ? null : cents);
      }),
    );
    expect(decToCents(new Dec('0.005'))).toBeNull();
    expect(decToCents(new Dec('90071992547409.92'))).toBeNull();
  });
});
