import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCop } from '#shared/money';
import { parseUserNumber } from '#shared/user-number';

describe('parseUserNumber', () => {
  it.each([
    ['1.234.567,50', '1234567.5'],
    ['1234,5', '1234.5'],
    ['1234.50', '1234.5'],
    ['12.000', '12000'],
    ['1.5', '1.5'],
    ['$ 12.000', '12000'],
    ['1,234.56', '1234.56'],
    ['-3,25', '-3.25'],
    ['0', '0'],
    [' 7 ', '7'],
  ])('reads %s as %s', (input, expected) => {
    expect(parseUserNumber(input)).toBe(expected);
  });

  it.each(['', 'abc', '1,2,3', '12a', '--1', '1..2'])('refuses %j', (input) => {
    expect(parseUserNumber(input)).toBeNull();
  });

  it('reads back every amount the app itself formats in es-CO', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), (cents) => {
        const text = formatCop((cents / 100).toFixed(2));
        expect(Number(parseUserNumber(text))).toBe(cents / 100);
      }),
    );
  });
});
