// The web app (Chromium through the web bridge, core in Node) against a provider over real HTTPS whose
// certificate comes from its own authority: «Probar conexión» names the refused certificate; the user
// adds the authority's PEM file in Ajustes › Conexión, sees its subject, fingerprint and expiry, and
// the connection works.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_COMPANY, CONTRACT_TOKENS, startContractServer, type ContractServer } from '../support/contract-server/server';
import { makeTestPki } from '../support/contract-server/test-pki';
import { VARIANTS } from '../support/contract-server/variants';
import { launchBrowser, screenshot, watchedPage } from '../support/browser';
import { connect, coreRpc } from '../support/shop';
import { tempDir } from '../support/temp';
import { startWebApp, type WebApp } from '../support/web-app';

let dir: ReturnType<typeof tempDir>;
let app: WebApp;
let server: ContractServer;
let browser: Browser;
let authorityFile: string;

beforeAll(async () => {
  dir = tempDir();
  const pki = await makeTestPki();
  authorityFile = join(dir.path, 'autoridad-proveedor.pem');
  writeFileSync(authorityFile, pki.caCert);
  server = await startContractServer(VARIANTS[0]!, { feDocuments: 3, tls: pki.server.valid });
  app = await startWebApp(join(dir.path, 'home'));
  await connect(
    coreRpc(app),
    { label: 'Proveedor con autoridad propia', kind: 'production', base_url: server.baseUrl, company_id: CONTRACT_COMPANY },
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

describe("a provider's own certificate authority", () => {
  it('is named when refused, then trusted from its PEM file in Ajustes', async () => {
    const { page, errors } = await watchedPage(browser, { viewport: { width: 1366, height: 768 } }, { consoleErrors: false });
    await page.goto(`${app.bridge.url}#/ajustes`);
    const card = page.getByRole('article', { name: 'Conexión Proveedor con autoridad propia' });
    await card.getByRole('button', { name: 'Probar conexión' }).click();
    await card.getByText('Certificado de seguridad rechazado').waitFor();
    await card.getByText(/autoridad que este equipo no reconoce/).waitFor();
    expect(server.requests).toHaveLength(0);

    await card.getByLabel('Archivo del certificado de la autoridad').setInputFiles(authorityFile);
    await card.getByText('Autoridad de Pruebas, Proveedor de Pruebas').waitFor();
    await card.getByText('Huella SHA-256').waitFor();
    await card.getByRole('button', { name: 'Probar conexión' }).click();
    await card.getByText(/Conexión correcta: el token es válido para la empresa/).waitFor();
    await screenshot(page, 'provider-certificate-1366x768');
    expect(server.requests.length).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
