// DIAN's published test vectors (FISCAL.md) for CUFE, CUDS, plus the software security code.
import { describe, expect, it } from 'vitest';
import { computeCuds, computeCufe, cudsInput, cufeInput, softwareSecurityCode } from '#shared/fiscal/index';
import { sha384Hex } from '#shared/fiscal/index';

const cufeVector = {
  numFac: '323200000129',
  fecFac: '2019-01-16',
  horFac: '10:53:10-05:00',
  valFac: '1500000.00',
  valImpIva: '285000.00',
  valImpInc: '0',
  valImpIca: 0,
  valTot: '1785000',
  nitOfe: '700085371',
  numAdq: '800199436',
  claveTecnica: '693ff6f2a553c3646a063436fd4dd9ded0311471',
  tipoAmbiente: '1' as const,
};

describe('CUFE', () => {
  it('builds the exact input string of the DIAN test vector', () => {
    expect(cufeInput(cufeVector)).toBe(
      '3232000001292019-01-1610:53:10-05:001500000.0001285000.00040.00030.001785000.00700085371800199436693ff6f2a553c3646a063436fd4dd9ded03114711',
    );
  });

  it('hashes the DIAN test vector to the published CUFE', () => {
    expect(computeCufe(cufeVector)).toBe(
      '8bb918b19ba22a694f1da11c643b5e9de39adf60311cf179179e9b33381030bcd4c3c3f156c506ed5908f9276f5bd9b4',
    );
  });

  it('truncates amounts instead of rounding them', () => {
    const input = cufeInput({ ...cufeVector, valFac: '1500000.999', valTot: '0.005' });
    expect(input).toContain('1500000.99');
    expect(input).not.toContain('1500001.00');
    expect(input).toContain('0.00700085371');
  });
});

const cudsVector = {
  numDs: '0000000001',
  fecDs: '2020-10-24',
  horDs: '14:04:35-05:00',
  valDs: 15000,
  valImp: '19',
  valTol: '16350.00',
  numSno: '900373076',
  nitAbs: '8355990',
  softwarePin: '12345',
  tipoAmbiente: '1' as const,
};

describe('CUDS', () => {
  it('builds the exact input string of the DIAN test vector', () => {
    expect(cudsInput(cudsVector)).toBe('00000000012020-10-2414:04:35-05:0015000.000119.0016350.009003730768355990123451');
  });

  it('hashes the DIAN test vector to the published CUDS', () => {
    expect(computeCuds(cudsVector)).toBe(
      'bf4bb6920d5054ac065ddb7e6df0398e63e3ba2ff29cb341edd7d46ee8f2ea1802f84aaca91a19a24623e5e3baff3a71',
    );
  });

  it('changes when the supplier and the buyer are swapped (the parties are not symmetric)', () => {
    expect(computeCuds({ ...cudsVector, numSno: cudsVector.nitAbs, nitAbs: cudsVector.numSno })).not.toBe(
      computeCuds(cudsVector),
    );
  });
});

describe('software security code', () => {
  it('is SHA-384 of software id + PIN + document id', () => {
    expect(softwareSecurityCode('abc', '12345', 'SETP990000001')).toBe(sha384Hex('abc12345SETP990000001'));
    expect(softwareSecurityCode('abc', '12345', 'SETP990000001')).toMatch(/^[0-9a-f]{96}$/);
  });
});

describe('sha384Hex', () => {
  it('matches the FIPS 180-2 "abc" vector', () => {
    expect(sha384Hex('abc')).toBe(
      'cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7',
    );
  });
});
