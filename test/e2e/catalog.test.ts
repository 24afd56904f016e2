// Productos in Chromium: a spreadsheet paste with good and bad rows is previewed
// row by row with each error in the user's words, only the valid rows are imported, a product is
// created and deactivated by keyboard, and the catalog exports as CSV. Real core, real SQLite file.
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RpcReply } from '#shared/rpc/envelope';
import { launchBrowser, viewportScreenshots, watchedPage } from '../support/browser';
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
  // The embedded sandbox's connection is the active one: the catalog needs no server.
  app = await startWebApp(dir.path);
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  dir?.remove();
});

const PASTE = [
  'Código\tCódigo de barras\tDescripción\tPrecio\tIncluye IVA\tImpuesto\tUnidad\tUNSPSC',
  'CAF500\t7702001000011\tCafé molido 500 g\t12.500\tno\t19\tunidad\t',
  'ARR1\t7701234000015\tArroz 1 kg\t4.200\tsí\t0\tkg\t50221101',
  'GAS400\t\tGaseosa 400 ml\tdoce mil\tno\t19\tunidad\t',
  'ARR1\t\tArroz repetido\t1000\tno\t19\tunidad\t',
  'ALM\t\tAlmuerzo ejecutivo\t18.000\tno\t16\tplato\t',
].join('\n');

describe('Productos in Chromium', () => {
  it('previews a paste with bad rows, imports only the good ones, edits by keyboard and exports', async () => {
    const { page, errors } = await watchedPage(browser, { acceptDownloads: true });
    await page.goto(`${app.bridge.url}#/productos`);
    await page.getByRole('heading', { level: 1, name: 'Productos' }).waitFor();
    await page.getByText('El catálogo está vacío: cree un producto o importe una lista.').waitFor();

    await page.getByRole('button', { name: 'Importar' }).click();
    await page.getByLabel('Filas para importar').fill(PASTE);
    await page.getByRole('button', { name: 'Ver vista previa' }).click();
    const summary = page.getByTestId('import-summary');
    await summary.waitFor();
    expect(await summary.textContent()).toBe('2 nuevos · 0 con cambios · 0 sin cambios · 3 con errores (no se importarán)');
    const rows = page.getByTestId('import-row');
    expect(await rows.count()).toBe(5);
    expect(await rows.nth(2).textContent()).toContain('El precio «doce mil» no es un valor válido');
    expect(await rows.nth(3).textContent()).toContain('El código ARR1 ya aparece en la fila 3.');
    expect(await rows.nth(4).textContent()).toContain(
      'El impuesto «16» no es válido: escriba 19, 5 (IVA), 8 (INC) o 0 (sin impuesto).',
    );
    // Nothing is written by the preview.
    expect((await rpc<{ total: number }>('catalog.search', {})).total).toBe(0);
    await viewportScreenshots(page, 'catalog-import-preview');

    await page.getByRole('button', { name: 'Importar 2 productos' }).click();
    await page
      .getByText('Importación terminada: 2 productos nuevos, 0 actualizados; 3 filas con errores no se importaron.')
      .waitFor();
    await expect.poll(() => page.getByTestId('catalog-row').count()).toBe(2);

    // A new product by keyboard: the form opens on its first field; Enter saves.
    await page.getByRole('button', { name: 'Nuevo producto' }).click();
    await expect
      .poll(() =>
        page
          .locator(':focus')
          .getAttribute('id')
          .then(async (id) =>
            page
              .getByLabel('Código', { exact: true })
              .getAttribute('id')
              .then((own) => own === id),
          ),
      )
      .toBe(true);
    await page.keyboard.type('GAS400');
    await page.getByLabel('Descripción').fill('Gaseosa 400 ml');
    await page.getByLabel('Precio unitario').fill('3.570');
    await page.getByLabel('El precio incluye el impuesto').check();
    await page.getByLabel('Precio unitario').press('Enter');
    await page.getByText('Producto GAS400 guardado.').waitFor();
    await expect.poll(() => page.getByTestId('catalog-row').count()).toBe(3);

    // Search from the first keystroke, by words or by barcode.
    await page.getByLabel('Buscar producto').fill('arr');
    await expect.poll(() => page.getByTestId('catalog-row').count()).toBe(1);
    await page.getByLabel('Buscar producto').fill('7702001000011');
    await expect
      .poll(async () => (await page.getByTestId('catalog-row').allTextContents()).join('|'))
      .toContain('Café molido 500 g');

    // Deactivated: out of the list (and of the counter), back with "Mostrar inactivos".
    await page.getByTestId('catalog-row').getByRole('button', { name: 'Desactivar' }).click();
    await expect.poll(() => page.getByTestId('catalog-row').count()).toBe(0);
    await page.getByLabel('Mostrar inactivos').check();
    await expect.poll(async () => (await page.getByTestId('catalog-row').allTextContents()).join('|')).toContain('Inactivo');
    await page.getByLabel('Buscar producto').fill('');
    await viewportScreenshots(page, 'catalog-list');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    const file = await (await download).path();
    const csv = readFileSync(file, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('\ufeffcodigo;codigo_barras;descripcion;precio;incluye_iva;impuesto;unidad;unspsc;activo');
    expect(csv).toContain('CAF500;7702001000011;Café molido 500 g;12500;no;19;unidad;;no');
    expect(csv).toContain('GAS400;;Gaseosa 400 ml;3570;sí;19;unidad;;sí');
    expect(errors).toEqual([]);
    await page.close();
  });
});
