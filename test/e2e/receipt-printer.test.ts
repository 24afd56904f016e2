// Ajustes › Impresión with a receipt printer, in a real Chromium against the virtual ESC/POS
// printer on loopback: the test page prints with the values on screen, the printer is saved, a sale
// at the counter prints its receipt there with F9 (the drawer opens when it was paid in cash), and
// a printer switched off is a message with «Reimprimir» while the sale stays accepted.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchedPage } from '#test/browser';
import { RICE } from '#test/products';
import { folded } from '#test/sale';
import { openShop, type Shop } from '#test/shop';
import { startVirtualPrinter, type VirtualPrinter } from '#test/virtual-printer';
import type { WebApp } from '#test/web-app';

let shop: Shop;
let app: WebApp;
let browser: Browser;
let printer: VirtualPrinter;

beforeAll(async () => {
  printer = await startVirtualPrinter();
  shop = await openShop({ products: [RICE] });
  ({ app, browser } = shop);
}, 60_000);

afterAll(async () => {
  await shop?.close();
  await printer?.close();
});

describe('receipt printer', () => {
  it('prints the test page from Ajustes, then a sale at the counter with F9', async () => {
    const { page } = await watchedPage(browser, {}, { consoleErrors: false });
    await page.goto(`${app.bridge.url}#/ajustes`);
    const form = page.getByRole('form', { name: 'Impresora de tirilla' });
    await form.waitFor();
    await form.getByLabel('Conexión de la impresora').selectOption('network');
    await form.getByLabel('IP o nombre de la impresora').fill('127.0.0.1');
    await form.getByLabel('Puerto').fill(String(printer.port));
    await form.getByRole('button', { name: 'Imprimir página de prueba' }).click();
    await form.getByText('Página de prueba enviada a la impresora.').waitFor();
    const test = await printer.take();
    expect(test.codePage).toBe(19);
    expect(test.lines.map((l) => l.text).join(' ')).toContain('¿Cuánto? ¡Gracias! «comillas»');
    expect(test.cuts).toBe(1);
    // Nothing is kept until saved.
    expect(await shop.rpc<{ connection: string }>('print.thermal', {})).toMatchObject({ connection: 'none' });
    await form.getByRole('button', { name: 'Guardar impresora' }).click();
    await form.getByText('Impresora de tirilla guardada.').waitFor();
    expect(await shop.rpc('print.thermal', {})).toMatchObject({ connection: 'network', host: '127.0.0.1', port: printer.port });

    // A sale at the counter; F9 prints its receipt on the receipt printer, not through a print dialog.
    await page.goto(`${app.bridge.url}#/facturas`);
    await page.reload();
    await page.getByRole('button', { name: 'Emitir factura' }).waitFor();
    await page.keyboard.press('F4');
    await page.keyboard.type('7701234000015', { delay: 0 });
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByLabel('Descripción, línea 1').inputValue()).toBe('Arroz Diana 1 kg');
    await page.keyboard.press('ControlOrMeta+Enter');
    await page.getByRole('heading', { name: 'Factura aceptada por la DIAN' }).waitFor({ timeout: 30_000 });
    const number = folded(await page.getByTestId('result-number').textContent());
    const button = page.getByRole('button', { name: /^Imprimir \(tirilla de 80 mm\) · F9$/ });
    await expect.poll(() => button.isEnabled()).toBe(true);
    await page.keyboard.press('F9');
    await page.getByText(/^Enviado a la impresora de tirilla/).waitFor();
    const receipt = await printer.take();
    const text = receipt.lines.map((l) => l.text).join('\n');
    expect(text).toContain(`No. ${number}`);
    expect(text).toContain('Arroz Diana 1 kg');
    expect(receipt.qr).toHaveLength(1);
    expect(receipt.lines.find((l) => l.text.startsWith('Total'))).toMatchObject({ bold: true, double: true });
    const cash = text.includes('Forma de pago: Contado · Efectivo');
    expect(receipt.drawerPulses).toHaveLength(cash ? 1 : 0);

    // The printer goes off: a message with «Reimprimir»; the sale stays accepted on screen.
    await printer.close();
    await page.keyboard.press('F9');
    const failure = page.getByRole('alert').filter({ hasText: 'No se imprimió' });
    await failure.waitFor();
    expect(folded(await failure.textContent())).toMatch(/rechazó la conexión.*La venta quedó guardada\./);
    await failure.getByRole('button', { name: 'Reimprimir' }).waitFor();
    await page.getByRole('heading', { name: 'Factura aceptada por la DIAN' }).waitFor();
  }, 120_000);
});
