// A text file as people's spreadsheet programs save it: UTF-8 with or without a BOM (LibreOffice,
// Excel's "CSV UTF-8"), UTF-16 with a BOM (Excel's "Unicode text"), or Windows-1252 (Excel's plain
// "CSV" on a Spanish Windows). The bytes decide, never the file name. Pure: every import of a file
// the user gives (catalog, DSE lines, a provider's certificate authority) reads it through `readTextFile`, in the renderer, and the tests
// share it (TextDecoder and Blob exist in browsers and in Node).
import { formatByteSize, MB } from './byte-size';

export type TextEncodingName = 'UTF-8' | 'UTF-8 con BOM' | 'UTF-16' | 'Windows-1252';

export interface DecodedText {
  text: string;
  encoding: TextEncodingName;
}

/**
 * The largest file each import reads (stated in its refusal). The catalog's 5 MB hold about 35,000
 * products as Excel writes them (15,000 are about 2 MB); the DSE lines of a period are a few
 * hundred rows (2 MB is thousands).
 */
export const FILE_LIMITS = {
  catalog: 5 * MB,
  dseLines: 2 * MB,
  /** A provider's certificate authority (PEM): 1–3 KB a certificate, a chain of a few well under this. */
  certificateAuthority: 64 * 1024,
} as const;

/** What a browser's File gives (and Node's Blob): the size without reading, then the bytes. */
export interface UserFile {
  readonly size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export type ReadTextFile = ({ ok: true } & DecodedText) | { ok: false; problem: string };

/** The refusal of a file over `maxBytes`, or null when it may be read. */
export function fileTooLarge(size: number, maxBytes: number): string | null {
  return size > maxBytes
    ? `El archivo tiene ${formatByteSize(size)}; el máximo es ${formatByteSize(maxBytes)}. Divídalo en archivos más pequeños.`
    : null;
}

/**
 * A file the user chose, as text: refused by its size before a byte is read (a 50 MB file never
 * reaches memory or the decoder), then decoded by its bytes (`decodeTextFile`).
 */
export async function readTextFile(file: UserFile, maxBytes: number): Promise<ReadTextFile> {
  const tooLarge = fileTooLarge(file.size, maxBytes);
  if (tooLarge) return { ok: false, problem: tooLarge };
  let bytes: ArrayBuffer;
  try {
    bytes = await file.arrayBuffer();
  } catch {
    return { ok: false, problem: 'No se pudo leer el archivo. Verifique que no esté abierto en otro programa.' };
  }
  // The size a File states is the size it reads; this holds for anything else handed in.
  const read = fileTooLarge(bytes.byteLength, maxBytes);
  if (read) return { ok: false, problem: read };
  return { ok: true, ...decodeTextFile(new Uint8Array(bytes)) };
}

export function decodeTextFile(bytes: Uint8Array): DecodedText {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'UTF-8 con BOM' };
  }
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    const label = bytes[0] === 0xff ? 'utf-16le' : 'utf-16be';
    return { text: new TextDecoder(label).decode(bytes.subarray(2)), encoding: 'UTF-16' };
  }
  try {
    // Valid UTF-8 is almost never accidental in Windows-1252 text with accents (an "ó" is one byte
    // 0xF3 there, which UTF-8 only allows as the start of a four-byte sequence).
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'UTF-8' };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: 'Windows-1252' };
  }
}

/**
 * Windows-1252 by its table: Latin-1 but for 0x80-0x9F (€, ‚, ƒ, „, …, †, ‡, ˆ, ‰, Š, ‹, Œ, Ž, ‘, ’,
 * “, ”, •, –, —, ˜, ™, š, ›, œ, ž, Ÿ). Written out because some TextDecoder builds (Node 20's) decode
 * the label "windows-1252" as plain Latin-1, which turns a "€" or a curly quote into a control character.
 */
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f, 0x90,
  0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

export function decodeWindows1252(bytes: Uint8Array): string {
  let out = '';
  const CHUNK = 8192;
  for (let start = 0; start < bytes.length; start += CHUNK) {
    const codes = Array.from(bytes.subarray(start, start + CHUNK), (b) => (b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80]! : b));
    out += String.fromCharCode(...codes);
  }
  return out;
}
