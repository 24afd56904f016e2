// A shop's day without the internet, in Chromium against the sandbox behind a loopback fault proxy.
// For each kind of outage (connections refused, a gateway answering 503 with an HTML page, answers
// that never come): the shop read its company lists once while the service was up, then opens (a new
// core on the same data folder) during the outage; Facturas has its payment methods from the local
// copy and three sales in a row go through without one being blocked; when the service is back,
// every sale reaches the server exactly once and in sale order, by itself (the outbox's probe and the
// poller, no button). A brand-new connection with no copy opened during an outage says so in words
// and «Intentar de nuevo» works once the service is back.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '#sandbox/index';
import { launchBrowser, viewportScreenshots, watchedPage } from '../support/browser';
import { memorySecrets } from '../support/core/memory-secrets';
import { startFaultProxy, type FaultProxy, type ProxyMode } from '../support/fault-proxy';
import { fillSale, folded } from '../support/sale';
import { screenProblems, visibleText } from '../support/spanish-screen';
import { connectDemo, coreRpc, type Rpc } from '../support/shop';
import { tempDir } from '../support/temp';
import { startWebApp, type WebApp } from '../support/web-app';
import { contingencyProfile } from '../support/contingency';

interface Sub {
  id: number;
  kind: 'FE' | 'DSE';
  state: string;
  idempotency_key: string;
  document_id: number | null;
  contingency: { local_ref: string } | null;
}

const COMPANY = 101;
const CONTINGENCY = 'Factura de contingencia: puede seguir vendiendo';
const IN_DOUBT = 'Factura en confirmación: puede seguir vendiendo';
/** Short enough that a sale during an outage is not a long wait, long enough for a loaded machine. */
const TIMEOUT_MS = 3_000;

let dir: ReturnType<typeof tempDir>;
let sandbox: RunningSandbox;
let proxy: FaultProxy;
let browser: Browser;
let app: WebApp | null = null;
const sandboxData = () => join(dir.path, 'sandbox');

beforeAll(async () => {
  dir = tempDir('factura-desk-e2e-day-offline-');
  sandbox = await startSandbox({ seed: 'resources/demo-seed.json', settleMs: 200, dataDir: sandboxData() });
  proxy = await startFaultProxy(new URL(sandbox.baseUrl).origin);
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await proxy?.close();
  await sandbox?.close();
  dir?.remove();
});

/** The shop's app on its data folder, with a fast outbox probe and short time limits towards the API. */
async function openApp(home: string, secrets: ReturnType<typeof memorySecrets>): Promise<Rpc> {
  app = await startWebApp(home, {
    secrets,
    embeddedSandbox: false,
    outboxProbeMs: 1_000,
    writeTimeoutMs: TIMEOUT_MS,
    readTimeoutMs: TIMEOUT_MS,
  });
  return coreRpc(app);
}

async function closeApp(): Promise<void> {
  await app?.close();
  app = null;
}

/** The sandbox's FE documents of company 101 created after `afterId`, in the order it created them. */
function serverInvoices(afterId: number): { id: number; draft_key: string | null }[] {
  const db = new Database(join(sandboxData(), 'sandbox.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare('SELECT id, draft_key FROM fe_documents WHERE company_id = ? AND id > ? ORDER BY id')
      .all(COMPANY, afterId) as { id: number; draft_key: string | null }[];
  } finally {
    db.close();
  }
}

function lastServerInvoice(): number {
  const db = new Database(join(sandboxData(), 'sandbox.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('SELECT coalesce(max(id), 0) AS id FROM fe_documents').get() as { id: number }).id;
  } finally {
    db.close();
  }
}

/** The payment method select, filled from the company's list (not "Cargando…", not disabled). */
async function paymentMethodsShown(page: Page): Promise<string[]> {
  const select = page.getByLabel('Medio de pago');
  await expect.poll(() => select.isEnabled(), { timeout: 20_000 }).toBe(true);
  return select.locator('option').allInnerTexts();
}

async function screenText(page: Page): Promise<string> {
  return folded(await page.locator('body').innerText());
}

const OUTAGES: { fault: ProxyMode; name: string; heading: string }[] = [
  { fault: 'refuse', name: 'connections refused', heading: CONTINGENCY },
  { fault: 'unavailable-html', name: 'a gateway answering 503 with an HTML page', heading: IN_DOUBT },
  { fault: 'stall', name: 'answers that never come (time-out)', heading: IN_DOUBT },
];

describe('a shop’s day without the internet, in Chromium', () => {
  it.each(OUTAGES)(
    '$name: the shop opens during the outage, sells three invoices in a row, and each reaches the server once, in order',
    async ({ fault, heading }) => {
      const home = join(dir.path, `home-${fault}`);
      const secrets = memorySecrets();

      // a. The service is up: Facturas reads the company's lists once, and the app keeps a copy.
      await proxy.setFault('none');
      let rpc = await openApp(home, secrets);
      await connectDemo(rpc, proxy.url(new URL(sandbox.baseUrl).pathname));
      await rpc('history.setIssuer', contingencyProfile());
      {
        const { page } = await watchedPage(browser, {}, { consoleErrors: false });
        await page.goto(`${app!.bridge.url}#/facturas`);
        await page.getByRole('button', { name: 'Emitir factura' }).waitFor();
        expect(await paymentMethodsShown(page)).toContain('Efectivo (predeterminado)');
        await page.close();
      }
      await expect
        .poll(async () => {
          const status = await rpc<Record<string, { read_at: string | null }>>('fe.listsStatus', {});
          return status.payment_methods!.read_at !== null && status.terceros!.read_at !== null;
        })
        .toBe(true);
      await closeApp();

      // b. The outage starts; the shop opens the app during it.
      await proxy.setFault(fault);
      const before = lastServerInvoice();
      rpc = await openApp(home, secrets);
      const { page, errors } = await watchedPage(browser, {}, { consoleErrors: false });
      await page.goto(`${app!.bridge.url}#/facturas`);
      await page.getByRole('button', { name: 'Emitir factura' }).waitFor();
      expect(await paymentMethodsShown(page)).toContain('Efectivo (predeterminado)');

      const customers = ['Cliente Uno', 'Cliente Dos', 'Cliente Tres'];
      for (const [n, customer] of customers.entries()) {
        if (n > 0) {
          await page.getByRole('button', { name: 'Nueva venta' }).click();
          await page.getByRole('button', { name: 'Emitir factura' }).waitFor();
        }
        await fillSale(page, `10203040${50 + n}`, customer, `Producto ${n + 1}`);
        await page.getByRole('button', { name: 'Emitir factura' }).click();
        await page.getByRole('heading', { name: heading }).waitFor({ timeout: 30_000 });
        const text = await screenText(page);
        expect(text).not.toMatch(/rojo|campos marcados|No se emitió/i);
        expect(screenProblems(await visibleText(page))).toEqual([]);
        await expect.poll(() => page.locator(':focus').textContent()).toBe('Nueva venta');
      }
      if (fault === 'refuse') {
        await expect
          .poll(async () => folded(await page.getByTestId('outbox-banner').textContent()))
          .toContain('Sin conexión con el servicio — 3 documentos en cola');
      } else {
        // The sale on screen is the third; the two before it wait in the pending list.
        const pending = page.getByTestId('pending-invoices');
        for (const customer of customers.slice(0, 2)) await pending.getByText(customer).waitFor();
      }
      await viewportScreenshots(page, `day-without-internet-${fault}`);

      const sales = (await rpc<Sub[]>('submissions.list', {})).filter((s) => s.kind === 'FE').sort((a, b) => a.id - b.id);
      expect(sales).toHaveLength(3);
      // Unconfirmed, each of them (one may be on its way again: the poller resends with the same key).
      expect(sales.every((s) => s.state === 'in_doubt' || s.state === 'sending')).toBe(true);
      expect(sales.every((s) => (s.contingency !== null) === (fault === 'refuse'))).toBe(true);
      const keys = sales.map((s) => s.idempotency_key);

      // c. The service is back: nothing is pressed; every sale reaches the server once, in sale order.
      await proxy.setFault('none');
      await expect.poll(() => serverInvoices(before).map((d) => d.draft_key), { timeout: 120_000, interval: 500 }).toEqual(keys);
      await expect
        .poll(
          async () =>
            (await rpc<Sub[]>('submissions.list', {}))
              .filter((s) => keys.includes(s.idempotency_key))
              .every((s) => s.state === 'accepted'),
          { timeout: 120_000, interval: 500 },
        )
        .toBe(true);
      if (fault === 'refuse') await page.getByTestId('outbox-banner').waitFor({ state: 'detached', timeout: 30_000 });
      else await expect.poll(() => page.getByTestId('pending-invoice').count(), { timeout: 30_000 }).toBe(0);
      // Exactly once: no other invoice was created on the way.
      expect(serverInvoices(before).map((d) => d.draft_key)).toEqual(keys);

      expect(errors).toEqual([]);
      await page.close();
      await closeApp();
    },
    300_000,
  );

  it('a brand-new connection opened during an outage says there is no local copy yet; «Intentar de nuevo» works once the service is back', async () => {
    const home = join(dir.path, 'home-new-connection');
    await proxy.setFault('refuse');
    const rpc = await openApp(home, memorySecrets());
    await connectDemo(rpc, proxy.url(new URL(sandbox.baseUrl).pathname));
    const { page, errors } = await watchedPage(browser, {}, { consoleErrors: false });
    await page.goto(`${app!.bridge.url}#/facturas`);
    const payment = page.getByRole('group', { name: 'Pago y fecha' });
    const alert = payment.getByText(/No se pudieron cargar los medios de pago/);
    await alert.waitFor({ timeout: 30_000 });
    const said = folded(await payment.textContent());
    expect(said).toContain('Esta conexión aún no tiene una copia de los medios de pago');
    expect(said).toContain('Intentar de nuevo');
    expect(said).not.toMatch(/rojo|fetch|ECONNREFUSED|payment/i);
    expect(screenProblems(await visibleText(page))).toEqual([]);
    // The empty select does not pretend to be loading.
    expect(await page.getByLabel('Medio de pago').locator('option').allInnerTexts()).toEqual(['Sin la lista de medios de pago']);
    // The customer search says the same of the third parties, with its own «Intentar de nuevo».
    const customer = page.getByRole('group', { name: 'Cliente' });
    const noTerceros = customer.getByText(/No se pudo cargar la lista de terceros/);
    await noTerceros.waitFor();
    expect(folded(await noTerceros.textContent())).toContain('Esta conexión aún no tiene una copia de los terceros');
    await payment.scrollIntoViewIfNeeded();
    await viewportScreenshots(page, 'day-without-internet-new-connection');

    await proxy.setFault('none');
    await payment.getByRole('button', { name: 'Intentar de nuevo' }).click();
    expect(await paymentMethodsShown(page)).toContain('Efectivo (predeterminado)');
    await alert.waitFor({ state: 'detached', timeout: 20_000 });
    await customer.getByRole('button', { name: 'Intentar de nuevo' }).click();
    await noTerceros.waitFor({ state: 'detached', timeout: 20_000 });
    expect(errors).toEqual([]);
    await page.close();
    await closeApp();
  }, 120_000);
});
