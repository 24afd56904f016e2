// The web app against contract-keeping servers over real HTTPS, each with shapes it once failed on
// (a Laravel paginator, DRF pages, a cursor-only list; acceptance with notices in three spellings; a
// rejected FE answered without its id), whose certificate comes from a test authority the shop
// trusts for the connection (Ajustes › Conexión; here through core's method). A new company with
// no invoices syncs; after two sales Historial shows one row per document, the acceptance with
// notices named in Spanish as accepted; after 50 more, the local history equals the server's, one
// document per key. Chromium through the web bridge.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryPage } from '#shared/rpc/methods/history';
import type { Submission } from '#shared/rpc/methods/submissions';
import { CONTRACT_COMPANY, CONTRACT_TOKENS, startContractServer, type ContractServer } from '../support/contract-server/server';
import { makeTestPki, type TestPki } from '../support/contract-server/test-pki';
import { OUTCOME_BY_NUMBER as N, SHAPE_VARIANTS, type ContractVariant } from '../support/contract-server/variants';
import { feRequest } from '../support/contract-server/bed';
import { launchBrowser, screenshot, watchedPage } from '../support/browser';
import { connect, coreRpc, type Rpc } from '../support/shop';
import { tempDir } from '../support/temp';
import { startWebApp, type WebApp } from '../support/web-app';

let browser: Browser;
let pki: TestPki;

beforeAll(async () => {
  pki = await makeTestPki();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe.each(SHAPE_VARIANTS.map((v, i) => [v.name, v, i] as [string, ContractVariant, number]))(
  'Historial over HTTPS against a server with %s',
  (_name, variant, index) => {
    let dir: ReturnType<typeof tempDir>;
    let app: WebApp;
    let server: ContractServer;
    let rpc: Rpc;

    beforeAll(async () => {
      dir = tempDir();
      server = await startContractServer(variant, { feDocuments: 0, tls: pki.server.valid });
      app = await startWebApp(dir.path);
      rpc = coreRpc(app);
      const id = await connect(
        rpc,
        { label: 'Proveedor con autoridad propia', kind: 'production', base_url: server.baseUrl, company_id: CONTRACT_COMPANY },
        CONTRACT_TOKENS.full,
      );
      await rpc('connections.trustCa', { id, pem: pki.caCert });
    });

    afterAll(async () => {
      await app?.close();
      await server?.close();
      dir?.remove();
    });

    it('a new company syncs; an accepted-with-notices sale and a rejection are one row each; then the history equals the server’s', async () => {
      expect(server.baseUrl).toMatch(/^https:/);
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
      await screenshot(page, `contract-shapes-history-${index}-1366x768`);

      // 50 more documents on the server: every page walked over HTTPS, the local history equal to the server's.
      server.seedFe(50);
      await page.getByRole('searchbox', { name: 'Buscar' }).fill('');
      await page.getByRole('button', { name: 'Sincronizar' }).click();
      const local = () =>
        rpc<HistoryPage>('history.list', { filter: { kind: 'FE' }, offset: 0, limit: 500 }).then((p) =>
          p.items.map((r) => [r.remote_id, r.estado_dian] as const).sort((a, b) => a[0] - b[0]),
        );
      const remote = server.feSnapshot();
      expect(remote).toHaveLength(52);
      const expected = remote.map((d) => [d.id, d.estado === 'rejected' ? 'rechazado' : 'aceptado_con_notificaciones'] as const);
      await expect.poll(local, { timeout: 30_000 }).toEqual(expected);
      const keys = remote.map((d) => d.draftKey).filter((k): k is string => k !== null);
      expect(keys).toHaveLength(2);
      expect(new Set(keys).size).toBe(keys.length);
      expect(await page.getByText('No se pudo sincronizar').count()).toBe(0);
      expect(errors).toEqual([]);
      await page.close();
    });
  },
);
