// The receipt printer of this equipment: its settings (one row, migration 0025) and what it
// prints: a sale's receipt from the same print model as the page, the Cierre de caja, the test
// page, and the cash drawer's pulse. A cash sale printed at the counter opens the drawer; a card
// sale and a reprint never do.
import { CASH_MEANS_CODE } from '#shared/dian/payment-means';
import type { PrintModel } from '#shared/print/print-model';
import type { TicketBlock } from '#shared/print/ticket';
import { DEFAULT_THERMAL, ThermalSettings, type TicketPrinted } from '#shared/rpc/methods/print';
import { encodeTicket, header, DRAWER_PULSE } from './escpos';
import { printerFailure, sendToPrinter, type SendOptions } from './transport';
import type { Engine } from '../store/engine';

/**
 * true when cash went into the drawer: a sale recorded with its payments that has a cash line (a
 * split with cash and card gives change), or, without recorded payments, a sale paid on the spot
 * with DIAN payment means 10.
 */
export function paidInCash(
  model: PrintModel,
  request: Record<string, unknown> | null,
  payments: readonly { means: string }[] = [],
): boolean {
  if (model.kind !== 'FE' || !request) return false;
  if (payments.length > 0) return payments.some((line) => line.means === CASH_MEANS_CODE);
  const payment = request.payment as { form?: unknown; means_code?: unknown } | undefined;
  return payment?.form !== 'credito' && String(payment?.means_code ?? '') === CASH_MEANS_CODE;
}

export class ReceiptPrinter {
  constructor(
    private readonly engine: Engine,
    private readonly clock: () => Date,
    private readonly sendOptions: SendOptions = {},
  ) {}

  async settings(): Promise<ThermalSettings> {
    const row = await this.engine.db
      .selectFrom('receipt_printer')
      .select(['connection', 'host', 'port', 'queue', 'columns', 'code_page', 'native_qr', 'drawer_on_cash'])
      .where('id', '=', 1)
      .executeTakeFirst();
    if (!row) return DEFAULT_THERMAL;
    // Read through the contract's schema: a row edited by hand never reaches the printer unchecked.
    const parsed = ThermalSettings.safeParse({
      ...row,
      native_qr: row.native_qr === 1,
      drawer_on_cash: row.drawer_on_cash === 1,
    });
    return parsed.success ? parsed.data : DEFAULT_THERMAL;
  }

  async setSettings(settings: ThermalSettings): Promise<ThermalSettings> {
    const fields = {
      connection: settings.connection,
      host: settings.host,
      port: settings.port,
      queue: settings.queue,
      columns: settings.columns,
      code_page: settings.code_page,
      native_qr: settings.native_qr ? 1 : 0,
      drawer_on_cash: settings.drawer_on_cash ? 1 : 0,
      updated_at: this.clock().toISOString(),
    };
    await this.engine.db
      .insertInto('receipt_printer')
      .values({ id: 1, ...fields })
      .onConflict((conflict) => conflict.column('id').doUpdateSet(fields))
      .execute();
    return this.settings();
  }

  /** The configured printer, or a Spanish refusal when there is none. */
  private async configured(): Promise<ThermalSettings> {
    const settings = await this.settings();
    if (settings.connection === 'none') {
      throw printerFailure('No hay impresora de tirilla configurada. Elíjala en Ajustes › Impresora.');
    }
    return settings;
  }

  /** Prints blocks on the configured printer (or on `settings`, for the test page). */
  async print(blocks: readonly TicketBlock[], options: { drawer: boolean; settings?: ThermalSettings }): Promise<TicketPrinted> {
    const settings = options.settings ?? (await this.configured());
    const encoded = encodeTicket(blocks, {
      columns: settings.columns,
      codePage: settings.code_page,
      nativeQr: settings.native_qr,
      drawer: options.drawer,
    });
    const sent = await sendToPrinter(settings, encoded.bytes, this.sendOptions);
    const notes: string[] = [];
    if (encoded.unencodable.length > 0) {
      notes.push(
        `La página de códigos de la impresora no tiene ${encoded.unencodable.map((c) => `«${c}»`).join(', ')}: salió como «?». Pruebe otra página de códigos en Ajustes › Impresora.`,
      );
    }
    if (encoded.logoProblem) notes.push(`El logo no se imprimió en la tirilla: ${encoded.logoProblem}`);
    notes.push(...sent.notes);
    return { drawer_opened: options.drawer, warning: notes.length > 0 ? notes.join(' ') : null };
  }

  /** A sale's receipt; the drawer opens for a cash sale printed at the counter when the shop wants it. */
  async printSale(blocks: readonly TicketBlock[], cash: boolean, occasion: 'sale' | 'reprint'): Promise<TicketPrinted> {
    const settings = await this.configured();
    return this.print(blocks, { drawer: occasion === 'sale' && cash && settings.drawer_on_cash, settings });
  }

  async openDrawer(): Promise<{ opened: true }> {
    const settings = await this.configured();
    await sendToPrinter(settings, Buffer.concat([header(settings.code_page), DRAWER_PULSE]), this.sendOptions);
    return { opened: true };
  }

  now(): Date {
    return this.clock();
  }
}
