// How the window's page prints, per connection (table print_settings, migration 0017): the layout
// the counter prints, printing by itself once the DIAN accepts, and the desktop printer printed to
// without a dialog. The receipt printer's own settings are apart (receipt-printer.ts).
import type { PrintLayout } from '#shared/print/paper';
import type { PrintSettings } from '#shared/rpc/methods/print';
import type { Engine } from '../store/engine';

const DEFAULT_PAGE: PrintSettings = { layout: 'ticket80', auto_print: false, printer: '' };

export class PageSettings {
  constructor(
    private readonly engine: Engine,
    private readonly clock: () => Date,
  ) {}

  async get(connectionId: number): Promise<PrintSettings> {
    const row = await this.engine.db
      .selectFrom('print_settings')
      .select(['layout', 'auto_print', 'printer'])
      .where('connection_id', '=', connectionId)
      .executeTakeFirst();
    return row ? { layout: row.layout as PrintLayout, auto_print: row.auto_print === 1, printer: row.printer } : DEFAULT_PAGE;
  }

  async set(connectionId: number, settings: PrintSettings): Promise<PrintSettings> {
    const fields = {
      layout: settings.layout,
      auto_print: settings.auto_print ? 1 : 0,
      printer: settings.printer,
      updated_at: this.clock().toISOString(),
    };
    await this.engine.db
      .insertInto('print_settings')
      .values({ connection_id: connectionId, ...fields })
      .onConflict((conflict) => conflict.column('connection_id').doUpdateSet(fields))
      .execute();
    return this.get(connectionId);
  }
}
