import { describe, expect, it } from 'vitest';
import { formatQuantity } from '#renderer/ui/quantity';

describe('formatQuantity', () => {
  it('writes quantities in es-CO without trailing zeros and common units in words', () => {
    expect(formatQuantity('1.00', 'EA')).toBe('1 und.');
    expect(formatQuantity('2.500', 'KGM')).toBe('2,5 kg');
    expect(formatQuantity('1250', 'NIU')).toBe('1.250 und.');
    expect(formatQuantity('3.333', 'LTR')).toBe('3,333 l');
  });

  it('keeps an unknown unit code and a quantity that is no number as they are', () => {
    expect(formatQuantity('4', 'ZZ')).toBe('4 ZZ');
    expect(formatQuantity('abc', 'EA')).toBe('abc und.');
    expect(formatQuantity('7', '')).toBe('7');
  });
});
