import { shiftCloseTicket } from '#shared/print/shift-close-ticket';
import { AppError, isAppError } from '#shared/rpc/errors';
import type { shiftMethods } from '#shared/rpc/methods/shifts';
import type { CoreParts } from '#core/parts';
import { ReceiptPrinter } from '#core/print/receipt-printer';
import type { Handlers } from '../registry';

export function shiftHandlers({ shifts, engine, clock }: CoreParts): Handlers<typeof shiftMethods> {
  const printer = new ReceiptPrinter(engine, clock);
  return {
    'shifts.current': () => shifts.current(),
    'shifts.get': ({ id }) => shifts.get(id),
    'shifts.open': ({ opening_float }) => shifts.open(opening_float),
    'shifts.move': async (input) => {
      const shift = await shifts.move(input);
      // Cash changes hands: the drawer wired to the receipt printer opens. A printer in trouble never
      // undoes the movement; it is said next to it.
      const settings = await printer.settings();
      if (settings.connection === 'none' || !settings.drawer_on_cash) return { shift, drawer_opened: false, warning: null };
      try {
        await printer.openDrawer();
        return { shift, drawer_opened: true, warning: null };
      } catch (error) {
        if (!isAppError(error)) throw error;
        return {
          shift,
          drawer_opened: false,
          warning: `El movimiento quedó registrado, pero el cajón no abrió: ${error.message}`,
        };
      }
    },
    'shifts.close': (input) => shifts.close(input),
    'shifts.ofDay': ({ date }) => shifts.ofDay(date),
    'shifts.recentClosed': ({ limit }) => shifts.recentClosed(limit ?? 10),
    'shifts.printClose': async ({ id }) => {
      const shift = await shifts.get(id);
      if (!shift.closed_at) throw new AppError('conflict', 'El turno sigue abierto: el cierre se imprime al cerrarlo.');
      return printer.print(shiftCloseTicket(shift, clock()), { drawer: false });
    },
  };
}
