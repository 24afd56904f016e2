import { describe, expect, it } from 'vitest';
import { countOf } from '#shared/plural';

describe('countOf', () => {
  it('says one in the singular and every other count in the plural, with es-CO digits', () => {
    expect(countOf(1, 'documento')).toBe('1 documento');
    expect(countOf(0, 'documento')).toBe('0 documentos');
    expect(countOf(2, 'documento')).toBe('2 documentos');
    expect(countOf(100_000, 'documento')).toBe('100.000 documentos');
    expect(countOf(3, 'número', 'números')).toBe('3 números');
    expect(countOf(2, 'mes', 'meses')).toBe('2 meses');
  });
});

describe('countOf with the plural rules of es-CO', () => {
  it('keeps a multi-word singular for one and takes the given plural otherwise', () => {
    expect(countOf(1, 'día con documentos aceptados', 'días con documentos aceptados')).toBe('1 día con documentos aceptados');
    expect(countOf(21, 'día con documentos aceptados', 'días con documentos aceptados')).toBe('21 días con documentos aceptados');
  });
});
