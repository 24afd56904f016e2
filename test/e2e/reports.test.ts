// Informes end to end: documents issued from the app against the embedded sandbox (an FE
// with IVA 19 % and INC 8 %, a DSE with withholdings, a rejected DSE) and a year of history known
// only through sync on a second connection; the report, its charts and their tables, the XLSX read
// back, the printable report as PDF, the withholding certificates, and a rejected DSE corrected.
import ExcelJS from 'exceljs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colombiaToday } from '#shared/dates';
import type { Submission } from '#shared/rpc/methods/submissions';
import { launchBrowser, screenshot, SCREENSHOTS, watchedPage } from '../support/browser';
import { generateHistory } from '../support/history-generator';
import { ferreteriaFe, gardeningDse } from '../support/requests/issued-from-app';
import { coreRpc, type Rpc } from '../support/shop';
import { tempDir } from '../support/temp';
import { startWebApp, type WebApp } from '../support/web-app';

let dir: ReturnType<typeof tempDir>;
let app: WebApp;
let browser: Browser;
let rejected: Submission;
let rpc: Rpc;
const today = colombiaToday(new Date());
const year = Number(today.slice(0, 4));

const plain = (text: string | null) =>
  (text ?? '')
    .replace(/\u00a0/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const dse = (nit: string, nombre: string, retenciones: unknown[]) => gardeningDse(today, { nit, nombre }, retenciones);

beforeAll(async () => {
  dir = tempDir();
  app = await startWebApp(dir.path);
  rpc = coreRpc(app);
  const fe = await rpc<Submission>('fe.submit', { request: ferreteriaFe(today, 'Carrera 30 # 8-15') });
  expect(fe.state).toBe('accepted');
  const accepted = await rpc<Submission>('dse.submit', {
    request: dse('1020304050', 'Pedro Gómez Jardinero', [
      { retention_key: 'reterenta', dian_tax_code: '06', tax_name: 'ReteRenta', base_mode: 'subtotal', percent: 2.5 },
      { retention_key: 'reteiva', dian_tax_code: '05', tax_name: 'ReteIVA', base_mode: 'impuestos', percent: 15 },
    ]),
  });
  expect(accepted.state).toBe('accepted');
  rejected = await rpc<Submission>('dse.submit', { request: dse('222222222', 'Proveedor Rechazado', []) });
  expect(rejected.state).toBe('rejected');
  await rpc('history.sync', {});
  await rpc('history.setIssuer', {
    nombre: 'Comercializadora Demo S.A.S.',
    nit: '900123456',
    direccion: 'Calle 100 # 19-61',
    ciudad: 'Bogotá, D.C.',
    email: '',
    telefono: '',
  });
  // A second connection whose year of history is known only through sync (totals, no requests).
  const other = await rpc<{ id: number }>('connections.create', {
    label: 'Tienda principal (sincronizada)',
    kind: 'production',
    base_url: 'https://api.ejemplo.co/api/v1',
    company_id: 555,
  });
  generateHistory(app.host.core.parts.store!.db, {
    connectionId: other.id,
    count: 4_000,
    seed: 23,
    from: `${year}-01-01`,
    to: today,
  });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  dir?.remove();
});

async function open(page: Page, hash: string) {
  await page.goto(`${app.bridge.url}#${hash}`);
  await page.getByRole('heading', { level: 1, name: 'Informes' }).waitFor();
}

describe('Informes', () => {
  it('shows this month: exact taxes by type and rate, withholdings by type and supplier, rejected documents, charts with tables', async () => {
    const { page, errors } = await watchedPage(browser, {}, { consoleErrors: false });
    await open(page, '/informes');
    const taxes = page.getByTestId('report-table-impuestos');
    await taxes.waitFor();
    const taxText = plain(await taxes.textContent());
    expect(taxText).toMatch(/Facturas \(ventas\)IVA \(01\)19 %1\$ 100\.000,00\$ 19\.000,00/);
    expect(taxText).toMatch(/Facturas \(ventas\)INC \(04\)8 %1\$ 20\.000,00\$ 1\.600,00/);
    expect(taxText).toMatch(/Documentos soporte \(compras\)IVA \(01\)19 %1\$ 150\.000,00\$ 28\.500,00/);
    const withholdings = plain(await page.getByTestId('report-table-retenciones').textContent());
    expect(withholdings).toContain('ReteIVA (05)1$ 28.500,00$ 4.275,00');
    expect(withholdings).toContain('ReteRenta (06)1$ 450.000,00$ 11.250,00');
    expect(plain(await page.getByTestId('report-table-retenciones-proveedor').textContent())).toContain(
      'Pedro Gómez Jardinero1020304050',
    );
    expect(plain(await page.getByTestId('report-table-rechazados').textContent())).toContain('Proveedor Rechazado');
    // Each chart has its table for screen readers; «Ver como tabla» shows it.
    const chart = page.getByTestId('chart-sales-by-day');
    expect(await chart.locator('table').count()).toBe(1);
    await chart.locator('svg.recharts-surface').first().waitFor();
    await screenshot(page, 'reports-1366-month');
    await chart.getByRole('button', { name: 'Ver como tabla' }).click();
    expect(plain(await chart.locator('table').textContent())).toContain('$ 140.600,00');
    await screenshot(page, 'reports-1366-month-chart-as-table');
    await page.getByTestId('report-table-retenciones-proveedor').scrollIntoViewIfNeeded();
    await screenshot(page, 'reports-1366-month-tables');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows a year of synced history at 1920x1080 as totals only, labelled as such, and exports it as XLSX', async () => {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 }, locale: 'es-CO', acceptDownloads: true });
    await open(page, '/informes');
    await page.getByLabel('Periodo', { exact: true }).selectOption('year');
    await page.getByLabel('Conexión', { exact: true }).selectOption({ label: 'Tienda principal (sincronizada)' });
    const note = page.getByTestId('report-synced-note');
    await note.waitFor();
    expect(plain(await note.textContent())).toMatch(/se conocen solo por sincronización/);
    expect(plain(await page.getByTestId('report-table-impuestos').textContent())).toContain(
      'Sin desglose (sincronizados, solo totales)',
    );
    await page.getByTestId('chart-taxes-by-month').locator('svg.recharts-surface').first().waitFor();
    await screenshot(page, 'reports-1920-year-synced');
    await page.getByTestId('report-table-pendientes').scrollIntoViewIfNeeded();
    await screenshot(page, 'reports-1920-year-synced-tables');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar XLSX' }).click();
    const file = join(SCREENSHOTS, 'reports-year.xlsx');
    await (await download).saveAs(file);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const documents = workbook.getWorksheet('Documentos')!;
    const expected = app.host.core.parts
      .store!.db.prepare<[string, string], { n: number }>(
        "SELECT count(*) AS n FROM history_documents h JOIN connections c ON c.id = h.connection_id WHERE c.label = 'Tienda principal (sincronizada)' AND h.issue_date >= ? AND h.issue_date <= ?",
      )
      .get(`${year}-01-01`, `${year}-12-31`)!.n;
    expect(documents.rowCount - 1).toBe(expected);
    expect(typeof documents.getRow(2).getCell(9).value).toBe('number');
    expect(documents.getRow(2).getCell(3).value).toBeInstanceOf(Date);
    await page.close();
  });

  it('prints the report as a PDF, and prepares one withholding certificate per supplier', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 }, locale: 'es-CO' });
    await open(page, '/informes');
    await page.getByRole('link', { name: 'Informe para imprimir (PDF)' }).click();
    await page.getByRole('heading', { name: 'Informe del periodo' }).waitFor();
    await page.getByTestId('report-table-impuestos').waitFor();
    await page.getByTestId('chart-sales-by-day').locator('svg.recharts-surface').first().waitFor();
    const pdf = join(SCREENSHOTS, 'reports-print.pdf');
    await page.pdf({ path: pdf, printBackground: true, format: 'A4' });
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '60',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      pdf,
      join(SCREENSHOTS, 'reports-print-pdf'),
    ]);
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '60',
      '-f',
      '2',
      '-l',
      '2',
      '-singlefile',
      pdf,
      join(SCREENSHOTS, 'reports-print-pdf-page2'),
    ]);
    const text = execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' });
    expect(text).toContain('Impuestos por tipo y tarifa');
    expect(text).toContain('Ventas y compras por día');
    expect(text).not.toContain('Exportar XLSX');

    await open(page, '/informes/certificados');
    const certificate = page.getByTestId('certificate');
    await certificate.first().waitFor();
    expect(await certificate.count()).toBe(1);
    const body = plain(await certificate.first().textContent());
    expect(body).toContain('Comercializadora Demo S.A.S., NIT 900123456, en calidad de agente retenedor');
    expect(body).toContain('ReteIVA (05)15 %$ 28.500,00$ 4.275,00');
    expect(body).toContain('ReteRenta (06)2,5 %$ 450.000,00$ 11.250,00');
    expect(body).toContain('Total retenido$ 15.525,00');
    await screenshot(page, 'reports-1366-certificates');
    await page.close();
  });

  it('corrects the rejected DSE from the Historial: a new draft with its supplier and lines, the rejected one linked', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 }, locale: 'es-CO' });
    const row = app.host.core.parts
      .store!.db.prepare<[number], { id: number }>(
        "SELECT h.id FROM history_documents h JOIN submissions s ON s.document_id = h.remote_id AND s.kind = 'DSE' WHERE s.id = ? AND h.kind = 'DSE'",
      )
      .get(rejected.id);
    expect(row).toBeDefined();
    await page.goto(`${app.bridge.url}#/historial/${row!.id}`);
    await page.getByRole('button', { name: 'Corregir y enviar de nuevo' }).click();
    await page.getByRole('heading', { level: 1, name: 'Documentos soporte' }).waitFor();
    await page.getByTestId('dse-correction-of').waitFor();
    expect(
      await page
        .getByLabel('Nombre o razón social')
        .inputValue()
        .catch(() => ''),
    ).toBe('Proveedor Rechazado');
    await screenshot(page, 'reports-correction-draft');
    await page.close();
  });
});
