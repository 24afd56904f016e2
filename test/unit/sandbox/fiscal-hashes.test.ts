// The sandbox's CUFE, CUDS and software security code (node:crypto) against the shared fiscal
// functions (pure-JS SHA-384), over generated fields, non-ASCII text included.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeCuds as sharedCuds, computeCufe as sharedCufe, softwareSecurityCode as sharedCode } from '#shared/fiscal/index';
import { computeCuds, computeCufe, softwareSecurityCode } from '#sandbox/fiscal-hashes';

const text = fc.string({ unit: 'grapheme', maxLength: 30 });
const money = fc
  .integer({ min: 0, max: 10_000_000_000 })
  .map((c) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`);
const ambiente = fc.constantFrom('1', '2') as fc.Arbitrary<'1' | '2'>;

describe('sandbox fiscal hashes', () => {
  it('equal the shared CUFE, CUDS and software security code for any fields', () => {
    fc.assert(
      fc.property(
        text,
        text,
        text,
        money,
        money,
        money,
        money,
        money,
        text,
        text,
        text,
        ambiente,
        (id, date, time, a, b, c, d, e, nit, other, key, env) => {
          const cufe = {
            numFac: id,
            fecFac: date,
            horFac: time,
            valFac: a,
            valImpIva: b,
            valImpInc: c,
            valImpIca: d,
            valTot: e,
            nitOfe: nit,
            numAdq: other,
            claveTecnica: key,
            tipoAmbiente: env,
          };
          expect(computeCufe(cufe)).toBe(sharedCufe(cufe));
          const cuds = {
            numDs: id,
            fecDs: date,
            horDs: time,
            valDs: a,
            valImp: b,
            valTol: e,
            numSno: nit,
            nitAbs: other,
            softwarePin: key,
            tipoAmbiente: env,
          };
          expect(computeCuds(cuds)).toBe(sharedCuds(cuds));
          expect(softwareSecurityCode(nit, key, id)).toBe(sharedCode(nit, key, id));
        },
      ),
      { numRuns: 200 },
    );
  });
});
