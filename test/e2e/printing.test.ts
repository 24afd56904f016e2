// The issuer profile and printing, in Chromium against the sandbox: the issuer profile entered once in
// Ajustes (with a wrong check digit refused first), an invoice issued at the counter and printed
// there with F9 on an 80 mm ticket, then on 58 mm and A4 from Historial; each printed to PDF at
// its paper size and turned into PNG with pdftoppm (test-results/) to be looked at.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductInput } from '#shared/catalog/product';
import { nitCheckDigit } from '#shared/fiscal/nit';
import { SCREENSHOTS, viewportScreenshots, watchedPage } from '../support/browser';
import { COFFEE, RICE } from '../support/products';
import { openShop, type Shop } from '../support/shop';
import type { WebApp } from '../support/web-app';
import { folded } from '../support/sale';

let shop: Shop;
let app: WebApp;
let browser: Browser;
const rpc = <T>(method: string, input: unknown): Promise<T> => shop.rpc<T>(method, input);

const PRODUCTS: ProductInput[] = [{ ...COFFEE, description: 'Café molido tostado de origen Huila, bolsa de 500 g' }, RICE];

const NIT = '900123456';
// A 1×1 PNG: the logo's path from file to page, not its looks.
const LOGO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  shop = await openShop({ products: PRODUCTS });
  ({ app, browser } = shop);
}, 60_000);

afterAll(() => shop?.close());

/** The page as PDF at its own @page size, and its first page as PNG; returns the PDF's page size in points and its pages. */
async function pdfAndPng(page: Page, name: string): Promise<{ width: number; height: number; pages: number }> {
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  const file = join(SCREENSHOTS, `${name}.pdf`);
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-png', '-r', '150', '-f', '1', '-l', '1', '-singlefile', file, join(SCREENSHOTS, name)]);
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info);
  return { width: Number(size?.[1]), height: Number(size?.[2]), pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]) };
}

describe('issuer profile and printing', () => {
  it('enters the profile once, prints at the counter with F9 on 80 mm, and reprints on 58 mm and A4 from Historial', async () => {
    const { page, errors } = await watchedPage(browser, {}, { consoleErrors: false });

    // Ajustes › Datos del emisor: a wrong check digit is refused and nothing is saved.
    await page.goto(`${app.bridge.url}#/ajustes`);
    const profile = page.getByRole('form', { name: 'Datos del emisor' });
    await profile.waitFor();
    await profile.getByLabel('Razón social').fill('Tienda La Esquina S.A.S.');
    // The DV is computed beside the NIT; one typed after a hyphen that disagrees is refused.
    const wrongDv = String((Number(nitCheckDigit(NIT)) + 1) % 10);
    await profile.getByLabel('NIT', { exact: true }).fill(`${NIT}-${wrongDv}`);
    expect(await profile.getByTestId('issuer-dv').textContent()).toBe(nitCheckDigit(NIT));
    await profile.getByLabel('Dirección').fill('Calle 10 # 5-20');
    await profile.getByLabel('Ciudad').fill('Medellín');
    await profile.getByLabel('Teléfono').fill('604 444 5555');
    // The electronic numbering, not the contingency one below it (the same labels in its own group).
    const resolution = profile.getByRole('group', { name: 'Resolución de numeración de la DIAN' });
    await resolution.getByLabel('Número de la resolución').fill('18760000001');
    await resolution.getByLabel('Prefijo').fill('SETT');
    await resolution.getByLabel('Fecha de la resolución').fill('2026-01-01');
    await resolution.getByLabel('Vigente hasta').fill('2026-12-15');
    await resolution.getByLabel('Rango desde el número').fill('1');
    await resolution.getByLabel('Hasta el número').fill('5.000.000');
    await profile.getByTestId('logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: LOGO_PNG });
    await profile.getByRole('img', { name: 'Logo del emisor' }).waitFor();
    await profile.getByRole('button', { name: 'Guardar datos del emisor' }).click();
    await expect
      .poll(async () => folded(await profile.textContent()))
      .toContain(`El dígito de verificación de ese NIT es ${nitCheckDigit(NIT)}, no ${wrongDv}`);
    expect(await rpc('history.issuer', {})).toBeNull();

    await profile.getByLabel('NIT', { exact: true }).fill(NIT);
    await profile.getByRole('button', { name: 'Guardar datos del emisor' }).click();
    await profile.getByText('Datos del emisor guardados.').waitFor();
    // The resolution ends within 30 days of today (the machine's date): a warning, never a block.
    const stored = await rpc<{ resolucion: { hasta: string } }>('history.issuer', {});
    expect(stored.resolucion.hasta).toBe('2026-12-15');
    await page.getByTestId('issuer-warnings').waitFor();
    expect(folded(await page.getByTestId('issuer-warnings').textContent())).toMatch(
      /La resolución de numeración No\. 18760000001 (vence|venció)/,
    );
    await profile.getByRole('heading', { name: 'Datos del emisor' }).scrollIntoViewIfNeeded();
    await viewportScreenshots(page, 'settings-issuer-profile');

    // Ajustes › Impresión: the 80 mm ticket (the default) and print by itself after acceptance.
    const printing = page.getByRole('form', { name: 'Impresión' });
    expect(await printing.getByLabel('Formato al imprimir desde Facturas').inputValue()).toBe('ticket80');
    await printing.getByText('Imprimir la factura apenas la DIAN la acepte').click();
    await printing.getByRole('button', { name: 'Guardar impresión' }).click();
    await printing.getByText('Ajustes de impresión guardados.').waitFor();

    // A sale at the counter; acceptance prints by itself once (the browser's print dialog), F9 again.
    let dialogs = 0;
    await page.exposeFunction('countPrint', () => (dialogs += 1));
    // The browser's print dialog, counted instead of opened (a headless page cannot show it).
    await page.addInitScript('window.print = () => { void window.countPrint(); };');
    await page.goto(`${app.bridge.url}#/facturas`);
    await page.reload();
    await page.getByRole('button', { name: 'Emitir factura' }).waitFor();
    await page.keyboard.press('F4');
    await page.keyboard.type('7702001000011', { delay: 0 });
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByLabel('Descripción, línea 1').inputValue()).toBe(PRODUCTS[0]!.description);
    await page.keyboard.type('7701234000015', { delay: 0 });
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByLabel('Descripción, línea 2').inputValue()).toBe('Arroz Diana 1 kg');
    await page.keyboard.press('ControlOrMeta+Enter');
    await page.getByRole('heading', { name: 'Factura aceptada por la DIAN' }).waitFor({ timeout: 30_000 });
    const number = folded(await page.getByTestId('result-number').textContent());
    await expect.poll(() => dialogs, { timeout: 15_000 }).toBe(1);
    await page.keyboard.press('F9');
    await expect.poll(() => dialogs).toBe(2);

    // What goes on paper: the ticket alone, 80 mm wide, with what a graphic representation carries.
    const ticket = page.getByTestId('counter-printout').getByTestId('ticket');
    const text = folded(await ticket.textContent());
    for (const expected of [
      'Tienda La Esquina S.A.S.',
      `NIT ${NIT}-${nitCheckDigit(NIT)}`,
      'Autorización de numeración de facturación DIAN No. 18760000001 del 01/01/2026, vigente hasta el 15/12/2026, prefijo SETT, del SETT1 al SETT5000000',
      `No. ${number}`,
      'Consumidor final',
      PRODUCTS[0]!.description,
      '1 und. × $ 12.500,00',
      'IVA 19',
      'Total',
      'Contado · Efectivo',
      'CUFE',
      'Software: Factura Desk',
    ]) {
      expect(text).toContain(expected);
    }
    await page.emulateMedia({ media: 'print' });
    const ticket80 = await pdfAndPng(page, 'print-ticket-80mm');
    expect(Math.round((ticket80.width / 72) * 25.4)).toBe(80);
    // One page as long as the ticket (laid out out of sight on screen, so it was measured there).
    expect(ticket80.pages).toBe(1);
    const ticketMm = ((await ticket.boundingBox())!.height * 25.4) / 96;
    expect(Math.abs((ticket80.height / 72) * 25.4 - ticketMm)).toBeLessThan(2);
    // Nothing wider than the roll: every element of the ticket inside its box.
    const overflow = await ticket.evaluate((node: unknown) => {
      // Typed here: the e2e tests are compiled without the DOM's globals.
      type Box = { getBoundingClientRect(): { right: number } };
      const element = node as Box & { querySelectorAll(selector: string): ArrayLike<Box> };
      const box = element.getBoundingClientRect();
      return Array.from(element.querySelectorAll('*')).filter((child) => child.getBoundingClientRect().right > box.right + 0.5)
        .length;
    });
    expect(overflow).toBe(0);
    await page.emulateMedia({ media: 'screen' });

    // Reprint from Historial: 58 mm, then A4.
    const entry = await rpc<{ items: { id: number; number: string }[] }>('history.list', {
      filter: { q: number },
      offset: 0,
      limit: 50,
    });
    await page.goto(`${app.bridge.url}#/historial/${entry.items[0]!.id}/imprimir`);
    await page.getByTestId('print-layout').waitFor();
    // The layout saved in Ajustes, once the settings have loaded (the choice is disabled until then).
    await expect.poll(() => page.getByTestId('print-layout').inputValue()).toBe('ticket80');
    await page.getByTestId('print-layout').selectOption('ticket58');
    await page.getByTestId('ticket').getByRole('img', { name: 'Código QR del CUFE' }).waitFor();
    await page.emulateMedia({ media: 'print' });
    const ticket58 = await pdfAndPng(page, 'print-ticket-58mm');
    expect(Math.round((ticket58.width / 72) * 25.4)).toBe(58);
    await page.emulateMedia({ media: 'screen' });
    await page.getByTestId('print-layout').selectOption('a4');
    await page.getByTestId('print-resolution').waitFor();
    await page.emulateMedia({ media: 'print' });
    const a4 = await pdfAndPng(page, 'print-a4');
    await page.emulateMedia({ media: 'screen' });
    expect([Math.round((a4.width / 72) * 25.4), Math.round((a4.height / 72) * 25.4)]).toEqual([210, 297]);
    await viewportScreenshots(page, 'print-a4-view');
    expect(errors).toEqual([]);
    await page.close();
  });
});
