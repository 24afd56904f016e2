// A ticket's blocks (shared/print/ticket.ts) drawn as the 80 mm page: the same list the receipt
// printer encodes, so the page and the paper say the same words in the same order.
import type { TicketBlock } from '#shared/print/ticket';
import { rollStyle, useFittedPage } from '#renderer/features/print/fitted-page';

export function TicketBlocks({ blocks, label }: { blocks: readonly TicketBlock[]; label: string }) {
  // Its page (day-close.css: `page: cierre-80mm`) is as long as the ticket.
  const fit = useFittedPage('cierre-80mm', 80);
  return (
    <article
      ref={fit}
      className="day-close-ticket ticket-blocks"
      // As wide as the roll on screen too, so the page measured from it is the paper's.
      style={rollStyle('cierre-80mm', 80)}
      aria-label={label}
      data-testid="shift-ticket"
    >
      {blocks.map((block, i) => {
        const style = [
          'ticket-blocks__line',
          'bold' in block && block.bold ? 'ticket-blocks__bold' : '',
          'double' in block && block.double ? 'ticket-blocks__double' : '',
          block.kind === 'text' && block.align ? `ticket-blocks__${block.align}` : '',
        ].join(' ');
        switch (block.kind) {
          case 'rule':
            return <hr key={i} className="ticket-blocks__rule" />;
          case 'row':
            return (
              <div key={i} className={`${style} ticket-blocks__row`}>
                <span>{block.left}</span>
                <span>{block.right}</span>
              </div>
            );
          case 'text':
            return (
              <div key={i} className={style}>
                {block.text}
              </div>
            );
          default:
            return null;
        }
      })}
    </article>
  );
}
