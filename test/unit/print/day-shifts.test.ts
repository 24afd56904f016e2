// The day's shifts on the Cierre de caja ticket, read back from the receipt printer's bytes: per
// shift its register and cashier, hours (the day it closed when past midnight, «abierto» while
// open), sales, expected, counted and difference in Colombian formats, then the day's sum; on 58 mm
// (32 columns) and 80 mm (48 and 42) nothing is wider than the paper and every code page has every
// character.
import { describe, expect, it } from 'vitest';
import { emptyDayClose } from '#core/day-close/day-close';
import { encodeTicket } from '#core/print/escpos';
import { dayCloseTicket } from '#shared/print/day-close-ticket';
import { layOut, ticketText, TICKET_COLUMNS } from '#shared/print/ticket';
import { CODE_PAGES } from '#shared/rpc/methods/print';
import { decodeEscPos } from '#test/virtual-printer';
import { DAY_SHIFTS } from '#test/print-details';

const close = emptyDayClose('2026-11-20', '2026-11-20T05:00:00Z', '2026-11-21T05:00:00Z');
const printedAt = new Date('2026-11-21T07:00:00Z');

/** The paper's text lines from the shifts' title on, as the virtual printer reads them. */
function shiftLines(columns: (typeof TICKET_COLUMNS)[number], codePage: (typeof CODE_PAGES)[number] = 'pc858') {
  const blocks = dayCloseTicket(close, 'Caja principal', printedAt, [], DAY_SHIFTS);
  const encoded = encodeTicket(blocks, { columns, codePage, nativeQr: true });
  const lines = decodeEscPos(encoded.bytes).lines;
  expect(lines.map((l) => l.text)).toEqual(ticketText(layOut(blocks, columns)));
  const from = lines.findIndex((l) => l.text === 'Turnos del día');
  expect(from).toBeGreaterThan(0);
  // Money is written with a no-break space after «$» (printed as one): read here as a space.
  return {
    lines: lines.slice(from).map((l) => ({ ...l, text: l.text.replace(/\u00a0/g, ' ') })),
    unencodable: encoded.unencodable,
  };
}

describe('the day’s shifts on the Cierre de caja ticket', () => {
  it('58 mm: each shift with its register, cashier, hours, sales, expected, counted and difference, then each register summed', () => {
    const { lines } = shiftLines(32);
    expect(lines.map((l) => l.text)).toEqual([
      'Turnos del día',
      'Caja 1 · Marta Núñez',
      'De 07:05 a. m. a 04:10 p. m.',
      'Ventas (12)       $ 1.234.500,00',
      'Esperado          $ 1.334.500,00',
      'Contado           $ 1.334.000,00',
      'Diferencia     Faltante $ 500,00',
      'Caja 2 · José Muñoz Ñáñez de',
      'Ávila',
      'De 06:00 p. m. a 21/11/2026,',
      '01:30 a. m.',
      'Ventas (1.234)   $ 98.765.432,10',
      'Esperado         $ 99.999.999,99',
      'Contado         $ 101.234.567,89',
      'Diferencia',
      'Sobrante $ 1.234.567,90',
      'Caja 1 · Ana Ríos',
      'Desde 04:30 p. m. · abierto',
      'Ventas (0)                $ 0,00',
      'Esperado             $ 80.000,00',
      'Sin contar: el turno sigue',
      'abierto.',
      // The day's shifts were at two registers: each register's cash summed (counted: its closed shifts).
      'Por caja',
      'Caja 1 (2 turnos)',
      'Ventas (12)       $ 1.234.500,00',
      'Esperado          $ 1.414.500,00',
      'Contado           $ 1.334.000,00',
      'Diferencia     Faltante $ 500,00',
      'Caja 2 (1 turno)',
      'Ventas (1.234)   $ 98.765.432,10',
      'Esperado         $ 99.999.999,99',
      'Contado         $ 101.234.567,89',
      'Diferencia',
      'Sobrante $ 1.234.567,90',
      'Total de 3 turnos',
      'Ventas (1.246)   $ 99.999.932,10',
      'Esperado        $ 101.414.499,99',
      'Contado         $ 102.568.567,89',
      'Diferencia',
      'Sobrante $ 1.234.067,90',
      'Abiertos: 1. Contado y',
      'diferencia solo de los turnos',
      'cerrados.',
      '--------------------------------',
      'Factura Desk · facturas emitidas',
      'desde este equipo',
    ]);
    // The headings and the day's difference stand out.
    expect(lines.find((l) => l.text === 'Caja 1 · Marta Núñez')?.bold).toBe(true);
    expect(lines.find((l) => l.text === 'Sobrante $ 1.234.067,90')?.bold).toBe(true);
  });

  it('80 mm: a label and its amount share a line', () => {
    const text = shiftLines(48).lines.map((l) => l.text);
    expect(text).toContain('De 06:00 p. m. a 21/11/2026, 01:30 a. m.');
    expect(text).toContainEqual(expect.stringMatching(/^Diferencia {2,}Sobrante \$ 1\.234\.567,90$/));
    expect(text).toContainEqual(expect.stringMatching(/^Diferencia {2,}Faltante \$ 500,00$/));
    expect(text).toContainEqual(expect.stringMatching(/^Ventas \(1\.246\) {2,}\$ 99\.999\.932,10$/));
  });

  for (const columns of TICKET_COLUMNS) {
    for (const codePage of CODE_PAGES) {
      it(`${columns} columns, ${codePage}: no line wider than the paper, no character the code page lacks`, () => {
        const { lines, unencodable } = shiftLines(columns, codePage);
        for (const line of lines) expect(line.text.length).toBeLessThanOrEqual(line.double ? columns / 2 : columns);
        expect(unencodable).toEqual([]);
      });
    }
  }

  it('a day at one register has no per-register sums', () => {
    const one = { ...DAY_SHIFTS, shifts: DAY_SHIFTS.shifts.filter((s) => s.register_name === 'Caja 1') };
    const text = ticketText(layOut(dayCloseTicket(close, 'Caja principal', printedAt, [], one), 48));
    expect(text).toContain('Total de 2 turnos');
    expect(text).not.toContain('Por caja');
  });

  it('a day without shifts prints the Cierre de caja as before', () => {
    const without = dayCloseTicket(close, 'Caja principal', printedAt, []);
    expect(dayCloseTicket(close, 'Caja principal', printedAt, [], { ...DAY_SHIFTS, shifts: [] })).toEqual(without);
    expect(ticketText(layOut(without, 48))).not.toContain('Turnos del día');
  });
});
