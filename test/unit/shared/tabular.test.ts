import { describe, expect, it } from 'vitest';
import { parseTabular, TabularError } from '#shared/tabular';

describe('parseTabular', () => {
  it('reads rows pasted from a spreadsheet (tabs), skipping blank lines', () => {
    expect(parseTabular('Café\t2\t4.500\n\nPan\t3\t1.200\n')).toEqual([
      ['Café', '2', '4.500'],
      ['Pan', '3', '1.200'],
    ]);
  });

  it('reads a semicolon CSV with quotes, escaped quotes, a BOM and CRLF', () => {
    const text = '\ufeffcodigo;descripcion;cantidad\r\n43211507;"Portátil ""gamer""; 15""";1\r\n';
    expect(parseTabular(text)).toEqual([
      ['codigo', 'descripcion', 'cantidad'],
      ['43211507', 'Portátil "gamer"; 15"', '1'],
    ]);
  });

  it('keeps line breaks inside quoted cells', () => {
    expect(parseTabular('a,"b\nc"\n', { delimiter: ',' })).toEqual([['a', 'b\nc']]);
  });

  it('refuses an unclosed quote and too many rows', () => {
    expect(() => parseTabular('a,"b\n')).toThrow(TabularError);
    expect(() => parseTabular('1\n2\n3\n', { maxRows: 2 })).toThrow(/más de 2 filas/);
  });
});
