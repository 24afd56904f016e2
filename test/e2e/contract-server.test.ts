// The app against a server that keeps the contract but is not our sandbox (test/support/contract-
// server, the variant with bare arrays, no totals, the last page repeated, FE rejections as a 2xx
// with `ok: false`, a 422 without `documento`, and a state nobody knows): the user syncs, and the
// Historial shows every document, the rejected ones as local records, the unknown state "en
// verificación". Chromium through the web bridge, screenshots at 1366x768 and 1920x1080.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Submission } from '#shared/rpc/methods/submissions';
import { CONTRACT_COMPANY, CONTRACT_TOKENS, startContractServer, type ContractServer } from '../support/contract-server/server';
import { OUTCOME_BY_NUMBER as N, VARIANTS } from '../support/contract-server/variants';
import { dseRequest, feRequest } from '../support/contract-server/bed';
import { launchBrowser, screenshot, watchedPage } from '../support/browser';
import { connect, coreRpc, type Rpc } from '../support/shop';
import { tempDir } from '../support/temp';
import { startWebApp, type WebApp } from '../support/web-app';

const VARIANT = VARIANTS.find((v) => v.feRejected === '200-ok-false' && v.dseRejected === 'without-documento')!;

let dir: ReturnType<typeof tempDir>;
let app: WebApp;
let server: ContractServer;
let browser: Browser;
let rpc: Rpc;
const submitted: Record<string, Submission> = {};

beforeAll(async () => {
  dir = tempDir();
  server = await startContractServer(VARIANT, { feDocuments: 30 });
  app = await startWebApp(dir.path);
  rpc = coreRpc(app);
  await connect(
    rpc,
    { label: 'Proveedor conforme al contrato', kind: 'production', base_url: server.baseUrl, company_id: CONTRACT_COMPANY },
    CONTRACT_TOKENS.full,
  );
  submitted.feRejected = await rpc<Submission>('fe.submit', { request: feRequest(N.reject) });
  submitted.feUnknown = await rpc<Submission>('fe.submit', { request: feRequest(N.unknown) });
  submitted.dseRejected = await rpc<Submission>('dse.submit', { request: dseRequest(N.reject) });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await server?.close();
  dir?.remove();
});

describe('the Historial against a server that is not the sandbox', () => {
  it('answers were read by meaning: two rejections, one state nobody knows', () => {
    expect(submitted.feRejected).toMatchObject({ state: 'rejected', estado_dian: 'rechazado' });
    expect(submitted.dseRejected).toMatchObject({ state: 'rejected', document_id: null });
    expect(submitted.feUnknown).toMatchObject({
      state: 'pending',
      estado_dian: VARIANT.spelling.unknown,
      error: { code: 'api_state_unknown' },
    });
  });

  it.each([
    [1366, 768],
    [1920, 1080],
  ])('syncs to the end and lists rejected and unknown documents (%ix%i)', async (width, height) => {
    const { page, errors } = await watchedPage(browser, { viewport: { width, height } }, { consoleErrors: false });
    await page.goto(`${app.bridge.url}#/historial`);
    await page.getByRole('heading', { level: 1, name: 'Historial' }).waitFor();
    await page.getByRole('button', { name: 'Sincronizar' }).click();
    await page.getByText(/Sincronización terminada/).waitFor();
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('Contrato');
    await page.getByText(`Proveedor Contrato ${N.reject}`).waitFor();
    await expect.poll(() => page.getByText(`Cliente Contrato ${N.reject}`).count()).toBe(1);
    await expect.poll(() => page.getByText(`En verificación («${VARIANT.spelling.unknown}»)`).count()).toBe(1);
    await expect.poll(() => page.locator('.badge--error', { hasText: 'Rechazado' }).count()).toBe(2);
    await screenshot(page, `contract-server-history-${width}x${height}`);
    // The DSE rejected without a document: a local record, opened with its submission and reason.
    await page.getByText(`Proveedor Contrato ${N.reject}`).click();
    await page.getByText('Registro local de este equipo').first().waitFor();
    await page
      .getByText(/regla DSAD01/)
      .first()
      .waitFor();
    await screenshot(page, `contract-server-local-record-${width}x${height}`);
    expect(errors).toEqual([]);
    await page.close();
  });
});
