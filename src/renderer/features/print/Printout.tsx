import { useQuery } from '@tanstack/react-query';
import QRCode from 'qrcode';
import type { PrintLayout } from '#shared/print/paper';
import { isTicket } from './layouts';
import type { PrintModel } from '#shared/print/print-model';
import type { SalePayment } from '#shared/sales/sale-payment';
import { PrintPage } from './PrintPage';
import { TicketPage } from './TicketPage';

/** The QR of a printed representation as an image (null while it is drawn). */
export function useQrImage(text: string | null): { data: string | null; isError: boolean } {
  const qr = useQuery({
    queryKey: ['qr', text],
    queryFn: () => QRCode.toDataURL(text!, { errorCorrectionLevel: 'M', margin: 1, width: 300 }),
    enabled: text !== null,
    staleTime: Infinity,
  });
  return { data: qr.data ?? null, isError: qr.isError };
}

/** A document in the chosen layout, on that layout's named CSS page. */
export function Printout({
  model,
  qr,
  layout,
  payments = [],
}: {
  model: PrintModel;
  qr: string | null;
  layout: PrintLayout;
  /** how the sale was paid (the ticket prints it) */
  payments?: readonly SalePayment[];
}) {
  return isTicket(layout) ? (
    <TicketPage model={model} qr={qr} layout={layout} payments={payments} />
  ) : (
    <PrintPage model={model} qr={qr} paper={layout === 'letter' ? 'letter' : 'a4'} />
  );
}
