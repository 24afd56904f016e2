// The Historial end to end: an FE and a DSE issued against a real sandbox process, mirrored by
// "Sincronizar", then the sandbox is stopped and everything is still found, opened, printed to PDF
// and exported to CSV from the local SQLite file alone (Chromium through the web bridge).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colombiaToday } from '#shared/dates';
import type { Submission } from '#shared/rpc/methods/submissions';
import { launchBrowser, screenshot, SCREENSHOTS, watchedPage } from '../support/browser';
import { ferreteriaFe, gardeningDse } from '../support/requests/issued-from-app';
import { IN_CHIA } from '../support/requests/lines';
import { startSandboxProcess, type SandboxProcess } from '../support/sandbox-process';
import { connectDemo, coreRpc, type Rpc } from '../support/shop';
import { tempDir } from '../support/temp';
import { startWebApp, type WebApp } from '../support/web-app';

let dir: ReturnType<typeof tempDir>;
let app: WebApp;
let browser: Browser;
let sandbox: SandboxProcess;
let fe: Submission;
let dse: Submission;
let rpc: Rpc;

beforeAll(async () => {
  dir = tempDir();
  sandbox = await startSandboxProcess({ seed: 'resources/demo-seed.json', settleMs: 200 });
  app = await startWebApp(dir.path);
  rpc = coreRpc(app);
  await connectDemo(rpc, sandbox.baseUrl, 'Sandbox del historial');
  const today = colombiaToday(new Date());
  fe = await rpc<Submission>('fe.submit', {
    request: ferreteriaFe(today, 'Carrera 30 # 8-15, Bogotá', { observaciones: 'Entrega en bodega principal' }),
  });
  dse = await rpc<Submission>('dse.submit', {
    request: gardeningDse(today, { nit: '1020304050', nombre: 'Pedro Gómez Jardinero', ...IN_CHIA }, [
      { retention_key: 'reterenta', dian_tax_code: '06', tax_name: 'ReteRenta', base_mode: 'subtotal', percent: 2.5 },
    ]),
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await sandbox?.stop();
  await app?.close();
  dir?.remove();
});

/** es-CO currency puts a no-break space after the sign. */
const plain = (text: string | null) => (text ?? '').replace(/\u00a0/g, ' ');

async function search(page: Page, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(text);
}

function pdfFacts(file: string): { pages: number; text: string; images: number } {
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
  const images = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).trim().split('\n').slice(2).length;
  return { pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]), text, images };
}

async function printToPdf(page: Page, name: string): Promise<{ pages: number; text: string; images: number }> {
  await page.getByRole('link', { name: 'Representación gráfica (PDF)' }).click();
  // The page and its "missing issuer" warning render together from the same model, so once the
  // page is there, whether the warning is shown is settled (sampling it earlier made the test flaky).
  await page.getByRole('article', { name: 'Representación gráfica' }).waitFor();
  if (await page.getByText('Faltan los datos del emisor').isVisible()) {
    // Entered once in Ajustes › Datos del emisor, then back to the same page.
    const back = page.url();
    await page.getByRole('link', { name: 'Ajustes › Datos del emisor' }).click();
    const issuer = page.getByRole('form', { name: 'Datos del emisor' });
    await issuer.getByLabel('Razón social').fill('Comercializadora Demo S.A.S.');
    await issuer.getByLabel('NIT', { exact: true }).fill('900123456');
    await issuer.getByLabel('Dirección').fill('Calle 100 # 19-61, oficina 802');
    await issuer.getByLabel('Ciudad').fill('Bogotá, D.C.');
    await issuer.getByRole('button', { name: 'Guardar datos del emisor' }).click();
    await issuer.getByText('Datos del emisor guardados.').waitFor();
    await page.goto(back);
    await page.getByRole('article', { name: 'Representación gráfica' }).waitFor();
  }
  // Historial prints on an A4 page here, whatever the counter's layout is.
  await page.getByTestId('print-layout').selectOption('a4');
  const qr = page.locator('img.print-page__qr');
  await qr.waitFor();
  await expect
    .poll(() =>
      qr.evaluate((img: unknown) => {
        const image = img as { complete: boolean; naturalWidth: number };
        return image.complete && image.naturalWidth > 0;
      }),
    )
    .toBe(true);
  await screenshot(page, `history-${name}-print-view`);
  const file = join(SCREENSHOTS, `history-${name}.pdf`);
  await page.pdf({ path: file, printBackground: true, preferCSSPageSize: true });
  execFileSync('pdftoppm', ['-png', '-r', '80', '-singlefile', file, join(SCREENSHOTS, `history-${name}-pdf`)]);
  return pdfFacts(file);
}

describe('Historial offline: find, open, print and export what was issued', () => {
  it('issued an FE and a DSE, both accepted by the sandbox', () => {
    expect(fe.state).toBe('accepted');
    expect(dse.state).toBe('accepted');
    expect(fe.fiscal_key).toMatch(/^[0-9a-f]{96}$/);
    expect(dse.fiscal_key).toMatch(/^[0-9a-f]{96}$/);
  });

  it('syncs, then with the sandbox stopped finds both by search, opens the detail, makes one-page PDFs with CUFE/CUDS and QR, and exports CSV', async () => {
    const { page, errors } = await watchedPage(
      browser,
      { viewport: { width: 1366, height: 900 }, acceptDownloads: true },
      { consoleErrors: false },
    );
    await page.goto(`${app.bridge.url}#/historial`);
    await page.getByRole('heading', { level: 1, name: 'Historial' }).waitFor();

    await page.getByRole('button', { name: 'Sincronizar' }).click();
    await page.getByText(/Sincronización terminada/).waitFor();
    await expect.poll(() => page.getByTestId('last-sync').textContent()).toMatch(/Última sincronización: \d{2}\/\d{2}\/\d{4}/);

    expect(await sandbox.stop()).not.toBe(undefined);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Historial' }).waitFor();
    const rows = page.getByTestId('history-row');

    // Offline, "Sincronizar" says what happened and what to do; the list keeps working.
    await page.getByRole('button', { name: 'Sincronizar' }).click();
    const failure = page.getByRole('alert').filter({ hasText: 'No se pudo sincronizar' });
    await failure.waitFor();
    expect(await failure.textContent()).toMatch(/intente de nuevo cuando haya conexión/);
    await screenshot(page, 'history-offline-sync-failed');

    // FE by its number
    await search(page, fe.document_number!);
    await expect.poll(() => rows.count()).toBe(1);
    await expect.poll(() => rows.first().textContent()).toContain(fe.document_number!);
    expect(plain(await rows.first().textContent())).toContain('$ 140.600,00');
    await screenshot(page, 'history-search-fe');

    // DSE by a word of the supplier's name and by the start of its CUDS
    await search(page, 'jardinero');
    await expect.poll(() => rows.count()).toBe(1);
    await expect.poll(() => rows.first().textContent()).toContain(dse.document_number!);
    await search(page, dse.fiscal_key!.slice(0, 20));
    await expect.poll(() => rows.count()).toBe(1);
    await expect.poll(() => rows.first().textContent()).toContain(dse.document_number!);

    // DSE detail: document fields, items from the request, the submission's key and attempts
    await rows.first().click();
    await page.getByRole('heading', { level: 1, name: `Doc. soporte ${dse.document_number}` }).waitFor();
    const detail = page.locator('.history-detail');
    await expect.poll(() => detail.textContent()).toContain(dse.fiscal_key!);
    expect(await detail.textContent()).toContain('Mantenimiento de jardines');
    expect(await detail.textContent()).toContain('Clave del envío (para soporte)');
    expect(await detail.textContent()).toContain(dse.idempotency_key);
    expect(await page.getByRole('table', { name: 'Intentos y respuestas' }).locator('tbody tr').count()).toBeGreaterThanOrEqual(
      2,
    );
    // Its withholding as the printout reads it: base in pesos, rate with a decimal comma, amount.
    expect(plain(await page.getByRole('row', { name: /Retención ReteRenta \(06\)/ }).textContent())).toMatch(
      /base \$ 450\.000,00 sobre el subtotal 2,5 %\$ 11\.250,00/,
    );
    await screenshot(page, 'history-dse-detail');
    const dsePdf = await printToPdf(page, 'dse');
    expect(dsePdf.pages).toBe(1);
    expect(dsePdf.text.replace(/\s+/g, '')).toContain(dse.fiscal_key!);
    expect(dsePdf.text).toContain('CUDS');
    expect(dsePdf.images).toBeGreaterThanOrEqual(1);

    // FE detail and PDF
    await page.goto(`${app.bridge.url}#/historial`);
    await search(page, fe.fiscal_key!.slice(0, 16));
    await expect.poll(() => rows.count()).toBe(1);
    await rows.first().click();
    await page.getByRole('heading', { level: 1, name: `Factura ${fe.document_number}` }).waitFor();
    expect(await page.locator('.history-detail').textContent()).toContain('Clave del envío (para soporte)');
    expect(await page.locator('.history-detail').textContent()).toContain('Camisa de dotación');
    await screenshot(page, 'history-fe-detail');
    const fePdf = await printToPdf(page, 'fe');
    expect(fePdf.pages).toBe(1);
    expect(fePdf.text.replace(/\s+/g, '')).toContain(fe.fiscal_key!);
    expect(fePdf.text).toContain('Comercializadora Demo S.A.S.');
    expect(plain(fePdf.text)).toContain('$ 140.600,00');
    expect(fePdf.images).toBeGreaterThanOrEqual(1);

    // CSV of the filtered list (all documents of kind FE and DSE issued today)
    await page.goto(`${app.bridge.url}#/historial`);
    await page.getByRole('heading', { level: 1, name: 'Historial' }).waitFor();
    const today = colombiaToday(new Date());
    const todayText = today.split('-').reverse().join('/');
    await page.getByLabel('Desde').fill(todayText);
    await page.getByLabel('Hasta').fill(todayText);
    await expect.poll(() => rows.count()).toBe(2);
    await screenshot(page, 'history-list-today');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar CSV' }).click(),
    ]);
    const csvPath = join(SCREENSHOTS, 'history-export.csv');
    await download.saveAs(csvPath);
    const bytes = readFileSync(csvPath);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Tipo;Número;Fecha;Estado DIAN;Seguimiento;Contraparte;Documento contraparte;Subtotal;Impuestos;Total;Moneda;CUFE/CUDS',
    );
    expect(lines).toHaveLength(3);
    const byKind = Object.fromEntries(lines.slice(1).map((line) => [line.split(';')[0], line.split(';')]));
    expect(byKind.FE?.slice(1, 4)).toEqual([fe.document_number, today.split('-').reverse().join('/'), 'Aceptado']);
    expect(byKind.FE?.slice(5, 12)).toEqual([
      'Ferretería El Tornillo S.A.S.',
      '900456789',
      '120000,00',
      '20600,00',
      '140600,00',
      'COP',
      fe.fiscal_key,
    ]);
    expect(byKind.DSE?.[1]).toBe(dse.document_number);
    expect(byKind.DSE?.[5]).toBe('Pedro Gómez Jardinero');
    expect(byKind.DSE?.[9]).toBe('478500,00');
    expect(errors).toEqual([]);
    await page.close();
  });
});
