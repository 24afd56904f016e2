import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyFeTax } from '#shared/fe/index';

describe('FE tax classification ("FE item", rule)', () => {
  it.each([
    [8, undefined, { code: '04', name: 'INC' }],
    ['8.00', undefined, { code: '04', name: 'INC' }],
    [19, undefined, { code: '01', name: 'IVA' }],
    [5, undefined, { code: '01', name: 'IVA' }],
    [8.5, undefined, { code: '01', name: 'IVA' }],
    [0, undefined, null],
    [8, '01', { code: '01', name: 'IVA' }],
    [19, '04', { code: '04', name: 'INC' }],
    [0, '01', { code: '01', name: 'IVA' }],
    [1, '03', { code: '03', name: 'ICA' }],
  ] as const)('rate %s with code %s -> %j', (rate, code, expected) => {
    expect(classifyFeTax(rate, code)).toEqual(expected);
  });

  it('classifies every positive rate other than 8 as IVA when no code is given', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }).filter((n) => n !== 800),
        (hundredths) => {
          expect(classifyFeTax((hundredths / 100).toFixed(2))?.code).toBe('01');
        },
      ),
    );
  });

  it('refuses an unknown explicit code', () => {
    expect(() => classifyFeTax(19, '99')).toThrow(/99/);
  });
});
