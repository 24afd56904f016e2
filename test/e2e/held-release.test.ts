// In Chromium: a DSE whose first request was lost before reaching the server is
// held after its token was replaced by another API client's. Documentos soporte › Pendientes says
// what happened and what to do; "Enviar con el token actual" stays disabled until the user states
// that the provider's portal shows no such document; then it is sent once, with the same key.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '#sandbox/index';
import { launchBrowser, viewportScreenshots, watchedPage } from '../support/browser';
import { CORE_COMPANY as COMPANY, coreSeed, CORE_TOKENS as TOKENS } from '../support/seed';
import { tempDir } from '../support/temp';
import { connect, coreRpc, type Rpc } from '../support/shop';
import { startWebApp, type WebApp } from '../support/web-app';
import { memorySecrets } from '../support/core/memory-secrets';
import { dse, dseDocumentIds, MAGIC } from '../support/requests/outcomes';

let dir: ReturnType<typeof tempDir>;
let sandbox: RunningSandbox;
let browser: Browser;
let app: WebApp;
let rpc: Rpc;

/** The first POST never leaves: the server has nothing, the app cannot know that. */
let dropped = false;
const droppingFirst: typeof globalThis.fetch = async (input, init) => {
  if (init?.method === 'POST' && !dropped) {
    dropped = true;
    throw new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } });
  }
  return fetch(input, init);
};

beforeAll(async () => {
  dir = tempDir('factura-desk-e2e-held-');
  sandbox = await startSandbox({ seed: coreSeed(0), settleMs: 50 });
  app = await startWebApp(dir.path, { secrets: memorySecrets(), embeddedSandbox: false, fetch: droppingFirst });
  rpc = coreRpc(app);
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await sandbox?.close();
  dir?.remove();
});

describe('a submission held by a token change', () => {
  it('is explained in Pendientes and sent under the new token only after the portal check is confirmed', async () => {
    const connection = await connect(
      rpc,
      { label: 'Pruebas', kind: 'sandbox', base_url: sandbox.baseUrl, company_id: COMPANY },
      TOKENS.full,
    );
    const sent = await rpc<{ id: number; state: string }>('dse.submit', {
      request: dse(MAGIC.accept, 'retenido'),
      key: 'dse-retenido-e2e-1',
    });
    expect(sent.state).toBe('in_doubt');
    await rpc('connections.setToken', { id: connection, token: TOKENS.noFeRead, replace_unresolved: true });
    expect(await rpc('submissions.check', { id: sent.id })).toMatchObject({
      state: 'in_doubt',
      error: { code: 'credentials_changed' },
    });
    expect(await dseDocumentIds(sandbox.baseUrl, TOKENS.full)).toHaveLength(0);

    const { page, errors } = await watchedPage(browser, {}, { consoleErrors: false });
    await page.goto(`${app.bridge.url}#/documentos-soporte/pendientes`);
    const held = page.getByTestId('held-release');
    await held.waitFor({ timeout: 20_000 });
    expect((await held.textContent())?.replace(/\s+/g, ' ')).toMatch(
      /Se envió con otro token\..*Volver a ingresar en Ajustes el token con el que se envió.*dse-retenido-e2e-1/,
    );
    const send = held.getByRole('button', { name: 'Enviar con el token actual' });
    expect(await send.isDisabled()).toBe(true);
    await viewportScreenshots(page, 'held-release');

    await held.getByLabel(/Revisé el portal del proveedor: el documento soporte no existe/).check();
    await send.click();
    await page.getByTestId('held-release').waitFor({ state: 'detached', timeout: 20_000 });
    await viewportScreenshots(page, 'held-release-sent');
    expect(await rpc('submissions.get', { id: sent.id })).toMatchObject({
      state: 'accepted',
      attempts: 2,
      idempotency_key: 'dse-retenido-e2e-1',
    });
    expect(await dseDocumentIds(sandbox.baseUrl, TOKENS.full)).toHaveLength(1);
    expect(errors).toEqual([]);
    await page.close();
  });
});
