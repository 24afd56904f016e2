// The paper each printed layout goes on, written once: the window's page (its @page size and the
// ticket's box, renderer/features/print/paper-sheet.ts), the desktop's silent printing
// (main/silent-print.ts) and the Cierre de caja read it from here, so 80 and 58 mm never part.
import type { TicketColumns } from './ticket';

/** Printed layouts: a full page (A4 or letter) or a thermal ticket 80 or 58 mm wide. */
export const PRINT_LAYOUTS = ['a4', 'letter', 'ticket80', 'ticket58'] as const;
export type PrintLayout = (typeof PRINT_LAYOUTS)[number];
export type TicketLayout = Extract<PrintLayout, 'ticket80' | 'ticket58'>;

/** Width of each roll, in millimetres. */
export const TICKET_WIDTH_MM: Record<TicketLayout, number> = { ticket80: 80, ticket58: 58 };

/**
 * The length a roll's page has before the ticket is measured (Chromium needs one): an A4 length.
 * Once measured, the page is as long as the ticket (fitted-page.ts, `page_height_mm`).
 */
export const ROLL_FALLBACK_LENGTH_MM = 297;

export const isTicketLayout = (layout: PrintLayout): layout is TicketLayout => layout === 'ticket80' || layout === 'ticket58';

/** The roll a layout prints on; a page layout (A4, letter) gives the 80 mm roll, the common one. */
export const ticketLayoutOf = (layout: PrintLayout): TicketLayout => (isTicketLayout(layout) ? layout : 'ticket80');

/** The roll a receipt printer's column count prints on: 48 and 42 columns on 80 mm, 32 on 58 mm. */
export const ticketLayoutOfColumns = (columns: TicketColumns): TicketLayout => (columns === 32 ? 'ticket58' : 'ticket80');
