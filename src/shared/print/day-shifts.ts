// The day's shifts as the Cierre de caja prints them, written once for the receipt printer
// (day-close-ticket.ts) and the page (DayCloseScreen's ticket): per shift its register and cashier,
// when it opened and closed (or that it is still open), its sales, the cash expected, counted and the
// difference, then the day's sum. Every text fits 32 columns (58 mm) as a label and its amount, and
// uses only characters every code page of the printer has (no dashes beyond «-»).
import { colombiaToday, formatDateTime, formatTime } from '#shared/dates';
import { formatInteger } from '#shared/format';
import { dec, formatCop, sum } from '#shared/money';
import type { ShiftsOfDay } from '#shared/rpc/methods/shifts';
import { differenceLabel } from './shift-close-ticket';
import type { TicketBlock } from './ticket';

export interface DayShiftRow {
  label: string;
  value: string;
  strong?: boolean;
}

export interface DayShiftEntry {
  /** «Caja 1 · Marta Núñez» */
  heading: string;
  /** «De 08:05 a. m. a 04:10 p. m.», or «Desde 08:05 a. m. · abierto» */
  hours: string;
  rows: DayShiftRow[];
  /** said under an open shift's rows: nothing counted yet */
  note: string | null;
}

/** One register's shifts of the day summed: its cash is counted per register. */
export interface DayRegisterTotal {
  /** «Caja 2 (3 turnos)» */
  heading: string;
  rows: DayShiftRow[];
}

export interface DayShiftsSection {
  title: string;
  entries: DayShiftEntry[];
  /** per register, when the day's shifts were at more than one; empty otherwise */
  registers: DayRegisterTotal[];
  totalTitle: string;
  totals: DayShiftRow[];
  note: string | null;
}

/** «$ 0,00» without a difference, else «Faltante $ 500,00» or «Sobrante $ 500,00». */
export function signedDifference(difference: string): string {
  const value = dec(difference);
  return value.isZero() ? formatCop(0) : `${differenceLabel(difference)} ${formatCop(value.abs())}`;
}

function hours(openedAt: string, closedAt: string | null): string {
  if (closedAt === null) return `Desde ${formatTime(openedAt)} · abierto`;
  // A shift closed after midnight says the day it closed.
  const sameDay = colombiaToday(new Date(openedAt)) === colombiaToday(new Date(closedAt));
  return `De ${formatTime(openedAt)} a ${sameDay ? formatTime(closedAt) : formatDateTime(closedAt)}`;
}

/** The section, or null on a day without shifts (a shop that does not use them prints as before). */
export function dayShiftsSection(day: ShiftsOfDay | null): DayShiftsSection | null {
  if (!day || day.shifts.length === 0) return null;
  const entries = day.shifts.map((s): DayShiftEntry => {
    const rows: DayShiftRow[] = [
      { label: `Ventas (${formatInteger(s.sales.documents)})`, value: formatCop(s.sales.total) },
      { label: 'Esperado', value: formatCop(s.expected_cash) },
    ];
    if (s.counted_cash !== null && s.difference !== null) {
      rows.push(
        { label: 'Contado', value: formatCop(s.counted_cash) },
        { label: 'Diferencia', value: signedDifference(s.difference) },
      );
    }
    return {
      heading: `${s.register_name} · ${s.cashier.name}`,
      hours: hours(s.opened_at, s.closed_at),
      rows,
      note: s.closed_at === null ? 'Sin contar: el turno sigue abierto.' : null,
    };
  });
  const documents = day.shifts.reduce((n, s) => n + s.sales.documents, 0);
  return {
    title: 'Turnos del día',
    entries,
    registers: registerTotals(day.shifts),
    totalTitle: `Total de ${formatInteger(day.shifts.length)} ${day.shifts.length === 1 ? 'turno' : 'turnos'}`,
    totals: [
      { label: `Ventas (${formatInteger(documents)})`, value: formatCop(sum(day.shifts.map((s) => s.sales.total))) },
      { label: 'Esperado', value: formatCop(day.expected_cash) },
      { label: 'Contado', value: formatCop(day.counted_cash) },
      { label: 'Diferencia', value: signedDifference(day.difference), strong: true },
    ],
    note:
      day.open_shifts > 0
        ? `Abiertos: ${formatInteger(day.open_shifts)}. Contado y diferencia solo de los turnos cerrados.`
        : null,
  };
}

/** Each register's shifts summed (in the order the registers first opened), when there are several. */
function registerTotals(shifts: ShiftsOfDay['shifts']): DayRegisterTotal[] {
  const byName = new Map<string, ShiftsOfDay['shifts']>();
  for (const s of shifts) byName.set(s.register_name, [...(byName.get(s.register_name) ?? []), s]);
  if (byName.size < 2) return [];
  return [...byName].map(([name, of]) => {
    const closed = of.filter((s) => s.closed_at !== null);
    const total = (pick: (s: ShiftsOfDay['shifts'][number]) => string, from = of) => sum(from.map(pick));
    const rows: DayShiftRow[] = [
      {
        label: `Ventas (${formatInteger(of.reduce((n, s) => n + s.sales.documents, 0))})`,
        value: formatCop(total((s) => s.sales.total)),
      },
      { label: 'Esperado', value: formatCop(total((s) => s.expected_cash)) },
    ];
    if (closed.length > 0) {
      rows.push(
        { label: 'Contado', value: formatCop(total((s) => s.counted_cash ?? '0', closed)) },
        { label: 'Diferencia', value: signedDifference(total((s) => s.difference ?? '0', closed).toString()) },
      );
    }
    return { heading: `${name} (${formatInteger(of.length)} ${of.length === 1 ? 'turno' : 'turnos'})`, rows };
  });
}

/** The section as ticket blocks, in the order the page shows it. */
export function dayShiftsBlocks(section: DayShiftsSection): TicketBlock[] {
  const row = (r: DayShiftRow): TicketBlock => ({ kind: 'row', left: r.label, right: r.value, bold: r.strong === true });
  const blocks: TicketBlock[] = [{ kind: 'rule' }, { kind: 'text', text: section.title, bold: true }];
  for (const entry of section.entries) {
    blocks.push({ kind: 'text', text: entry.heading, bold: true }, { kind: 'text', text: entry.hours });
    blocks.push(...entry.rows.map(row));
    if (entry.note) blocks.push({ kind: 'text', text: entry.note });
  }
  if (section.registers.length > 0) blocks.push({ kind: 'text', text: 'Por caja', bold: true });
  for (const register of section.registers) {
    blocks.push({ kind: 'text', text: register.heading, bold: true }, ...register.rows.map(row));
  }
  blocks.push({ kind: 'text', text: section.totalTitle, bold: true }, ...section.totals.map(row));
  if (section.note) blocks.push({ kind: 'text', text: section.note });
  return blocks;
}
