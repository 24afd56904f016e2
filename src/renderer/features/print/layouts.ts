// The printed layouts: a page (A4 or letter) or a thermal ticket. Each layout's root element names
// its CSS page, so the PDF and the printer get its paper: the sheets' sizes in print.css, the rolls'
// width from the shared print model (shared/print/paper.ts) through fitted-page.ts.
import { isTicketLayout, TICKET_WIDTH_MM, type PrintLayout } from '#shared/print/paper';

export const LAYOUT_LABELS: Record<PrintLayout, string> = {
  a4: 'Hoja A4',
  letter: 'Hoja carta',
  ticket80: `Tirilla de ${TICKET_WIDTH_MM.ticket80} mm`,
  ticket58: `Tirilla de ${TICKET_WIDTH_MM.ticket58} mm`,
};

export const isTicket = isTicketLayout;
