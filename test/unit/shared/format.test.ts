// The one es-CO formatter of numbers and counts: plurals chosen by Intl.PluralRules, the decimal
// comma and thousands points by Intl.NumberFormat, amounts exact to the centavo however large.
import { describe, expect, it } from 'vitest';
import {
  centsComma,
  countOf,
  decimalComma,
  formatCopCompact,
  formatDecimal,
  formatInteger,
  formatPercent,
  pluralOf,
} from '#shared/format';
import { formatCop, formatUsd } from '#shared/money';

/** Intl writes a no-break space between the sign and the digits; the tests read it as a space. */
const spaced = (text: string) => text.replace(/\u00a0/g, ' ');

describe('countOf and pluralOf', () => {
  it.each([
    [0, '0 días'],
    [1, '1 día'],
    [2, '2 días'],
    [21, '21 días'],
    [1_250, '1.250 días'],
    [1_000_000, '1.000.000 días'],
  ])('%i days read «%s»', (n, text) => {
    expect(countOf(n, 'día')).toBe(text);
  });

  it('takes the given plural of a multi-word phrase and never writes «1 días»', () => {
    expect(countOf(1, 'día con documentos aceptados', 'días con documentos aceptados')).toBe('1 día con documentos aceptados');
    expect(countOf(3, 'mes', 'meses')).toBe('3 meses');
    expect(countOf(1, 'copia antigua', 'copias antiguas')).toBe('1 copia antigua');
  });

  it('follows es-CO plural rules, not a comparison with 1: 1,5 is plural', () => {
    expect(pluralOf(1.5, 'kilo')).toBe('kilos');
    expect(pluralOf(1, 'pegó', 'pegaron')).toBe('pegó');
    expect(pluralOf(0, 'pegó', 'pegaron')).toBe('pegaron');
  });
});

describe('money (formatCop, formatUsd)', () => {
  it.each([
    ['0', '$ 0,00'],
    ['0.5', '$ 0,50'],
    ['1234.5', '$ 1.234,50'],
    ['1234567.05', '$ 1.234.567,05'],
    ['-1234.5', '-$ 1.234,50'],
    ['-0.01', '-$ 0,01'],
    ['2.005', '$ 2,01'],
  ])('%s pesos read «%s»', (amount, text) => {
    expect(spaced(formatCop(amount))).toBe(text);
  });

  it('keeps the centavos of an amount beyond a binary float’s 15 digits', () => {
    // As a float, 12345678901234567.85 is 12345678901234568: the centavos would be lost.
    expect(spaced(formatCop('12345678901234567.85'))).toBe('$ 12.345.678.901.234.567,85');
  });

  it('writes dollars with the same separators', () => {
    expect(spaced(formatUsd('1234.5'))).toBe('US$ 1.234,50');
  });
});

describe('decimals and rates', () => {
  it('writes decimals with thousands points, or plain with the comma only where an input or a CSV cell holds them', () => {
    expect(formatInteger(1_250)).toBe('1.250');
    expect(formatDecimal('1234567.125')).toBe('1.234.567,125');
    expect(decimalComma('1234.5')).toBe('1234,5');
    expect(decimalComma('12500.50')).toBe('12500,50');
    expect(decimalComma(-0.25)).toBe('-0,25');
    expect(decimalComma('12345678901234567.123456')).toBe('12345678901234567,123456');
    expect(decimalComma('abc')).toBe('abc');
    expect(decimalComma('')).toBe('');
  });

  it('writes CSV amounts with two decimals, the short way giving what Intl gives', () => {
    const intl = new Intl.NumberFormat('es-CO', { useGrouping: false, minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (const amount of ['0.00', '1234.50', '-0.05', '-1234567.89', '99999999999.99']) {
      expect(centsComma(amount)).toBe(intl.format(amount as `${number}`));
    }
    expect(centsComma('7.5')).toBe('7,50');
    expect(centsComma(-3)).toBe('-3,00');
  });

  it('writes rates as the contract sends them with the decimal comma', () => {
    expect(formatPercent('19')).toBe('19 %');
    expect(formatPercent('2.5')).toBe('2,5 %');
    expect(formatPercent(0.4)).toBe('0,4 %');
    expect(formatPercent('11.0400')).toBe('11,04 %');
    expect(formatPercent('2.5', { fractionDigits: 2 })).toBe('2,50 %');
    expect(formatPercent('')).toBe('');
    expect(formatPercent('n/a')).toBe('');
  });
});

describe('formatCopCompact', () => {
  it('shortens every size of an axis in one wording', () => {
    expect([0, 950, 9_000, 20_000, 1_500_000, -9_000].map(formatCopCompact)).toEqual([
      '$ 0',
      '$ 950',
      '$ 9 mil',
      '$ 20 mil',
      '$ 1,5 M',
      '-$ 9 mil',
    ]);
  });
});
