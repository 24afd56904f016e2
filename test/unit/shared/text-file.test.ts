// The one reader of files the user gives: each encoding a spreadsheet program saves decoded to the
// same text, and a file over its limit refused with both sizes before a byte of it is read.
import { describe, expect, it, vi } from 'vitest';
import { formatByteSize, MB } from '#shared/byte-size';
import { FILE_LIMITS, readTextFile, type UserFile } from '#shared/text-file';

const TEXT = 'codigo;descripcion;incluye_iva\r\nPIN1;Piña golden;sí\r\nCAF;Café «especial» – 500 g €;no\r\n';
const bytes = (...parts: (number[] | Buffer)[]) => new Blob(parts.map((p) => Uint8Array.from(p)));

describe('readTextFile', () => {
  it.each([
    ['UTF-8 without BOM', bytes(Buffer.from(TEXT, 'utf8')), 'UTF-8'],
    ['UTF-8 with BOM', bytes([0xef, 0xbb, 0xbf], Buffer.from(TEXT, 'utf8')), 'UTF-8 con BOM'],
    ['UTF-16 LE with BOM', bytes([0xff, 0xfe], Buffer.from(TEXT, 'utf16le')), 'UTF-16'],
    ['UTF-16 BE with BOM', bytes([0xfe, 0xff], Buffer.from(TEXT, 'utf16le').swap16()), 'UTF-16'],
    // «, », – and € are outside Latin-1: Windows-1252 has them at 0xAB, 0xBB, 0x96 and 0x80.
    ['Windows-1252', bytes([...TEXT].map((c) => ({ '–': 0x96, '€': 0x80 })[c] ?? c.charCodeAt(0))), 'Windows-1252'],
  ] as const)('reads %s', async (_name, file, encoding) => {
    expect(await readTextFile(file, FILE_LIMITS.catalog)).toEqual({ ok: true, text: TEXT, encoding });
  });

  it('refuses a file over the limit by its size, without reading it', async () => {
    const arrayBuffer = vi.fn(() => Promise.resolve(new ArrayBuffer(0)));
    const file: UserFile = { size: 50 * MB, arrayBuffer };
    expect(await readTextFile(file, 20 * MB)).toEqual({
      ok: false,
      problem: 'El archivo tiene 50 MB; el máximo es 20 MB. Divídalo en archivos más pequeños.',
    });
    expect(arrayBuffer).not.toHaveBeenCalled();
  });

  it('says so when the file cannot be read', async () => {
    const file: UserFile = { size: 10, arrayBuffer: () => Promise.reject(new Error('NotReadableError')) };
    expect(await readTextFile(file, MB)).toEqual({
      ok: false,
      problem: 'No se pudo leer el archivo. Verifique que no esté abierto en otro programa.',
    });
  });

  it.each([
    [300, '1 KB'],
    [150 * 1024, '150 KB'],
    [1.5 * MB, '1,5 MB'],
    [5 * MB + 1, '5,1 MB'],
    [50 * MB, '50 MB'],
    [1200 * MB, '1.200 MB'],
  ])('writes %i bytes as %s', (size, text) => {
    expect(formatByteSize(size)).toBe(text);
  });
});
