// The counter at 1366×768 in Chromium with the contingency banner shown (a sale waits in the queue) and
// one invoice pending confirmation (the sandbox keeps receiver 333333333 "en proceso"): «Buscar
// cliente» and the product search are what the window shows at their centre when reached with their
// keys, also from the bottom of the screen, neither under the banner nor under the sticky totals bar.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '#sandbox/index';
import { launchBrowser, viewportScreenshots, watchedPage } from '../support/browser';
import { connectDemo, coreRpc } from '../support/shop';
import { tempDir } from '../support/temp';
import { startWebApp, type WebApp } from '../support/web-app';
import { fillSale, folded } from '../support/sale';
import { contingencyProfile } from '../support/contingency';
import { connectionsClosedTo, portOf } from '../support/closed-connections';
import { inSight } from '../support/in-sight';

let dir: ReturnType<typeof tempDir>;
let app: WebApp;
let sandbox: RunningSandbox;
let browser: Browser;

beforeAll(async () => {
  dir = tempDir();
  // The uncertain invoice stays pending for the whole test.
  sandbox = await startSandbox({ seed: 'resources/demo-seed.json', settleMs: 600_000 });
  app = await startWebApp(dir.path);
  const rpc = coreRpc(app);
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

/**
 * The screen scrolled step by step from its top to its end, as with the mouse wheel: at each step, the
 * labels of the controls whose centre lies in the screen's visible part above the totals bar (the bar's
 * own strip is its by design; a control reached with a key scrolls clear of it) but which something
 * else covers.
 */
async function coveredWhileScrolling(page: Page, labels: readonly string[]): Promise<string[]> {
  return page.evaluate((names) => {
    interface Box {
      getBoundingClientRect(): { left: number; top: number; width: number; height: number; bottom: number };
      contains(other: Box): boolean;
      scrollTop: number;
      scrollHeight: number;
      clientHeight: number;
    }
    const doc = (
      globalThis as unknown as {
        document: { querySelector(selector: string): Box | null; elementFromPoint(x: number, y: number): Box | null };
      }
    ).document;
    const content = doc.querySelector('.content')!;
    const bar = doc.querySelector('.invoice-form__bar')!;
    const covered: string[] = [];
    for (let top = 0; top <= content.scrollHeight - content.clientHeight + 20; top += 20) {
      content.scrollTop = top;
      const view = content.getBoundingClientRect();
      for (const name of names) {
        const element = doc.querySelector(`[aria-label="${name}"]`)!;
        const box = element.getBoundingClientRect();
        const x = box.left + box.width / 2;
        const y = box.top + box.height / 2;
        if (y <= view.top || y >= Math.min(view.bottom, bar.getBoundingClientRect().top)) continue;
        const hit = doc.elementFromPoint(x, y);
        if (!hit || !(hit === element || element.contains(hit))) covered.push(`${name} at ${content.scrollTop}px`);
      }
    }
    content.scrollTop = 0;
    return covered;
  }, labels);
}

/** Scrolls the screen to its end (where the pending list is), as a cashier reading it would. */
async function toBottom(page: Page): Promise<void> {
  await page.evaluate(() => {
    const doc = (
      globalThis as unknown as { document: { querySelector(s: string): { scrollTop: number; scrollHeight: number } | null } }
    ).document;
    const content = doc.querySelector('.content');
    if (content) content.scrollTop = content.scrollHeight;
  });
}

describe('the counter with the contingency banner and a pending invoice at 1366×768', () => {
  it('keeps «Buscar cliente» and the product search in sight, under neither the banner nor the totals bar', async () => {
    const { page, errors } = await watchedPage(browser, {}, { consoleErrors: false });
    await page.goto(`${app.bridge.url}#/facturas`);
    await page.getByRole('button', { name: 'Emitir factura' }).waitFor();

    // One invoice pending confirmation.
    await fillSale(page, '333333333', 'Cliente En Proceso', 'Arroz premium 5 kg');
    await page.getByRole('button', { name: 'Emitir factura' }).click();
    await page.getByRole('heading', { name: 'Factura en confirmación: puede seguir vendiendo' }).waitFor({ timeout: 30_000 });
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Emitir factura' }).waitFor();

    // One sale in the contingency queue: the banner.
    await sandbox.outage('refuse');
    await connectionsClosedTo(portOf(sandbox.baseUrl));
    await fillSale(page, '1020304050', 'Cliente Sin Servicio', 'Arroz 5 kg');
    await page.getByRole('button', { name: 'Emitir factura' }).click();
    await page.getByRole('heading', { name: 'Factura de contingencia: puede seguir vendiendo' }).waitFor({ timeout: 30_000 });
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Emitir factura' }).waitFor();
    const banner = page.getByTestId('outbox-banner');
    await expect.poll(async () => folded(await banner.textContent())).toContain('1 documento en cola');
    await page.getByTestId('pending-invoice').filter({ hasText: 'Cliente En Proceso' }).waitFor();

    // Opened: both controls in sight.
    expect(await inSight(page, 'Buscar cliente')).toBe(true);
    expect(await inSight(page, 'Buscar producto')).toBe(true);
    await viewportScreenshots(page, 'counter-banner-pending');
    // Scrolled by hand: wherever either is in the visible part, nothing lies over it.
    expect(await coveredWhileScrolling(page, ['Buscar cliente', 'Buscar producto'])).toEqual([]);

    // From the bottom of the screen (the pending list), each key brings its control into sight.
    await toBottom(page);
    await viewportScreenshots(page, 'counter-banner-pending-bottom');
    await page.keyboard.press('F3');
    await expect.poll(() => page.locator(':focus').getAttribute('aria-label')).toBe('Buscar cliente');
    await expect.poll(() => inSight(page, 'Buscar cliente')).toBe(true);
    await viewportScreenshots(page, 'counter-banner-customer');

    await toBottom(page);
    await page.keyboard.press('F2');
    await expect.poll(() => page.locator(':focus').getAttribute('aria-label')).toBe('Buscar producto');
    await expect.poll(() => inSight(page, 'Buscar producto')).toBe(true);
    await viewportScreenshots(page, 'counter-banner-product');

    // With the queue opened from the banner too.
    await page.getByRole('button', { name: 'Ver la cola' }).click();
    await page.getByTestId('outbox-list').waitFor();
    await page.keyboard.press('F3');
    await expect.poll(() => inSight(page, 'Buscar cliente')).toBe(true);
    await page.keyboard.press('F2');
    await expect.poll(() => inSight(page, 'Buscar producto')).toBe(true);
    await viewportScreenshots(page, 'counter-banner-queue-open');
    expect(await coveredWhileScrolling(page, ['Buscar cliente', 'Buscar producto'])).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
