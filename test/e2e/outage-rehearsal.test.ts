// Rehearsing an outage from the app itself, in Chromium: on the embedded test environment, Ajustes ›
// «Entorno de pruebas integrado» starts «conexión rechazada»; the counter sells one invoice, which goes
// to the contingency queue; the simulation is ended from the same panel and the queue is transmitted.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, viewportScreenshots, watchedPage } from '../support/browser';
import { coreRpc } from '../support/shop';
import { fillSale, folded } from '../support/sale';
import { tempDir } from '../support/temp';
import { startWebApp, type WebApp } from '../support/web-app';
import { contingencyProfile } from '../support/contingency';

let dir: ReturnType<typeof tempDir>;
let app: WebApp;
let browser: Browser;

beforeAll(async () => {
  dir = tempDir();
  // First run: the host starts the embedded sandbox and makes it the connection in use.
  app = await startWebApp(dir.path);
  // The shop's contingency numbering: without it the queued invoice would be rejected (docs/SANDBOX.md).
  await coreRpc(app)('history.setIssuer', contingencyProfile());
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  dir?.remove();
});

describe('rehearsing an outage from Ajustes', () => {
  it('«conexión rechazada» sends a sale to the contingency queue; ending it lets the queue be transmitted', async () => {
    const { page, errors } = await watchedPage(browser, {}, { consoleErrors: false });
    const nav = (name: string) => page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name });
    // The counter opens first, as in a shop: its payment methods are read while the service answers.
    await page.goto(`${app.bridge.url}#/facturas`);
    await page.getByRole('button', { name: 'Emitir factura' }).waitFor();

    await nav('Ajustes').click();
    const panel = page.getByTestId('embedded-sandbox-panel');
    const state = panel.getByTestId('outage-state');
    await expect.poll(async () => folded(await state.textContent())).toContain('Funcionamiento normal');
    await panel.getByLabel('El servicio no responde (conexión rechazada)').check();
    await panel.getByRole('button', { name: 'Iniciar la simulación' }).click();
    await expect
      .poll(async () => folded(await state.textContent()))
      .toBe('Estado: Simulación en curso: El servicio no responde (conexión rechazada). Dura hasta que la termine.');
    await viewportScreenshots(page, 'outage-rehearsal-panel');

    await nav('Facturas').click();
    await page.getByRole('button', { name: 'Emitir factura' }).waitFor();
    await fillSale(page, '1020304050', 'Cliente Del Ensayo', 'Arroz 5 kg');
    await page.getByRole('button', { name: 'Emitir factura' }).click();
    await page.getByRole('heading', { name: 'Factura de contingencia: puede seguir vendiendo' }).waitFor({ timeout: 30_000 });
    const ref = folded(await page.getByTestId('contingency-ref').textContent());
    expect(ref).toMatch(/^CONT-[0-9A-HJKMNP-TV-Z]{8}-\d{6}$/);
    const banner = page.getByTestId('outbox-banner');
    await expect
      .poll(async () => folded(await banner.textContent()))
      .toContain('Sin conexión con el servicio — 1 documento en cola');

    await nav('Ajustes').click();
    await panel.getByRole('button', { name: 'Terminar la simulación' }).click();
    await expect
      .poll(async () => folded(await state.textContent()))
      .toBe('Estado: Funcionamiento normal: no hay ninguna simulación en curso.');
    await banner.getByRole('button', { name: 'Transmitir ahora' }).click();
    await banner.waitFor({ state: 'detached', timeout: 30_000 });

    const rpc = coreRpc(app);
    const sent = (
      await rpc<{ state: string; document_id: number | null; contingency: { local_ref: string } | null }[]>(
        'submissions.list',
        {},
      )
    ).filter((submission) => submission.contingency);
    expect(sent).toEqual([
      expect.objectContaining({ contingency: expect.objectContaining({ local_ref: ref }), document_id: expect.any(Number) }),
    ]);
    expect(['accepted', 'pending']).toContain(sent[0]!.state);
    expect(errors).toEqual([]);
    await page.close();
  });
});
