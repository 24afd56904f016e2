// The Cierre de caja as a receipt printer prints it: the same sections and words as the ticket on
// the Cierre de caja screen (DayCloseScreen's Ticket), from the same day-close figures, and the
// day's shifts when the shop works with them (day-shifts.ts, the page's section too).
import type { PaymentMethod } from '#shared/api/fe';
import { formatDate, formatDateTime } from '#shared/dates';
import type { DayClose } from '#shared/rpc/methods/day-close';
import type { ShiftsOfDay } from '#shared/rpc/methods/shifts';
import { cop, documentsText, paymentLabel, taxLabel } from './day-close-labels';
import { dayShiftsBlocks, dayShiftsSection } from './day-shifts';
import type { TicketBlock } from './ticket';

export function dayCloseTicket(
  close: DayClose,
  connection: string,
  printedAt: Date,
  methods: readonly PaymentMethod[],
  shifts: ShiftsOfDay | null = null,
): TicketBlock[] {
  const row = (left: string, right: string, strong = false): TicketBlock => ({
    kind: 'row',
    left,
    right,
    bold: strong,
    double: strong,
  });
  const text = (value: string, bold = false): TicketBlock => ({ kind: 'text', text: value, bold });
  const blocks: TicketBlock[] = [
    { kind: 'text', text: 'CIERRE DE CAJA', align: 'center', bold: true, double: true },
    { kind: 'text', text: connection, align: 'center' },
    { kind: 'text', text: `Día ${formatDate(close.date)}`, align: 'center' },
    { kind: 'text', text: `Generado ${formatDateTime(printedAt)}`, align: 'center' },
    { kind: 'rule' },
    text('Ventas aceptadas', true),
    row('Facturas', close.accepted.toLocaleString('es-CO')),
    row('Subtotal', cop(close.subtotal_cents)),
    row('Impuestos', cop(close.taxes_cents)),
    row('Total vendido', cop(close.total_cents), true),
    { kind: 'rule' },
    text('Por medio de pago', true),
  ];
  if (close.by_payment.length === 0) blocks.push(text('Sin ventas aceptadas.'));
  for (const p of close.by_payment) {
    // The method, then its documents and their total: the page's order.
    blocks.push(text(paymentLabel(p, methods)), row(documentsText(p.documents), cop(p.total_cents)));
  }
  blocks.push({ kind: 'rule' }, text('Impuestos', true));
  if (close.taxes.length === 0) blocks.push(text('Sin impuestos.'));
  for (const t of close.taxes) blocks.push(row(`${taxLabel(t)} base ${cop(t.base_cents)}`, cop(t.amount_cents)));
  blocks.push(
    { kind: 'rule' },
    text('Sin cerrar', true),
    row(`Pendientes (${close.pending.length.toLocaleString('es-CO')})`, cop(close.pending_total_cents)),
    row(`Rechazadas (${close.rejected.length.toLocaleString('es-CO')})`, cop(close.rejected_total_cents)),
    text(
      `Documentos: ${(close.accepted + close.pending.length + close.rejected.length).toLocaleString('es-CO')}. Las pendientes y rechazadas no suman en las ventas.`,
    ),
  );
  if (close.unreadable > 0) {
    blocks.push(
      text(`${close.unreadable} factura(s) aceptada(s) sin detalle legible: cuentan como documentos, no en los valores.`),
    );
  }
  const section = dayShiftsSection(shifts);
  if (section) blocks.push(...dayShiftsBlocks(section));
  blocks.push({ kind: 'rule' }, { kind: 'text', text: 'Factura Desk · facturas emitidas desde este equipo', align: 'center' });
  return blocks;
}
