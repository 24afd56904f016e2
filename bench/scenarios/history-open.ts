// Opening the Historial with 100,000 documents in headless Chromium through the web bridge, to the
// first rows painted:
//  - from the navigation: the app open on its first screen for APP_OPEN_MS (long enough for the
//    renderer to have preloaded the other screens' code in the background, as it does after start),
//    then a click on "Historial" in the sidebar; measured from the click's event.timeStamp;
//  - by deep link: a page load of #/historial, measured from navigation start.
// "Painted": a MutationObserver sees the first row element, then a task posted from the next
// animation frame runs once that frame's style, layout and paint are done.
// The web host runs on a copy of the bench's 100k home (the host writes to its home: WAL, logs).
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import {
  armReadyProbe,
  freshContext,
  launchBrowser,
  readyTimes,
  requireBrowserSetup,
  startWebHost,
  watchErrors,
  type WebHost,
} from '../lib/browser';
import { summarise, type Figure } from '../lib/figure';
import type { Scenario } from '../lib/scenario';

const OPENS_PER_RUN = 5;
/** How long the app is open on its first screen before the click (a user reading it); > PRELOAD_AFTER_MS. */
const APP_OPEN_MS = 4000;
export const FIRST_ROW = '[data-testid="history-row"]';

/** Page code (a string: tsx's esbuild would add a `__name` helper the page lacks to a function). */
const ARM_CLICK_PROBE = `(selector) => {
  window.__historyOpen = new Promise((resolveOpen) => {
    let clickedAt = null;
    const link = [...document.querySelectorAll('a.sidebar__link')].find((a) => a.textContent.trim() === 'Historial');
    link.addEventListener('click', (event) => { clickedAt = event.timeStamp; }, { capture: true, once: true });
    const observer = new MutationObserver(() => {
      if (clickedAt === null || document.querySelector(selector) === null) return;
      observer.disconnect();
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolveOpen(performance.now() - clickedAt);
        channel.port2.postMessage(null);
      });
    });
    observer.observe(document, { subtree: true, childList: true });
  });
}`;

async function openFromNavigation(browser: Browser, host: WebHost): Promise<number> {
  const context = await freshContext(browser, host);
  try {
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${host.origin}/#/facturas`);
    await page.locator('form[aria-label="Factura electrónica de venta"]').waitFor();
    await page.waitForTimeout(APP_OPEN_MS);
    await page.evaluate(`(${ARM_CLICK_PROBE})(${JSON.stringify(FIRST_ROW)})`);
    await page.getByRole('link', { name: 'Historial' }).click();
    const ms = (await page.evaluate(`window.__historyOpen`)) as number;
    assertNoErrors(errors);
    return ms;
  } finally {
    await context.close();
  }
}

async function openByDeepLink(browser: Browser, host: WebHost): Promise<number> {
  const context = await freshContext(browser, host);
  try {
    await armReadyProbe(context, FIRST_ROW);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${host.origin}/#/historial`, { waitUntil: 'commit' });
    const times = await readyTimes(page);
    assertNoErrors(errors);
    return times.painted;
  } finally {
    await context.close();
  }
}

function assertNoErrors(errors: string[]): void {
  // Without a server the Facturas screen cannot load the company's catalogs: expected, not a failure.
  const real = errors.filter((e) => !/Failed to load resource/.test(e));
  if (real.length > 0) throw new Error(`the page reported errors: ${real.join('; ')}`);
}

export const historyOpenScenario: Scenario = {
  id: 'history-open',
  title: 'opening the Historial with 100,000 documents in headless Chromium, to the first rows painted',
  async run(ctx) {
    requireBrowserSetup();
    const history = await ctx.historyHome();
    const home = join(ctx.tmp, 'history-open-home');
    cpSync(history.home, home, { recursive: true });
    const host = await startWebHost(home);
    const browser = await launchBrowser();
    try {
      await openFromNavigation(browser, host); // warm-up: host statements and page cache, file cache
      await openByDeepLink(browser, host);
      const fromNav: number[] = [];
      const fromNavP95: number[] = [];
      const deepLink: number[] = [];
      for (let run = 0; run < ctx.runs; run += 1) {
        const opens: number[] = [];
        const links: number[] = [];
        for (let i = 0; i < OPENS_PER_RUN; i += 1) {
          opens.push(await openFromNavigation(browser, host));
          links.push(await openByDeepLink(browser, host));
        }
        const summary = summarise(opens);
        fromNav.push(summary.median);
        fromNavP95.push(summary.p95);
        deepLink.push(summarise(links).median);
      }
      const figures: Figure[] = [
        {
          name: 'history open 100k, click to first rows painted',
          unit: 'ms',
          runs: fromNav,
          p95s: fromNavP95,
          target: { on: 'median', op: '<=', value: 300 },
          note: `click on "Historial" (event.timeStamp) to the frame that shows the first row, the app open ${APP_OPEN_MS / 1000} s before; fresh context, median of ${OPENS_PER_RUN} opens per run`,
        },
        {
          name: 'history open 100k, deep link load to first rows painted',
          unit: 'ms',
          runs: deepLink,
          note: 'navigation start of #/historial to the frame that shows the first row (includes the app start)',
        },
      ];
      return figures;
    } finally {
      await browser.close();
      await host.stop();
    }
  },
};
