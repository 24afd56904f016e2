// CSV fields for spreadsheet programs: separators and quotes quoted per RFC 4180, formulas defused.
import { describe, expect, it } from 'vitest';
import { csvField } from '../../../src/core/history/csv';

describe('CSV fields', () => {
  it.each([
    ['Panadería La Espiga', 'Panadería La Espiga'],
    ['Ferretería; Central', '"Ferretería; Central"'],
    ['Tornillo 6" x 1', '"Tornillo 6"" x 1"'],
    ['dos\nlíneas', '"dos\nlíneas"'],
    ['=HYPERLINK("x")', '"\'=HYPERLINK(""x"")"'],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['-1234,50', '-1234,50'],
  ])('writes %j as %j', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });
});
