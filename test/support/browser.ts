// Playwright on Debian's Chromium (no browser download is possible here), headless, with the
// flags that keep it from reaching for the network at start.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOTS = join(import.meta.dirname, '..', '..', 'test-results');

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install chromium; .ci/run does)`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** The visible window (fixed notices and bars included) at the two sizes screens are checked at. */
export async function viewportScreenshots(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const size = page.viewportSize();
  for (const [width, height] of [
    [1366, 768],
    [1920, 1080],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-${width}x${height}.png`) });
  }
  if (size) await page.setViewportSize(size);
}

export type PageOptions = NonNullable<Parameters<Browser['newPage']>[0]>;

/**
 * A new page (1366x768, es-CO unless `options` say otherwise) whose uncaught script errors gather in
 * `errors`, and its console errors too unless `consoleErrors` is false: a test ends expecting none.
 */
export async function watchedPage(
  browser: Browser,
  options: PageOptions = {},
  { consoleErrors = true } = {},
): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1366, height: 768 }, locale: 'es-CO', ...options });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  if (consoleErrors) {
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
  }
  return { page, errors };
}
