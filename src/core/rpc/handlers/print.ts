import { dayCloseTicket } from '#shared/print/day-close-ticket';
import { buildPrintModel } from '#shared/print/print-model';
import { documentTicket, testTicket } from '#shared/print/ticket';
import { formatDateTime } from '#shared/dates';
import { AppError } from '#shared/rpc/errors';
import { CODE_PAGE_LABELS, type printMethods } from '#shared/rpc/methods/print';
import { DayCloseReader } from '#core/day-close/day-close';
import { contingencyDetail } from '#core/history/contingency-detail';
import { historyDetail } from '#core/history/detail';
import { IssuerProfiles } from '#core/history/issuer';
import { HistoryQueries } from '#core/history/query';
import type { CoreParts } from '#core/parts';
import { PageSettings } from '#core/print/page-settings';
import { paidInCash, ReceiptPrinter } from '#core/print/receipt-printer';
import type { Handlers } from '#core/rpc/registry';
import { SalePayments } from '#core/sales/sale-payments';

/** What only the desktop shell answers (src/main/print.ts); core says so in the shop's words. */
function desktopOnly(message: string): () => never {
  return () => {
    throw new AppError('invalid_input', message);
  };
}

export function printHandlers({
  engine,
  reads,
  connections,
  submissions,
  clock,
  lists,
  shifts,
  registers,
}: CoreParts): Handlers<typeof printMethods> {
  const printer = new ReceiptPrinter(engine, clock);
  const page = new PageSettings(engine, clock);
  const queries = new HistoryQueries(engine);
  const issuers = new IssuerProfiles(engine, clock);
  const dayClose = new DayCloseReader(reads, clock);
  const salePayments = new SalePayments(engine);
  return {
    'print.settings': () => page.get(connections.requireActive().id),
    'print.setSettings': (settings) => page.set(connections.requireActive().id, settings),
    'print.thermal': () => printer.settings(),
    'print.setThermal': (settings) => printer.setSettings(settings),
    'print.receipt': async ({ source, occasion }) => {
      const active = connections.requireActive();
      const detail =
        'history_id' in source
          ? await historyDetail({ queries, submissions, issuers }, active, source.history_id)
          : await contingencyDetail({ submissions, issuers }, active, source.submission_id);
      const model = buildPrintModel(detail);
      const submissionId = 'history_id' in source ? detail.submission?.id : source.submission_id;
      const payments = submissionId === undefined ? [] : await salePayments.of(submissionId);
      const submission = detail.submission ?? null;
      const register = submission ? await registers.nameOfKey(submission.idempotency_key) : null;
      return printer.printSale(documentTicket(model, payments, register), paidInCash(model, detail.request, payments), occasion);
    },
    'print.dayClose': async ({ date }) => {
      const active = connections.requireActive();
      const close = await dayClose.read(active.id, date);
      // The company's own names of its payment methods, as the screen shows them; the DIAN's names when not at hand.
      const methods = await lists.read('payment_methods').catch(() => []);
      return printer.print(dayCloseTicket(close, active.label, clock(), methods, await shifts.ofDay(date)), { drawer: false });
    },
    'print.test': async (settings) => {
      if (settings.connection === 'none') {
        throw new AppError(
          'invalid_input',
          'Elija primero cómo está conectada la impresora de tirilla: por red o en el sistema.',
        );
      }
      const name = settings.connection === 'network' ? `${settings.host}:${settings.port}` : settings.queue;
      // The shop's logo as its receipts will carry it, so the test says at once if it cannot be drawn.
      const active = connections.active();
      const logo = active ? (await issuers.get(active.id))?.logo || null : null;
      const blocks = testTicket(name, settings.columns, CODE_PAGE_LABELS[settings.code_page], formatDateTime(clock()), logo);
      return printer.print(blocks, {
        drawer: false,
        settings,
      });
    },
    'print.openDrawer': () => printer.openDrawer(),
    'print.printers': desktopOnly(
      'La lista de impresoras solo está en la aplicación de escritorio; el navegador la muestra en su diálogo de impresión.',
    ),
    'print.silently': desktopOnly(
      'Imprimir sin diálogo solo es posible en la aplicación de escritorio. En el navegador use «Imprimir».',
    ),
    'print.exportPdf': desktopOnly(
      'Guardar el PDF directamente solo es posible en la aplicación de escritorio. En el navegador use «Imprimir» y elija «Guardar como PDF».',
    ),
  };
}
