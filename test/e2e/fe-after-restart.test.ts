// Facturas after a restart, in Chromium: core is stopped and started again (a new core on the
// same data folder, the network down after the restart so that nothing changes under the screen)
// with one invoice accepted, one pending at the DIAN and one in doubt whose draft was still saved
// (the app stopped before it could discard it). Facturas shows what the ledger knows, never offers
// "Emitir factura" for the invoice in doubt, keeps the uncertain ones in the pending list with
// their states, and "Emitir factura" afterwards is a new sale under a new key.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '#sandbox/index';
import { launchBrowser, viewportScreenshots, watchedPage } from '../support/browser';
import { RELIABILITY_COMPANY_A as COMPANY, reliabilitySeed, RELIABILITY_TOKENS as TOKENS } from '../support/seed';
import { tempDir } from '../support/temp';
import { connect, coreRpc, type Rpc } from '../support/shop';
import { startWebApp, type WebApp } from '../support/web-app';
import { memorySecrets } from '../support/core/memory-secrets';
import { feBody, SANDBOX_NOW } from '../support/requests/numbered';

let dir: ReturnType<typeof tempDir>;
let sandbox: RunningSandbox;
let browser: Browser;
let app: WebApp | null = null;
let rpc: Rpc;
const secrets = memorySecrets();

beforeAll(async () => {
  dir = tempDir('factura-desk-e2e-fe-restart-');
  // The pending invoice stays "en proceso" for the whole test.
  sandbox = await startSandbox({ seed: reliabilitySeed(), now: SANDBOX_NOW, settleMs: 600_000 });
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await sandbox?.close();
  dir?.remove();
});

async function start(fetch: typeof globalThis.fetch): Promise<string> {
  app = await startWebApp(dir.path, { secrets, embeddedSandbox: false, fetch });
  rpc = coreRpc(app);
  return app.bridge.url;
}

/** Lets the invoice of "Cliente 3" reach the server and loses its answer: the app cannot know it arrived. */
const losingOne: typeof globalThis.fetch = async (input, init) => {
  const response = await fetch(input, init);
  if (
    init?.method === 'POST' &&
    typeof init.body !== 'undefined' &&
    Buffer.from(init.body as Uint8Array)
      .toString('utf8')
      .includes('"Cliente 3"')
  ) {
    await response.text();
    throw new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } });
  }
  return response;
};
const offline: typeof globalThis.fetch = async () => {
  throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
};

describe('Facturas after core restarts', () => {
  it('shows what the ledger knows and offers "Emitir" for a new sale only', async () => {
    await start(losingOne);
    await connect(rpc, { label: 'Pruebas', kind: 'sandbox', base_url: sandbox.baseUrl, company_id: COMPANY }, TOKENS.a);
    const accepted = await rpc<{ state: string }>('fe.submit', { request: { ...feBody(1), draft_key: 'fe-restart-aceptada' } });
    const pending = await rpc<{ state: string; document_number: string | null }>('fe.submit', {
      request: { ...feBody(2, { receptor: '333333333' }), draft_key: 'fe-restart-en-proceso' },
    });
    // The draft is saved with its key before sending; the app stops before it can discard it.
    const doubtful = { ...feBody(3), draft_key: 'fe-restart-en-duda' };
    await rpc('drafts.save', {
      kind: 'FE',
      idempotency_key: doubtful.draft_key,
      data: { receptor: { tipo_documento: '13', numero_documento: doubtful.receptor.numero_doc, nombre: 'Cliente 3' } },
    });
    const inDoubt = await rpc<{ state: string }>('fe.submit', { request: doubtful });
    expect([accepted.state, pending.state, inDoubt.state]).toEqual(['accepted', 'pending', 'in_doubt']);

    // Restart: a new core on the same data folder, with no network.
    await app!.close();
    const url = await start(offline);
    const { page, errors } = await watchedPage(browser, {}, { consoleErrors: false });
    await page.goto(`${url}#/facturas`);

    // The saved draft's key is in the ledger: its state, not the form.
    await page.getByRole('heading', { name: 'Factura en confirmación: puede seguir vendiendo' }).waitFor({ timeout: 20_000 });
    await page.getByText(/no se creará una segunda factura/).waitFor();
    expect(await page.getByRole('button', { name: 'Emitir factura' }).count()).toBe(0);
    const list = page.getByTestId('pending-invoices');
    await list.getByText('Cliente 2').waitFor();
    expect(
      (await list.getByTestId('pending-invoice').filter({ hasText: 'Cliente 2' }).textContent())?.replace(/\s+/g, ' '),
    ).toMatch(/En proceso/);
    await viewportScreenshots(page, 'fe-after-restart-in-doubt');

    // A new sale: an empty form under a new key; both uncertain invoices wait in the list.
    await page.getByRole('button', { name: 'Nueva venta' }).click();
    await page.getByRole('button', { name: 'Emitir factura' }).waitFor();
    expect(await page.getByLabel('Nombre o razón social').inputValue()).toBe('');
    const rows = page.getByTestId('pending-invoice');
    await rows.filter({ hasText: 'Cliente 3' }).waitFor();
    expect((await rows.filter({ hasText: 'Cliente 3' }).textContent())?.replace(/\s+/g, ' ')).toMatch(/Sin respuesta confirmada/);
    expect(await rows.filter({ hasText: 'Cliente 1' }).count()).toBe(0);
    await page.getByLabel('Descripción, línea 1').fill('Venta nueva');
    await expect
      .poll(async () => (await rpc<{ idempotency_key: string } | null>('drafts.get', { kind: 'FE' }))?.idempotency_key, {
        timeout: 10_000,
      })
      .toMatch(/^fe-/);
    const draft = await rpc<{ idempotency_key: string }>('drafts.get', { kind: 'FE' });
    expect(['fe-restart-aceptada', 'fe-restart-en-proceso', 'fe-restart-en-duda']).not.toContain(draft.idempotency_key);
    await viewportScreenshots(page, 'fe-after-restart-new-sale');

    expect(errors).toEqual([]);
    await page.close();
  });
});
