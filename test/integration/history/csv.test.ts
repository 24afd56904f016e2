// CSV fields for spreadsheet programs: separators and quotes quoted per RFC 4180, formulas defused.
import { describe, expect, it } from 'vitest';
import { csvAmount, csvField } from '../../../src/core/history/csv';

describe('CSV fields', () => {
  it.each([
    ['Panadería La Espiga', 'Panadería La Espiga'],
    ['Ferretería; Central', '"Ferretería; Central"'],
    ['Tornillo 6" x 1', '"Tornillo 6"" x 1"'],
    ['dos\nlíneas', '"dos\nlíneas"'],
    ['=HYPERLINK("x")', '"\'=HYPERLINK(""x"")"'],
    ['@SUM(A1)', "'@SUM(A1)"],
    // Issue 14, item 13: every formula starter, a digit after the minus included (OWASP).
    ['-2+3+cmd|\' /C calc\'!A0', "'-2+3+cmd|' /C calc'!A0"],
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
});
