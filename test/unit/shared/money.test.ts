import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec, formatCop, roundCents, sum, toMoneyString, toTruncatedString } from '#shared/money';

describe('money', () => {
  it.each([
    ['0.005', '0.01'],
    ['0.004', '0.00'],
    ['2.675', '2.68'],
    ['-2.675', '-2.68'],
    ['1234567.125', '1234567.13'],
  ])('rounds %s half up to %s', (input, expected) => {
    expect(toMoneyString(input)).toBe(expected);
  });

  it.each([
    ['2.679', '2.67'],
    ['1500000', '1500000.00'],
    ['0.999', '0.99'],
  ])('truncates %s to %s for fiscal hashes', (input, expected) => {
    expect(toTruncatedString(input)).toBe(expected);
  });

  it('adds 0.1 + 0.2 exactly, unlike binary floats', () => {
    expect(sum([0.1, 0.2]).toString()).toBe('0.3');
  });

  it('formats COP for es-CO with thousands dots and decimal comma', () => {
    expect(formatCop('1234567.5').replace(/\s/g, ' ')).toBe('$ 1.234.567,50');
  });

  it('keeps cents exact when summing any list of two-decimal amounts', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -10_000_000_00, max: 10_000_000_00 }), { maxLength: 200 }), (cents) => {
        const total = sum(cents.map((c) => dec(c).dividedBy(100)));
        expect(roundCents(total).times(100).toNumber()).toBe(cents.reduce((a, b) => a + b, 0));
      }),
    );
  });
});
