// The issuer's logo as the receipt printer draws it: a PNG (png.ts) or a JPEG (jpeg-js, a pure
// JavaScript decoder: no native module to build for Electron and Node alike, baseline and
// progressive, with limits on resolution and memory for a hostile file) read into grey levels,
// then scaled to at most half the paper wide and 160 dots high. A logo that cannot be read says
// why in the shop's words, and the ticket prints without it.
import jpeg from 'jpeg-js';
import { readPng, type GreyImage } from './png';

export type LogoReading = { image: GreyImage; problem: null } | { image: null; problem: string };

const DATA_URL = /^data:image\/(png|jpeg);base64,(.+)$/;
/** Far above any logo (the profile keeps at most 150 KB of image), far below what would hurt. */
const MAX_MEGAPIXELS = 4;
const MAX_MEMORY_MB = 64;

const unreadable = (problem: string): LogoReading => ({ image: null, problem });

/** The logo's grey levels, or why the receipt printer cannot draw it. */
export function readLogo(dataUrl: string): LogoReading {
  const match = DATA_URL.exec(dataUrl);
  if (!match) return unreadable('el logo no es una imagen PNG ni JPEG. Súbalo de nuevo en Ajustes › Datos del emisor.');
  const bytes = Buffer.from(match[2]!, 'base64');
  if (match[1] === 'png') {
    const png = readPng(bytes);
    return png
      ? { image: png, problem: null }
      : unreadable(
          'el PNG del logo está dañado o guardado de una forma que la impresora no lee (entrelazado o de 16 bits). Guárdelo de nuevo como PNG normal y súbalo en Ajustes › Datos del emisor.',
        );
  }
  let decoded: { width: number; height: number; data: Uint8Array };
  try {
    decoded = jpeg.decode(bytes, {
      useTArray: true,
      formatAsRGBA: true,
      maxResolutionInMP: MAX_MEGAPIXELS,
      maxMemoryUsageInMB: MAX_MEMORY_MB,
    });
  } catch {
    return unreadable(
      'el JPEG del logo está dañado o no se puede leer. Guárdelo de nuevo (o en PNG) y súbalo en Ajustes › Datos del emisor.',
    );
  }
  if (decoded.width === 0 || decoded.height === 0) {
    return unreadable('el JPEG del logo no tiene imagen. Súbalo de nuevo en Ajustes › Datos del emisor.');
  }
  const grey = new Uint8Array(decoded.width * decoded.height);
  for (let i = 0; i < grey.length; i++) {
    const p = i * 4;
    grey[i] = Math.round(0.299 * decoded.data[p]! + 0.587 * decoded.data[p + 1]! + 0.114 * decoded.data[p + 2]!);
  }
  return { image: { width: decoded.width, height: decoded.height, grey }, problem: null };
}

/** The logo at most half the paper wide and 160 dots high, scaled by nearest neighbour. */
export function fitLogo(image: GreyImage, dots: number): GreyImage {
  const scale = Math.min(1, Math.floor(dots / 2) / image.width, 160 / image.height);
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const grey = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const sourceY = Math.min(image.height - 1, Math.floor(y / scale));
      const sourceX = Math.min(image.width - 1, Math.floor(x / scale));
      grey[y * width + x] = image.grey[sourceY * image.width + sourceX]!;
    }
  }
  return { width, height, grey };
}
