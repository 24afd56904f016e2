// Reading the issuer's PNG logo into grey levels for the receipt printer's raster image, with Node's
// zlib (a JPEG logo is read by jpeg-js, logo.ts). Non-interlaced 8-bit images, as image editors
// save logos; any other PNG is said to be unreadable and the ticket prints without it.
import { inflateSync } from 'node:zlib';

export interface GreyImage {
  width: number;
  height: number;
  /** one byte per pixel, 0 black … 255 white, transparency already laid on white */
  grey: Uint8Array;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** The image, or null when it is not a PNG this reader knows (then the ticket goes without logo). */
export function readPng(bytes: Buffer): GreyImage | null {
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(SIGNATURE)) return null;
  let offset = 8;
  let width = 0;
  let height = 0;
  let depth = 0;
  let colour = 0;
  let interlace = 0;
  let palette: Buffer | null = null;
  let alpha: Buffer | null = null;
  const data: Buffer[] = [];
  while (offset + 8 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    offset += 12 + length;
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      depth = body[8]!;
      colour = body[9]!;
      interlace = body[12]!;
    } else if (type === 'PLTE') palette = body;
    else if (type === 'tRNS') alpha = body;
    else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') break;
  }
  const channels = CHANNELS[colour];
  if (!channels || depth !== 8 || interlace !== 0 || width === 0 || height === 0 || width * height > 4_000_000) return null;
  if (colour === 3 && !palette) return null;
  let raw: Buffer;
  try {
    raw = inflateSync(Buffer.concat(data));
  } catch {
    return null;
  }
  const stride = width * channels;
  if (raw.length < (stride + 1) * height) return null;
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? pixels[y * stride + x - channels]! : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + x]! : 0;
      const c = x >= channels && y > 0 ? pixels[(y - 1) * stride + x - channels]! : 0;
      let value = line[x]!;
      if (filter === 1) value += a;
      else if (filter === 2) value += b;
      else if (filter === 3) value += (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        value += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      pixels[y * stride + x] = value & 0xff;
    }
  }
  const grey = new Uint8Array(width * height);
  for (let i = 0; i < width * height; i++) {
    const p = i * channels;
    let r: number, g: number, bl: number, al: number;
    if (colour === 3) {
      const index = pixels[p]!;
      r = palette![index * 3] ?? 0;
      g = palette![index * 3 + 1] ?? 0;
      bl = palette![index * 3 + 2] ?? 0;
      al = alpha && index < alpha.length ? alpha[index]! : 255;
    } else if (colour === 0 || colour === 4) {
      r = g = bl = pixels[p]!;
      al = colour === 4 ? pixels[p + 1]! : 255;
    } else {
      r = pixels[p]!;
      g = pixels[p + 1]!;
      bl = pixels[p + 2]!;
      al = colour === 6 ? pixels[p + 3]! : 255;
    }
    const luminance = 0.299 * r + 0.587 * g + 0.114 * bl;
    grey[i] = Math.round((luminance * al + 255 * (255 - al)) / 255);
  }
  return { width, height, grey };
}
