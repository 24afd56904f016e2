// CSV fields for spreadsheet programs: separators and quotes quoted per RFC 4180, formulas defused.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvAmount, csvField, decimalComma } from '#core/history/csv';
import { toMoneyString } from '#shared/money';

describe('CSV fields', () => {
  it.each([
    ['Panadería La Espiga', 'Panadería La Espiga'],
    ['Ferretería; Central', '"Ferretería; Central"'],
    ['Tornillo 6" x 1', '"Tornillo 6"" x 1"'],
    ['dos\nlíneas', '"dos\nlíneas"'],
    ['=HYPERLINK("x")', '"\'=HYPERLINK(""x"")"'],
    ['@SUM(A1)', "'@SUM(A1)"],
    // Every formula starter, a digit after the minus included (OWASP).
    ["-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
    ['-1234,50', "'-1234,50"],
    ['+57 300 1234567', "'+57 300 1234567"],
    ['\tTAB', "'\tTAB"],
    ['\r=1+1', '"\'\r=1+1"'],
  ])('writes %j as %j', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it.each([
    ['1234,50', '1234,50'],
    ['-1234,50', '-1234,50'],
    ['-2+3+cmd', "'-2+3+cmd"],
  ])('writes the amount %j as %j', (value, expected) => {
    expect(csvAmount(value)).toBe(expected);
  });

  it('writes any amount with a decimal comma exactly as the decimal arithmetic does (its shortcut for amounts already in two decimals included)', () => {
    const digits = fc.stringMatching(/^\d{1,15}$/);
    const amount = fc.oneof(
      fc
        .tuple(fc.boolean(), digits, fc.stringMatching(/^\d{2}$/))
        .map(([minus, units, cents]) => `${minus ? '-' : ''}${units}.${cents}`),
      fc
        .tuple(fc.boolean(), digits, fc.stringMatching(/^\d{1,4}$/))
        .map(([minus, units, decimals]) => `${minus ? '-' : ''}${units}.${decimals}`),
      digits,
      fc.constantFrom('0.00', '-0.00', '00.00', '-00.10', '007.50', '0.005', '-0.004'),
    );
    fc.assert(
      fc.property(amount, (value) => {
        expect(decimalComma(value)).toBe(toMoneyString(value).replace('.', ','));
      }),
      { numRuns: 500 },
    );
  });
});
