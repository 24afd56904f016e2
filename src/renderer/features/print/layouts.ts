// The printed layouts: a page (A4 or letter) or a thermal ticket. Each layout's
// root element names its CSS page (print.css: `page: ticket80` and its `@page ticket80 { size … }`),
// so the PDF and the printer get its paper; the app's content security policy allows no inline
// <style>, so the sizes live in the stylesheet.
import type { PrintLayout } from '#shared/print/paper';

export const LAYOUT_LABELS: Record<PrintLayout, string> = {
  a4: 'Hoja A4',
  letter: 'Hoja carta',
  ticket80: 'Tirilla de 80 mm',
  ticket58: 'Tirilla de 58 mm',
};

export const isTicket = (layout: PrintLayout): layout is 'ticket80' | 'ticket58' =>
  layout === 'ticket80' || layout === 'ticket58';
