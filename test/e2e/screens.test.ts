// Every screen of the app in Chromium, as a shop with a synced history sees it, at 1366×768 (the
// most common laptop) and 1920×1080: each is screenshot at both sizes
// (test-results/screen-*.png), read as a user reads it and refused if it shows a contract field
// name, a raw state, an ISO date, a wrong plural or an English word, and if the page scrolls
// sideways or a control sticks out of the window. Each, with the dialogs and forms it opens, is
// also checked by axe-core (WCAG 2.1 A and AA, and best practices) at 1366×768; and every control
// the Tab key reaches must draw a visible outline.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { screenshot, viewportScreenshots } from '../support/browser';
import { focusRing, ringFault } from '../support/focus';
import { openShop, type Shop } from '../support/shop';
import { screenProblems, visibleText, type ScreenProblem } from '../support/spanish-screen';

let shop: Shop;
let page: Page;
let detailId = 0;

beforeAll(async () => {
  shop = await openShop({
    products: [
      {
        code: 'ARZ-5',
        barcodes: ['7702001000011'],
        description: 'Arroz Diana 5 kg, bolsa con cierre y empaque reciclable para el hogar',
        unit_price: '23800',
        tax_rate: '19',
        price_includes_tax: true,
        unit: 'unidad',
        unspsc: '50221101',
      },
    ],
  });
  await shop.rpc('history.sync', {});
  const page1 = await shop.rpc<{ items: { id: number; kind: string }[] }>('history.list', {
    filter: { kind: 'FE' },
    offset: 0,
    limit: 1,
  });
  detailId = page1.items[0]!.id;
  page = await shop.browser.newPage({ viewport: { width: 1366, height: 768 }, locale: 'es-CO' });
}, 120_000);

afterAll(async () => {
  await shop?.close();
});

/**
 * Opens a screen in a page of its own: a change of the hash alone keeps the screen before it, whose
 * heading and sidebar would answer for the new one while the route is still switching.
 */
async function openScreen(p: Page, path: string): Promise<void> {
  await p.goto('about:blank');
  await p.goto(`${shop.app.bridge.url}#${path.replace('DETAIL', String(detailId))}`);
}

/** Facts of the layout at the current size: sideways scroll, and controls that leave the window. */
async function layoutFaults(): Promise<string[]> {
  return page.evaluate(`(() => {
    const faults = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) faults.push('la página se desplaza de lado: ' + root.scrollWidth + ' > ' + root.clientWidth);
    for (const el of document.querySelectorAll('button, input, select, a.button')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.right > root.clientWidth + 1) faults.push('fuera de la ventana: ' + (el.getAttribute('aria-label') || el.textContent || el.tagName).trim().slice(0, 60));
    }
    // A cell whose content runs past its own box covers the next one (a long amount over the buttons).
    for (const el of document.querySelectorAll('td, th, dd')) {
      if (getComputedStyle(el).overflowX !== 'visible' || el.clientWidth === 0) continue;
      if (el.scrollWidth > el.clientWidth + 1) faults.push('se sale de su columna: ' + (el.textContent || '').trim().slice(0, 60));
    }
    // A value cut inside its field (a code or a description the user cannot read whole).
    for (const el of document.querySelectorAll('input[type=text], input:not([type])')) {
      if (el.clientWidth === 0 || !el.value) continue;
      if (el.scrollWidth > el.clientWidth + 1) faults.push('texto cortado en ' + (el.getAttribute('aria-label') || el.name || 'un campo') + ': ' + el.value.slice(0, 60));
    }
    return faults;
  })()`);
}

/** Scrolls a field into view and then past the sticky totals bar, for the screenshot. */
async function showAboveTotals(p: Page, label: string): Promise<void> {
  await p.getByLabel(label).scrollIntoViewIfNeeded();
  await p.mouse.move(760, 300);
  const before = await p.evaluate<string>(SCROLL_POSITIONS);
  await p.mouse.wheel(0, 400);
  // Until the wheel's scroll has moved the page and come to rest (the same over two frames).
  await until(
    p,
    `(async () => {
      const read = () => ${SCROLL_POSITIONS};
      const now = read();
      for (let i = 0; i < 2; i += 1) await new Promise((resolve) => requestAnimationFrame(resolve));
      return now !== ${JSON.stringify(before)} && read() === now;
    })()`,
  );
}

/**
 * Until an expression is true in the page, asked again every 50 ms (Vitest's expect.poll) for up to 15 s. Not
 * `page.waitForFunction`: once its first try is false it polls with `eval` inside the page, which
 * the app's Content Security Policy (script-src 'self') refuses; `page.evaluate` is not subject to it.
 */
async function until(p: Page, expression: string, timeoutMs = 15_000): Promise<void> {
  await expect.poll(() => p.evaluate<boolean>(expression), { timeout: timeoutMs, interval: 50 }).toBe(true);
}

/** Where every scrolled box of the page is (the window and any element scrolled off its top). */
const SCROLL_POSITIONS =
  "[window.scrollY, ...[...document.querySelectorAll('*')].filter((el) => el.scrollTop > 0).map((el) => el.scrollTop)].join(',')";

/**
 * Until the screen is still: its fonts loaded and no finite animation or transition running (the
 * layout and the screenshots are of the screen at rest).
 */
async function atRest(p: Page): Promise<void> {
  await until(
    p,
    `(async () => {
      await document.fonts.ready;
      return document
        .getAnimations()
        .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity);
    })()`,
  );
}

const SCREENS: { name: string; path: string; ready: string; before?: (page: Page) => Promise<void> }[] = [
  {
    name: 'facturas',
    path: '/facturas',
    ready: 'Emitir factura',
    // A line as a shop writes it: a long description, a large quantity, an eight-digit total.
    before: async (p) => {
      await p.keyboard.press('F2');
      await p.keyboard.type('ARZ-5');
      await p.getByRole('option', { name: /Arroz Diana 5 kg/ }).waitFor();
      await p.keyboard.press('Enter');
      // Enter looks the code up before it adds the line: a quantity typed before that is replaced.
      await p.getByText('Arroz Diana 5 kg, bolsa con cierre y empaque reciclable para el hogar agregado (línea 1).').waitFor();
      await p.getByLabel('Cantidad, línea 1').fill('1500');
      await p.getByTestId('line-total-1').getByText('35.700.000,00', { exact: false }).waitFor();
      await showAboveTotals(p, 'Descripción, línea 1');
    },
  },
  { name: 'productos', path: '/productos', ready: 'Productos' },
  {
    name: 'clientes',
    path: '/productos',
    ready: 'Productos',
    before: async (p) => {
      await p.getByRole('tab', { name: 'Clientes' }).click();
      await p.getByRole('heading', { level: 1, name: 'Clientes' }).waitFor();
    },
  },
  {
    name: 'documentos-soporte',
    path: '/documentos-soporte',
    ready: 'Documentos soporte',
    // A purchase line with an eight-digit UNSPSC code, a long description and a large amount.
    before: async (p) => {
      await p.getByLabel('Código UNSPSC, línea 1').fill('50221101');
      await p.getByLabel('Descripción, línea 1').fill('Arroz paddy seco sin trillar, cosecha de noviembre, bultos de 62,5 kg');
      await p.getByLabel('Cantidad, línea 1').fill('1.250');
      await p.getByLabel('Precio unitario, línea 1').fill('118.400,50');
      await showAboveTotals(p, 'Descripción, línea 1');
    },
  },
  { name: 'documentos-soporte-pendientes', path: '/documentos-soporte/pendientes', ready: 'Documentos soporte' },
  { name: 'historial', path: '/historial', ready: 'Historial' },
  { name: 'historial-detalle', path: '/historial/DETAIL', ready: 'Historial' },
  { name: 'historial-imprimir', path: '/historial/DETAIL/imprimir', ready: 'Guardar PDF' },
  { name: 'turno', path: '/turno', ready: 'Crear el administrador de la caja' },
  { name: 'cierre', path: '/cierre', ready: 'Cierre de caja' },
  { name: 'informes', path: '/informes', ready: 'Informes' },
  { name: 'informes-certificados', path: '/informes/certificados', ready: 'Informes' },
  { name: 'ajustes', path: '/ajustes', ready: 'Ajustes' },
  // The dialogs and forms a screen opens, for axe-core and the same reading.
  {
    name: 'facturas-atajos',
    path: '/facturas',
    ready: 'Emitir factura',
    before: async (p) => {
      await p.keyboard.press('F1');
      await p.getByRole('dialog', { name: 'Atajos de teclado de Facturas' }).waitFor();
    },
  },
  {
    name: 'productos-nuevo',
    path: '/productos',
    ready: 'Productos',
    before: async (p) => {
      await p.getByRole('button', { name: 'Nuevo producto' }).click();
      await p.getByRole('heading', { name: 'Nuevo producto' }).waitFor();
    },
  },
  {
    name: 'clientes-nuevo',
    path: '/productos',
    ready: 'Productos',
    before: async (p) => {
      await p.getByRole('tab', { name: 'Clientes' }).click();
      await p.getByRole('button', { name: 'Nuevo cliente' }).click();
      await p.getByRole('heading', { name: 'Nuevo cliente' }).waitFor();
    },
  },
  {
    name: 'informes-tablas',
    path: '/informes',
    ready: 'Informes',
    before: async (p) => {
      for (const figure of ['chart-sales-by-day', 'chart-taxes-by-month']) {
        await p.getByTestId(figure).getByRole('button', { name: 'Ver como tabla' }).click();
        await p.getByTestId(figure).getByRole('button', { name: 'Ver gráfico' }).waitFor();
      }
    },
  },
  {
    // Ajustes › Cajas on a register alone: becoming the caja principal, and joining one.
    name: 'ajustes-cajas',
    path: '/ajustes',
    ready: 'Ajustes',
    before: async (p) => {
      await p.getByRole('heading', { level: 2, name: 'Cajas' }).waitFor();
      await p.getByRole('heading', { name: 'Unirse a una caja principal' }).scrollIntoViewIfNeeded();
    },
  },
  {
    name: 'ajustes-token',
    path: '/ajustes',
    ready: 'Ajustes',
    before: async (p) => {
      await p.getByRole('button', { name: 'Cambiar token' }).click();
      await p.getByRole('button', { name: 'Cancelar' }).waitFor();
    },
  },
];

describe('every screen, in Spanish and inside the window', () => {
  it.each(SCREENS)('$name', async ({ name, path, ready, before }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await openScreen(page, path);
    await page.getByText(ready, { exact: true }).first().waitFor({ timeout: 30_000 });
    await page.locator('h1').first().waitFor({ timeout: 30_000 });
    await before?.(page);
    // Data that loads after the first paint (lists, totals) is on screen: nothing says it is
    // still loading. (Not 'networkidle': the bridge's event stream keeps a request open.)
    await until(page, '!/Cargando/.test(document.body.innerText)');
    await atRest(page);

    const problems: ScreenProblem[] = [];
    const faults: string[] = [];
    const violations = await axeViolations(page);
    for (const [width, height] of [
      [1366, 768],
      [1920, 1080],
    ] as const) {
      await page.setViewportSize({ width, height });
      problems.push(...screenProblems(await visibleText(page)));
      faults.push(...(await layoutFaults()).map((fault) => `${width}: ${fault}`));
    }
    await viewportScreenshots(page, `screen-${name}`);
    expect(problems).toEqual([]);
    expect(faults).toEqual([]);
    expect(violations).toEqual([]);
  });
});

describe('the keyboard focus, visible on every control', () => {
  it('the sidebar link the keyboard reaches first draws its outline at 3:1 or more', async () => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await openScreen(page, '/historial');
    await page.getByRole('heading', { level: 1, name: 'Historial' }).waitFor({ timeout: 30_000 });
    await page.keyboard.press('Tab');
    const ring = await focusRing(page);
    await screenshot(page, 'focus-sidebar-link');
    expect(ring?.element).toBe('Facturas');
    expect(ring?.outlineStyle).toBe('solid');
    expect(ring?.outlineWidthPx).toBeGreaterThanOrEqual(2);
    expect(ring?.contrast).toBeGreaterThanOrEqual(3);
  });

  // Each control the Tab key stops at, until the focus comes back round or leaves the page.
  it.each(['/facturas', '/productos', '/documentos-soporte', '/historial/DETAIL', '/informes', '/cierre', '/ajustes'])(
    'every stop of Tab on %s',
    async (path) => {
      await page.setViewportSize({ width: 1366, height: 768 });
      await openScreen(page, path);
      await page.locator('h1').first().waitFor({ timeout: 30_000 });
      await until(page, '!/Cargando/.test(document.body.innerText)');
      // The screen at rest before the walk: a form still settling can take the focus back to the page.
      await atRest(page);
      const faults: string[] = [];
      const seen = new Set<string>();
      let stops = 0;
      for (; stops < 150; stops++) {
        await page.keyboard.press('Tab');
        const ring = await focusRing(page);
        if (!ring) break;
        const where = await page.evaluate(
          '(() => { const el = document.activeElement; const r = el.getBoundingClientRect(); return el.outerHTML.slice(0, 80) + "@" + Math.round(r.x) + "," + Math.round(r.y + window.scrollY); })()',
        );
        if (seen.has(String(where))) break;
        seen.add(String(where));
        const fault = ringFault(ring);
        if (fault) faults.push(fault);
      }
      expect(stops).toBeGreaterThan(7);
      expect(faults).toEqual([]);
    },
  );
});
