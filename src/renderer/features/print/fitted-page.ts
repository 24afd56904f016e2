// A ticket's paper is a roll: its page is as long as its content, or a roll printer that honours the
// page length feeds blank paper to the end of it. Chromium lays a printout on the size its @page
// rule names, so that rule follows the ticket's height. The content security policy forbids an
// inline <style>, so the rule lives in a constructed style sheet the document adopts (later in the
// cascade than print.css, whose fixed size is the fallback). A ticket has the same box on screen
// and on paper (its padding is the page's margin), so the height measured on screen is the page's.
import { useCallback } from 'react';

const MM_PER_PX = 25.4 / 96;
/**
 * Added below the content: Chromium rounds the page to whole device units, and a page shorter than
 * its content by a fraction of a pixel would push the last line onto a second page.
 */
const SLACK_MM = 1;

interface FittedPage {
  sheet: CSSStyleSheet;
  heightMm: number | null;
}

const pages = new Map<string, FittedPage>();

function fittedPage(name: string): FittedPage | null {
  const existing = pages.get(name);
  if (existing) return existing;
  if (typeof CSSStyleSheet === 'undefined' || !('adoptedStyleSheets' in document)) return null;
  let sheet: CSSStyleSheet;
  try {
    sheet = new CSSStyleSheet();
  } catch {
    return null;
  }
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  const page = { sheet, heightMm: null };
  pages.set(name, page);
  return page;
}

/** The page length (mm) last set for the named page, or null while nothing has been measured. */
export function fittedHeightMm(name: string): number | null {
  return pages.get(name)?.heightMm ?? null;
}

/** Sets the named @page to `widthMm` × the content's height (rounded up to a tenth of a millimetre). */
export function fitPage(name: string, widthMm: number, contentPx: number): void {
  if (!(contentPx > 0)) return;
  const page = fittedPage(name);
  if (!page) return;
  const heightMm = Math.ceil((contentPx * MM_PER_PX + SLACK_MM) * 10) / 10;
  if (page.heightMm === heightMm) return;
  page.heightMm = heightMm;
  page.sheet.replaceSync(`@page ${name} { size: ${widthMm}mm ${heightMm}mm; margin: 0; }`);
}

/**
 * A ref for the element that fills the named page: while it is in the document, the page is as long
 * as it is (a ResizeObserver follows it as its data, QR or logo arrive).
 */
export function useFittedPage(name: string, widthMm: number): (node: HTMLElement | null) => (() => void) | undefined {
  return useCallback(
    (node: HTMLElement | null) => {
      if (!node || typeof ResizeObserver === 'undefined') return undefined;
      const measure = () => fitPage(name, widthMm, node.getBoundingClientRect().height);
      const observer = new ResizeObserver(measure);
      observer.observe(node);
      measure();
      return () => observer.disconnect();
    },
    [name, widthMm],
  );
}
