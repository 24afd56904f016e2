// ESC/POS bytes of a laid-out ticket (shared/print/ticket.ts): the code page selected and the text
// encoded in it, bold and double size where the ticket says, the logo as a raster image (GS v 0),
// the QR by the printer's own command (GS ( k) or as a raster image, the cut, and the drawer
// pulse (ESC p). A small encoder of its own: the commands are a dozen, and the maintained libraries
// need a canvas-like ImageData for the logo (docs/CLIENT-DECISIONS.md); the logo is read by logo.ts.
import iconv from 'iconv-lite';
import QRCode from 'qrcode';
import type { CodePage } from '#shared/rpc/methods/print';
import { layOut, type TicketBlock, type TicketColumns } from '#shared/print/ticket';
import { fitLogo, readLogo } from './logo';
import type { GreyImage } from './png';

const ESC = 0x1b;
const GS = 0x1d;
const LF = 0x0a;

/** ESC t n of each code page (Epson's table, followed by Bixolon and the generic printers) and its encoder's name. */
export const CODE_PAGE_TABLE: Record<CodePage, { escT: number; encoding: string }> = {
  pc850: { escT: 2, encoding: 'cp850' },
  wpc1252: { escT: 16, encoding: 'windows1252' },
  pc858: { escT: 19, encoding: 'cp858' },
};

/** Dots per line of the paper each column count prints on (80 mm: 576 or 512; 58 mm: 384). */
export const DOTS: Record<TicketColumns, number> = { 48: 576, 42: 512, 32: 384 };

export interface EncodeOptions {
  columns: TicketColumns;
  codePage: CodePage;
  nativeQr: boolean;
  /** a drawer pulse before the cut (the drawer opens as the receipt comes out) */
  drawer?: boolean;
}

export interface Encoded {
  bytes: Buffer;
  /** characters the code page does not have (printed as «?») */
  unencodable: string[];
  /** why the logo was left off the ticket (it could not be read), in the shop's words; null when printed or none */
  logoProblem: string | null;
}

/** Initialise the printer, then select the code page. */
export function header(codePage: CodePage): Buffer {
  return Buffer.from([ESC, 0x40, ESC, 0x74, CODE_PAGE_TABLE[codePage].escT]);
}

/** Pin 2 (the drawer's usual connector), 50 ms on, 500 ms off. */
export const DRAWER_PULSE = Buffer.from([ESC, 0x70, 0x00, 25, 250]);
/** Feed 3 lines and cut partially, so the receipt does not fall. */
export const CUT = Buffer.from([GS, 0x56, 66, 3]);

export function encodeTicket(blocks: readonly TicketBlock[], options: EncodeOptions): Encoded {
  const { encoding } = CODE_PAGE_TABLE[options.codePage];
  const unencodable = new Set<string>();
  const parts: Buffer[] = [header(options.codePage)];
  let logoProblem: string | null = null;
  for (const line of layOut(blocks, options.columns)) {
    if (line.kind === 'logo') {
      const logo = readLogo(line.dataUrl);
      if (logo.image) parts.push(align('center'), raster(fitLogo(logo.image, DOTS[options.columns])), align('left'));
      else logoProblem = logo.problem;
      continue;
    }
    if (line.kind === 'qr') {
      parts.push(
        align('center'),
        options.nativeQr ? nativeQr(line.text, options.columns) : qrImage(line.text, DOTS[options.columns]),
      );
      parts.push(align('left'));
      continue;
    }
    for (const char of new Set(line.text)) {
      if (char !== '?' && iconv.encode(char, encoding)[0] === 0x3f) unencodable.add(char);
    }
    parts.push(
      align(line.align),
      Buffer.from([ESC, 0x45, line.bold ? 1 : 0, GS, 0x21, line.double ? 0x11 : 0x00]),
      iconv.encode(line.text, encoding),
      Buffer.from([LF]),
    );
  }
  parts.push(Buffer.from([ESC, 0x45, 0, GS, 0x21, 0]));
  if (options.drawer) parts.push(DRAWER_PULSE);
  parts.push(CUT);
  return { bytes: Buffer.concat(parts), unencodable: [...unencodable], logoProblem };
}

function align(where: 'left' | 'center' | 'right'): Buffer {
  return Buffer.from([ESC, 0x61, where === 'left' ? 0 : where === 'center' ? 1 : 2]);
}

/** GS v 0: a 1-bit image, a byte per 8 dots across, darker than mid-grey printed black. */
export function raster(image: GreyImage): Buffer {
  const widthBytes = Math.ceil(image.width / 8);
  const body = Buffer.alloc(widthBytes * image.height);
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      if (image.grey[y * image.width + x]! < 128) body[y * widthBytes + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  const head = Buffer.from([GS, 0x76, 0x30, 0, widthBytes & 0xff, widthBytes >> 8, image.height & 0xff, image.height >> 8]);
  return Buffer.concat([head, body, Buffer.from([LF])]);
}

/** Module size so the symbol (with its quiet zone) fits the paper, at most 8 dots. */
function moduleSize(text: string, dots: number): { size: number; matrix: QRCode.BitMatrix } {
  const matrix = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules;
  return { size: Math.max(1, Math.min(8, Math.floor(dots / (matrix.size + 8)))), matrix };
}

/** GS ( k: model 2, module size, error correction M, store the data, print it. */
export function nativeQr(text: string, columns: TicketColumns): Buffer {
  const data = Buffer.from(text, 'utf8');
  const { size } = moduleSize(text, DOTS[columns]);
  const store = data.length + 3;
  return Buffer.concat([
    Buffer.from([GS, 0x28, 0x6b, 4, 0, 0x31, 0x41, 0x32, 0]),
    Buffer.from([GS, 0x28, 0x6b, 3, 0, 0x31, 0x43, size]),
    Buffer.from([GS, 0x28, 0x6b, 3, 0, 0x31, 0x45, 0x31]),
    Buffer.from([GS, 0x28, 0x6b, store & 0xff, store >> 8, 0x31, 0x50, 0x30]),
    data,
    Buffer.from([GS, 0x28, 0x6b, 3, 0, 0x31, 0x51, 0x30, LF]),
  ]);
}

/** The QR drawn as a raster image, for printers without GS ( k. */
export function qrImage(text: string, dots: number): Buffer {
  const { size, matrix } = moduleSize(text, dots);
  const quiet = 4;
  const side = (matrix.size + quiet * 2) * size;
  const grey = new Uint8Array(side * side).fill(255);
  for (let row = 0; row < matrix.size; row++) {
    for (let col = 0; col < matrix.size; col++) {
      if (!matrix.get(row, col)) continue;
      for (let dy = 0; dy < size; dy++) {
        const y = (row + quiet) * size + dy;
        grey.fill(0, y * side + (col + quiet) * size, y * side + (col + quiet + 1) * size);
      }
    }
  }
  return raster({ width: side, height: side, grey });
}
