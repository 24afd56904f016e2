// The printed layouts (issue 15, item 7): a page (A4 or letter) or a thermal ticket. Each sets its
// own @page (size and margins) while it is on screen, so the PDF and the printer get the right
// paper whichever layout was chosen last.
import type { PrintLayout } from '../../../shared/rpc/methods/history-view';

export const LAYOUT_LABELS: Record<PrintLayout, string> = {
  a4: 'Hoja A4',
  letter: 'Hoja carta',
  ticket80: 'Tirilla de 80 mm',
  ticket58: 'Tirilla de 58 mm',
};

export const isTicket = (layout: PrintLayout): layout is 'ticket80' | 'ticket58' => layout === 'ticket80' || layout === 'ticket58';

/**
 * The @page rule of a layout. A ticket is a roll: Chromium needs a page height, so the page is one
 * A4 length and a longer ticket goes on; ticket printers cut where the content ends.
 */
export function pageRule(layout: PrintLayout): string {
  switch (layout) {
    case 'a4':
      return '@page { size: A4; margin: 12mm; }';
    case 'letter':
      return '@page { size: letter; margin: 12mm; }';
    case 'ticket80':
      return '@page { size: 80mm 297mm; margin: 3mm 4mm; }';
    case 'ticket58':
      return '@page { size: 58mm 297mm; margin: 2mm 3mm; }';
  }
}

/** The @page of the layout on screen; rendered after the stylesheets, so it is the one that counts. */
export function PageStyle({ layout }: { layout: PrintLayout }) {
  return <style data-testid="page-style">{pageRule(layout)}</style>;
}
