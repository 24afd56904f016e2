// The receipt printer's ticket and the ticket page never drift: every piece of text the ESC/POS
// ticket prints (built from the same print model) is on the page, in the same order; a word added
// to one and not the other fails here.
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TicketPage } from '#renderer/features/print/TicketPage';
import { buildPrintModel } from '#shared/print/print-model';
import { documentTicket, layOut, type TicketBlock } from '#shared/print/ticket';
import type { SalePayment } from '#shared/sales/sale-payment';
import { contingencyDetail, feDetail } from '#test/print-details';

afterEach(cleanup);

const fold = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The texts a block prints, in order (a row's label, then its amount). */
function pieces(block: TicketBlock): string[] {
  if (block.kind === 'text') return [block.text];
  if (block.kind === 'row') return [block.left, block.right].filter((t) => t !== '');
  return [];
}

/** A split payment: cash with its received and change, and Nequi. */
const PAID: SalePayment[] = [
  { method_id: 7, means: '10', label: 'Efectivo', amount: '5000', received: '10000', change: '5000' },
  { method_id: 9, means: '47', label: 'Nequi', amount: '18800', received: null, change: null },
];

describe('receipt printer ticket against the ticket page', () => {
  it('prints each means of the payment, and the cash received and the change', () => {
    const text = layOut(documentTicket(buildPrintModel(feDetail('10')), PAID), 48)
      .flatMap((line) => (line.kind === 'text' ? [line.text] : []))
      .join('\n');
    expect(text).toMatch(/^Efectivo +\$\s5\.000,00$/m);
    expect(text).toMatch(/^Recibido en efectivo +\$\s10\.000,00$/m);
    expect(text).toMatch(/^Cambio +\$\s5\.000,00$/m);
    expect(text).toMatch(/^Nequi +\$\s18\.800,00$/m);
  });

  for (const [name, detail] of [
    ['a cash sale', feDetail('10')],
    ['a card sale', feDetail('48')],
    ['a contingency sale', contingencyDetail()],
  ] as const) {
    it(`${name}: every printed text is on the page, in the same order`, () => {
      const model = buildPrintModel(detail);
      const { container } = render(<TicketPage model={model} qr={null} layout="ticket80" payments={PAID} />);
      const page = fold(container.textContent ?? '');
      let from = 0;
      for (const piece of documentTicket(model, PAID).flatMap(pieces)) {
        // Rows print "label amount" where the page has a table: each part is compared alone.
        for (const part of piece.split(/ base (?=\$)/).map(fold)) {
          const at = page.indexOf(part, from);
          expect(at, `«${part}» on the page after position ${from}`).toBeGreaterThanOrEqual(0);
          from = at + part.length;
        }
      }
    });
  }
});
