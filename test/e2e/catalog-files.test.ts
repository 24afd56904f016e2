// Catalog files in Chromium: a 15,000-product Excel "CSV" (Windows-1252, about 2 MB) chosen in the
// file picker is read by the shared reader, previewed and imported through the real web bridge into
// real core, «Piña golden» intact; a 50 MB file is refused with both sizes (File.size: a sparse file
// on disk, never read) and the page stays responsive.
import { closeSync, openSync, ftruncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RpcReply } from '#shared/rpc/envelope';
import { launchBrowser, watchedPage } from '../support/browser';
import { PRODUCTS, spanishExcelCatalog } from '../support/catalog-files';
import { tempDir } from '../support/temp';
import { startWebApp, type WebApp } from '../support/web-app';

let dir: ReturnType<typeof tempDir>;
let app: WebApp;
let browser: Browser;
let nextId = 1;

async function rpc<T>(method: string, input: unknown): Promise<T> {
  const reply: RpcReply = await app.host.core.dispatch({ id: nextId++, method, input });
  if (!reply.ok) throw new Error(`${method} failed: ${JSON.stringify(reply.error)}`);
  return reply.output as T;
}

beforeAll(async () => {
  dir = tempDir();
  app = await startWebApp(dir.path);
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  dir?.remove();
});

describe('catalog files in Chromium', () => {
  it('refuses a 50 MB file by its size, then imports a 15,000-product Windows-1252 file', async () => {
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${app.bridge.url}#/productos`);
    await page.getByRole('heading', { level: 1, name: 'Productos' }).waitFor();
    await page.getByRole('button', { name: 'Importar' }).click();

    // 50 MB that take no room on disk: the browser knows the size without reading a byte.
    const huge = join(dir.path, 'catalogo-enorme.csv');
    const fd = openSync(huge, 'w');
    ftruncateSync(fd, 50 * 1024 * 1024);
    closeSync(fd);
    await page.getByLabel('Archivo CSV de productos').setInputFiles(huge);
    await page.getByText('El archivo tiene 50 MB; el máximo es 5 MB. Divídalo en archivos más pequeños.').waitFor();
    expect(await page.getByTestId('import-file').count()).toBe(0);

    const file = join(dir.path, 'productos.csv');
    writeFileSync(file, spanishExcelCatalog());
    await page.getByLabel('Archivo CSV de productos').setInputFiles(file);
    const chosen = page.getByTestId('import-file');
    await chosen.waitFor();
    expect(await chosen.textContent()).toMatch(/productos\.csv \(\d(,\d)? MB, codificación Windows-1252\)/);
    expect(await page.getByRole('alert').count()).toBe(0);

    await page.getByRole('button', { name: 'Ver vista previa' }).click();
    const summary = page.getByTestId('import-summary');
    await summary.waitFor({ timeout: 60_000 });
    expect(await summary.textContent()).toBe(
      `${PRODUCTS} nuevos · 0 con cambios · 0 sin cambios · 0 con errores (no se importarán)`,
    );
    expect(await page.getByTestId('import-row').count()).toBe(500);
    expect(await page.getByTestId('import-row').first().textContent()).toContain('Piña golden');

    await page.getByRole('button', { name: 'Importar 15.000 productos' }).click();
    await page
      .getByText('Importación terminada: 15.000 productos nuevos, 0 actualizados; 0 filas con errores no se importaron.')
      .waitFor({ timeout: 60_000 });
    expect(await rpc('catalog.byCode', { code: 'PIN-GOLD' })).toMatchObject({
      description: 'Piña golden',
      price_includes_tax: true,
      unit_price: '7900',
    });
    expect(errors).toEqual([]);
  });
});
