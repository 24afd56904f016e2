// The web bridge's secret must not reach any other local origin. Cookies are not
// scoped by port: a cookie set by 127.0.0.1:PORT is sent by the browser to every other service on
// 127.0.0.1, which could then drive the whole RPC. A hostile neighbour on another port, visited in
// the same browser after the app was opened, must receive neither the secret nor a Referer.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { tempDir } from '../support/temp';
import { startWebApp, type WebApp } from '../support/web-app';

let dir: ReturnType<typeof tempDir>;
let app: WebApp;
let browser: Browser;
let neighbour: Server;
let neighbourOrigin: string;
const seen: { url: string; headers: IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  dir = tempDir();
  app = await startWebApp(dir.path);
  browser = await launchBrowser();
  neighbour = createServer((request, response) => {
    seen.push({ url: request.url ?? '', headers: request.headers });
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>vecino</title><p>vecino</p>');
  });
  await new Promise<void>((resolve) => neighbour.listen(0, '127.0.0.1', () => resolve()));
  neighbourOrigin = `http://127.0.0.1:${(neighbour.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (neighbour ? neighbour.close(() => resolve()) : resolve()));
  await app?.close();
  dir?.remove();
});

describe('a hostile service on another local port', () => {
  it('receives neither the secret nor a Referer after the app was opened in the same browser', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(app.bridge.url);
    await page.getByRole('navigation', { name: 'Navegación principal' }).waitFor();
    // The secret left the address bar; the app works (an RPC answered) and keeps working after a reload.
    expect(page.url()).not.toContain(app.bridge.secret);
    await page.reload();
    await page.getByRole('navigation', { name: 'Navegación principal' }).waitFor();
    await expect.poll(() => page.getByTestId('active-connection').textContent()).toMatch(/Conexión|Sin conexión/);

    // The user follows a link from the app's page to the neighbour, then opens it in another tab.
    await page.evaluate(`(() => {
      const link = document.createElement('a');
      link.href = ${JSON.stringify(`${neighbourOrigin}/desde-la-app`)};
      link.textContent = 'vecino';
      document.body.append(link);
      link.click();
    })()`);
    await page.waitForURL(`${neighbourOrigin}/desde-la-app`);
    const other = await context.newPage();
    await other.goto(`${neighbourOrigin}/otra-pestana`);

    expect(seen.length).toBeGreaterThanOrEqual(2);
    for (const request of seen) {
      expect(JSON.stringify(request)).not.toContain(app.bridge.secret);
      expect(request.headers.cookie).toBeUndefined();
      // Its own pages may name themselves (a favicon request); none names the app.
      expect(request.headers.referer ?? '').not.toContain(app.bridge.origin);
    }
    expect(seen.find((request) => request.url === '/desde-la-app')?.headers.referer).toBeUndefined();
    // What the neighbour could read of the bridge's origin from its own page: nothing (no cookie).
    expect(await context.cookies(app.bridge.origin)).toEqual([]);
    await context.close();
  });
});
