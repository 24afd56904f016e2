// The browser scenarios' app: `src/main/web.ts` (what `npm run web` starts) as its own process on a
// given home, serving the built renderer (out/renderer) through the loopback web bridge, and headless
// Chromium (Debian's, through playwright-core, with the e2e tests' flags) driving it.
//
// The host runs in a child process so that core's work (RPC, SQLite) does not share an event loop
// with the Playwright client that drives the page, as in the app, where core runs in the main process.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { WEB_SECRET_STORAGE_KEY } from '#shared/rpc/web-session';
import { CHROMIUM, launchBrowser } from '#test/browser';
import { Skip } from './scenario';
import { startWebHost as startWebHostChild } from './web-host';

const ROOT = resolve(import.meta.dirname, '..', '..');
export const RENDERER_INDEX = join(ROOT, 'out', 'renderer', 'index.html');

/** Skips the scenario when the renderer was not built or Chromium is not installed. */
export function requireBrowserSetup(): void {
  if (!existsSync(RENDERER_INDEX)) throw new Skip('out/renderer is missing: run `npx electron-vite build` first');
  if (!existsSync(CHROMIUM)) throw new Skip(`Chromium not found at ${CHROMIUM}`);
}

export interface WebHost {
  /** http://127.0.0.1:PORT */
  origin: string;
  secret: string;
  /** One RPC call through the bridge, as the renderer makes it; throws on an error reply. */
  rpc<T = unknown>(method: string, input: unknown): Promise<T>;
  stop(): Promise<void>;
}

/** The web host of bench/lib/web-host.ts (under tsx, as `npm run web` runs it), its RPC answering the output alone. */
export async function startWebHost(home: string): Promise<WebHost> {
  const host = await startWebHostChild(home);
  return {
    origin: host.origin,
    secret: host.secret,
    rpc: async <T>(method: string, input: unknown) => (await host.rpc<T>(method, input)).output,
    stop: () => host.stop(),
  };
}

export { launchBrowser };

/**
 * A fresh browser context (no cache, no storage) whose pages already hold the bridge's session
 * secret in sessionStorage, so that a navigation loads the app directly, as Electron loads its file,
 * without the printed URL's `#secret=` fragment.
 */
export async function freshContext(browser: Browser, host: WebHost): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 900 },
    locale: 'es-CO',
    timezoneId: 'America/Bogota',
  });
  await context.addInitScript(
    ([key, secret]) => {
      (globalThis as unknown as { sessionStorage: { setItem(k: string, v: string): void } }).sessionStorage.setItem(key, secret);
    },
    [WEB_SECRET_STORAGE_KEY, host.secret] as const,
  );
  return context;
}

/** Collects page errors and console errors, so that a scenario can refuse to report a broken screen. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

export interface ReadyTimes {
  /** performance.now() (ms from navigation start) when the DOM first matched */
  seen: number;
  /** performance.now() after the frame that shows it was rendered (rAF, then a task after the frame) */
  painted: number;
}

/**
 * Arms every page of `context`: from the document's first script on, a MutationObserver watches for
 * `selector`; once it matches, the next animation frame is awaited and then a message task, which
 * runs after that frame's style, layout and paint. `readyTimes(page)` returns both moments.
 * (Page code is a string: tsx's esbuild would wrap named functions in a `__name` helper the page lacks.)
 */
export async function armReadyProbe(context: BrowserContext, selector: string): Promise<void> {
  await context.addInitScript(`
    window.__benchReady = new Promise((resolveReady) => {
      const wanted = ${JSON.stringify(selector)};
      const observer = new MutationObserver(() => {
        if (document.querySelector(wanted) === null) return;
        observer.disconnect();
        const seen = performance.now();
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolveReady({ seen, painted: performance.now() });
          channel.port2.postMessage(null);
        });
      });
      observer.observe(document, { subtree: true, childList: true, attributes: true });
    });`);
}

export async function readyTimes(page: Page, timeoutMs = 30_000): Promise<ReadyTimes> {
  return (await page.evaluate(`Promise.race([
    window.__benchReady,
    new Promise((_, reject) => setTimeout(() => reject(new Error('the awaited element never appeared')), ${timeoutMs})),
  ])`)) as ReadyTimes;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  tdur?: number;
  args?: { name?: string };
}

/**
 * CPU time (ms) of the renderer's main thread while `work` runs: the thread time of its top-level
 * tasks in a Chromium trace ('toplevel' only, which costs little). Unlike wall time, it does not
 * grow when other processes take the machine's cores, so it shows what the page itself costs.
 */
export async function rendererMainThreadCpu(browser: Browser, page: Page, work: () => Promise<void>): Promise<number> {
  await browser.startTracing(page, { categories: ['toplevel'] });
  let trace: Buffer;
  try {
    await work();
  } finally {
    trace = await browser.stopTracing();
  }
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  // Web page renderers only: Chromium's own pages (a "WebUI" renderer) sometimes run in the window.
  const pages = new Set(events.filter((e) => e.name === 'process_name' && e.args?.name === 'Renderer').map((e) => e.pid));
  const mains = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && pages.has(e.pid))
      .map((e) => `${e.pid}:${e.tid}`),
  );
  let micros = 0;
  for (const e of events)
    if (e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && mains.has(`${e.pid}:${e.tid}`)) micros += e.tdur ?? 0;
  return micros / 1000;
}
