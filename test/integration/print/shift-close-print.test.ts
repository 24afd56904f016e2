// The shift on the receipt printer, through core's real dispatcher and the virtual ESC/POS printer
// on loopback: a cash movement opens the drawer (and a printer that is off leaves the movement
// recorded, said in Spanish), and the 80 mm «cierre de turno» prints the very lines the page draws
// from the same blocks, without a drawer pulse, cut once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shiftCloseTicket } from '#shared/print/shift-close-ticket';
import { layOut, ticketText } from '#shared/print/ticket';
import type { Shift } from '#shared/rpc/methods/shifts';
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
    expect(job.drawerPulses).toEqual([]);
    expect(job.cuts).toBe(1);
  });
});
