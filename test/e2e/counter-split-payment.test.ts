// In Chromium at 1366×768 against the sandbox and the virtual ESC/POS printer: a scanned sale paid in
// cash and by card. The newest line is in view after each scan, the product search and the totals
// are never under the sticky bar, the result shows each means with the cash received and the change,
// and the receipt printed with F9 prints them too; «Nueva factura» leaves the focus in the search.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCop } from '#shared/money';
import { viewportScreenshots, watchedPage } from '#test/browser';
import { COFFEE, RICE, SODA } from '#test/products';
import { folded } from '#test/sale';
import { openShop, type Shop } from '#test/shop';
import { startVirtualPrinter, type VirtualPrinter } from '#test/virtual-printer';
import { inSight } from '#test/in-sight';

let shop: Shop;
let browser: Browser;
let printer: VirtualPrinter;

beforeAll(async () => {
  printer = await startVirtualPrinter();
  shop = await openShop({ products: [RICE, COFFEE, SODA] });
  ({ browser } = shop);
  await shop.rpc('print.setThermal', {
    connection: 'network',
    host: '127.0.0.1',
    port: printer.port,
    queue: '',
    columns: 48,
    code_page: 'pc858',
    native_qr: true,
    drawer_on_cash: true,
  });
}, 60_000);

afterAll(async () => {
  await shop?.close();
  await printer?.close();
});

const cop = (amount: string) => folded(formatCop(amount));

async function scan(page: Page, code: string): Promise<void> {
  await page.keyboard.type(code, { delay: 0 });
  await page.keyboard.press('Enter');
}

describe('a scanned sale paid by several means at 1366×768', () => {
  it('keeps the newest line in view, records cash and card, and prints received and change', async () => {
    const { page, errors } = await watchedPage(browser, {}, { consoleErrors: false });
    await page.goto(`${shop.app.bridge.url}#/facturas`);
    await page.getByRole('button', { name: 'Emitir factura' }).waitFor();
    await page.keyboard.press('F2');
    expect(await inSight(page, 'Buscar producto')).toBe(true);

    const codes = ['7701234000015', '7702001000011', '7702001000035'];
    for (const [i, code] of codes.entries()) {
      await scan(page, code);
      await expect.poll(() => page.getByLabel(`Cantidad, línea ${i + 1}`).count()).toBe(1);
      await expect.poll(() => inSight(page, `Cantidad, línea ${i + 1}`)).toBe(true);
    }
    await expect.poll(() => inSight(page, 'Buscar producto')).toBe(true);
    // 4.200 + 12.500 × 1,19 + 3.570 = 22.645.
    await expect.poll(async () => folded(await page.getByTestId('totals-total').textContent())).toBe(cop('22645'));
    await viewportScreenshots(page, 'counter-split-scanned');

    await page.getByRole('button', { name: 'Pagar con varios medios' }).click();
    await page.getByLabel('Medio 1').selectOption({ label: 'Efectivo' });
    await page.getByLabel('Valor 1').fill('10.000');
    await page.getByLabel('Medio 2').selectOption({ label: 'Tarjeta débito' });
    await page.getByLabel('Valor 2').fill('12.645');
    await page.getByLabel('Recibido en efectivo').fill('20.000');
    await expect.poll(async () => folded(await page.getByTestId('split-left').textContent())).toBe('Los medios suman el total.');
    await expect.poll(async () => folded(await page.getByTestId('cash-change').textContent())).toBe(`Cambio: ${cop('10000')}`);
    await viewportScreenshots(page, 'counter-split-payment');
    await page.keyboard.press('ControlOrMeta+Enter');
    await page.getByRole('heading', { name: 'Factura aceptada por la DIAN' }).waitFor({ timeout: 30_000 });
    const paid = folded(await page.getByTestId('sale-paid').textContent());
    expect(paid).toContain(`Total${cop('22645')}`);
    expect(paid).toContain(`Efectivo${cop('10000')}Recibido${cop('20000')}Cambio${cop('10000')}`);
    expect(paid).toContain(`Tarjeta débito${cop('12645')}`);
    expect(folded(await page.getByTestId('invoice-result').textContent())).toContain('Consumidor final');

    // F9 at once: the receipt prints once, with each means, the cash received and the change.
    await page.keyboard.press('F9');
    const receipt = await printer.take();
    const text = receipt.lines.map((l) => l.text).join('\n');
    expect(text).toMatch(/^Efectivo +\$\s10\.000,00$/m);
    expect(text).toMatch(/^Recibido en efectivo +\$\s20\.000,00$/m);
    expect(text).toMatch(/^Cambio +\$\s10\.000,00$/m);
    expect(text).toMatch(/^Tarjeta débito +\$\s12\.645,00$/m);
    // The invoice names the means with the largest amount.
    expect(text).toContain('Forma de pago: Contado · Tarjeta débito');
    await viewportScreenshots(page, 'counter-split-result');

    // «Nueva factura»: the next scan lands in the product search.
    await page.getByRole('button', { name: 'Nueva factura' }).click();
    await page.getByRole('button', { name: 'Emitir factura' }).waitFor();
    await expect.poll(() => page.locator(':focus').getAttribute('aria-label')).toBe('Buscar producto');
    await scan(page, codes[0]!);
    await expect.poll(() => page.getByLabel('Descripción, línea 1').inputValue()).toBe('Arroz Diana 1 kg');
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
