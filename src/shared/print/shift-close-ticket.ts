// The «cierre de turno» as an 80 mm ticket: one list of blocks for the receipt printer (ESC/POS, core)
// and for the page (the Turno screen draws the same blocks), so the two never say different things.
import { formatDateTime } from '#shared/dates';
import { countOf, formatInteger } from '#shared/format';
import { dec, formatCop } from '#shared/money';
import type { Shift } from '#shared/rpc/methods/shifts';
import { DENOMINATIONS } from '#shared/shifts/cash-count';
import type { TicketBlock } from './ticket';

export function denominationLabel(d: (typeof DENOMINATIONS)[number]): string {
  return `${d.kind === 'bill' ? 'Billete' : 'Moneda'} ${formatCop(d.value).replace(/,00$/, '')}`;
}

/** «Sobrante», «Faltante» or «Sin diferencia», with the amount. */
export function differenceLabel(difference: string): string {
  const value = dec(difference);
  if (value.isZero()) return 'Sin diferencia';
  return value.isNegative() ? 'Faltante' : 'Sobrante';
}

/** An amount that leaves the drawer, signed: «-$ 3.100,00», and «$ 0,00» when nothing left. */
function outgoing(amount: string): string {
  return dec(amount).isZero() ? formatCop(amount) : `-${formatCop(amount)}`;
}

export function shiftCloseTicket(shift: Shift, printedAt: Date): TicketBlock[] {
  const row = (left: string, right: string, strong = false): TicketBlock => ({
    kind: 'row',
    left,
    right,
    bold: strong,
    double: strong,
  });
  const text = (value: string, bold = false): TicketBlock => ({ kind: 'text', text: value, bold });
  const blocks: TicketBlock[] = [
    { kind: 'text', text: 'CIERRE DE TURNO', align: 'center', bold: true, double: true },
    { kind: 'text', text: `${shift.register_name} · Turno ${formatInteger(shift.id)}`, align: 'center' },
    { kind: 'text', text: `Cajero: ${shift.cashier.name}`, align: 'center' },
    { kind: 'text', text: `Abrió ${formatDateTime(shift.opened_at)}`, align: 'center' },
    {
      kind: 'text',
      text: shift.closed_at ? `Cerró ${formatDateTime(shift.closed_at)}` : 'Turno abierto (sin cerrar)',
      align: 'center',
    },
    { kind: 'text', text: `Impreso ${formatDateTime(printedAt)}`, align: 'center' },
    { kind: 'rule' },
    text('Ventas', true),
    row('Facturas', formatInteger(shift.sales.documents)),
    row('Total vendido', formatCop(shift.sales.total)),
    row(`En efectivo (${formatInteger(shift.sales.cash_documents)})`, formatCop(shift.cash_received)),
  ];
  if (shift.sales.rejected > 0) blocks.push(text(`${countOf(shift.sales.rejected, 'rechazada')}: no suman.`));
  blocks.push({ kind: 'rule' }, text('Efectivo', true), row('Base de caja', formatCop(shift.opening_float)));
  blocks.push(row('Recibido en ventas', formatCop(shift.cash_received)), row('Cambio entregado', outgoing(shift.change_given)));
  blocks.push(row('Entradas', formatCop(shift.cash_in)), row('Salidas', outgoing(shift.cash_out)));
  for (const m of shift.movements) {
    blocks.push(text(`${m.kind === 'in' ? 'Entrada' : 'Salida'} ${formatCop(m.amount)}: ${m.reason} (${m.cashier})`));
  }
  blocks.push(row('Esperado en caja', formatCop(shift.expected_cash), true));
  if (shift.counted_cash !== null && shift.difference !== null) {
    blocks.push({ kind: 'rule' }, text('Conteo', true));
    for (const d of DENOMINATIONS) {
      const n = shift.counts?.[d.key] ?? 0;
      if (n > 0) blocks.push(row(`${denominationLabel(d)} × ${formatInteger(n)}`, formatCop(dec(d.value).times(n))));
    }
    blocks.push(row('Contado', formatCop(shift.counted_cash), true));
    blocks.push(row(differenceLabel(shift.difference), formatCop(dec(shift.difference).abs()), true));
    if (shift.difference_accepted_by) blocks.push(text(`Diferencia aceptada por ${shift.difference_accepted_by}`));
    if (shift.closed_by) blocks.push(text(`Cerrado por ${shift.closed_by}`));
  }
  blocks.push({ kind: 'rule' }, text('Firma del cajero:'), text('______________________________'));
  return blocks;
}
