// The web app against a contract-keeping server with the shapes it once failed on (the Laravel
// paginator, "Aprobado con notificación", a rejected FE answered without its id): a new company with
// no invoices syncs, and after two sales Historial shows one row per document, the acceptance with
// notices named in Spanish as accepted. Chromium through the web bridge.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryPage } from '#shared/rpc/methods/history';
import type { Submission } from '#shared/rpc/methods/submissions';
import { CONTRACT_COMPANY, CONTRACT_TOKENS, startContractServer, type ContractServer } from '../support/contract-server/server';
import { OUTCOME_BY_NUMBER as N, SHAPE_VARIANTS } from '../support/contract-server/variants';
import { feRequest } from '../support/contract-server/bed';
import { launchBrowser, screenshot, watchedPage } from '../support/browser';
import { connect, coreRpc, type Rpc } from '../support/shop';
import { tempDir } from '../support/temp';
import { startWebApp, type WebApp } from '../support/web-app';

const VARIANT = SHAPE_VARIANTS.find((v) => v.feList === 'laravel')!;

let dir: ReturnType<typeof tempDir>;
let app: WebApp;
let server: ContractServer;
let browser: Browser;
let rpc: Rpc;

beforeAll(async () => {
  dir = tempDir();
  server = await startContractServer(VARIANT, { feDocuments: 0 });
  app = await startWebApp(dir.path);
  rpc = coreRpc(app);
  await connect(
    rpc,
    { label: 'Proveedor con Laravel', kind: 'production', base_url: server.baseUrl, company_id: CONTRACT_COMPANY },
    CONTRACT_TOKENS.full,
  );
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await server?.close();
  dir?.remove();
});

describe('Historial against a Laravel server that accepts with notices', () => {
  it('a new company syncs, then an accepted-with-notices sale and a rejection are one row each', async () => {
    const { page, errors } = await watchedPage(browser, { viewport: { width: 1366, height: 768 } }, { consoleErrors: false });
    await page.goto(`${app.bridge.url}#/historial`);
    await page.getByRole('heading', { level: 1, name: 'Historial' }).waitFor();
    await page.getByRole('button', { name: 'Sincronizar' }).click();
    await page.getByText(/Sincronización terminada/).waitFor();
    expect(await page.getByText('No se pudo sincronizar').count()).toBe(0);

    const accepted = await rpc<Submission>('fe.submit', { request: feRequest(N.accept) });
    expect(accepted).toMatchObject({ state: 'accepted', estado_dian: 'aceptado_con_notificaciones' });
    const rejected = await rpc<Submission>('fe.submit', { request: feRequest(N.reject) });
    expect(rejected).toMatchObject({ state: 'rejected', document_id: null });

    await page.getByRole('button', { name: 'Sincronizar' }).click();
    // The rejection's local record is replaced by the server's row once the sync has listed it.
    const rejectedRows = () =>
      rpc<HistoryPage>('history.list', { filter: { q: `Contrato ${N.reject}` }, offset: 0, limit: 10 }).then((p) =>
        p.items.map((r) => r.remote_id > 0),
      );
    await expect.poll(rejectedRows, { timeout: 30_000 }).toEqual([true]);
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('Contrato');
    const rows = page.getByTestId('history-row');
    await rows.filter({ hasText: `Cliente Contrato ${N.accept}` }).waitFor();
    await expect.poll(() => rows.locator('.badge--ok', { hasText: 'Aceptado con notificaciones' }).count()).toBe(1);
    await expect.poll(() => rows.filter({ hasText: `Cliente Contrato ${N.reject}` }).count()).toBe(1);
    await expect.poll(() => rows.locator('.badge--error', { hasText: 'Rechazado' }).count()).toBe(1);
    expect(await rows.filter({ hasText: 'En verificación' }).count()).toBe(0);
    await screenshot(page, 'contract-shapes-history-1366x768');
    expect(errors).toEqual([]);
    await page.close();
  });
});
