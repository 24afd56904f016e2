// Contingency in Chromium against the sandbox: the service stops accepting connections in the middle of
// the day; the counter keeps selling, each invoice is a "Factura de contingencia" with its local
// reference, a banner (never a modal) counts the queue; when the service is back, "Transmitir ahora"
// sends the queue in order and the banner goes. Screenshots at 1366x768 and 1920x1080.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '#sandbox/index';
import { launchBrowser, viewportScreenshots, watchedPage } from '../support/browser';
import { connectDemo, coreRpc } from '../support/shop';
import { tempDir } from '../support/temp';
import { startWebApp, type WebApp } from '../support/web-app';
import { fillSale, folded } from '../support/sale';
import { contingencyProfile } from '../support/contingency';
import { connectionsClosedTo, portOf } from '../support/closed-connections';

let dir: ReturnType<typeof tempDir>;
let app: WebApp;
let sandbox: RunningSandbox;
let browser: Browser;
let rpc: ReturnType<typeof coreRpc>;

beforeAll(async () => {
  dir = tempDir();
  sandbox = await startSandbox({ seed: 'resources/demo-seed.json', settleMs: 200 });
  app = await startWebApp(dir.path);
  rpc = coreRpc(app);
  await connectDemo(rpc, sandbox.baseUrl);
  await rpc('history.setIssuer', contingencyProfile());
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await sandbox?.close();
  dir?.remove();
});

describe('selling through an outage in Chromium', () => {
  it('sells contingency invoices while the service refuses connections, then transmits them in order', async () => {
    const { page, errors } = await watchedPage(browser, {}, { consoleErrors: false });
    // The browser's print dialog, counted instead of opened (a headless page cannot show it).
    let dialogs = 0;
    await page.exposeFunction('countPrint', () => (dialogs += 1));
    await page.addInitScript('window.print = () => { void window.countPrint(); };');
    await page.goto(`${app.bridge.url}#/facturas`);
    await page.getByRole('button', { name: 'Emitir factura' }).waitFor();

    await sandbox.outage('refuse');
    // Until the app's pool has let its kept-alive connections go: the next sale then meets a refused
    // connection (contingency), not a dead kept-alive one (in doubt).
    await connectionsClosedTo(portOf(sandbox.baseUrl));
    await fillSale(page, '1020304050', 'Cliente Sin Servicio', 'Arroz 5 kg');
    await page.getByRole('button', { name: 'Emitir factura' }).click();
    await page.getByRole('heading', { name: 'Factura de contingencia: puede seguir vendiendo' }).waitFor({ timeout: 30_000 });
    const ref1 = folded(await page.getByTestId('contingency-ref').textContent());
    // The reference names the register that queued the sale (its id, registers.ts), then its number.
    expect(ref1).toMatch(/^CONT-[0-9A-HJKMNP-TV-Z]{8}-\d{6}$/);
    await expect.poll(() => page.locator(':focus').textContent()).toBe('Nueva venta');
    const banner = page.getByTestId('outbox-banner');
    await expect
      .poll(async () => folded(await banner.textContent()))
      .toContain('Sin conexión con el servicio — 1 documento en cola');
    await viewportScreenshots(page, 'contingency-result');

    // The customer leaves with a printed receipt: marked as contingency, with the local reference and
    // the sale's lines and totals; no number, CUFE or QR until the service numbers it.
    const printButton = page.getByRole('button', { name: /^Imprimir \(.*\) · F9$/ });
    await expect.poll(() => printButton.isEnabled()).toBe(true);
    await page.keyboard.press('F9');
    await expect.poll(() => dialogs).toBe(1);
    const receipt = page.getByTestId('counter-printout');
    const receiptText = folded(await receipt.textContent());
    for (const expected of [
      `· Ref. local ${ref1}`,
      'Numeración de contingencia DIAN No. 18764000009',
      'No. por asignar al transmitir',
      'Cliente Sin Servicio',
      'Arroz 5 kg',
      '$ 23.800,00',
      'Se asigna al transmitir la factura',
      'Comprobante de venta en contingencia',
    ]) {
      expect(receiptText).toContain(expected);
    }
    expect(receiptText).not.toContain('código QR');
    expect(await receipt.getByRole('img', { name: /Código QR/ }).count()).toBe(0);
    await page.emulateMedia({ media: 'print' });
    await viewportScreenshots(page, 'contingency-receipt');
    await page.emulateMedia({ media: 'screen' });
    // Emulating print media hides the app (only the printout is on paper), which drops the focus; a real
    // print dialog leaves the page as it was, with «Nueva venta» focused.
    await page.getByRole('button', { name: 'Nueva venta' }).focus();

    // The counter goes on: the next sale, also in contingency, behind the first.
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Emitir factura' }).waitFor();
    await fillSale(page, '1020304051', 'Segundo Cliente', 'Aceite 1 l');
    await page.getByRole('button', { name: 'Emitir factura' }).click();
    await page.getByRole('heading', { name: 'Factura de contingencia: puede seguir vendiendo' }).waitFor({ timeout: 30_000 });
    const ref2 = folded(await page.getByTestId('contingency-ref').textContent());
    expect(ref2 > ref1).toBe(true);
    await expect.poll(async () => folded(await banner.textContent())).toContain('2 documentos en cola');
    expect(folded(await banner.textContent())).toMatch(/Última comprobación: \d{2}\/\d{2}\/\d{4}/);
    await viewportScreenshots(page, 'contingency-banner');
    // The queue, each document with the time left of its 48-hour window, in transmission order.
    await banner.getByRole('button', { name: 'Ver la cola' }).click();
    const queueRows = page.getByTestId('outbox-list').locator('tbody tr');
    await expect.poll(() => queueRows.count()).toBe(2);
    const cells = (n: number) => queueRows.nth(n).locator('td').allInnerTexts();
    expect(await cells(0)).toEqual([
      ref1,
      expect.stringMatching(/^T\d+1$/),
      'Factura',
      'Cliente Sin Servicio',
      expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}/),
      expect.stringMatching(/^quedan 4[78] h/),
      expect.any(String),
    ]);
    expect((await cells(1)).slice(0, 4)).toEqual([ref2, expect.stringMatching(/^T\d+2$/), 'Factura', 'Segundo Cliente']);
    await viewportScreenshots(page, 'contingency-queue');
    await banner.getByRole('button', { name: 'Ocultar la cola' }).click();

    // The service is back: "Transmitir ahora" sends the queue; the banner goes.
    await sandbox.outage('none');
    await banner.getByRole('button', { name: 'Transmitir ahora' }).click();
    await banner.waitFor({ state: 'detached', timeout: 30_000 });
    await viewportScreenshots(page, 'contingency-transmitted');

    const list = await rpc<
      { id: number; state: string; document_id: number | null; contingency: { local_ref: string } | null }[]
    >('submissions.list', {});
    const sent = list.filter((s) => s.contingency).sort((a, b) => a.id - b.id);
    expect(sent.map((s) => s.contingency!.local_ref)).toEqual([ref1, ref2]);
    expect(sent.every((s) => s.state === 'accepted' || s.state === 'pending')).toBe(true);
    expect(sent[0]!.document_id! < sent[1]!.document_id!).toBe(true);

    // The definitive invoice prints with its number and CUFE, marked as a contingency invoice.
    await page.goto(`${app.bridge.url}#/historial`);
    await page.getByRole('heading', { level: 1, name: 'Historial' }).waitFor();
    const number1 = (await rpc<{ document_number: string | null }>('submissions.get', { id: sent[0]!.id })).document_number!;
    const row = page.getByTestId('history-row').filter({ has: page.getByText(number1, { exact: true }) });
    await row.waitFor({ timeout: 30_000 });
    await row.click();
    await page.getByRole('link', { name: 'Representación gráfica (PDF)' }).click();
    const printout = page.getByRole('article', { name: 'Representación gráfica' });
    await printout.waitFor();
    // Its number is the contingency ticket's (the shop's contingency numbering, DIAN type 03).
    await expect
      .poll(async () => folded(await page.getByTestId('print-contingency').textContent()))
      .toContain(`Factura de contingencia No. ${number1} · Ref. local ${ref1}`);
    expect(folded(await printout.textContent())).toContain(`No. ${number1}`);
    await viewportScreenshots(page, 'contingency-printout');
    expect(errors).toEqual([]);
    await page.close();
  });
});
