// Ajustes › Base de datos del negocio, in Chromium through the web bridge, against a real
// PostgreSQL: a shop on this computer's file tests an empty shop database with the keyboard, moves
// its data there (the confirmation says what happens), the app mounts again on the shop database
// with the same products and its data folder keeps no lock; then it goes back to this computer.
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebBridge, type WebBridge } from '#core/bridge/web-bridge';
import { startServedHost, type ServedHost } from '#main/host';
import { launchBrowser, viewportScreenshots, watchedPage } from '../support/browser';
import { tempDir } from '../support/temp';
import { RENDERER_DIR } from '../support/web-app';
import { memorySecrets } from '../support/core/memory-secrets';
import { startPostgres, type TestPostgres } from '../support/postgres';

let dir: ReturnType<typeof tempDir>;
let browser: Browser;
let host: ServedHost | null = null;
let bridge: WebBridge | null = null;
/** The shop's server (the e2e project has no shared one). */
let server: TestPostgres;

beforeAll(async () => {
  dir = tempDir('factura-desk-e2e-shop-database-');
  browser = await launchBrowser();
  server = await startPostgres();
});
afterAll(async () => {
  await browser?.close();
  await bridge?.close();
  await host?.close();
  await server?.stop();
  dir?.remove();
});

const call = async <T>(method: string, input: unknown): Promise<T> => {
  const reply = await host!.dispatcher.dispatch({ id: 1, method, input });
  if (!reply.ok) throw new Error(JSON.stringify(reply.error));
  return reply.output as T;
};

describe('Ajustes › Base de datos del negocio', () => {
  it('moves this computer’s data to an empty shop database, runs on it, and goes back', { timeout: 120_000 }, async () => {
    const home = join(dir.path, 'home');
    // Nothing named: this computer's file, as a shop starts.
    host = await startServedHost({ home, secrets: memorySecrets(), transport: 'web', embeddedSandbox: false, env: {} });
    bridge = await startWebBridge({ dispatcher: host.dispatcher, events: host.events, staticDir: RENDERER_DIR });
    const connection = await call<{ id: number }>('connections.create', {
      label: 'Tienda de pruebas',
      kind: 'sandbox',
      base_url: 'http://127.0.0.1:9/api/v1',
      company_id: 1,
    });
    await call('connections.activate', { id: connection.id });
    const lines = ['Código;Descripción;Precio;Incluye IVA;Impuesto;Unidad'];
    for (let i = 0; i < 40; i += 1) lines.push(`P${i};Producto ${i};${1000 + i};no;19;unidad`);
    await call('catalog.applyImport', { text: lines.join('\n') });
    const address = await server.createDatabase();

    const { page, errors } = await watchedPage(browser);
    await page.goto(bridge.url);
    await page
      .getByRole('navigation', { name: 'Navegación principal' })
      .getByRole('link', { name: 'Ajustes', exact: true })
      .click();
    const panel = page.getByRole('region', { name: 'Base de datos del negocio' });
    await panel.getByText('Los datos están en este equipo').waitFor();

    // The keyboard: the address typed, Enter tests it.
    const field = panel.getByLabel('Dirección de la base de datos');
    await field.click();
    await page.keyboard.type(address);
    await page.keyboard.press('Enter');
    await panel.getByText('La base de datos está vacía').waitFor({ timeout: 20_000 });
    await panel.getByText(/Conexión correcta con PostgreSQL \d+/).waitFor();
    await panel.scrollIntoViewIfNeeded();
    await viewportScreenshots(page, 'shop-database-empty');

    await panel.getByRole('button', { name: 'Pasar los datos de este equipo…' }).click();
    // The yes button takes the focus: Enter confirms.
    await page.locator('button:focus', { hasText: 'Sí, pasar los datos' }).waitFor();
    await page.keyboard.press('Enter');

    // Mounted again on the shop database: where the data is, what was copied, the same products.
    await page.getByText(/Se copiaron y comprobaron \d+ tablas con [\d.]+ filas/).waitFor({ timeout: 60_000 });
    const moved = page.getByRole('region', { name: 'Base de datos del negocio' });
    await moved.getByText('Los datos están en la base de datos del negocio').waitFor();
    await moved.getByText(address.replace(/^postgres:\/\/([^@]*)@/, 'postgres://$1@').split('?')[0]!, { exact: false }).waitFor();
    await viewportScreenshots(page, 'shop-database-moved');
    expect(await call('database.status', {})).toMatchObject({ engine: 'postgres', chosenBy: 'saved' });
    expect(await call('catalog.search', {})).toMatchObject({ total: 40 });
    // Backups are the server's: one sentence, no button that would fail.
    expect(await page.getByRole('button', { name: /Hacer una copia/ }).count()).toBe(0);

    // A product added now lives in the shop database only.
    await call('catalog.applyImport', { text: `${lines[0]}\nNUEVO;Producto de la tienda;5000;no;19;unidad` });
    expect(await call('catalog.search', {})).toMatchObject({ total: 41 });

    await moved.getByRole('button', { name: 'Volver a los datos de este equipo…' }).click();
    await page.getByRole('button', { name: 'Sí, volver a los datos de este equipo' }).click();
    await page
      .getByRole('region', { name: 'Base de datos del negocio' })
      .getByText('Los datos están en este equipo')
      .waitFor({ timeout: 30_000 });
    expect(await call('database.status', {})).toMatchObject({ engine: 'sqlite', chosenBy: 'default' });
    // This computer's file is as it was when its data was moved.
    expect(await call('catalog.search', {})).toMatchObject({ total: 40 });
    expect(errors).toEqual([]);
    await page.close();
  });
});
