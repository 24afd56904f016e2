// The page path, for shops without a thermal printer, in Chromium against the sandbox: every ticket
// (a 3-line and a 30-line sale on 80 mm, the long one on 58 mm, the Cierre de caja on 80 and 58 mm) prints on one
// page as long as its content, and no printout (tickets, the A4 page, the day close, the period
// report) carries a zone offset on a date or time, nor the notice that is on screen while it
// prints. Each PDF is turned into PNG (test-results/print-page-*) to be looked at.
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colombiaToday } from '#shared/dates';
import type { Submission } from '#shared/rpc/methods/submissions';
import { SCREENSHOTS, watchedPage } from '../support/browser';
import { pdfToPng, readPdf, type PdfFacts } from '../support/pdf';
import { ferreteriaFe, gardeningDse } from '../support/requests/issued-from-app';
import { IN_CHIA } from '../support/requests/lines';
import { folded } from '../support/sale';
import { openShop, type Shop } from '../support/shop';
import { waitUntil } from '../support/wait';

let shop: Shop;
const rpc = <T>(method: string, input: unknown): Promise<T> => shop.rpc<T>(method, input);
const historyIds: Record<'short' | 'long', number> = { short: 0, long: 0 };

/** An FE of `count` lines of $ 1.000 at IVA 19 %. */
function saleOf(count: number, today: string) {
  const items = Array.from({ length: count }, (_, index) => ({
    desc: `Artículo de prueba ${index + 1}`,
    cant: 1,
    unit: 1000,
    iva: 19,
    iva_incluido: false,
    unit_input: 1000,
  }));
  return ferreteriaFe(today, 'Carrera 30 # 8-15', { items, subtotal: 1000 * count, impuestos: 190 * count, total: 1190 * count });
}

async function historyIdOf(submission: Submission): Promise<number> {
  const { id } = await waitUntil(
    () => rpc<{ id: number | null }>('history.idOfSubmission', { submission_id: submission.id }),
    (entry) => entry.id !== null,
    { what: `the Historial entry of submission ${submission.id}` },
  );
  return id!;
}

beforeAll(async () => {
  shop = await openShop();
  await rpc('history.setIssuer', {
    nombre: 'Tienda La Esquina S.A.S.',
    nit: '900123456',
    direccion: 'Calle 10 # 5-20',
    ciudad: 'Medellín',
    email: '',
    telefono: '604 444 5555',
  });
  const today = colombiaToday(new Date());
  for (const [name, lines] of [
    ['short', 3],
    ['long', 30],
  ] as const) {
    const sale = await rpc<Submission>('fe.submit', { request: saleOf(lines, today) });
    expect(sale.state).toBe('accepted');
    historyIds[name] = await historyIdOf(sale);
  }
}, 90_000);

afterAll(() => shop?.close());

const OFFSET = /[+-]\d\d:\d\d/;
const mm = (px: number) => (px * 25.4) / 96;

async function go(page: Page, hash: string): Promise<void> {
  // The hash alone: the same document, so the notice on screen stays.
  await page.evaluate(`window.location.hash = ${JSON.stringify(hash)}`);
}

async function ticketOf(page: Page, historyId: number, layout: 'ticket80' | 'ticket58'): Promise<Locator> {
  await go(page, `#/historial/${historyId}/imprimir`);
  const choice = page.getByTestId('print-layout');
  await expect.poll(() => choice.isEnabled()).toBe(true);
  await choice.selectOption(layout);
  const ticket = page.getByTestId('ticket');
  const qr = ticket.getByRole('img', { name: 'Código QR del CUFE' });
  await qr.waitFor();
  await expect
    .poll(() => qr.evaluate((img: unknown) => (img as { complete: boolean; naturalWidth: number }).naturalWidth > 0))
    .toBe(true);
  return ticket;
}

/**
 * The page printed to PDF at its own @page size (print media), with the printed box's height in
 * mm when `box` is given, and its PNG in test-results.
 */
async function printed(page: Page, name: string, box?: Locator): Promise<PdfFacts & { contentMm: number | null }> {
  await page.emulateMedia({ media: 'print' });
  const contentMm = box ? mm((await box.boundingBox())!.height) : null;
  const file = join(SCREENSHOTS, `print-page-${name}.pdf`);
  await page.pdf({ path: file, preferCSSPageSize: true, printBackground: true });
  await page.emulateMedia({ media: 'screen' });
  pdfToPng(file, join(SCREENSHOTS, `print-page-${name}`));
  return { ...readPdf(file), contentMm };
}

/** One page, `widthMm` wide, as long as the content: the text ends a few mm above its bottom edge. */
function expectFitted(pdf: PdfFacts & { contentMm: number | null }, widthMm: number): void {
  expect(pdf.pages).toHaveLength(1);
  const [only] = pdf.pages;
  expect(only!.widthMm).toBeCloseTo(widthMm, 0);
  expect(Math.abs(only!.heightMm - pdf.contentMm!)).toBeLessThan(2);
  expect(only!.textTopMm).toBeLessThan(8);
  expect(only!.heightMm - only!.textBottomMm).toBeGreaterThan(0);
  expect(only!.heightMm - only!.textBottomMm).toBeLessThan(8);
}

describe('the page path', () => {
  it('prints each ticket on one page as long as it is, with no zone offset and without the notice on screen', async () => {
    const { page, errors } = await watchedPage(shop.browser, {}, { consoleErrors: false });
    await page.goto(`${shop.app.bridge.url}#/historial/${historyIds.short}/imprimir`);
    await page.getByTestId('print-layout').waitFor();

    // A notice on screen while everything prints: a support document the DIAN rejects (it stays until closed).
    await rpc('dse.submit', {
      request: gardeningDse(colombiaToday(new Date()), { nit: '222222222', nombre: 'Proveedor Rechazado', ...IN_CHIA }),
    });
    const notice = page.getByTestId('dse-toast');
    await notice.waitFor({ timeout: 30_000 });
    const noticeText = folded(await notice.textContent()).replace(/✕$/, '');
    expect(noticeText).toMatch(/^La DIAN rechazó el documento soporte/);

    const printouts: { name: string; pdf: PdfFacts }[] = [];
    const heights: Record<string, number> = {};
    for (const [name, historyId, layout, width] of [
      ['short-80mm', historyIds.short, 'ticket80', 80],
      ['long-80mm', historyIds.long, 'ticket80', 80],
      ['long-58mm', historyIds.long, 'ticket58', 58],
    ] as const) {
      const ticket = await ticketOf(page, historyId, layout);
      expect(await notice.isVisible()).toBe(true);
      const facts = await printed(page, name, ticket);
      expectFitted(facts, width);
      heights[name] = facts.pages[0]!.heightMm;
      expect(facts.text).toContain('Artículo de prueba 3');
      expect(facts.text).toMatch(/\d\d\/\d\d\/\d{4},? \d\d:\d\d\s[ap]\.\s?m\./);
      printouts.push({ name, pdf: facts });
    }
    // The 30-line ticket is longer than the 3-line one, which is far shorter than an A4 length.
    expect(heights['short-80mm']).toBeLessThan(200);
    expect(heights['long-80mm']! - heights['short-80mm']!).toBeGreaterThan(100);
    expect(printouts[1]!.pdf.text).toContain('Artículo de prueba 30');

    // The same document on an A4 page.
    await go(page, `#/historial/${historyIds.long}/imprimir`);
    await page.getByTestId('print-layout').selectOption('a4');
    await page.locator('img.print-page__qr').waitFor();
    const a4 = await printed(page, 'a4');
    expect(a4.pages[0]!.widthMm).toBeCloseTo(210, 0);
    expect(a4.text).toMatch(/Fecha de emisión: \d\d\/\d\d\/\d{4},? \d\d:\d\d\s[ap]\.\s?m\./);
    printouts.push({ name: 'a4', pdf: a4 });

    // The Cierre de caja: the two sales of today.
    await go(page, '#/cierre');
    const close = page.getByTestId('day-close-ticket');
    await expect.poll(async () => folded(await page.getByTestId('day-close-accepted').textContent())).toBe('2');
    const dayClose = await printed(page, 'day-close', close);
    expectFitted(dayClose, 80);
    expect(dayClose.text).toContain('CIERRE DE CAJA');
    expect(dayClose.text).toMatch(/Generado \d\d\/\d\d\/\d{4},? \d\d:\d\d\s[ap]\.\s?m\./);
    printouts.push({ name: 'day-close', pdf: dayClose });

    // The Cierre de caja follows the shop's roll: 58 mm when the sale tickets print on 58 mm.
    await go(page, '#/ajustes');
    const settings = page.getByRole('form', { name: 'Impresión' });
    await settings.getByLabel('Formato al imprimir desde Facturas').selectOption('ticket58');
    await settings.getByRole('button', { name: 'Guardar impresión' }).click();
    await settings.getByText('Ajustes de impresión guardados.').waitFor();
    await go(page, '#/cierre');
    await page.getByRole('button', { name: 'Imprimir cierre (58 mm)' }).waitFor();
    const close58 = page.getByTestId('day-close-ticket');
    await expect.poll(async () => mm((await close58.boundingBox())!.width)).toBeCloseTo(58, 0);
    await expect.poll(async () => folded(await page.getByTestId('day-close-accepted').textContent())).toBe('2');
    const dayClose58 = await printed(page, 'day-close-58mm', close58);
    expectFitted(dayClose58, 58);
    expect(dayClose58.text).toContain('CIERRE DE CAJA');
    // Nothing spills past the roll: every row's amount is on the paper.
    expect(dayClose58.text).toContain('Total vendido');
    expect(
      await close58.evaluate((node: unknown) => {
        const element = node as { scrollWidth: number; clientWidth: number };
        return element.scrollWidth <= element.clientWidth;
      }),
    ).toBe(true);
    printouts.push({ name: 'day-close-58mm', pdf: dayClose58 });

    // The period report.
    await go(page, '#/informes');
    await page.getByRole('link', { name: 'Informe para imprimir (PDF)' }).click();
    await page.getByTestId('report-table-impuestos').waitFor();
    const report = await printed(page, 'report');
    expect(folded(report.text)).toMatch(/generado el \d\d\/\d\d\/\d{4},? \d\d:\d\d\s[ap]\.\s?m\./);
    printouts.push({ name: 'report', pdf: report });

    expect(await notice.isVisible()).toBe(true);
    for (const { name, pdf } of printouts) {
      const text = folded(pdf.text);
      expect({ name, offset: OFFSET.exec(text)?.[0] ?? null }).toEqual({ name, offset: null });
      // Nothing of the shell: the notice, the status bar, the navigation.
      expect({ name, notice: text.includes(noticeText) }).toEqual({ name, notice: false });
      for (const shell of ['Conexión:', 'Navegador local', 'Ajustes', 'Productos']) expect(text).not.toContain(shell);
    }
    expect(errors).toEqual([]);
    await page.close();
  });
});
