// A JPEG logo made in the test (no binary fixture to keep): encoded with jpeg-js, the decoder's own
// package, and the share of black dots a raster image of it has, read from the ESC/POS bytes.
import jpegJs from 'jpeg-js';

/** A JPEG data URL, `width` × `height`, the grey level of each column given by `greyAt`. */
export function jpegLogo(width: number, height: number, greyAt: (x: number) => number): string {
  const rgba = Buffer.alloc(width * height * 4, 255);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) rgba.fill(greyAt(x), (y * width + x) * 4, (y * width + x) * 4 + 3);
  }
  return `data:image/jpeg;base64,${jpegJs.encode({ width, height, data: rgba }, 90).data.toString('base64')}`;
}

/** The share of black dots in the left and in the right half of a raster image (GS v 0 body). */
export function blackShare(image: { widthDots: number; height: number }, bits: Buffer): { left: number; right: number } {
  const half = image.widthDots / 2;
  const count = { left: 0, right: 0 };
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.widthDots; x++) {
      if (bits[y * (image.widthDots / 8) + (x >> 3)]! & (0x80 >> (x & 7))) count[x < half ? 'left' : 'right'] += 1;
    }
  }
  return { left: count.left / (half * image.height), right: count.right / (half * image.height) };
}
