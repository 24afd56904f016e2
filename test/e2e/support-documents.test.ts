// Documentos soporte end to end: the real renderer in Chromium, through the web bridge, the real core
// on a real SQLite file, and the sandbox as a real child process (the server).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, colombiaToday } from '#shared/dates';
import { dec, formatCop } from '#shared/money';
import { launchBrowser, screenshot, viewportScreenshots, watchedPage } from '../support/browser';
import { startSandboxProcess, type SandboxProcess } from '../support/sandbox-process';
import { connectDemo, coreRpc, type Rpc } from '../support/shop';
import { tempDir } from '../support/temp';
import { startWebApp, type WebApp } from '../support/web-app';

let dir: ReturnType<typeof tempDir>;
let app: WebApp;
let sandbox: SandboxProcess;
let browser: Browser;
let rpc: Rpc;

beforeAll(async () => {
  dir = tempDir();
  sandbox = await startSandboxProcess({ seed: 'resources/demo-seed.json', settleMs: 200 });
  app = await startWebApp(dir.path);
  rpc = coreRpc(app);
  await connectDemo(rpc, sandbox.baseUrl, 'Sandbox demo');
  await rpc('dseCatalog.saveCostCenters', {
    items: [
      { id: 1, code: 'ADM', name: 'Administración' },
      { id: 2, code: 'VEN', name: 'Ventas' },
      { id: 3, code: 'BOD', name: 'Bodega' },
    ],
  });
  // The host started the poller that follows pending DSE (startHost -> core.startBackground).
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await sandbox?.stop();
  dir?.remove();
});

async function openForm(): Promise<{ page: Page; errors: string[] }> {
  const { page, errors } = await watchedPage(browser, { viewport: { width: 1440, height: 1800 }, timezoneId: 'America/Bogota' });
  await page.goto(app.bridge.url);
  await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Documentos soporte' }).click();
  await page.getByRole('heading', { level: 1, name: 'Documentos soporte' }).waitFor();
  await page.getByRole('button', { name: 'Emitir documento soporte' }).waitFor();
  return { page, errors };
}

async function fillSupplier(page: Page, nit: string, nombre: string) {
  await page.getByLabel('Tipo de identificación').selectOption('31');
  await page.getByLabel('Número de identificación').fill(nit);
  await page.getByLabel('Nombre o razón social').fill(nombre);
  await page.getByLabel('Dirección').fill('Vereda El Salitre, finca La Esperanza');
  await page.getByLabel('Departamento').selectOption('25');
  await page.getByLabel('Municipio').selectOption('25175');
  await page.getByLabel('Correo electrónico').fill('proveedor@example.co');
}

/** dd/mm/aaaa, as the user types a date. */
const userDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** A paste as the browser delivers it from a spreadsheet (text/plain with tabs and CRLF). */
async function paste(page: Page, selector: string, text: string) {
  await page.locator(selector).focus();
  // Browser code as text: this file is type-checked for Node, without the DOM's types.
  await page.evaluate(`(() => {
    const target = document.querySelector(${JSON.stringify(selector)});
    const transfer = new DataTransfer();
    transfer.setData('text/plain', ${JSON.stringify(text)});
    target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
  })()`);
}

const moneyText = (page: Page, testId: string) => page.getByTestId(testId).textContent();

function spreadsheetRows(): { tsv: string; subtotal: number } {
  const rows: string[] = [];
  let cents = 0;
  for (let i = 1; i <= 20; i += 1) {
    const qty = (i % 4) + 1;
    const price = 12_500 + i * 1_050.5;
    const iva = i % 3 === 0 ? '19' : '0';
    cents += qty * Math.round(price * 100);
    const code = ['10151500', '50221100', '70111703', '78101802'][i % 4];
    rows.push(
      [code, `Compra semanal línea ${i}`, String(qty), 'EA', price.toFixed(2).replace('.', ','), iva, i % 2 ? 'ADM' : 'BOD'].join(
        '\t',
      ),
    );
  }
  return { tsv: rows.join('\r\n') + '\r\n', subtotal: cents / 100 };
}

describe('Documentos soporte in Chromium against the sandbox', () => {
  it("issues a weekly accumulated DSE of 20 pasted lines with ReteRenta and ReteICA; live totals equal the server's", async () => {
    const { page, errors } = await openForm();
    await fillSupplier(page, '901234567', 'Cosechas del Sabana S.A.S.');
    await page.getByLabel('Acumulado semanal').check();
    const today = colombiaToday(new Date());
    await page.getByLabel('Inicio del periodo').fill(userDate(addDays(today, -6)));
    await page.getByLabel('Fin del periodo').fill(userDate(today));

    const { tsv } = spreadsheetRows();
    await paste(page, '[aria-label="Código UNSPSC, línea 1"]', tsv);
    await page.getByText('Se pegaron 20 líneas.').waitFor();
    expect(await page.locator('[data-testid^="dse-item-"]').count()).toBe(20);

    await page.getByRole('button', { name: '+ ReteRenta (06)' }).click();
    await page.getByTestId('dse-withholding-0').getByLabel('Porcentaje').fill('2,5');
    await page.getByRole('button', { name: '+ ReteICA (07)' }).click();
    await page.getByTestId('dse-withholding-1').getByLabel('Porcentaje').fill('0,966');
    await page.getByTestId('dse-withholding-1-value').waitFor();

    const live = {
      subtotal: await moneyText(page, 'dse-total-subtotal'),
      impuestos: await moneyText(page, 'dse-total-impuestos'),
      total: await moneyText(page, 'dse-total-total'),
      retenciones: await moneyText(page, 'dse-total-total-retenciones'),
      neto: await moneyText(page, 'dse-total-neto'),
    };
    await screenshot(page, 'dse-weekly-before-submit');

    await page.getByRole('button', { name: 'Emitir documento soporte' }).click();
    const outcome = page.getByTestId('dse-outcome');
    await outcome.and(page.locator('[data-state="accepted"]')).waitFor({ timeout: 30_000 });
    await screenshot(page, 'dse-weekly-accepted');
    expect(await page.getByTestId('dse-outcome-number').textContent()).toMatch(/^DSE\d+$/);
    expect(await page.getByTestId('dse-outcome-cuds').textContent()).toMatch(/^[0-9a-f]{96}$/);

    const [submission] = await rpc<{ document_id: number; kind: string }[]>('submissions.list', { limit: 1 });
    const { documento } = await rpc<{ documento: Record<string, string> }>('dse.get', { id: submission!.document_id });
    expect(live).toEqual({
      subtotal: formatCop(documento.subtotal!),
      impuestos: formatCop(documento.impuestos!),
      total: formatCop(documento.total!),
      retenciones: formatCop(documento.total_retenciones!),
      neto: formatCop(dec(documento.total!).minus(documento.total_retenciones!)),
    });
    expect(dec(documento.total_retenciones!).gt(0)).toBe(true);
    expect(errors).toEqual([]);
    await page.getByRole('button', { name: 'Nuevo documento soporte' }).click();
    await page.getByRole('button', { name: 'Emitir documento soporte' }).waitFor();
    await page.close();
  });

  it('follows the uncertain supplier 333333333 from pending to accepted without any user action', async () => {
    const { page, errors } = await openForm();
    await fillSupplier(page, '333333333', 'Proveedor Incierto');
    await page.getByLabel('Código UNSPSC, línea 1').fill('70111703');
    await page.getByLabel('Descripción, línea 1').fill('Mantenimiento de jardines');
    await page.getByLabel('Precio unitario, línea 1').fill('150.000');
    await page.getByRole('button', { name: 'Emitir documento soporte' }).click();
    const outcome = page.getByTestId('dse-outcome');
    await outcome.and(page.locator('[data-state="pending"]')).waitFor({ timeout: 30_000 });
    await screenshot(page, 'dse-uncertain-pending');

    // The Pendientes view lists it with its last state and next check.
    await page.getByRole('link', { name: /^Pendientes/ }).click();
    await page.getByTestId('dse-pending-table').getByText('Proveedor Incierto').waitFor();
    await screenshot(page, 'dse-pendientes');
    await page.getByRole('link', { name: 'Nuevo documento' }).click();

    // Nothing is clicked from here: the poller learns the final state and the screen follows.
    await outcome.and(page.locator('[data-state="accepted"]')).waitFor({ timeout: 60_000 });
    await page.getByTestId('dse-toast').filter({ hasText: 'aceptado' }).waitFor();
    await screenshot(page, 'dse-uncertain-accepted');
    // The notice in its own strip above the status bar, at the two window sizes: the form's totals stay visible.
    await viewportScreenshots(page, 'dse-accepted-notice');
    expect(await page.getByTestId('dse-outcome-cuds').textContent()).toMatch(/^[0-9a-f]{96}$/);
    expect(errors).toEqual([]);
    await page.getByRole('button', { name: 'Nuevo documento soporte' }).click();
    await page.getByRole('button', { name: 'Emitir documento soporte' }).waitFor();
    await page.close();
  });

  it('shows a rejection with its reason and offers no duplicate', async () => {
    const { page, errors } = await openForm();
    await fillSupplier(page, '222222222', 'Proveedor Rechazado');
    await page.getByLabel('Código UNSPSC, línea 1').fill('50221100');
    await page.getByLabel('Descripción, línea 1').fill('Arroz');
    await page.getByLabel('Cantidad, línea 1').fill('3');
    await page.getByLabel('Precio unitario, línea 1').fill('42.000,50');
    await page.getByRole('button', { name: 'Emitir documento soporte' }).click();
    const outcome = page.getByTestId('dse-outcome');
    await outcome.and(page.locator('[data-state="rejected"]')).waitFor({ timeout: 30_000 });
    await screenshot(page, 'dse-rejected');
    expect((await page.getByTestId('dse-outcome-reason').textContent())?.length).toBeGreaterThan(10);
    // the DIAN rule from the answer's data, explained, with the field to correct in the form's words
    const rule = page.getByTestId('rejection-rule');
    expect(await rule.getAttribute('data-code')).toBe('SBX-SIM01');
    expect(await page.getByTestId('rejection-code').textContent()).toBe('SBX-SIM01');
    expect(await page.getByTestId('rejection-where').textContent()).toBe('Proveedor › Número de identificación');
    for (const [width, height] of [
      [1366, 768],
      [1920, 1080],
    ] as const) {
      await page.setViewportSize({ width, height });
      await screenshot(page, `dse-rejected-${width}`);
    }
    expect(await page.getByRole('button', { name: 'Emitir documento soporte' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /reintentar|reenviar/i }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
