import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser';
import { tempDir } from '../support/temp';
import { startWebApp, type WebApp } from '../support/web-app';

let dir: ReturnType<typeof tempDir>;
let app: WebApp;
let browser: Browser;

beforeAll(async () => {
  dir = tempDir();
  app = await startWebApp(dir.path);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  dir?.remove();
});

describe('the app in Chromium through the web bridge', () => {
  it('opens in Spanish and navigates to every screen', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'es-CO' });
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(error.message));

    await page.goto(app.bridge.url);
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('es-CO');
    const nav = page.getByRole('navigation', { name: 'Navegación principal' });
    await nav.waitFor();
    await expect.poll(() => page.getByTestId('active-connection').textContent()).toMatch(/Conexión|Sin conexión/);

    for (const [label, slug] of [
      ['Facturas', 'facturas'],
      ['Documentos soporte', 'documentos-soporte'],
      ['Historial', 'historial'],
      ['Ajustes', 'ajustes'],
    ] as const) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: label }).waitFor();
      expect(await nav.getByRole('link', { name: label, exact: true }).getAttribute('aria-current')).toBe('page');
      expect(new URL(page.url()).hash).toBe(`#/${slug}`);
      await screenshot(page, `smoke-${slug}`);
    }
    expect(consoleErrors).toEqual([]);
    await page.close();
  });

  it('keeps a page without the secret out: it loads, but reaches nothing of core', async () => {
    const page = await browser.newPage();
    const response = await page.goto(app.bridge.origin);
    expect(response?.status()).toBe(200);
    const answer = await page.evaluate(async () => {
      const reply = await fetch('/rpc', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"id":1,"method":"connections.list","input":{}}',
      });
      return reply.status;
    });
    expect(answer).toBe(403);
    await page
      .getByText(/no tiene la clave de la sesión/)
      .first()
      .waitFor();
    await page.close();
  });
});
