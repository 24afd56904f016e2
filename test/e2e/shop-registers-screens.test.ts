// Two registers of one shop as the app's served hosts on a real PostgreSQL of this file's own (so
// that it can be stopped), each window in Chromium at 1366×768, looked at as a shop owner would:
// Ajustes › Cajas shows each register's buttons apart from its facts and from each other, and the
// removal's confirmation is answered with the keyboard alone, its focus drawn and given back to
// «Retirar» when it closes; with the server stopped, the register reopened on its shop copy shows
// «Trabajando sin la caja principal» since when and what to do, on Facturas with both searches still
// in sight and on another screen; a handover stopped by a conflict says what stopped it and that
// it is not tried again until Factura Desk opens again.
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebBridge, type WebBridge } from '#core/bridge/web-bridge';
import { SHOP_COPY_FOLDER, shopCopyFile } from '#core/offline/shop-copy';
import { consumerSale } from '#test/core/rpc-core';
import { shopOnOwnServer, type Served } from '#test/offline-registers';
import { RICE } from '#test/products';
import { waitUntil } from '#test/wait';
import { launchBrowser, viewportScreenshots, watchedPage } from '../support/browser';
import { focusRing, ringFault } from '../support/focus';
import { inSight } from '../support/in-sight';
import { folded } from '../support/sale';
import { RENDERER_DIR } from '../support/web-app';

const shop = shopOnOwnServer('factura-desk-registers-screens-');
let browser: Browser;
let caja1: Served;
let bridge: WebBridge | null = null;

beforeAll(async () => {
  browser = await launchBrowser();
  caja1 = await shop.serve('caja-1');
  await shop.serve('caja-2');
  await caja1.ok('catalog.save', { product: RICE });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await bridge?.close();
});

/** Caja 1's window: its served host behind a web bridge of its own, in a new page at `path`. */
async function windowAt(path: string): Promise<{ page: Page; errors: string[] }> {
  await bridge?.close();
  bridge = await startWebBridge({ dispatcher: caja1.dispatcher, events: caja1.events, staticDir: RENDERER_DIR });
  const watched = await watchedPage(browser, {}, { consoleErrors: false });
  await watched.page.goto(`${bridge.url}#${path}`);
  return watched;
}

/** Caja 1 closed and served again (its window with it), as a register restarted. */
async function restartCaja1(): Promise<void> {
  await bridge?.close();
  bridge = null;
  await shop.close(caja1);
  caja1 = await shop.serve('caja-1');
}

/** Where two of a register's row parts (its facts, its buttons) touch or overlap on one line. */
async function crampedRows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    interface Box {
      getBoundingClientRect(): { left: number; right: number; top: number; bottom: number };
      textContent: string | null;
      tagName: string;
      children: ArrayLike<Box>;
    }
    const doc = (globalThis as unknown as { document: { querySelectorAll(s: string): ArrayLike<Box> } }).document;
    const faults: string[] = [];
    for (const row of Array.from(doc.querySelectorAll('.register-names > li'))) {
      // A row being renamed holds its form: the form's field and buttons are the parts then.
      const parts = Array.from(row.children)
        .flatMap((part) => (part.tagName === 'FORM' ? Array.from(part.children) : [part]))
        .map((part) => ({ text: part.textContent?.trim(), box: part.getBoundingClientRect() }));
      for (const [i, a] of parts.entries()) {
        for (const b of parts.slice(i + 1)) {
          const sameLine = a.box.top < b.box.bottom && b.box.top < a.box.bottom;
          const apart = Math.max(b.box.left - a.box.right, a.box.left - b.box.right);
          if (sameLine && apart < 4) faults.push(`«${a.text}» y «${b.text}»: ${Math.round(apart)}px`);
        }
      }
    }
    return faults;
  });
}

/** How many pixels of the field's placeholder do not fit in it (0 or less: it shows whole). */
async function placeholderOverflow(page: Page, label: string): Promise<number> {
  return page.getByLabel(label).evaluate((field) => {
    // This runs in the page (the test's own types have no DOM).
    type Style = Record<'fontStyle' | 'fontWeight' | 'fontSize' | 'fontFamily' | 'paddingLeft' | 'paddingRight', string>;
    interface Canvas {
      getContext(kind: '2d'): { font: string; measureText(text: string): { width: number } };
    }
    const win = globalThis as unknown as {
      getComputedStyle(element: unknown): Style;
      document: { createElement(tag: 'canvas'): Canvas };
    };
    const input = field as unknown as { placeholder: string; clientWidth: number };
    const style = win.getComputedStyle(field);
    const context = win.document.createElement('canvas').getContext('2d');
    context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const px = (length: string) => Number(length.replace('px', ''));
    const room = input.clientWidth - px(style.paddingLeft) - px(style.paddingRight);
    return context.measureText(input.placeholder).width - room;
  });
}

/** The focused control's name and why its ring does not show (null when it does). */
async function focused(page: Page): Promise<{ element: string; fault: string | null } | null> {
  const ring = await focusRing(page);
  return ring && { element: ring.element, fault: ringFault(ring) };
}

describe('Ajustes › Cajas at 1366×768', () => {
  it('shows each register’s buttons apart from its facts and from each other', async () => {
    const { page, errors } = await windowAt('/ajustes');
    const remove = page.getByRole('button', { name: 'Retirar Caja 2' });
    await remove.waitFor();
    await remove.scrollIntoViewIfNeeded();
    await viewportScreenshots(page, 'registers-list');
    expect(await crampedRows(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the removal is answered with the keyboard alone; Escape closes it and gives the focus back to «Retirar»', async () => {
    const { page, errors } = await windowAt('/ajustes');
    const remove = page.getByRole('button', { name: 'Retirar Caja 2' });
    await remove.waitFor();
    // Reached as with Tab (no pointer): its ring shows.
    await remove.focus();
    expect(await focused(page)).toEqual({ element: 'Retirar Caja 2', fault: null });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: '¿Retirar Caja 2 del negocio?' });
    await dialog.waitFor();
    expect(folded(await dialog.textContent())).toContain('Caja 2 dejará de vender y de abrir turnos.');
    expect(await focused(page)).toEqual({ element: 'Sí, retirar Caja 2', fault: null });
    await viewportScreenshots(page, 'registers-remove-dialog');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toEqual({ element: 'Cancelar', fault: null });
    await viewportScreenshots(page, 'registers-remove-dialog-cancel');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focused(page)).toEqual({ element: 'Retirar Caja 2', fault: null });
    await viewportScreenshots(page, 'registers-remove-escaped');
    // The rename form gives it back too.
    await page.getByRole('button', { name: 'Cambiar el nombre de Caja 2' }).focus();
    await page.keyboard.press('Enter');
    await page.getByLabel('Nombre nuevo de Caja 2').waitFor();
    expect(await crampedRows(page)).toEqual([]);
    await viewportScreenshots(page, 'registers-rename');
    await page.keyboard.press('Escape');
    await expect.poll(() => focused(page)).toEqual({ element: 'Cambiar el nombre de Caja 2', fault: null });
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('a register without the caja principal at 1366×768', () => {
  const spare = join(shop.folder, 'spare-copy');
  let offlineKey: string;

  it('on Facturas, the banner says since when, what happens to the sales and what to do; both searches in sight', async () => {
    await waitUntil(
      () => shop.copyRows('caja-1', 'SELECT refreshed_at FROM shop_copy'),
      (rows) => rows.length === 1,
      { what: 'the shop copy of caja 1' },
    );
    await shop.pause();
    await restartCaja1();
    expect(await shop.statusNow(caja1)).toMatchObject({ offline: true, problem: null });
    const { page, errors } = await windowAt('/facturas');
    const banner = page.getByTestId('offline-banner');
    await banner.waitFor();
    await page.getByRole('button', { name: 'Emitir factura' }).waitFor();
    const text = folded(await banner.textContent());
    expect(text).toMatch(/^Trabajando sin la caja principal desde las \d\d:\d\d [ap]\. m\./);
    expect(text).toContain('se entregan a la caja principal cuando vuelva');
    expect(text).toContain('Revise que la caja principal esté encendida y conectada a la red');
    expect(await inSight(page, 'Buscar cliente')).toBe(true);
    expect(await inSight(page, 'Buscar producto')).toBe(true);
    await viewportScreenshots(page, 'offline-facturas');

    await page.getByRole('link', { name: 'Productos' }).click();
    await page.getByRole('heading', { name: 'Productos', level: 1 }).waitFor();
    expect(await banner.isVisible()).toBe(true);
    // The catalog's edits are shown disabled with core's reason beside them; exporting still works.
    await page.getByTestId('catalog-row').first().waitFor();
    expect(folded(await page.getByTestId('offline-note').textContent())).toBe(
      'El catálogo se cambia en la caja principal. Esta caja está trabajando sin la caja principal.',
    );
    for (const name of ['Nuevo producto', 'Importar', 'Editar', 'Desactivar'])
      expect(await page.getByRole('button', { name, exact: true }).isDisabled(), name).toBe(true);
    expect(await page.getByRole('button', { name: 'Exportar CSV' }).isEnabled()).toBe(true);
    await viewportScreenshots(page, 'offline-productos');
    expect(errors).toEqual([]);
    await page.close();

    // A sale on the copy, and the copy kept aside as it stands before its handover.
    offlineKey = (await caja1.ok<{ idempotency_key: string }>('fe.submit', consumerSale(10_000, 'cash'))).idempotency_key;
    mkdirSync(spare, { recursive: true });
    const db = new Database(shopCopyFile(shop.home('caja-1')));
    await db.backup(join(spare, 'shop-copy.sqlite'));
    db.close();
  });

  it('a handover stopped by a conflict: the banner says what stopped it and when it is tried again; both searches in sight', async () => {
    await shop.resume();
    await waitUntil(
      () => shop.statusNow(caja1),
      (seen) => seen?.offline === false,
      { what: 'caja 1 back on the shop database' },
    );
    // The copy put back, and the shop's row of its sale changed: the handover meets a conflict.
    await bridge?.close();
    bridge = null;
    await shop.close(caja1);
    rmSync(join(shop.home('caja-1'), SHOP_COPY_FOLDER), { recursive: true, force: true });
    cpSync(spare, join(shop.home('caja-1'), SHOP_COPY_FOLDER), { recursive: true });
    await shop.query("UPDATE submissions SET payload_hash = 'otro' WHERE idempotency_key = $1", [offlineKey]);
    caja1 = await shop.serve('caja-1');

    const { page, errors } = await windowAt('/facturas');
    const banner = page.getByTestId('offline-banner');
    await page.locator('.offline-banner__problem').waitFor();
    await page.getByRole('button', { name: 'Emitir factura' }).waitFor();
    const text = folded(await banner.textContent());
    expect(text).toContain('ya tiene un documento con la misma clave');
    expect(text).toContain('No vuelve a intentar la entrega hasta que Factura Desk se abra de nuevo');
    // Not «no encuentra»: the shop's database answered. The key is support's, in the log, not the counter's.
    expect(text).not.toContain('no encuentra la base de datos');
    expect(text).not.toContain(offlineKey);
    expect(text).toContain('Avise a soporte');
    expect(await inSight(page, 'Buscar cliente')).toBe(true);
    expect(await inSight(page, 'Buscar producto')).toBe(true);
    await viewportScreenshots(page, 'offline-problem-facturas');
    await page.getByRole('link', { name: 'Historial' }).click();
    await page.getByRole('heading', { name: 'Historial', level: 1 }).waitFor();
    await page.getByTestId('offline-note').waitFor();
    expect(await page.getByRole('button', { name: 'Sincronizar' }).isDisabled()).toBe(true);
    expect(await placeholderOverflow(page, 'Cliente / proveedor')).toBeLessThanOrEqual(0);
    await viewportScreenshots(page, 'offline-problem-historial');
    expect(errors).toEqual([]);
    await page.close();
  });
});
