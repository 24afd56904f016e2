// The roll's width is written once, in the shared print model: the ticket page takes its box and its
// named page from there for each layout, and the desktop's silent printing sizes the same paper.
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TicketPage } from '#renderer/features/print/TicketPage';
import { LAYOUT_LABELS } from '#renderer/features/print/layouts';
import { TICKET_WIDTH_MM, ticketLayoutOf, ticketLayoutOfColumns } from '#shared/print/paper';
import { buildPrintModel } from '#shared/print/print-model';
import { feDetail } from '#test/print-details';

afterEach(cleanup);

describe('the roll width, from the shared print model', () => {
  for (const [layout, width] of [
    ['ticket80', 80],
    ['ticket58', 58],
  ] as const) {
    it(`${layout}: the ticket is ${width} mm wide, on its own named page, and says so in the layout's name`, () => {
      expect(TICKET_WIDTH_MM[layout]).toBe(width);
      const { getByTestId } = render(<TicketPage model={buildPrintModel(feDetail('10'))} qr={null} layout={layout} />);
      const ticket = getByTestId('ticket');
      expect(ticket.style.width).toBe(`${width}mm`);
      expect(ticket.className).toContain(`ticket--${width}`);
      expect(LAYOUT_LABELS[layout]).toBe(`Tirilla de ${width} mm`);
    });
  }

  it('a sheet layout gives the Cierre de caja the 80 mm roll; a receipt printer of 32 columns is on 58 mm', () => {
    expect(['a4', 'letter', 'ticket80', 'ticket58'].map((l) => ticketLayoutOf(l as 'a4'))).toEqual([
      'ticket80',
      'ticket80',
      'ticket80',
      'ticket58',
    ]);
    expect([48, 42, 32].map((c) => ticketLayoutOfColumns(c as 48))).toEqual(['ticket80', 'ticket80', 'ticket58']);
  });
});
