// A ticket's paper is a roll: its page is as long as its content, or a roll printer that honours the
// page length feeds blank paper to the end of it. Chromium lays a printout on the size its @page
// rule names, so that rule is written here, from the roll's width in the shared print model
// (shared/print/paper.ts, which the desktop's silent printing reads too): an A4 length until the
// ticket is measured, then the ticket's height. The content security policy forbids an inline
// <style>, so the rule lives in a constructed style sheet the document adopts. A ticket has the same
// box on screen and on paper (its padding is the page's margin), so the height measured on screen is
// the page's.
import { useCallback } from 'react';
import { ROLL_FALLBACK_LENGTH_MM } from '#shared/print/paper';

const MM_PER_PX = 25.4 / 96;
/**
 * Added below the content: Chromium rounds the page to whole device units, and a page shorter than
 * its content by a fraction of a pixel would push the last line onto a second page.
 */
const SLACK_MM = 1;

interface FittedPage {
  sheet: CSSStyleSheet;
  widthMm: number;
  heightMm: number | null;
}

const pages = new Map<string, FittedPage>();

function write(name: string, page: FittedPage): void {
  page.sheet.replaceSync(`@page ${name} { size: ${page.widthMm}mm ${page.heightMm ?? ROLL_FALLBACK_LENGTH_MM}mm; margin: 0; }`);
}

/** The named page `widthMm` wide (created at an A4 length), or null where constructed sheets do not exist. */
function fittedPage(name: string, widthMm: number): FittedPage | null {
  const existing = pages.get(name);
  if (existing) {
    if (existing.widthMm !== widthMm) {
      existing.widthMm = widthMm;
      existing.heightMm = null;
      write(name, existing);
    }
    return existing;
  }
  if (typeof CSSStyleSheet === 'undefined' || !('adoptedStyleSheets' in document)) return null;
  let sheet: CSSStyleSheet;
  try {
    sheet = new CSSStyleSheet();
  } catch {
    return null;
  }
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  const page: FittedPage = { sheet, widthMm, heightMm: null };
  pages.set(name, page);
  write(name, page);
  return page;
}

/** The page length (mm) last set for the named page, or null while nothing has been measured. */
export function fittedHeightMm(name: string): number | null {
  return pages.get(name)?.heightMm ?? null;
}

/** Sets the named @page to `widthMm` × the content's height (rounded up to a tenth of a millimetre). */
export function fitPage(name: string, widthMm: number, contentPx: number): void {
  const page = fittedPage(name, widthMm);
  if (!page || !(contentPx > 0)) return;
  const heightMm = Math.ceil((contentPx * MM_PER_PX + SLACK_MM) * 10) / 10;
  if (page.heightMm === heightMm) return;
  page.heightMm = heightMm;
  write(name, page);
}

/**
 * A ref for the element that fills the named page: while it is in the document, the page is
 * `widthMm` wide and as long as the element (a ResizeObserver follows it as its data, QR or logo
 * arrive).
 */
export function useFittedPage(name: string, widthMm: number): (node: HTMLElement | null) => (() => void) | undefined {
  return useCallback(
    (node: HTMLElement | null) => {
      if (!node) return undefined;
      fittedPage(name, widthMm);
      if (typeof ResizeObserver === 'undefined') return undefined;
      const measure = () => fitPage(name, widthMm, node.getBoundingClientRect().height);
      const observer = new ResizeObserver(measure);
      observer.observe(node);
      measure();
      return () => observer.disconnect();
    },
    [name, widthMm],
  );
}

/**
 * The roll's box as the element's own style (a style property set by script is allowed by the
 * content security policy, an inline <style> is not): the named page it prints on, and its width.
 */
export function rollStyle(name: string, widthMm: number): { page: string; width: string } {
  return { page: name, width: `${widthMm}mm` };
}
