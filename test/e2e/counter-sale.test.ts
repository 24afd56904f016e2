// In Chromium against the sandbox: a sale from the catalog with the keyboard only.
// F2 goes to the product search, words find a product from the first keystrokes, and a simulated
// barcode scanner (a keyboard wedge: the digits with no delay, then Enter) adds its product or 1 to
// its line; the live totals stay exact; a price changed later in the catalog changes no issued
// invoice.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductInput } from '#shared/catalog/product';
import { formatCop } from '#shared/money';
import { viewportScreenshots, watchedPage } from '../support/browser';
import { COFFEE, RICE, SODA } from '../support/products';
import { openShop, type Shop } from '../support/shop';
import type { WebApp } from '../support/web-app';
import { folded } from '../support/sale';

let shop: Shop;
let app: WebApp;
let browser: Browser;
const rpc = <T>(method: string, input: unknown): Promise<T> => shop.rpc<T>(method, input);

const PRODUCTS: ProductInput[] = [RICE, COFFEE, SODA];

beforeAll(async () => {
  shop = await openShop({ products: PRODUCTS });
  ({ app, browser } = shop);
}, 60_000);

afterAll(() => shop?.close());

const cop = (amount: string) => folded(formatCop(amount));

async function expectText(page: Page, testId: string, expected: string): Promise<void> {
  await expect.poll(async () => folded(await page.getByTestId(testId).textContent())).toBe(expected);
}

/** A keyboard-wedge scanner: every digit with no delay, then Enter, into whatever has the focus. */
async function scan(page: Page, code: string): Promise<void> {
  await page.keyboard.type(code, { delay: 0 });
  await page.keyboard.press('Enter');
}

describe('a sale from the catalog, keyboard only', () => {
  it('finds by words, scans barcodes (a second scan adds 1), keeps totals exact and issues the invoice', async () => {
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${app.bridge.url}#/facturas`);
    await page.getByRole('button', { name: 'Emitir factura' }).waitFor();

    // F2: the product search; three letters find the rice; Enter adds it to the (blank) first line.
    await page.keyboard.press('F2');
    await page.keyboard.type('arr');
    await page.getByRole('option', { name: /Arroz Diana 1 kg/ }).waitFor();
    await viewportScreenshots(page, 'counter-product-search');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByLabel('Descripción, línea 1').inputValue()).toBe('Arroz Diana 1 kg');

    // The scanner: coffee, coffee again (+1 on its line), then a soda whose price includes IVA.
    await scan(page, '7702001000011');
    await expect.poll(() => page.getByLabel('Descripción, línea 2').inputValue()).toBe('Café molido 500 g');
    await scan(page, '7702001000011');
    await expect.poll(() => page.getByLabel('Cantidad, línea 2').inputValue()).toBe('2');
    await scan(page, '7702001000035');
    await expect.poll(() => page.getByLabel('Descripción, línea 3').inputValue()).toBe('Gaseosa 400 ml');
    expect(await page.getByLabel('Descripción, línea 4').count()).toBe(0);
    // An unknown code says so and adds nothing.
    await scan(page, '0000000000000');
    await expect
      .poll(async () => folded(await page.getByTestId('product-search-status').textContent()))
      .toMatch(/^No hay un producto activo con el código/);

    await expectText(page, 'line-total-1', cop('4200'));
    await expectText(page, 'line-total-2', cop('29750'));
    await expectText(page, 'line-total-3', cop('3570'));
    await expectText(page, 'totals-subtotal', cop('32200'));
    await expectText(page, 'totals-tax-01-19', cop('5320'));
    await expectText(page, 'totals-total', cop('37520'));

    // Quantity and price stay editable on a line that came from the catalog.
    await page.getByLabel('Cantidad, línea 1').focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('2');
    await expectText(page, 'totals-total', cop('41720'));

    // Customer and issue, keyboard only.
    await page.getByLabel('Número de documento').focus();
    await page.keyboard.type('52345678');
    await page.keyboard.press('Tab');
    await page.getByLabel('Nombre o razón social').focus();
    await page.keyboard.type('Cliente Mostrador');
    await viewportScreenshots(page, 'counter-sale-filled');
    await page.getByRole('button', { name: 'Emitir factura' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Factura aceptada por la DIAN' }).waitFor({ timeout: 30_000 });
    await expect.poll(async () => folded(await page.getByTestId('result-number').textContent())).toMatch(/^SETT\d+$/);
    const number = folded(await page.getByTestId('result-number').textContent());

    // The issued invoice keeps its prices when the catalog's price changes later.
    const cafe = await rpc<{ id: number }>('catalog.byCode', { code: 'CAF500' });
    await rpc('catalog.save', { id: cafe.id, product: { ...PRODUCTS[1], unit_price: '13900' } });
    const found = await rpc<{ items: { number: string; total: string }[] }>('history.list', {
      filter: { q: number },
      offset: 0,
      limit: 50,
    });
    expect(found.items).toMatchObject([{ number, total: '41720.00' }]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('sells 3 catalog products in cash to "Consumidor final" with a handful of keys and no mouse', async () => {
    const { page, errors } = await watchedPage(browser, {}, { consoleErrors: false });
    await page.goto(`${app.bridge.url}#/facturas`);
    await page.getByRole('button', { name: 'Emitir factura' }).waitFor();
    let keys = 0;
    const press = async (key: string) => {
      keys += 1;
      await page.keyboard.press(key);
    };

    // F1: the cheat sheet; Esc closes it.
    await press('F1');
    const help = page.getByRole('dialog', { name: 'Atajos de teclado de Facturas' });
    await help.waitFor();
    expect(folded(await help.textContent())).toContain('F4Cliente «Consumidor final» (cédula 222222222222)');
    await viewportScreenshots(page, 'counter-shortcuts-help');
    await press('Escape');
    await help.waitFor({ state: 'detached' });

    // F4: Consumidor final, and the focus goes to the product search; three scans (the scanner's
    // keys are not the cashier's); the cash received; Ctrl+Enter issues.
    await press('F4');
    expect(await page.getByLabel('Número de documento').inputValue()).toBe('222222222222');
    expect(await page.getByLabel('Nombre o razón social').inputValue()).toBe('Consumidor final');
    await expect.poll(() => page.locator(':focus').getAttribute('aria-label')).toBe('Buscar producto');
    await scan(page, '7701234000015');
    await expect.poll(() => page.getByLabel('Descripción, línea 1').inputValue()).toBe('Arroz Diana 1 kg');
    await scan(page, '7702001000011');
    await expect.poll(() => page.getByLabel('Descripción, línea 2').inputValue()).toBe('Café molido 500 g');
    await scan(page, '7702001000035');
    await expect.poll(() => page.getByLabel('Descripción, línea 3').inputValue()).toBe('Gaseosa 400 ml');
    // The coffee at its new price (13.900 + IVA 19 % = 16.541; the first test changed it): 4.200 + 16.541 + 3.570.
    await expectText(page, 'totals-total', cop('24311'));
    await page.getByLabel('Recibido en efectivo').focus();
    for (const digit of '30000') await press(digit);
    await expectText(page, 'cash-change', `Cambio: ${cop('5689')}`);
    await viewportScreenshots(page, 'counter-cash-sale');
    await press('ControlOrMeta+Enter');
    await page.getByRole('heading', { name: 'Factura aceptada por la DIAN' }).waitFor({ timeout: 30_000 });
    expect(folded(await page.getByTestId('invoice-result').textContent())).toContain('Consumidor final');
    // Enter: the next sale.
    await press('Enter');
    await page.getByRole('button', { name: 'Emitir factura' }).waitFor();
    expect(await page.getByLabel('Número de documento').inputValue()).toBe('');
    // F1, Esc, F4, 5 digits, Ctrl+Enter, Enter (the focus() above stands for one Tab or F-key in a real till).
    expect(keys).toBe(10);
    expect(errors).toEqual([]);
    await page.close();
  });
});
