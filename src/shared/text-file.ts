// A text file as people's spreadsheet programs save it: UTF-8 with or without a BOM (LibreOffice,
// Excel's "CSV UTF-8"), UTF-16 with a BOM (Excel's "Unicode text"), or Windows-1252 (Excel's plain
// "CSV" on a Spanish Windows). The bytes decide, never the file name. Pure: the renderer's import
// and the tests share it (TextDecoder exists in browsers and in Node).

export type TextEncodingName = 'UTF-8' | 'UTF-8 con BOM' | 'UTF-16' | 'Windows-1252';

export interface DecodedText {
  text: string;
  encoding: TextEncodingName;
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
