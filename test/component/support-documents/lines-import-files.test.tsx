// DSE line files as real spreadsheet programs save them: the bytes of each file are written here as
// that program writes them (encoding, separator, decimal mark, empty trailing rows), then read by
// the import the form uses.
import { describe, expect, it } from 'vitest';
import { describeFormat, importLinesFile, readCodeCell } from '#renderer/features/support-documents/model/lines-import';
import { decodeTextFile } from '#shared/text-file';

const centers = [
  { id: 1, code: 'ADM', name: 'Administración' },
  { id: 3, code: 'BOD', name: 'Bodega' },
];

/** Windows-1252 bytes: for the Spanish letters used here (á é í ó ú ñ Ñ) it coincides with Latin-1. */
const cp1252 = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));
const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));
const utf8Bom = (text: string) => new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from(text, 'utf8')]);
const utf16Bom = (text: string) => new Uint8Array([0xff, 0xfe, ...Buffer.from(text, 'utf16le')]);

const SPANISH_EXCEL =
  'Código;Descripción;Cantidad;Unidad;Precio unitario;% IVA;Centro de costo\r\n' +
  '70111703;Jardinería y poda;2;EA;1.234,50;19;ADM\r\n' +
  '50221100;Café molido en bolsa;12,5;KGM;18000;0;BOD\r\n' +
  ';;;;;;\r\n;;;;;;\r\n';

describe('line import of real files', () => {
  it('reads a Spanish Excel "CSV" (Windows-1252, semicolons, decimal comma, empty rows at the end) without garbled text', () => {
    const result = importLinesFile(cp1252(SPANISH_EXCEL), centers);
    expect(result.error).toBeNull();
    expect(result.format).toEqual({ encoding: 'Windows-1252', delimiter: ';', decimalComma: true, header: true });
    expect(result.rows).toHaveLength(2);
    expect(result.rows.map((r) => r.problems)).toEqual([[], []]);
    expect(result.rows[0]!.item).toMatchObject({
      codigo: '70111703',
      descripcion: 'Jardinería y poda',
      precio_unitario: '1.234,50',
      cost_center_id: '1',
    });
    expect(result.rows[1]!.item).toMatchObject({
      descripcion: 'Café molido en bolsa',
      cantidad: '12,5',
      unidad_medida: 'KGM',
      cost_center_id: '3',
    });
    expect(describeFormat(result.format!)).toContain('Windows-1252');
  });

  it.each([
    ['UTF-8 without BOM', utf8, 'UTF-8'],
    ['UTF-8 with BOM', utf8Bom, 'UTF-8 con BOM'],
    ['UTF-16 with BOM', utf16Bom, 'UTF-16'],
    ['Windows-1252', cp1252, 'Windows-1252'],
  ] as const)('decodes %s to the same lines', (_name, encode, encoding) => {
    const result = importLinesFile(encode(SPANISH_EXCEL), centers);
    expect(result.format?.encoding).toBe(encoding);
    expect(result.rows.map((r) => r.item.descripcion)).toEqual(['Jardinería y poda', 'Café molido en bolsa']);
    expect(result.rows.every((r) => r.problems.length === 0)).toBe(true);
  });

  it.each([
    [
      'commas, decimal point (English spreadsheet)',
      'Code,Description,Quantity,Unit,Unit price,IVA %\n70111703,"Poda, jardín",2,EA,1234.50,19\n',
      ',',
      false,
    ],
    [
      'tabs (pasted or "Unicode text")',
      'Código\tDescripción\tCantidad\tUnidad\tPrecio\tIVA\n70111703\tPoda\t2\tEA\t1.234,50\t19\n',
      '\t',
      true,
    ],
    [
      'semicolons with commas inside quoted text',
      'Código;Descripción;Cantidad;Unidad;Precio;IVA\n70111703;"Poda, jardín; y más";2;EA;"1.234,50";19\n',
      ';',
      true,
    ],
  ] as const)('detects the separator: %s', (_name, text, delimiter, decimalComma) => {
    const result = importLinesFile(utf8(text), centers);
    expect(result.format).toMatchObject({ delimiter, decimalComma, header: true });
    expect(result.rows).toHaveLength(1);
    expect(result.rows[0]!.problems).toEqual([]);
  });

  it('says what is wrong with each row in the user words, row by row as the spreadsheet numbers them', () => {
    const text =
      'Código;Descripción;Cantidad;Unidad;Precio unitario;% IVA;Centro de costo\n' +
      '4,32115E+07;Papel;2;EA;100;19;\n' +
      '4321150;Tóner;dos;EA;100;19;\n' +
      '70111703;Poda;1;EA;abc;19;XYZ\n' +
      ';;;;;;\n' +
      '43211503,00;Resma;1;EA;12.000;19;ADM\n';
    const { rows } = importLinesFile(cp1252(text), centers);
    expect(rows.map((r) => r.line)).toEqual([2, 3, 4, 6]);
    expect(rows[0]!.problems.join(' | ')).toMatch(/notación científica/);
    expect(rows[1]!.problems.join(' | ')).toMatch(/«4321150» tiene 7 dígitos.*8 dígitos.*Cantidad: «dos» no es un número/);
    expect(rows[2]!.problems.join(' | ')).toMatch(
      /Precio unitario: «abc» no es un número.*Centro de costo: «XYZ» no está en la lista.*ADM, BOD/,
    );
    expect(rows[3]).toMatchObject({ problems: [], item: { codigo: '43211503' } });
  });

  it('tells where to enter cost centers when the connection has none', () => {
    const { rows } = importLinesFile(utf8('70111703;Poda;1;EA;100;19;ADM\n'), []);
    expect(rows[0]!.problems.join(' ')).toMatch(/no tiene centros de costo registrados.*Centros de costo de la empresa/);
  });

  it('refuses a file that has only a header or only separators, saying so', () => {
    expect(importLinesFile(utf8('Código;Descripción;Cantidad\n'), centers).error).toMatch(/solo tiene la fila de encabezados/);
    expect(importLinesFile(utf8(';;;\n;;;\n'), centers).error).toMatch(/vacío o solo tiene separadores/);
  });

  it('reads codes as spreadsheets save them', () => {
    expect(readCodeCell('43211503')).toEqual({ codigo: '43211503', problem: null });
    expect(readCodeCell('43211503.0')).toEqual({ codigo: '43211503', problem: null });
    expect(readCodeCell('4321-1503').problem).toMatch(/sin letras ni espacios/);
  });

  it('prefers UTF-8 when the bytes are valid UTF-8, and falls back to Windows-1252 otherwise', () => {
    expect(decodeTextFile(utf8('Año ñandú')).text).toBe('Año ñandú');
    expect(decodeTextFile(cp1252('Año ñandú'))).toEqual({ text: 'Año ñandú', encoding: 'Windows-1252' });
    // 0x80 is the euro sign in Windows-1252 (not in Latin-1)
    expect(decodeTextFile(new Uint8Array([0x80, 0x20, 0x31])).text).toBe('€ 1');
  });
});
