import { useCallback, useState } from 'react';
import type { PrintLayout } from '#shared/rpc/methods/history';
import { useRpcMutation, useRpcQuery } from '#renderer/rpc/hooks';
import { fittedHeightMm } from './fitted-page';
import { isTicket } from './layouts';

/**
 * Prints what the print stylesheet leaves visible (a page, a ticket or the counter's printout).
 * The desktop app sends it to the printer chosen in Ajustes without a dialog; a browser cannot
 * print silently, so it opens its own print dialog.
 */
export function usePrintNow() {
  const info = useRpcQuery('app.info', {});
  const settings = useRpcQuery('history.printSettings', {});
  const silent = useRpcMutation('history.printSilently');
  const [message, setMessage] = useState<string | null>(null);
  const desktop = info.data?.transport === 'electron';
  const printer = settings.data?.printer ?? '';
  const { mutate } = silent;

  const print = useCallback(
    (layout: PrintLayout) => {
      setMessage(null);
      if (!desktop) {
        window.print();
        return;
      }
      // A ticket's page as long as the ticket (the page the printout's stylesheet names, fitted-page.ts).
      const height = isTicket(layout) ? fittedHeightMm(layout) : null;
      mutate(
        { layout, printer, ...(height === null ? {} : { page_height_mm: height }) },
        {
          onSuccess: ({ printed }) =>
            setMessage(
              printed ? `Enviado a ${printer === '' ? 'la impresora predeterminada' : `«${printer}»`}.` : 'Impresión cancelada.',
            ),
        },
      );
    },
    [desktop, printer, mutate],
  );

  return { print, isPending: silent.isPending, message, error: silent.isError ? silent.error.message : null };
}
