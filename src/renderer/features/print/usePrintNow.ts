import { useCallback, useState } from 'react';
import type { PrintLayout } from '#shared/print/paper';
import type { ReceiptSource, TicketPrinted } from '#shared/rpc/methods/print';
import { invoke } from '#renderer/rpc/client';
import { useRpcQuery } from '#renderer/rpc/hooks';
import { fittedHeightMm } from './fitted-page';
import { isTicket } from './layouts';

/** What the receipt printer prints instead of the page, when the equipment has one. */
export type ThermalJob =
  { kind: 'receipt'; source: ReceiptSource; occasion: 'sale' | 'reprint' } | { kind: 'dayClose'; date: string };

/**
 * Prints a document. With a receipt printer configured (Ajustes › Impresora) and a ticket layout,
 * core sends the ticket to it as ESC/POS (and a cash sale opens the drawer). Otherwise it prints
 * what the print stylesheet leaves visible: the desktop app sends it to the printer chosen in
 * Ajustes without a dialog; a browser cannot print silently, so it opens its own print dialog.
 * A failure is a message with the way to print again; the sale is stored before any printing.
 */
export function usePrintNow(job: ThermalJob | null = null) {
  const info = useRpcQuery('app.info', {});
  const settings = useRpcQuery('print.settings', {});
  const thermal = useRpcQuery('print.thermal', {});
  const [message, setMessage] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);
  const desktop = info.data?.transport === 'electron';
  const printer = settings.data?.printer ?? '';
  const receiptPrinter = thermal.data && thermal.data.connection !== 'none' ? thermal.data : null;

  const print = useCallback(
    (layout: PrintLayout, occasion?: 'sale' | 'reprint') => {
      setMessage(null);
      setWarning(null);
      setError(null);
      const ticket = layout === 'ticket80' || layout === 'ticket58';
      let sent: Promise<string>;
      if (receiptPrinter && job && ticket) {
        const request: Promise<TicketPrinted> =
          job.kind === 'receipt'
            ? invoke('print.receipt', { source: job.source, occasion: occasion ?? job.occasion })
            : invoke('print.dayClose', { date: job.date });
        sent = request.then((done) => {
          setWarning(done.warning);
          return `Enviado a la impresora de tirilla${done.drawer_opened ? '; se abrió el cajón' : ''}.`;
        });
      } else if (!desktop) {
        window.print();
        return;
      } else {
        // A ticket's page as long as the ticket (the page the printout's stylesheet names, fitted-page.ts).
        const height = isTicket(layout) ? fittedHeightMm(layout) : null;
        sent = invoke('print.silently', { layout, printer, ...(height === null ? {} : { page_height_mm: height }) }).then(
          ({ printed }) =>
            printed ? `Enviado a ${printer === '' ? 'la impresora predeterminada' : `«${printer}»`}.` : 'Impresión cancelada.',
        );
      }
      setPending(true);
      sent
        .then(setMessage, (failure: unknown) =>
          setError(failure instanceof Error ? failure.message : 'La impresora no recibió el documento.'),
        )
        .finally(() => setPending(false));
    },
    [receiptPrinter, job, desktop, printer],
  );

  return { print, isPending, message, warning, error, ready: thermal.data !== undefined || thermal.isError };
}
