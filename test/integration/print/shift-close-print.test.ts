// The shift on the receipt printer, through core's real dispatcher and the virtual ESC/POS printer
// on loopback: a cash movement opens the drawer (and a printer that is off leaves the movement
// recorded, said in Spanish), and the 80 mm «cierre de turno» prints the very lines the page draws
// from the same blocks, without a drawer pulse, cut once; the day's Cierre de caja lists the shifts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayCloseTicket } from '#shared/print/day-close-ticket';
import { shiftCloseTicket } from '#shared/print/shift-close-ticket';
import { layOut, ticketText } from '#shared/print/ticket';
import type { DayClose } from '#shared/rpc/methods/day-close';
import type { Shift, ShiftsOfDay } from '#shared/rpc/methods/shifts';
import { DENOMINATIONS } from '#shared/shifts/cash-count';
import { closedPort, openPrinterCore, type PrinterCore } from '#test/core/printer-core';

const NOW = new Date('2026-11-20T22:15:00Z');
let shop: PrinterCore;

const call: PrinterCore['call'] = (method, input) => shop.call(method, input);
const ok = <T>(method: string, input: unknown): Promise<T> => shop.ok<T>(method, input);

beforeAll(async () => {
  shop = await openPrinterCore({ clock: () => NOW });
  await ok('cashiers.createAdmin', { name: 'Marta Núñez', pin: '482913' });
  await ok('print.setThermal', shop.network());
  await ok('shifts.open', { opening_float: 80_000 });
});
afterAll(() => shop?.close());

describe('the shift on the receipt printer', () => {
  it('a cash movement opens the drawer wired to the printer', async () => {
    const moved = await ok<{ drawer_opened: boolean; warning: string | null }>('shifts.move', {
      kind: 'out',
      amount: 30_000,
      reason: 'retiro a caja fuerte',
    });
    expect(moved).toMatchObject({ drawer_opened: true, warning: null });
    const job = await shop.printer.take();
    expect(job.drawerPulses).toEqual([{ pin: 0, onMs: 50, offMs: 500 }]);
    expect(job.lines).toEqual([]);
  });

  it('with the printer off the movement stays recorded and the drawer trouble is said', async () => {
    await ok('print.setThermal', shop.network(await closedPort()));
    const moved = await ok<{ shift: Shift; drawer_opened: boolean; warning: string | null }>('shifts.move', {
      kind: 'in',
      amount: 10_000,
      reason: 'cambio para la caja',
    });
    expect(moved.drawer_opened).toBe(false);
    expect(moved.warning).toMatch(/^El movimiento quedó registrado, pero el cajón no abrió: /);
    expect(moved.shift.movements).toHaveLength(2);
    await ok('print.setThermal', shop.network());
  });

  it('the cierre de turno prints the lines of its page, with no drawer pulse', async () => {
    const counts = Object.fromEntries(
      DENOMINATIONS.map((d) => [d.key, d.key === 'bill_50000' ? 1 : d.key === 'bill_10000' ? 1 : 0]),
    );
    const closed = await ok<Shift>('shifts.close', { counts });
    expect(closed).toMatchObject({ expected_cash: '60000.00', counted_cash: '60000.00', difference: '0.00' });
    const open = await call('shifts.printClose', { id: closed.id + 1 });
    expect(open.ok).toBe(false);
    await ok('shifts.printClose', { id: closed.id });
    const job = await shop.printer.take();
    const page = ticketText(layOut(shiftCloseTicket(closed, NOW), 48));
    expect(job.lines.map((l) => l.text)).toEqual(page);
    expect(page.join('\n')).toContain('CIERRE DE TURNO');
    expect(page.join('\n')).toContain('Marta Núñez');
    // Nothing given as change: a plain zero, never «-$ 0,00».
    expect(page.find((line) => line.startsWith('Cambio entregado'))).toMatch(/\s\$\s0,00$/);
    expect(page.join('\n')).not.toMatch(/-\$\s0,00/);
    expect(job.drawerPulses).toEqual([]);
    expect(job.cuts).toBe(1);
  });

  it("the day's Cierre de caja lists the shifts on 58 mm: the closed one counted, the one still open «abierto»", async () => {
    const connection = await ok<{ id: number }>('connections.create', {
      label: 'Caja principal',
      kind: 'sandbox',
      base_url: 'http://127.0.0.1:9/api/v1',
      company_id: 101,
    });
    await ok('connections.activate', { id: connection.id });
    await ok('shifts.open', { opening_float: 50_000 });
    await ok('print.setThermal', { ...shop.network(), columns: 32 });
    expect(await ok('print.dayClose', { date: '2026-11-20' })).toEqual({ drawer_opened: false, warning: null });
    const job = await shop.printer.take();
    const close = await ok<DayClose>('dayClose.get', { date: '2026-11-20' });
    const day = await ok<ShiftsOfDay>('shifts.ofDay', { date: '2026-11-20' });
    expect(job.lines.map((l) => l.text)).toEqual(ticketText(layOut(dayCloseTicket(close, 'Caja principal', NOW, [], day), 32)));
    const text = job.lines.map((l) => l.text.replace(/\u00a0/g, ' '));
    const from = text.indexOf('Turnos del día');
    expect(text.slice(from, from + 14)).toEqual([
      'Turnos del día',
      'Caja 1 · Marta Núñez',
      'De 05:15 p. m. a 05:15 p. m.',
      'Ventas (0)                $ 0,00',
      'Esperado             $ 60.000,00',
      'Contado              $ 60.000,00',
      'Diferencia                $ 0,00',
      'Caja 1 · Marta Núñez',
      'Desde 05:15 p. m. · abierto',
      'Ventas (0)                $ 0,00',
      'Esperado             $ 50.000,00',
      'Sin contar: el turno sigue',
      'abierto.',
      'Total de 2 turnos',
    ]);
    expect(job.lines.every((l) => l.text.length <= (l.double ? 16 : 32))).toBe(true);
    expect(job.drawerPulses).toEqual([]);
    expect(job.cuts).toBe(1);
  });
});
