// The print settings on both engines, one test body per engine: the window's page settings per
// connection (print_settings) and the receipt printer of this equipment (receipt_printer, one row),
// each read as the defaults until saved, saved again over the row, and a row edited by hand into
// something the contract refuses never reaching the printer.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PageSettings } from '#core/print/page-settings';
import { ReceiptPrinter } from '#core/print/receipt-printer';
import { DEFAULT_THERMAL, type ThermalSettings } from '#shared/rpc/methods/print';
import { addConnections, ENGINE_KINDS, openEngine, type OpenedEngine } from '#test/engines';

const clock = () => new Date('2026-11-20T15:00:00.000Z');

describe.each(ENGINE_KINDS)('print settings on %s', (kind) => {
  let opened: OpenedEngine;
  beforeEach(async () => {
    opened = await openEngine(kind);
    await addConnections(opened.engine, [1, 2]);
  });
  afterEach(async () => {
    await opened.close();
  });

  it('keeps the page settings per connection: defaults until saved, then the saved ones, saved again over them', async () => {
    const page = new PageSettings(opened.engine, clock);
    expect(await page.get(1)).toEqual({ layout: 'ticket80', auto_print: false, printer: '' });
    expect(await page.set(1, { layout: 'letter', auto_print: true, printer: 'HP LaserJet' })).toEqual({
      layout: 'letter',
      auto_print: true,
      printer: 'HP LaserJet',
    });
    expect(await page.set(1, { layout: 'ticket58', auto_print: false, printer: '' })).toEqual({
      layout: 'ticket58',
      auto_print: false,
      printer: '',
    });
    // The other connection keeps its own (still the defaults).
    expect(await page.get(2)).toEqual({ layout: 'ticket80', auto_print: false, printer: '' });
    expect(await opened.engine.db.selectFrom('print_settings').select('connection_id').execute()).toEqual([{ connection_id: 1 }]);
  });

  it('keeps one receipt printer: none until saved, the saved one after, and a row the contract refuses reads as none', async () => {
    const printer = new ReceiptPrinter(opened.engine, clock);
    expect(await printer.settings()).toEqual(DEFAULT_THERMAL);
    const network: ThermalSettings = {
      ...DEFAULT_THERMAL,
      connection: 'network',
      host: '192.168.1.50',
      port: 9100,
      native_qr: true,
      drawer_on_cash: true,
    };
    expect(await printer.setSettings(network)).toEqual(network);
    const spooler: ThermalSettings = { ...network, connection: 'system', queue: 'TM-T20', host: '', drawer_on_cash: false };
    expect(await printer.setSettings(spooler)).toEqual(spooler);
    expect(await opened.engine.db.selectFrom('receipt_printer').select(['id', 'queue']).execute()).toEqual([
      { id: 1, queue: 'TM-T20' },
    ]);
    await opened.engine.db.updateTable('receipt_printer').set({ host: 'impresora de la caja' }).execute();
    expect(await printer.settings()).toEqual(DEFAULT_THERMAL);
    await expect(printer.openDrawer()).rejects.toThrow(/No hay impresora de tirilla configurada/);
  });
});
