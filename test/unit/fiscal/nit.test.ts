import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidNitDv, nitCheckDigit } from '#shared/fiscal/index';

describe('NIT check digit', () => {
  it.each([
    ['800197268', '4'], // DIAN itself (FISCAL.md)
    ['900123456', '8'], // the demo company of resources/demo-seed.json
    ['860034313', '7'], // Banco Davivienda's published NIT-DV
  ])('NIT %s has DV %s', (nit, dv) => {
    expect(nitCheckDigit(nit)).toBe(dv);
  });

  it('follows the weighted sum mod 11 rule for any NIT', () => {
    const weights = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71];
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,15}$/), (nit) => {
        const r =
          nit
            .split('')
            .reverse()
            .reduce((acc, d, i) => acc + Number(d) * weights[i]!, 0) % 11;
        expect(nitCheckDigit(nit)).toBe(String(r < 2 ? r : 11 - r));
      }),
    );
  });

  it('rejects non-numeric input', () => {
    expect(() => nitCheckDigit('90012345A')).toThrow();
    expect(() => nitCheckDigit('')).toThrow();
    expect(isValidNitDv('abc', '1')).toBe(false);
  });

  it('validates a NIT against its DV', () => {
    expect(isValidNitDv('800197268', '4')).toBe(true);
    expect(isValidNitDv('800197268', '5')).toBe(false);
  });
});
