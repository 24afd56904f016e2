// The receipt printer through core's real dispatcher and a virtual ESC/POS printer on loopback:
// settings kept (migration 0025) and checked, the test page, a sale's receipt from the local
// history with the drawer pulse for cash and never for card or a reprint, the Cierre de caja, the
// drawer on demand, and a printer that is off, out of paper, with its cover open, its cutter jammed
// or in error said in Spanish (its state read with DLE EOT 1 to 4), one that never answers printing.
import { randomUUID } from 'node:crypto';
import { registerKey } from '#shared/registers/keys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPrintModel } from '#shared/print/print-model';
import { documentTicket, layOut, ticketText } from '#shared/print/ticket';
import type { HistoryDetail } from '#shared/rpc/methods/history';
import { DEFAULT_THERMAL } from '#shared/rpc/methods/print';
import { closedPort, openPrinterCore, type PrinterCore } from '#test/core/printer-core';
import { generateHistory } from '#test/history-generator';
import { blackShare, jpegLogo } from '#test/jpeg-logo';
import { decodeEscPos, READY, type PrinterCondition, type VirtualPrinter } from '#test/virtual-printer';

let shop: PrinterCore;
let printer: VirtualPrinter;
let cashId: number;
let cardId: number;

const call: PrinterCore['call'] = (method, input) => shop.call(method, input);
const ok = <T>(method: string, input: unknown): Promise<T> => shop.ok<T>(method, input);
const network = () => shop.network();

function linkSale(connectionId: number, historyId: number, means: string, key = `fe-${historyId}`): void {
  const db = shop.core.parts.store!.db;
  const body = JSON.stringify({ payment: { form: 'contado', means_code: means }, observaciones: 'Gracias' });
  const { lastInsertRowid } = db
    .prepare(
      `INSERT INTO submissions (connection_id, base_url, company_id, kind, idempotency_key, endpoint_path, request_body, payload_hash,
         state, attempts, counterpart, created_at, updated_at) VALUES (?, 'http://127.0.0.1:9/api/v1', 101, 'FE', ?, '/x', ?, 'h',
         'accepted', 1, 'Cliente', '2026-11-20T15:00:00Z', '2026-11-20T15:00:00Z')`,
    )
    .run(connectionId, key, Buffer.from(body));
  db.prepare('UPDATE history_documents SET submission_id = ? WHERE id = ?').run(lastInsertRowid, historyId);
}

beforeAll(async () => {
  shop = await openPrinterCore();
  printer = shop.printer;
  const connection = await ok<{ id: number }>('connections.create', {
    label: 'Caja principal',
    kind: 'sandbox',
    base_url: 'http://127.0.0.1:9/api/v1',
    company_id: 101,
  });
  await ok('connections.activate', { id: connection.id });
  const { docs } = generateHistory(shop.core.parts.store!.db, { connectionId: connection.id, count: 40, seed: 3, dseShare: 0 });
  const rows = shop.core.parts
    .store!.db.prepare<[number], { id: number }>(
      "SELECT id FROM history_documents WHERE connection_id = ? AND kind = 'FE' ORDER BY id LIMIT 2",
    )
    .all(connection.id);
  expect(docs.length).toBe(40);
  [cashId, cardId] = [rows[0]!.id, rows[1]!.id];
  // The cash sale made by this register under its key; the card sale's key is one made before registers.
  linkSale(connection.id, cashId, '10', registerKey('fe', await shop.core.parts.registers.id(), randomUUID()));
  linkSale(connection.id, cardId, '48');
});
afterAll(() => shop?.close());

describe('receipt printer over RPC', () => {
  it('has none until chosen; a network printer without host is refused in Spanish and nothing is kept', async () => {
    expect(await ok('print.thermal', {})).toEqual(DEFAULT_THERMAL);
    const reply = await call('print.setThermal', { ...DEFAULT_THERMAL, connection: 'network', host: '' });
    expect(reply.ok).toBe(false);
    if (!reply.ok)
      expect(reply.error.details?.fields).toEqual([
        { path: 'host', message: 'Escriba la IP o el nombre de la impresora de red.' },
      ]);
    expect(await ok('print.thermal', {})).toEqual(DEFAULT_THERMAL);
    const refused = await call('print.receipt', { source: { history_id: cashId }, occasion: 'sale' });
    expect(refused.ok === false && refused.error.code).toBe('printer_failed');
  });

  it('prints the test page on the printer as the form has it, before it is saved', async () => {
    expect(await ok('print.test', { ...network(), code_page: 'wpc1252', columns: 32 })).toEqual({
      drawer_opened: false,
      warning: null,
    });
    const job = await printer.take();
    expect(job.codePage).toBe(16);
    // Its state asked first: printer, offline cause, error cause, paper.
    expect(job.statusQueries).toBe(4);
    expect(job.lines.map((l) => l.text).join(' ')).toContain('Eñe y tildes: ñ Ñ á é í ó ú Á É Í Ó Ú ü');
    expect(job.lines.map((l) => l.text).join(' ')).toContain('¿Cuánto? ¡Gracias! «comillas»');
    expect(job.lines.every((l) => l.text.length <= (l.double ? 16 : 32))).toBe(true);
    expect(job.qr).toHaveLength(1);
    expect(job.cuts).toBe(1);
    // Marked as a test at its head and at its foot: nobody takes it for a sale.
    const marks = job.lines.filter((l) => l.text.startsWith('Documento de prueba'));
    expect(marks).toHaveLength(2);
    expect(marks.every((l) => l.bold)).toBe(true);
  });

  it('a cash sale prints its receipt from the history, the words of the page model, and opens the drawer', async () => {
    expect(await ok('print.setThermal', network())).toEqual(network());
    expect(await ok('print.receipt', { source: { history_id: cashId }, occasion: 'sale' })).toEqual({
      drawer_opened: true,
      warning: null,
    });
    const job = await printer.take();
    const detail = await ok<HistoryDetail>('history.detail', { id: cashId });
    const model = buildPrintModel(detail);
    // The register that made the sale is named under the date (its key names it).
    expect(job.lines.map((l) => l.text)).toEqual(ticketText(layOut(documentTicket(model, [], 'Caja 1'), 48)));
    expect(job.lines.map((l) => l.text.trim())).toContain('Caja: Caja 1');
    expect(job.qr).toEqual([model.qrText]);
    expect(job.drawerPulses).toHaveLength(1);
  });

  it('a card sale, and a reprint of the cash sale from Historial, never open the drawer', async () => {
    expect(await ok('print.receipt', { source: { history_id: cardId }, occasion: 'sale' })).toMatchObject({
      drawer_opened: false,
    });
    const card = await printer.take();
    expect(card.drawerPulses).toEqual([]);
    expect(card.lines.map((l) => l.text).join(' ')).not.toContain('Caja:');
    expect(await ok('print.receipt', { source: { history_id: cashId }, occasion: 'reprint' })).toMatchObject({
      drawer_opened: false,
    });
    expect((await printer.take()).drawerPulses).toEqual([]);
  });

  it('with the drawer switched off in Ajustes, a cash sale does not open it', async () => {
    await ok('print.setThermal', { ...network(), drawer_on_cash: false });
    await ok('print.receipt', { source: { history_id: cashId }, occasion: 'sale' });
    expect((await printer.take()).drawerPulses).toEqual([]);
    await ok('print.setThermal', network());
  });

  it('opens the drawer on demand: the pulse alone, no paper', async () => {
    expect(await ok('print.openDrawer', {})).toEqual({ opened: true });
    const job = await printer.take();
    expect(job.drawerPulses).toEqual([{ pin: 0, onMs: 50, offMs: 500 }]);
    expect(job.lines).toEqual([]);
    expect(job.cuts).toBe(0);
  });

  it('prints the Cierre de caja', async () => {
    await ok('print.dayClose', { date: '2026-11-20' });
    const job = await printer.take();
    expect(job.lines[0]).toMatchObject({ text: 'CIERRE DE CAJA', bold: true, double: true });
    expect(job.lines.map((l) => l.text)).toContain('Caja principal');
    expect(job.drawerPulses).toEqual([]);
  });

  it('a printer out of paper is said in Spanish and nothing is printed', async () => {
    printer.paper = 'out';
    const reply = await call('print.receipt', { source: { history_id: cashId }, occasion: 'reprint' });
    printer.paper = 'ok';
    expect(reply.ok).toBe(false);
    if (!reply.ok) {
      expect(reply.error.code).toBe('printer_failed');
      expect(reply.error.message).toBe(
        `La impresora 127.0.0.1:${printer.port} no tiene papel: cambie el rollo y vuelva a imprimir.`,
      );
    }
    // The connection carried the status queries only.
    expect([...(await printer.takeRaw())]).toEqual([0x10, 0x04, 1, 0x10, 0x04, 2, 0x10, 0x04, 3, 0x10, 0x04, 4]);
  });

  for (const [state, condition, message] of [
    ['the cover open', { coverOpen: true }, 'La tapa de la impresora {where} está abierta: ciérrela y vuelva a imprimir.'],
    [
      'the cutter jammed',
      { cutterError: true },
      'La cuchilla de la impresora {where} está trabada: apáguela, abra la tapa, retire el papel atascado, ciérrela, enciéndala y vuelva a imprimir.',
    ],
    [
      'a fault that does not clear',
      { unrecoverableError: true },
      'La impresora {where} tiene una falla que no se quita sola: apáguela y enciéndala; si sigue, llévela a revisión.',
    ],
    [
      'a fault that clears by itself',
      { autoRecoverableError: true },
      'La impresora {where} se está recuperando de un error (por ejemplo, el cabezal está muy caliente): espere un minuto y vuelva a imprimir.',
    ],
    [
      'a mechanical error',
      { recoverableError: true },
      'La impresora {where} tiene un error: apáguela y enciéndala, y vuelva a imprimir.',
    ],
    [
      'the feed button held',
      { feedButton: true },
      'El botón de avance de papel de la impresora {where} está oprimido: suéltelo y vuelva a imprimir.',
    ],
  ] as [string, Partial<PrinterCondition>, string][]) {
    it(`a printer with ${state} is said in the shop's words, nothing printed; once mended it prints`, async () => {
      printer.condition = { ...READY, ...condition };
      const reply = await call('print.receipt', { source: { history_id: cashId }, occasion: 'sale' });
      printer.condition = { ...READY };
      expect(reply.ok).toBe(false);
      if (!reply.ok) {
        expect(reply.error.code).toBe('printer_failed');
        expect(reply.error.message).toBe(message.replace('{where}', `127.0.0.1:${printer.port}`));
      }
      const refused = decodeEscPos(await printer.takeRaw());
      expect({ queries: refused.statusQueries, lines: refused.lines, cuts: refused.cuts }).toEqual({
        queries: 4,
        lines: [],
        cuts: 0,
      });
      // The reprint goes out once the printer is mended.
      expect(await ok('print.receipt', { source: { history_id: cashId }, occasion: 'reprint' })).toEqual({
        drawer_opened: false,
        warning: null,
      });
      expect((await printer.take()).cuts).toBe(1);
    });
  }

  it('paper about to run out prints the ticket and says so', async () => {
    printer.condition = { ...READY, paperNearEnd: true };
    const printed = await ok<{ warning: string | null }>('print.receipt', {
      source: { history_id: cardId },
      occasion: 'reprint',
    });
    printer.condition = { ...READY };
    expect(printed.warning).toBe('Al rollo de la impresora le queda poco papel: tenga uno nuevo a la mano.');
    expect((await printer.take()).cuts).toBe(1);
  });

  it("the drawer connector's signal alone is no trouble: the ticket prints without a note", async () => {
    printer.condition = { ...READY, drawerSignal: true };
    const printed = await ok('print.receipt', { source: { history_id: cardId }, occasion: 'reprint' });
    printer.condition = { ...READY };
    expect(printed).toEqual({ drawer_opened: false, warning: null });
    expect((await printer.take()).cuts).toBe(1);
  });

  it('a printer that answers the first status only is not asked the rest, and prints', async () => {
    printer.answerLimit = 1;
    const printed = await ok('print.receipt', { source: { history_id: cardId }, occasion: 'reprint' });
    printer.answerLimit = Number.POSITIVE_INFINITY;
    expect(printed).toEqual({ drawer_opened: false, warning: null });
    const job = await printer.take();
    expect({ queries: job.statusQueries, cuts: job.cuts }).toEqual({ queries: 2, cuts: 1 });
  });

  it('a printer that never answers the paper status still prints', async () => {
    printer.paper = 'silent';
    await ok('print.receipt', { source: { history_id: cardId }, occasion: 'reprint' });
    printer.paper = 'ok';
    expect((await printer.take()).cuts).toBe(1);
  });

  it('a printer switched off is said in Spanish; the next print works once it is back', async () => {
    const port = await closedPort();
    await ok('print.setThermal', { ...network(), port });
    const reply = await call('print.receipt', { source: { history_id: cashId }, occasion: 'sale' });
    expect(reply.ok).toBe(false);
    if (!reply.ok) {
      expect(reply.error.code).toBe('printer_failed');
      expect(reply.error.message).toMatch(/^La impresora 127\.0\.0\.1:\d+ rechazó la conexión: revise que esté encendida/);
    }
    await ok('print.setThermal', network());
    await ok('print.receipt', { source: { history_id: cashId }, occasion: 'reprint' });
    expect((await printer.take()).cuts).toBe(1);
  });

  it('a system printer goes through the spooler; a queue CUPS does not know is said in Spanish', async () => {
    await ok('print.setThermal', { ...DEFAULT_THERMAL, connection: 'system', queue: 'no-existe-factura-desk' });
    const reply = await call('print.receipt', { source: { history_id: cashId }, occasion: 'reprint' });
    expect(reply.ok).toBe(false);
    if (!reply.ok) {
      expect(reply.error.code).toBe('printer_failed');
      expect(reply.error.message).toMatch(/CUPS|sistema de impresión/);
    }
    await ok('print.setThermal', network());
  });

  it('the window-only methods are refused by core outside the desktop app', async () => {
    for (const [method, input] of [
      ['print.printers', {}],
      ['print.silently', { layout: 'ticket80', printer: '' }],
      ['print.exportPdf', { id: 1, filename: 'a.pdf' }],
    ] as const) {
      const reply = await call(method, input);
      expect(reply.ok === false && reply.error.code).toBe('invalid_input');
    }
  });

  it("prints the shop's JPEG logo on the test page and on a receipt; one that cannot be read is left out and said why", async () => {
    const issuer = {
      nombre: 'Tienda La Esquina S.A.S.',
      nit: '900123456',
      direccion: 'Calle 10 # 5-20',
      ciudad: 'Medellín',
      email: '',
      telefono: '',
    };
    // 120 × 60: the left half black, the right half white.
    await ok('history.setIssuer', { ...issuer, logo: jpegLogo(120, 60, (x) => (x < 60 ? 0 : 255)) });
    expect(await ok('print.test', network())).toEqual({ drawer_opened: false, warning: null });
    const test = await printer.take();
    expect(test.images).toEqual([{ widthDots: 120, height: 60 }]);
    expect(blackShare(test.images[0]!, test.rasters[0]!).left).toBeGreaterThan(0.95);
    expect(await ok('print.receipt', { source: { history_id: cardId }, occasion: 'reprint' })).toEqual({
      drawer_opened: false,
      warning: null,
    });
    const receipt = await printer.take();
    expect(receipt.images).toEqual([{ widthDots: 120, height: 60 }]);

    // A JPEG cut short (the profile takes it: it is still a JPEG data URL).
    await ok('history.setIssuer', { ...issuer, logo: jpegLogo(120, 60, () => 0).slice(0, 80) });
    const printed = await ok<{ warning: string | null }>('print.receipt', {
      source: { history_id: cardId },
      occasion: 'reprint',
    });
    expect(printed.warning).toMatch(/^El logo no se imprimió en la tirilla: el JPEG del logo está dañado/);
    const without = await printer.take();
    expect(without.images).toEqual([]);
    const model = buildPrintModel(await ok<HistoryDetail>('history.detail', { id: cardId }));
    expect(without.lines.map((l) => l.text)).toEqual(ticketText(layOut(documentTicket(model), 48)));
    expect(without.cuts).toBe(1);
    const tested = await ok<{ warning: string | null }>('print.test', network());
    expect(tested.warning).toMatch(/^El logo no se imprimió en la tirilla: el JPEG del logo está dañado/);
    expect((await printer.take()).images).toEqual([]);
  });
});
