// How the window's page prints, per connection (table print_settings, migration 0017): the layout
// the counter prints, printing by itself once the DIAN accepts, and the desktop printer printed to
// without a dialog. The receipt printer's own settings are apart (receipt-printer.ts).
import type { Database } from 'better-sqlite3';
import type { PrintLayout } from '#shared/print/paper';
import type { PrintSettings } from '#shared/rpc/methods/print';

const DEFAULT_PAGE: PrintSettings = { layout: 'ticket80', auto_print: false, printer: '' };

export class PageSettings {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
  ) {}

  get(connectionId: number): PrintSettings {
    const row = this.db
      .prepare<[number], { layout: PrintLayout; auto_print: number; printer: string }>(
        'SELECT layout, auto_print, printer FROM print_settings WHERE connection_id = ?',
      )
      .get(connectionId);
    return row ? { layout: row.layout, auto_print: row.auto_print === 1, printer: row.printer } : DEFAULT_PAGE;
  }

  set(connectionId: number, settings: PrintSettings): PrintSettings {
    this.db
      .prepare(
        `INSERT INTO print_settings (connection_id, layout, auto_print, printer, updated_at)
         VALUES (@connection_id, @layout, @auto_print, @printer, @updated_at)
         ON CONFLICT (connection_id) DO UPDATE SET layout = excluded.layout, auto_print = excluded.auto_print,
           printer = excluded.printer, updated_at = excluded.updated_at`,
      )
      .run({
        connection_id: connectionId,
        layout: settings.layout,
        auto_print: settings.auto_print ? 1 : 0,
        printer: settings.printer,
        updated_at: this.clock().toISOString(),
      });
    return this.get(connectionId);
  }
}
