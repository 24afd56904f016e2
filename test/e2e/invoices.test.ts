// Facturas end to end: the real renderer in Chromium, the real core behind the web bridge on a real
// SQLite file, and the real sandbox as a child process with the demo seed (company 101).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nitCheckDigit } from '#shared/fiscal/nit';
import { formatCop } from '#shared/money';
import { screenshot, watchedPage } from '../support/browser';
import { openShop, type Shop } from '../support/shop';
import type { WebApp } from '../support/web-app';
import { folded } from '../support/sale';

let shop: Shop;
let app: WebApp;
let browser: Browser;
const rpc = <T>(method: string, input: unknown): Promise<T> => shop.rpc<T>(method, input);

beforeAll(async () => {
  shop = await openShop();
  ({ app, browser } = shop);
}, 60_000);

afterAll(() => shop?.close());

/** Screen text with every kind of space folded to one, so Intl's no-break spaces compare. */
const cop = (amount: string) => folded(formatCop(amount));

async function openInvoices(): Promise<{ page: Page; errors: string[] }> {
  const { page, errors } = await watchedPage(browser, { viewport: { width: 1440, height: 1000 } });
  await page.goto(`${app.bridge.url}#/facturas`);
  await page.getByRole('heading', { level: 1, name: 'Facturas' }).waitFor();
  await page.getByRole('button', { name: 'Emitir factura' }).waitFor();
  return { page, errors };
}

async function expectText(page: Page, testId: string, expected: string): Promise<void> {
  await expect.poll(async () => folded(await page.getByTestId(testId).textContent())).toBe(expected);
}

describe('Facturas in Chromium against the sandbox', () => {
  it('fills a three-line invoice with IVA 19 and INC 8 by keyboard, shows live totals, emits it and finds it in the history', async () => {
    const { page, errors } = await openInvoices();

    // Receiver from the company's third parties, searched by name; a NIT shows its check digit.
    await page.getByLabel('Buscar cliente').fill('tornillo');
    await page.getByRole('option', { name: /Ferretería El Tornillo/ }).click();
    expect(await page.getByLabel('Número de documento').inputValue()).toBe('900456789');
    expect(await page.getByLabel('DV').inputValue()).toBe(nitCheckDigit('900456789'));

    // Line 1, keyboard only: Enter moves on; Enter on the last cell of the last line adds a line.
    await page.getByLabel('Descripción, línea 1').fill('Café molido 500 g');
    await page.keyboard.press('Enter');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('2');
    await page.keyboard.press('Enter');
    await page.keyboard.type('12.500');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.getByLabel('Descripción, línea 2').waitFor();
    expect(await page.locator(':focus').getAttribute('aria-label')).toBe('Descripción, línea 2');
    await expectText(page, 'line-tax-1', cop('4750'));

    // Line 2: INC 8 %.
    await page.keyboard.type('Almuerzo ejecutivo');
    await page.getByLabel('Cantidad, línea 2').fill('3');
    await page.getByLabel('Valor unitario, línea 2').fill('18.000');
    await page.getByLabel('Impuesto, línea 2').selectOption('8');
    await page.getByLabel('Valor incluye IVA, línea 2').press('Enter');

    // Line 3: a price that includes IVA 19 %; the base is derived from it.
    await page.getByLabel('Descripción, línea 3').fill('Gaseosa 400 ml');
    await page.getByLabel('Cantidad, línea 3').fill('4');
    await page.getByLabel('Valor unitario, línea 3').fill('3.570');
    await page.getByLabel('Valor incluye IVA, línea 3').check();

    await expectText(page, 'line-base-3', cop('12000'));
    await expectText(page, 'line-tax-3', cop('2280'));
    await expectText(page, 'line-total-3', cop('14280'));
    await expectText(page, 'totals-subtotal', cop('91000'));
    await expectText(page, 'totals-tax-01-19', cop('7030'));
    await expectText(page, 'totals-tax-04-8', cop('4320'));
    await expectText(page, 'totals-total', cop('102350'));
    // Contado with the company's default method preselected, never a hard-coded id.
    expect(await page.getByLabel('Medio de pago').locator('option:checked').textContent()).toContain('Efectivo');

    // The draft survives closing the window.
    await page.getByText(/Borrador guardado/).waitFor();
    await screenshot(page, 'invoices-filled');
    await page.reload();
    await page.getByLabel('Descripción, línea 3').waitFor();
    expect(await page.getByLabel('Descripción, línea 3').inputValue()).toBe('Gaseosa 400 ml');
    await expectText(page, 'totals-total', cop('102350'));

    await page.getByRole('button', { name: 'Emitir factura' }).click();
    await page.getByRole('heading', { name: 'Factura aceptada por la DIAN' }).waitFor({ timeout: 30_000 });
    const cufe = folded(await page.getByTestId('result-cufe').textContent());
    expect(cufe).toMatch(/^[0-9a-f]{96}$/);
    await expectText(page, 'result-state', 'Aceptado');
    await expect.poll(async () => folded(await page.getByTestId('result-number').textContent())).toMatch(/^SETT\d+$/);
    const number = folded(await page.getByTestId('result-number').textContent());
    await screenshot(page, 'invoices-accepted');

    // Exactly one submission, and the document in the history mirror.
    const submissions = await rpc<{ kind: string; state: string; fiscal_key: string }[]>('submissions.list', {});
    expect(submissions.filter((s) => s.kind === 'FE')).toMatchObject([{ state: 'accepted', fiscal_key: cufe }]);
    await rpc('history.sync', {});
    const found = await rpc<{ total: number; items: { number: string; fiscal_key: string; total: string }[] }>('history.list', {
      filter: { q: cufe, kind: 'FE' },
      offset: 0,
      limit: 50,
    });
    expect(found.items).toMatchObject([{ number, fiscal_key: cufe, total: '102350.00' }]);

    // A new invoice starts empty, under a new key.
    await page.getByRole('button', { name: 'Nueva factura' }).click();
    expect(await page.getByLabel('Descripción, línea 1').inputValue()).toBe('');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the reason and what to fix when the DIAN rejects the receiver, without creating another invoice', async () => {
    const { page, errors } = await openInvoices();
    await page.getByLabel('Tipo de documento').selectOption('13');
    await page.getByLabel('Número de documento').fill('222222222');
    await page.getByLabel('Nombre o razón social').fill('Cliente Rechazado');
    await page.getByLabel('Descripción, línea 1').fill('Servicio de mantenimiento');
    await page.getByLabel('Valor unitario, línea 1').fill('50.000');
    await expectText(page, 'totals-total', cop('59500'));
    await page.getByRole('button', { name: 'Emitir factura' }).click();
    await page.getByRole('heading', { name: 'La DIAN rechazó la factura' }).waitFor({ timeout: 30_000 });
    expect(folded(await page.getByTestId('invoice-result').textContent())).toMatch(/SBX-SIM01/);
    expect(await page.getByTestId('rejection-where').textContent()).toBe('Cliente › Número de documento');
    await screenshot(page, 'invoices-rejected');
    const rejected = (await rpc<{ kind: string; state: string; counterpart: string }[]>('submissions.list', {})).filter(
      (s) => s.kind === 'FE' && s.counterpart === 'Cliente Rechazado',
    );
    expect(rejected).toMatchObject([{ state: 'rejected' }]);

    // Correcting keeps the data and goes under a new key.
    await page.getByRole('button', { name: 'Corregir y emitir de nuevo' }).click();
    expect(await page.getByLabel('Número de documento').inputValue()).toBe('222222222');
    expect(errors).toEqual([]);
    await page.close();
  });

  // Live amounts are boxes sized for their longest text, so that typing lays out the box alone
  // (items-grid.css, invoices.css): the text must never run past its box, at any window the rules cover.
  it('keeps every live amount inside its box at 1366, 1440 and 1920 px, long amounts included', async () => {
    const { page, errors } = await openInvoices();
    await page.getByLabel('Descripción, línea 1').fill('Obra civil');
    await page.getByLabel('Valor unitario, línea 1').fill('999.999.999.999');
    await page.getByRole('button', { name: 'Agregar línea' }).click();
    await page.getByLabel('Descripción, línea 2').fill('Diseño');
    await page.getByLabel('Valor unitario, línea 2').fill('9.999.999.999');
    await page.getByLabel('Impuesto, línea 2').selectOption('5');
    // 20 characters (boxed, smaller below 1440 px), 18 (boxed), 22 (follows its text).
    await expectText(page, 'line-base-1', cop('999999999999'));
    await expectText(page, 'line-base-2', cop('9999999999'));
    await expectText(page, 'line-total-1', cop('1189999999998.81'));
    for (const width of [1366, 1440, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      const boxes = (await page.evaluate(`[...document.querySelectorAll(
        '.money--live, .totals-item__amount--fits, .totals-item__note--fits',
      )].map((box) => {
        const range = document.createRange();
        range.selectNodeContents(box);
        const text = range.getBoundingClientRect();
        const outer = box.getBoundingClientRect();
        return {
          text: box.textContent,
          overflow: Math.max(outer.left - text.left, text.right - outer.right, text.bottom - outer.bottom, outer.top - text.top),
        };
      })`)) as { text: string; overflow: number }[];
      // Boxed: the lines' amounts but line 1's total, and the two taxes in the bar. The subtotal and the
      // total (22 characters) and the two bases (past 21) follow their text.
      expect(boxes.length, `${width} px`).toBe(7);
      for (const box of boxes) expect(box.overflow, `${box.text} at ${width} px`).toBeLessThanOrEqual(0.5);
    }
    await page.setViewportSize({ width: 1366, height: 768 });
    await screenshot(page, 'invoices-long-amounts-1366');
    await page.getByRole('button', { name: 'Descartar borrador' }).click();
    await page.getByRole('button', { name: 'Sí, descartar' }).click();
    expect(errors).toEqual([]);
    await page.close();
  });
});
