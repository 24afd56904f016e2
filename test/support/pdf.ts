// What a printed PDF is, read with poppler's tools (pdftotext -bbox): its pages' sizes, its text,
// and where the text ends on each page, in millimetres, so a test can say whether a page is as long
// as what is printed on it. Also its PNG (pdftoppm) beside it, to be looked at.
import { execFileSync } from 'node:child_process';

const MM_PER_PT = 25.4 / 72;

export interface PdfPage {
  widthMm: number;
  heightMm: number;
  /** the top of the first word and the bottom of the last, from the page's top edge */
  textTopMm: number;
  textBottomMm: number;
}

export interface PdfFacts {
  pages: PdfPage[];
  /** pdftotext's plain text of every page */
  text: string;
}

const number = (tag: string, name: string): number => Number(new RegExp(`${name}="([\\d.]+)"`).exec(tag)?.[1]);

export function readPdf(file: string): PdfFacts {
  const boxes = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
  const pages = [...boxes.matchAll(/<page ([^>]*)>([\s\S]*?)<\/page>/g)].map(([, attributes, body]) => {
    const words = [...body!.matchAll(/<word ([^>]*)>/g)].map(([, word]) => word!);
    const tops = words.map((word) => number(word, 'yMin'));
    const bottoms = words.map((word) => number(word, 'yMax'));
    return {
      widthMm: number(attributes!, 'width') * MM_PER_PT,
      heightMm: number(attributes!, 'height') * MM_PER_PT,
      textTopMm: words.length ? Math.min(...tops) * MM_PER_PT : NaN,
      textBottomMm: words.length ? Math.max(...bottoms) * MM_PER_PT : NaN,
    };
  });
  return { pages, text: execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }) };
}

/** Every page as `<prefix>-N.png` at `dpi`. */
export function pdfToPng(file: string, prefix: string, dpi = 110): void {
  execFileSync('pdftoppm', ['-png', '-r', String(dpi), file, prefix]);
}
