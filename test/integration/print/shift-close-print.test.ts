// The shift on the receipt printer, through core's real dispatcher and the virtual ESC/POS printer
// on loopback: a cash movement opens the drawer (and a printer that is off leaves the movement
// recorded, said in Spanish), and the 80 mm «cierre de turno» prints the very lines the page draws
// from the same blocks, without a drawer pulse, cut once.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '#core/core';
import { shiftCloseTicket } from '#shared/print/shift-close-ticket';
import { layOut, ticketText } from '#shared/print/ticket';
import type { RpcReply } from '#shared/rpc/envelope';
import { DEFAULT_THERMAL, type ThermalSettings } from '#shared/rpc/methods/print';
import type { Shift } from '#shared/rpc/methods/shifts';
import { DENOMINATIONS } from '#shared/shifts/cash-count';
import { memorySecrets } from '#test/core/memory-secrets';
import { tempDir } from '#test/temp';
import { startVirtualPrinter, type VirtualPrinter } from '#test/virtual-printer';

const NOW = new Date('2026-11-20T22:15:00Z');
let dir: ReturnType<typeof tempDir>;
let core: Core;
let printer: VirtualPrinter;
let nextId = 1;

const call = (method: string, input: unknown): Promise<RpcReply> => core.dispatch({ id: nextId++, method, input });
async function ok<T>(method: string, input: unknown): Promise<T> {
  const reply = await call(method, input);
  if (!reply.ok) throw new Error(`${method}: ${reply.error.message}`);
  return reply.output as T;
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 1;
}

const network = (port: number): ThermalSettings => ({ ...DEFAULT_THERMAL, connection: 'network', host: '127.0.0.1', port });

beforeAll(async () => {
  printer = await startVirtualPrinter();
  dir = tempDir();
  core = createCore({ home: dir.path, secrets: memorySecrets(), transport: 'cli', clock: () => NOW });
  await ok('cashiers.createAdmin', { name: 'Marta Núñez', pin: '482913' });
  await ok('print.setThermal', network(printer.port));
  await ok('shifts.open', { opening_float: 80_000 });
});
afterAll(async () => {
  await core?.close();
  await printer?.close();
  dir?.remove();
});

describe('the shift on the receipt printer', () => {
  it('a cash movement opens the drawer wired to the printer', async () => {
    const moved = await ok<{ drawer_opened: boolean; warning: string | null }>('shifts.move', {
      kind: 'out',
      amount: 30_000,
      reason: 'retiro a caja fuerte',
    });
    expect(moved).toMatchObject({ drawer_opened: true, warning: null });
    const job = await printer.take();
    expect(job.drawerPulses).toEqual([{ pin: 0, onMs: 50, offMs: 500 }]);
    expect(job.lines).toEqual([]);
  });

  it('with the printer off the movement stays recorded and the drawer trouble is said', async () => {
    await ok('print.setThermal', network(await closedPort()));
    const moved = await ok<{ shift: Shift; drawer_opened: boolean; warning: string | null }>('shifts.move', {
      kind: 'in',
      amount: 10_000,
      reason: 'cambio para la caja',
    });
    expect(moved.drawer_opened).toBe(false);
    expect(moved.warning).toMatch(/^El movimiento quedó registrado, pero el cajón no abrió: /);
    expect(moved.shift.movements).toHaveLength(2);
    await ok('print.setThermal', network(printer.port));
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
    const job = await printer.take();
    const page = ticketText(layOut(shiftCloseTicket(closed, NOW), 48));
    expect(job.lines.map((l) => l.text)).toEqual(page);
    expect(page.join('\n')).toContain('CIERRE DE TURNO');
    expect(page.join('\n')).toContain('Marta Núñez');
    expect(job.drawerPulses).toEqual([]);
    expect(job.cuts).toBe(1);
  });
});
