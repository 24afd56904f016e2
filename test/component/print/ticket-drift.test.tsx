// The receipt printer's ticket and the ticket page never drift: every piece of text the ESC/POS
// ticket prints (built from the same print model) is on the page, in the same order; a word added
// to one and not the other fails here.
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TicketPage } from '#renderer/features/print/TicketPage';
import { buildPrintModel } from '#shared/print/print-model';
import { documentTicket, type TicketBlock } from '#shared/print/ticket';
import { contingencyDetail, feDetail } from '#test/print-details';

afterEach(cleanup);

const fold = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The texts a block prints, in order (a row's label, then its amount). */
function pieces(block: TicketBlock): string[] {
  if (block.kind === 'text') return [block.text];
  if (block.kind === 'row') return [block.left, block.right].filter((t) => t !== '');
  return [];
}

describe('receipt printer ticket against the ticket page', () => {
  for (const [name, detail] of [
    ['a cash sale', feDetail('10')],
    ['a card sale', feDetail('48')],
    ['a contingency sale', contingencyDetail()],
  ] as const) {
    it(`${name}: every printed text is on the page, in the same order`, () => {
      const model = buildPrintModel(detail);
      const { container } = render(<TicketPage model={model} qr={null} layout="ticket80" />);
      const page = fold(container.textContent ?? '');
      let from = 0;
      for (const piece of documentTicket(model).flatMap(pieces)) {
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
