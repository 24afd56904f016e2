// The Cierre de caja never drifts between the receipt printer and the page: every text the ESC/POS
// ticket prints (sales, payment methods, taxes, the day's shifts) is on the page the window prints,
// in the same order, from the same figures; a word added to one and not the other fails here.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DayCloseTicket } from '#renderer/features/day-close/DayCloseScreen';
import { dayCloseTicket } from '#shared/print/day-close-ticket';
import type { TicketBlock } from '#shared/print/ticket';
import type { DayClose } from '#shared/rpc/methods/day-close';
import type { ShiftsOfDay } from '#shared/rpc/methods/shifts';
import { installFakeBridge } from '#test/component/fake-bridge';
import { renderWithQueries } from '#test/component/render';
import { DAY_SHIFTS } from '#test/print-details';

installFakeBridge({ 'fe.paymentMethods': () => [] });
afterEach(cleanup);

const fold = (text: string) => text.replace(/\s+/g, ' ').trim();

function pieces(block: TicketBlock): string[] {
  if (block.kind === 'text') return [block.text];
  if (block.kind === 'row') return [block.left, block.right].filter((t) => t !== '');
  return [];
}

const close: DayClose = {
  date: '2026-11-20',
  from: '2026-11-20T05:00:00Z',
  to: '2026-11-21T05:00:00Z',
  accepted: 3,
  subtotal_cents: 12_000_000,
  taxes_cents: 2_060_000,
  total_cents: 14_060_000,
  by_payment: [
    { form: 'contado', method_id: null, means_code: '10', documents: 2, total_cents: 10_000_000 },
    { form: 'credito', method_id: null, means_code: '48', documents: 1, total_cents: 4_060_000 },
  ],
  taxes: [
    { code: '01', name: 'IVA', rate: '19.00', base_cents: 10_000_000, amount_cents: 1_900_000 },
    { code: 'ZZ', name: 'IVA excluido', rate: '0.00', base_cents: 2_000_000, amount_cents: 0 },
  ],
  pending: [],
  pending_total_cents: 0,
  rejected: [],
  rejected_total_cents: 0,
  unreadable: 1,
};
const printedAt = new Date('2026-11-21T07:00:00Z');

/**
 * The page's text as read: text nodes side by side in one element run together («Pendientes (3)»),
 * text in different elements is apart by a space, as on paper.
 */
function pageOf(shifts: ShiftsOfDay | null): string {
  cleanup();
  renderWithQueries(
    <DayCloseTicket close={close} shifts={shifts} connection="Caja principal" printedAt={printedAt} layout="ticket58" />,
  );
  const root = screen.getByTestId('day-close-ticket');
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  let text = '';
  let previous: Node | null = null;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    text += (previous && previous.nextSibling === node ? '' : ' ') + (node.textContent ?? '');
    previous = node;
  }
  return fold(text);
}

describe('Cierre de caja: receipt printer against the page', () => {
  for (const [name, shifts] of [
    ['a day with shifts (closed, past midnight, open)', DAY_SHIFTS],
    ['a shop without shifts', null],
  ] as const) {
    it(`${name}: every printed text is on the page, in the same order`, () => {
      const page = pageOf(shifts);
      let from = 0;
      for (const piece of dayCloseTicket(close, 'Caja principal', printedAt, [], shifts).flatMap(pieces)) {
        // A tax prints «IVA 19 % base $ …» where the page has a table: each part is compared alone.
        for (const part of piece.split(/ base (?=\$)/).map(fold)) {
          const at = page.indexOf(part, from);
          expect(at, `«${part}» on the page after position ${from}`).toBeGreaterThanOrEqual(0);
          from = at + part.length;
        }
      }
    });
  }

  it('the page lists each shift of the day with its difference, and the day’s sum', () => {
    const page = pageOf(DAY_SHIFTS);
    expect(page).toContain('Turnos del día');
    expect(page).toContain('Caja 2 · José Muñoz Ñáñez de Ávila');
    expect(page).toMatch(/De 06:00 p\. m\. a 21\/11\/2026, 01:30 a\. m\./);
    expect(page).toMatch(/Diferencia Faltante \$ 500,00/);
    expect(page).toContain('Desde 04:30 p. m. · abierto');
    expect(page).toMatch(/Total de 3 turnos .*Diferencia Sobrante \$ 1\.234\.067,90/);
  });

  it('a shop without shifts has no shifts section on the page', () => {
    expect(pageOf(null)).not.toContain('Turnos del día');
    expect(pageOf({ ...DAY_SHIFTS, shifts: [] })).not.toContain('Turnos del día');
  });
});
