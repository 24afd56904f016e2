// Silent printing from the desktop app, against a typed fake of the two
// WebContents methods it uses: Electron cannot run here, the options it is handed are what counts.
import type { PrinterInfo, WebContentsPrintOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { listPrinters, printSilently, type PrintTarget } from '#main/silent-print';

function fakeTarget(outcome: { success: boolean; reason: string }, printers: string[] = ['EPSON TM-T20', 'Oficina']) {
  const calls: WebContentsPrintOptions[] = [];
  const target: PrintTarget = {
    getPrintersAsync: () =>
      Promise.resolve(
        printers.map(
          (name, index) =>
            ({ name, displayName: `${name} (USB)`, description: '', options: {}, isDefault: index === 1 }) as PrinterInfo,
        ),
      ),
    print: (options, callback) => {
      calls.push(options ?? {});
      callback?.(outcome.success, outcome.reason);
    },
  };
  return { target, calls };
}

describe('silent printing', () => {
  it('prints an 80 mm ticket to the chosen printer without a dialog, edge to edge', async () => {
    const { target, calls } = fakeTarget({ success: true, reason: '' });
    await expect(printSilently(target, 'ticket80', 'EPSON TM-T20')).resolves.toEqual({ printed: true });
    expect(calls).toEqual([
      {
        silent: true,
        printBackground: true,
        pageSize: { width: 80_000, height: 297_000 },
        margins: { marginType: 'none' },
        deviceName: 'EPSON TM-T20',
      },
    ]);
  });

  it('prints a 58 mm ticket, and an A4 or letter page with margins, to the default printer when none is chosen', async () => {
    const { target, calls } = fakeTarget({ success: true, reason: '' });
    await printSilently(target, 'ticket58', '');
    await printSilently(target, 'a4', '');
    await printSilently(target, 'letter', '');
    expect(calls.map((c) => [c.pageSize, c.margins?.marginType, 'deviceName' in c])).toEqual([
      [{ width: 58_000, height: 297_000 }, 'none', false],
      ['A4', 'default', false],
      ['Letter', 'default', false],
    ]);
  });

  it('prints a ticket on a page as long as the ticket the window measured; a page keeps its paper', async () => {
    const { target, calls } = fakeTarget({ success: true, reason: '' });
    await printSilently(target, 'ticket80', '', 96.4);
    await printSilently(target, 'ticket58', '', 212.35);
    await printSilently(target, 'a4', '', 96.4);
    expect(calls.map((c) => c.pageSize)).toEqual([{ width: 80_000, height: 96_400 }, { width: 58_000, height: 212_350 }, 'A4']);
  });

  it('refuses a printer that is not there before sending anything', async () => {
    const { target, calls } = fakeTarget({ success: true, reason: '' });
    await expect(printSilently(target, 'ticket80', 'Vieja')).rejects.toThrow(/«Vieja» no está disponible/);
    expect(calls).toEqual([]);
  });

  it('turns a failed print into a message in the user’s words, and a cancelled one into printed: false', async () => {
    await expect(printSilently(fakeTarget({ success: false, reason: 'failed' }).target, 'a4', '')).rejects.toThrow(
      /no recibió el documento.*papel/,
    );
    await expect(printSilently(fakeTarget({ success: false, reason: 'cancelled' }).target, 'a4', '')).resolves.toEqual({
      printed: false,
    });
  });

  it('lists the printers with their names for people and the default marked', async () => {
    expect(await listPrinters(fakeTarget({ success: true, reason: '' }).target)).toEqual([
      { name: 'EPSON TM-T20', label: 'EPSON TM-T20 (USB)', is_default: false },
      { name: 'Oficina', label: 'Oficina (USB)', is_default: true },
    ]);
  });
});
