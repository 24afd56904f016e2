// Ajustes › Restaurar una copia, in Chromium through the web bridge: a damaged
// data file at start, the message that offers the restore, the list of backups, the confirmation
// that says what is lost, and the app mounted again on the restored data (no page navigation).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebBridge, type WebBridge } from '#core/bridge/web-bridge';
import { DATABASE_FILE } from '#core/core';
import { startServedHost, type ServedHost } from '#main/host';
import { launchBrowser, viewportScreenshots, watchedPage } from '../support/browser';
import { tempDir } from '../support/temp';
import { RENDERER_DIR } from '../support/web-app';
import { memorySecrets } from '../support/core/memory-secrets';

let dir: ReturnType<typeof tempDir>;
let browser: Browser;
let host: ServedHost | null = null;
let bridge: WebBridge | null = null;

beforeAll(async () => {
  dir = tempDir('factura-desk-e2e-restore-');
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await bridge?.close();
  await host?.close();
  dir?.remove();
});

async function serve(home: string, secrets: ReturnType<typeof memorySecrets>): Promise<string> {
  await bridge?.close();
  await host?.close();
  host = await startServedHost({ home, secrets, transport: 'web', embeddedSandbox: false });
  bridge = await startWebBridge({ dispatcher: host.dispatcher, events: host.events, staticDir: RENDERER_DIR });
  return bridge.url;
}

const call = async <T>(method: string, input: unknown): Promise<T> => {
  const reply = await host!.dispatcher.dispatch({ id: 1, method, input });
  if (!reply.ok) throw new Error(JSON.stringify(reply.error));
  return reply.output as T;
};

describe('Ajustes › Restaurar una copia', () => {
  it('a damaged file offers the restore; the confirmation says what is lost; the app runs again on the backup', async () => {
    const home = join(dir.path, 'home');
    const secrets = memorySecrets();
    await serve(home, secrets);
    const connection = await call<{ id: number }>('connections.create', {
      label: 'Tienda de pruebas',
      kind: 'sandbox',
      base_url: 'http://127.0.0.1:9/api/v1',
      company_id: 1,
    });
    await call('connections.activate', { id: connection.id });
    const lines = ['Código;Descripción;Precio;Incluye IVA;Impuesto;Unidad'];
    for (let i = 0; i < 300; i += 1)
      lines.push(`P${i};Producto ${i} con descripción larga para llenar páginas;${1000 + i};no;19;unidad`);
    await call('catalog.applyImport', { text: lines.join('\n') });
    await call('app.backup', {});
    await host!.close();
    host = null;
    // Damage in the middle of the file; the header still reads.
    const file = join(home, DATABASE_FILE);
    const bytes = readFileSync(file);
    const middle = Math.floor(bytes.length / 4096 / 2) * 4096;
    bytes.fill(0xa5, middle, middle + 4096);
    writeFileSync(file, bytes);

    const url = await serve(home, secrets);
    const { page, errors } = await watchedPage(browser, {}, { consoleErrors: false });
    await page.goto(url);
    await page
      .getByRole('navigation', { name: 'Navegación principal' })
      .getByRole('link', { name: 'Ajustes', exact: true })
      .click();
    await page
      .getByText(/Restáurela en Ajustes › Datos y copia de seguridad/)
      .first()
      .waitFor();
    const restore = page.getByRole('region', { name: 'Restaurar una copia' });
    await restore.getByRole('button', { name: 'Restaurar…' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(/El archivo actual no se borra/).waitFor();
    await dialog.getByText(/no se sabe qué se emitió después de la copia/).waitFor();
    await dialog.scrollIntoViewIfNeeded();
    await viewportScreenshots(page, 'restore-confirm');

    await dialog.getByRole('button', { name: 'Sí, restaurar esta copia' }).click();
    // The app is mounted again on the restored data: the connection is back, the damage message gone.
    await page.getByText('Copia restaurada').waitFor({ timeout: 20_000 });
    await expect
      .poll(() => page.getByTestId('active-connection').textContent(), { timeout: 20_000 })
      .toMatch(/Tienda de pruebas/);
    await page.getByRole('heading', { level: 1, name: 'Ajustes' }).waitFor();
    expect(await page.getByText(/El archivo de datos está dañado/).count()).toBe(0);
    await viewportScreenshots(page, 'restore-done');
    expect(host!.startupError).toBeNull();
    expect(await call<{ total: number }>('catalog.search', {})).toMatchObject({ total: 300 });
    expect(errors).toEqual([]);
    await page.close();
  });
});
