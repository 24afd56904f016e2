// Customers, the counter's keyboard and Cierre de caja, in Chromium against the sandbox, keyboard only where the counter is:
// - a cash sale of 3 catalog products to "Consumidor final" with no mouse at all, every key counted;
// - the saved-customer path: F3, a few letters, Enter; recent customers first with the field empty;
//   a new customer offered to be saved after the invoice;
// - the Cierre de caja of the day: the sales just made, by payment method and tax rate, checked
//   against the amounts the test knows, looked at on screen and printed to an 80 mm PDF page.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductInput } from '#shared/catalog/product';
import type { Customer } from '#shared/customers/customer';
import { formatCop } from '#shared/money';
import { SCREENSHOTS, viewportScreenshots, watchedPage } from '../support/browser';
import { openShop, type Shop } from '../support/shop';
import type { WebApp } from '../support/web-app';
import { folded } from '../support/sale';

let shop: Shop;
let app: WebApp;
let browser: Browser;
const rpc = <T>(method: string, input: unknown): Promise<T> => shop.rpc<T>(method, input);

const base = { price_includes_tax: false, unit: 'unidad', unspsc: null } as const;
const PRODUCTS: ProductInput[] = [
  { ...base, code: 'ARR1', barcodes: ['7701234000015'], description: 'Arroz Diana 1 kg', unit_price: '4200', tax_rate: '0' },
  { ...base, code: 'CAF500', barcodes: ['7702001000011'], description: 'Café molido 500 g', unit_price: '12500', tax_rate: '19' },
  { ...base, code: 'GAS400', barcodes: ['7702001000035'], description: 'Gaseosa 400 ml', unit_price: '3000', tax_rate: '19' },
  { ...base, code: 'CHO1', barcodes: [], description: 'Chocolatina Jet', unit_price: '1000', tax_rate: '8' },
];

beforeAll(async () => {
  shop = await openShop({ label: 'Tienda Demo', products: PRODUCTS });
  ({ app, browser } = shop);
  await rpc('customers.save', {
    customer: {
      tipo_doc: '31',
      numero_doc: '901234567',
      nombre: 'Panadería La Espiga S.A.S.',
      email: 'pedidos@laespiga.example.co',
      direccion: 'Calle 10 # 4-20',
      telefono: '',
    },
  });
  await rpc('customers.save', {
    customer: {
      tipo_doc: '13',
      numero_doc: '80111222',
      nombre: 'Pedro Espinosa',
      email: '',
      direccion: '',
      telefono: '3001234567',
    },
  });
}, 60_000);

afterAll(() => shop?.close());

const cop = (amount: string) => folded(formatCop(amount));

async function openCounter(): Promise<{ page: Page; errors: string[] }> {
  const { page, errors } = await watchedPage(browser);
  await page.goto(`${app.bridge.url}#/facturas`);
  await page.getByRole('button', { name: 'Emitir factura' }).waitFor();
  // The form's data (payment methods) has arrived: the issue button is enabled.
  await page.locator('form.invoice-form button[type="submit"]:enabled').waitFor();
  return { page, errors };
}

/** The cashier's keys: every one counted. No mouse, no focus() from the test. */
function keyboard(page: Page) {
  const state = { keys: 0 };
  return {
    state,
    press: async (key: string) => {
      state.keys += 1;
      await page.keyboard.press(key);
    },
    type: async (text: string) => {
      for (const ch of text) {
        state.keys += 1;
        await page.keyboard.press(ch);
      }
    },
  };
}

const focusedLabel = (page: Page) => page.evaluate(`document.activeElement?.getAttribute('aria-label') ?? ''`);

describe('the counter with the keyboard only', () => {
  it('sells 3 catalog products in cash to "Consumidor final" in about 15 keys, no mouse', async () => {
    const { page, errors } = await openCounter();
    const kb = keyboard(page);
    // Nothing has the focus yet: the page just opened (no click anywhere, ever).
    await kb.press('F4'); // consumidor final; the focus goes to the product search
    await expect.poll(() => focusedLabel(page)).toBe('Buscar producto');
    expect(await page.getByLabel('Número de documento').inputValue()).toBe('222222222222');
    for (const [prefix, line, description] of [
      ['arr', 1, 'Arroz Diana 1 kg'],
      ['caf', 2, 'Café molido 500 g'],
      ['gas', 3, 'Gaseosa 400 ml'],
    ] as const) {
      await kb.type(prefix);
      await page.getByRole('option', { name: new RegExp(description) }).waitFor();
      await kb.press('Enter');
      await expect.poll(() => page.getByLabel(`Descripción, línea ${line}`).inputValue()).toBe(description);
    }
    // 4.200 + 12.500 × 1,19 + 3.000 × 1,19 = 4.200 + 14.875 + 3.570 = 22.645
    await expect.poll(async () => folded(await page.getByTestId('totals-total').textContent())).toBe(cop('22645'));
    await kb.press('F8'); // the cash received
    await expect.poll(() => page.evaluate(`document.activeElement?.closest('.cash-change') !== null`)).toBe(true);
    await kb.type('30000');
    await expect.poll(async () => folded(await page.getByTestId('cash-change').textContent())).toBe(`Cambio: ${cop('7355')}`);
    await viewportScreenshots(page, 'counter-keyboard-cash-sale');
    await kb.press('ControlOrMeta+Enter');
    await page.getByRole('heading', { name: 'Factura aceptada por la DIAN' }).waitFor({ timeout: 30_000 });
    // Consumidor final is never offered to be saved.
    expect(await page.getByTestId('save-customer-offer').count()).toBe(0);
    // F4 + 3 × (3 letters + Enter) + F8 + 5 digits + Ctrl+Enter = 20; with a scanner instead of the
    // letters, 8 (see counter-sale.test.ts). Without the optional cash aid: 14.
    expect(kb.state.keys).toBe(20);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('picks a saved customer with F3, recent ones first, and offers to save a new one after the invoice', async () => {
    const { page, errors } = await openCounter();
    const kb = keyboard(page);
    await kb.press('F3');
    await expect.poll(() => focusedLabel(page)).toBe('Buscar cliente');
    await kb.type('espi');
    // Both saved customers match by a word starting with "espi"; the list shows the source.
    const listbox = page.getByRole('listbox', { name: 'Clientes encontrados' });
    await listbox.getByRole('option', { name: /Panadería La Espiga/ }).waitFor();
    await listbox.getByRole('option', { name: /Pedro Espinosa/ }).waitFor();
    await viewportScreenshots(page, 'counter-customer-picker');
    await kb.press('ArrowDown'); // the second: Pedro Espinosa (never invoiced: by name, "Panadería" first)
    await kb.press('Enter');
    await expect.poll(() => page.getByLabel('Nombre o razón social').inputValue()).toBe('Pedro Espinosa');
    expect(await page.getByLabel('Número de documento').inputValue()).toBe('80111222');
    await expect.poll(() => focusedLabel(page)).toBe('Buscar producto');
    await kb.type('cho');
    await page.getByRole('option', { name: /Chocolatina Jet/ }).waitFor();
    await kb.press('Enter');
    await expect.poll(() => page.getByLabel('Descripción, línea 1').inputValue()).toBe('Chocolatina Jet');
    await kb.press('ControlOrMeta+Enter');
    await page.getByRole('heading', { name: 'Factura aceptada por la DIAN' }).waitFor({ timeout: 30_000 });
    // F3 + 4 letters + ↓ + Enter + 3 letters + Enter + Ctrl+Enter
    expect(kb.state.keys).toBe(12);
    expect(await page.getByTestId('save-customer-offer').count()).toBe(0);
    await expect
      .poll(
        async () =>
          (await rpc<Customer | null>('customers.find', { tipo_doc: '13', numero_doc: '80111222' }))?.last_used_at ?? null,
      )
      .not.toBeNull();

    // Next sale: F3 with nothing typed lists the recent customers, the one just invoiced first.
    await kb.press('Enter'); // Nueva venta
    await page.locator('form.invoice-form button[type="submit"]:enabled').waitFor();
    await kb.press('F3');
    await page.getByRole('listbox', { name: 'Clientes encontrados' }).waitFor();
    const first = page.getByRole('listbox', { name: 'Clientes encontrados' }).getByRole('option').first();
    await expect.poll(async () => folded(await first.textContent())).toMatch(/^Pedro Espinosa/);
    await kb.press('Enter');
    await expect.poll(() => page.getByLabel('Nombre o razón social').inputValue()).toBe('Pedro Espinosa');

    // A third party of the company (from the service) is found too, after the saved ones.
    await kb.press('F3');
    await kb.type('torn');
    await page.getByRole('option', { name: /Ferretería El Tornillo S\.A\.S\..*Tercero de la empresa/ }).waitFor();
    await kb.press('Escape');

    // A new customer typed by hand: after the invoice, the offer to save them.
    await page.getByLabel('Número de documento').fill('1020304050');
    await page.getByLabel('Nombre o razón social').fill('Lucía Fernández');
    await page.getByLabel('Buscar producto').fill('arr');
    await page.getByRole('option', { name: /Arroz Diana/ }).waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByLabel('Descripción, línea 1').inputValue()).toBe('Arroz Diana 1 kg');
    await page.keyboard.press('ControlOrMeta+Enter');
    await page.getByRole('heading', { name: 'Factura aceptada por la DIAN' }).waitFor({ timeout: 30_000 });
    const offer = page.getByTestId('save-customer-offer');
    await expect
      .poll(async () => folded(await offer.textContent()))
      .toContain('Lucía Fernández no está entre sus clientes guardados.');
    await viewportScreenshots(page, 'counter-save-customer-offer');
    await offer.getByRole('button', { name: 'Guardar cliente' }).click();
    await expect
      .poll(async () => folded(await offer.textContent()))
      .toBe('Cliente guardado: Lucía Fernández. La próxima vez búsquelo con F3.');
    const saved = await rpc<Customer | null>('customers.find', { tipo_doc: '13', numero_doc: '1020304050' });
    expect(saved).toMatchObject({ nombre: 'Lucía Fernández', active: true });
    expect(saved?.last_used_at).not.toBeNull();

    // Clientes (in Productos): edit and deactivate; a deactivated customer is no longer offered.
    await page.goto(`${app.bridge.url}#/productos`);
    await page.getByRole('tab', { name: 'Clientes' }).click();
    await page.getByRole('heading', { level: 1, name: 'Clientes' }).waitFor();
    const row = page.getByTestId('customer-row').filter({ hasText: 'Lucía Fernández' });
    await row.getByRole('button', { name: 'Editar' }).click();
    await page.getByLabel('Teléfono').fill('310 555 0000');
    await page.getByLabel('Correo electrónico').fill('no es un correo');
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await page.getByText('El correo electrónico no es válido.').waitFor();
    await page.getByLabel('Correo electrónico').fill('lucia@example.co');
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect
      .poll(async () => folded(await page.getByTestId('customers-message').textContent()))
      .toBe('Cliente Lucía Fernández guardado.');
    await viewportScreenshots(page, 'customers-tab');
    await row.getByRole('button', { name: 'Desactivar' }).click();
    await expect.poll(() => row.count()).toBe(0);
    await page.getByLabel('Mostrar inactivos').check();
    await expect.poll(async () => folded(await row.textContent())).toContain('Inactivo');
    expect((await rpc<{ items: Customer[] }>('customers.search', { q: 'lucia' })).items).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('cierre de caja', () => {
  it("shows the day's sales by payment method and tax rate, and prints on an 80 mm page", async () => {
    // The sales of the tests above, all accepted, all in cash (the demo company's default method):
    // 22.645 (arroz 4.200 at 0 %, café 12.500 + 2.375 IVA, gaseosa 3.000 + 570 IVA),
    // 1.080 (chocolatina 1.000 + 80 INC) and 4.200 (arroz, 0 %).
    const expected = {
      documents: 3,
      total: '27925',
      iva19Base: '15500',
      iva19: '2945',
      inc8Base: '1000',
      inc8: '80',
      excludedBase: '8400',
    };
    const { page, errors } = await watchedPage(browser, {}, { consoleErrors: false });
    await page.goto(`${app.bridge.url}#/cierre`);
    await page.getByRole('heading', { level: 1, name: 'Cierre de caja' }).waitFor();
    const ticket = page.getByTestId('day-close-ticket');
    await expect
      .poll(async () => folded(await page.getByTestId('day-close-accepted').textContent()))
      .toBe(String(expected.documents));
    expect(folded(await page.getByTestId('day-close-total').textContent())).toBe(cop(expected.total));
    const payments = folded(await page.getByTestId('day-close-payments').textContent());
    expect(payments).toContain(`3 documentos${cop(expected.total)}`);
    const taxes = folded(await page.getByTestId('day-close-taxes').textContent());
    expect(taxes).toContain(`IVA 19 %${cop(expected.iva19Base)}${cop(expected.iva19)}`);
    expect(taxes).toContain(`INC 8 %${cop(expected.inc8Base)}${cop(expected.inc8)}`);
    // The rice at 0 % (no tax code: excluded from IVA) with its base, as Form 300 asks for it.
    expect(taxes).toContain(`IVA excluido 0 %${cop(expected.excludedBase)}${cop('0')}`);
    expect(folded(await page.getByTestId('day-close-pending').textContent())).toBe(cop('0'));
    expect(await ticket.textContent()).not.toMatch(/undefined|NaN|null|accepted|pending|rejected/);
    await viewportScreenshots(page, 'day-close');

    // Another day: nothing.
    await page.getByLabel('Día').fill('31/02/2026');
    await page.getByText('Escriba un día válido, como 24/11/2026.').waitFor();
    await page.getByLabel('Día').fill('02/01/2026');
    await expect.poll(async () => folded(await page.getByTestId('day-close-accepted').textContent())).toBe('0');
    await page.getByText('No hay facturas emitidas desde este equipo el 02/01/2026.').waitFor();

    // Printed: only the ticket, on an 80 mm wide page.
    await page.getByRole('button', { name: 'Hoy' }).click();
    await expect
      .poll(async () => folded(await page.getByTestId('day-close-accepted').textContent()))
      .toBe(String(expected.documents));
    mkdirSync(SCREENSHOTS, { recursive: true });
    const pdf = join(SCREENSHOTS, 'day-close-80mm.pdf');
    await page.emulateMedia({ media: 'print' });
    await page.pdf({ path: pdf, preferCSSPageSize: true, printBackground: true });
    const info = execFileSync('pdfinfo', [pdf], { encoding: 'utf8' });
    const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info);
    expect(size).not.toBeNull();
    // 80 mm = 226.77 pt
    expect(Number(size![1])).toBeCloseTo(226.77, 0);
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
    expect(text).toContain('CIERRE DE CAJA');
    expect(text).not.toContain('Navegación');
    execFileSync('pdftoppm', ['-png', '-r', '110', '-f', '1', '-l', '1', pdf, join(SCREENSHOTS, 'day-close-80mm')]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
