// A whole day at one register in Chromium, against the sandbox and the virtual ESC/POS printer,
// driven from the keyboard as a cashier would: the first run creates the administrator on Turno,
// who adds a cajera; she signs in with F6 and her PIN, opens her shift with a counted float, sells
// with the scanner (a 1-item cash sale) and with cash plus card, takes cash out with the
// administrator's PIN, and closes short with the administrator's PIN accepting the difference; the
// administrator signs in with F6 (one open shift per register, so hers comes after), opens her own
// shift, sells and closes; the cajera's close is reprinted from the register's recent closes.
// Every key a person presses is counted per step (the scanner's are apart: they are not the
// cashier's), and each count is held as an upper bound a regression would break.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCop } from '#shared/money';
import { viewportScreenshots, watchedPage } from '#test/browser';
import { COFFEE, RICE } from '#test/products';
import { folded } from '#test/sale';
import { openShop, type Shop } from '#test/shop';
import { startVirtualPrinter, type VirtualPrinter } from '#test/virtual-printer';

const ADMIN_PIN = '482913';
const ANA_PIN = '5172';
const RICE_CODE = '7701234000015';
const COFFEE_CODE = '7702001000011';

let shop: Shop;
let browser: Browser;
let printer: VirtualPrinter;

beforeAll(async () => {
  printer = await startVirtualPrinter();
  shop = await openShop({ products: [RICE, COFFEE] });
  ({ browser } = shop);
  // Before the administrator exists anyone may set the printer up (core checks it after).
  await shop.rpc('print.setThermal', {
    connection: 'network',
    host: '127.0.0.1',
    port: printer.port,
    queue: '',
    columns: 48,
    code_page: 'pc858',
    native_qr: true,
    drawer_on_cash: false,
  });
}, 60_000);

afterAll(async () => {
  await shop?.close();
  await printer?.close();
});

const cop = (amount: string) => folded(formatCop(amount));

/** The keys a person presses (a chord such as Ctrl+Enter is one), and the scanner's apart. */
class Keyboard {
  private pressed = 0;
  scanned = 0;
  constructor(private readonly page: Page) {}

  async press(key: string): Promise<void> {
    this.pressed += 1;
    await this.page.keyboard.press(key);
  }

  async type(text: string): Promise<void> {
    for (const char of text) await this.press(char);
  }

  /** The wedge scanner: the barcode's digits, then Enter. */
  async scan(code: string): Promise<void> {
    this.scanned += code.length + 1;
    await this.page.keyboard.type(code, { delay: 0 });
    await this.page.keyboard.press('Enter');
  }

  /** Tab (or Shift+Tab) until `target` has the focus; fails after `most` presses. */
  async tabTo(target: Locator, { back = false, most = 40 } = {}): Promise<void> {
    for (let i = 0; i <= most; i += 1) {
      if (await target.evaluate((el) => el === el.ownerDocument.activeElement).catch(() => false)) return;
      if (i === most) break;
      await this.press(back ? 'Shift+Tab' : 'Tab');
    }
    throw new Error(`${String(target)} not reached in ${most} Tab presses`);
  }

  /** The keys pressed since the last call. */
  step(): number {
    const n = this.pressed;
    this.pressed = 0;
    return n;
  }
}

/** Holds a step's keys under the count measured for it (21:50 UTC, 27 Nov 2026). */
function keysOf(keys: Keyboard, step: string, bound: number): void {
  expect(keys.step(), `keys for «${step}»`).toBeLessThanOrEqual(bound);
}

async function text(page: Page, testId: string): Promise<string> {
  return folded(await page.getByTestId(testId).textContent());
}

async function goTo(page: Page, screen: 'Turno' | 'Facturas'): Promise<void> {
  // The sidebar's link: a screen change is not a key of the sale or the shift.
  await page.getByRole('link', { name: screen, exact: true }).click();
  if (screen === 'Facturas') await page.getByRole('button', { name: 'Emitir factura' }).waitFor();
  else await page.getByRole('heading', { name: 'Turno', level: 1 }).waitFor();
}

async function printedText(): Promise<string> {
  return (await printer.take()).lines.map((l) => l.text).join('\n');
}

describe('a day with two cashiers at one register', () => {
  it('runs from the first administrator to the reprinted close, from the keyboard', async () => {
    const { page, errors } = await watchedPage(browser, {}, { consoleErrors: false });
    const keys = new Keyboard(page);
    await page.goto(`${shop.app.bridge.url}#/turno`);

    // First run: the administrator, created on Turno.
    const first = page.getByRole('form', { name: 'Crear el administrador de la caja' });
    await first.waitFor();
    await keys.tabTo(first.getByLabel('Nombre'));
    await keys.type('Marta');
    await keys.press('Tab');
    await keys.type(ADMIN_PIN);
    await keys.press('Enter');
    await page.getByRole('form', { name: 'Abrir turno en Caja 1' }).waitFor();
    keysOf(keys, 'create the administrator', 13);

    // The administrator adds a cajera.
    const newCashier = page.getByRole('form', { name: 'Nuevo cajero' });
    await keys.tabTo(newCashier.getByLabel('Nombre del cajero'));
    await keys.type('Ana');
    await keys.press('Tab');
    await keys.type(ANA_PIN);
    await keys.press('Enter');
    await newCashier.getByText('Ana ya puede ingresar con su PIN.').waitFor();
    keysOf(keys, 'add a cajero', 12);

    // F6 and her PIN: Ana is at the keyboard (and no longer sees the cashiers).
    await keys.press('F6');
    await page.getByRole('dialog', { name: 'Cambiar cajero' }).waitFor();
    await keys.type(ANA_PIN);
    await keys.press('Enter');
    await expect.poll(async () => folded(await page.getByTestId('cashier-switch').textContent())).toContain('AnaCajero');
    await page.getByRole('heading', { name: 'Cajeros' }).waitFor({ state: 'detached' });
    keysOf(keys, 'switch cashier (F6 + PIN)', 6);

    // Her shift, with $ 100.000 counted in the drawer.
    const openForm = page.getByRole('form', { name: 'Abrir turno en Caja 1' });
    await keys.tabTo(openForm.getByLabel('Base de caja'));
    await keys.type('100000');
    await keys.press('Enter');
    await page.getByRole('heading', { name: 'Turno de Ana · Caja 1' }).waitFor();
    keysOf(keys, 'open a shift with its float', 8);

    // A scanned 1-item cash sale: F2, the scan, F8, the cash received, Ctrl+Enter, Enter for the next.
    await goTo(page, 'Facturas');
    await keys.press('F2');
    await keys.scan(RICE_CODE);
    await expect.poll(() => page.getByLabel('Descripción, línea 1').inputValue()).toBe('Arroz Diana 1 kg');
    await keys.press('F8');
    await keys.type('5000');
    await expect.poll(() => text(page, 'cash-change')).toBe(`Cambio: ${cop('800')}`);
    await keys.press('ControlOrMeta+Enter');
    await page.getByRole('heading', { name: 'Factura aceptada por la DIAN' }).waitFor({ timeout: 30_000 });
    const paid = await text(page, 'sale-paid');
    expect(paid).toContain(`Total${cop('4200')}`);
    expect(paid).toContain(`Recibido${cop('5000')}Cambio${cop('800')}`);
    await keys.press('Enter');
    await page.getByRole('button', { name: 'Emitir factura' }).waitFor();
    await expect.poll(() => page.locator(':focus').getAttribute('aria-label')).toBe('Buscar producto');
    keysOf(keys, 'scanned 1-item cash sale', 8);

    // Cash plus card: the coffee (12.500 + IVA 19 % = 14.875), $ 10.000 in cash (paid with $ 20.000), the rest by card.
    await keys.scan(COFFEE_CODE);
    await expect.poll(() => page.getByLabel('Descripción, línea 1').inputValue()).toBe('Café molido 500 g');
    await expect.poll(() => text(page, 'totals-total')).toBe(cop('14875'));
    await keys.tabTo(page.getByRole('button', { name: 'Pagar con varios medios' }));
    await keys.press('Enter');
    await page.getByRole('group', { name: 'Pago con varios medios' }).waitFor();
    // The sale's means first (cash), then a card; the focus in the first amount; leaving it (F8, to
    // the cash received) writes the rest, 4.875, on the card.
    const chosen = (label: string) => page.getByLabel(label).locator('option:checked').textContent();
    expect(await chosen('Medio 1')).toBe('Efectivo');
    expect(await chosen('Medio 2')).toBe('Tarjeta débito');
    await expect.poll(() => page.locator(':focus').getAttribute('id')).toBe(await page.getByLabel('Valor 1').getAttribute('id'));
    await keys.type('10000');
    await keys.press('F8');
    await keys.type('20000');
    expect(await page.getByLabel('Valor 2').inputValue()).toBe('4.875');
    await expect.poll(() => text(page, 'split-left')).toBe('Los medios suman el total.');
    await expect.poll(() => text(page, 'cash-change')).toBe(`Cambio: ${cop('10000')}`);
    await keys.press('ControlOrMeta+Enter');
    await page.getByRole('heading', { name: 'Factura aceptada por la DIAN' }).waitFor({ timeout: 30_000 });
    const split = await text(page, 'sale-paid');
    expect(split).toContain(`Efectivo${cop('10000')}Recibido${cop('20000')}Cambio${cop('10000')}`);
    expect(split).toContain(`Tarjeta débito${cop('4875')}`);
    await keys.press('Enter');
    await page.getByRole('button', { name: 'Emitir factura' }).waitFor();
    keysOf(keys, 'scanned sale paid in cash and by card', 25);

    // Cash out to the safe, which the administrator authorises with her PIN at Ana's keyboard.
    await goTo(page, 'Turno');
    // 100.000 + (5.000 − 800) + (20.000 − 10.000) = 114.200 in the drawer.
    await expect.poll(() => text(page, 'shift-expected')).toBe(cop('114200'));
    const move = page.getByRole('form', { name: 'Entrada o salida de efectivo' });
    await keys.tabTo(move.getByLabel('Movimiento'));
    await keys.type('s');
    await keys.press('Tab');
    await keys.type('30000');
    await keys.press('Tab');
    await keys.type('Retiro a caja fuerte');
    await keys.tabTo(move.getByLabel('PIN del administrador'));
    await keys.type(ADMIN_PIN);
    await keys.press('Enter');
    await move.getByText('Salida registrada.').waitFor();
    // Emptied for the next movement: the administrator's PIN does not stay typed.
    expect(await move.getByLabel('Valor').inputValue()).toBe('');
    expect(await move.getByLabel('PIN del administrador').inputValue()).toBe('');
    await expect.poll(() => text(page, 'shift-expected')).toBe(cop('84200'));
    expect(folded(await page.getByRole('table', { name: 'Movimientos de efectivo' }).textContent())).toContain(
      `SalidaRetiro a caja fuerteMarta${cop('30000')}`,
    );
    keysOf(keys, 'cash out with the administrator PIN', 45);
    await viewportScreenshots(page, 'turno-open-shift');

    // Ana's close: $ 84.000 counted of $ 84.200, $ 200 short, accepted with the administrator's PIN.
    const close = page.getByRole('form', { name: 'Cerrar turno: conteo del efectivo' });
    await keys.tabTo(close.getByLabel('Billete $ 50.000'));
    await keys.type('1');
    await keys.press('Tab');
    await keys.type('1');
    await keys.press('Tab');
    await keys.type('1');
    await keys.press('Tab');
    await keys.press('Tab');
    await keys.type('2');
    await expect.poll(() => text(page, 'close-counted')).toBe(cop('84000'));
    expect(await text(page, 'close-expected')).toBe(cop('84200'));
    expect(await text(page, 'close-difference')).toBe(cop('200'));
    await close.getByText('Faltante', { exact: true }).waitFor();
    await keys.tabTo(close.getByLabel('PIN del administrador que acepta la diferencia'));
    await keys.type(ADMIN_PIN);
    await keys.press('Enter');
    await page.getByRole('heading', { name: 'Turno cerrado' }).waitFor();
    keysOf(keys, 'close with a difference accepted by the administrator', 25);

    // Printed on the receipt printer, as the close offers.
    await keys.tabTo(page.getByRole('button', { name: 'Imprimir cierre de turno en la tirilla' }), { back: true });
    await keys.press('Enter');
    const ticket = await printedText();
    expect(ticket).toContain('CIERRE DE TURNO');
    expect(ticket).toContain('Cajero: Ana');
    expect(ticket).toMatch(/^Esperado en caja\s+\$\s84\.200,00$/m);
    expect(ticket).toMatch(/^Contado +\$\s84\.000,00$/m);
    expect(ticket).toMatch(/^Faltante +\$\s200,00$/m);
    expect(ticket).toContain('Diferencia aceptada por Marta');
    expect(ticket).toContain('Salida $ 30.000,00: Retiro a caja fuerte (Marta)'.replace(/ \$ /g, ' $\u00a0'));
    keysOf(keys, 'print the close', 1);

    // The administrator at the keyboard: her own shift, a sale, an exact close.
    await keys.press('F6');
    await keys.type(ADMIN_PIN);
    await keys.press('Enter');
    await expect.poll(async () => folded(await page.getByTestId('cashier-switch').textContent())).toContain('MartaAdministrador');
    keysOf(keys, 'switch back to the administrator', 8);
    await keys.tabTo(page.getByRole('button', { name: 'Abrir otro turno' }));
    await keys.press('Enter');
    await keys.tabTo(page.getByRole('form', { name: 'Abrir turno en Caja 1' }).getByLabel('Base de caja'));
    await keys.type('50000');
    await keys.press('Enter');
    await page.getByRole('heading', { name: 'Turno de Marta · Caja 1' }).waitFor();
    keysOf(keys, 'the second shift opened', 10);

    await goTo(page, 'Facturas');
    await keys.press('F2');
    await keys.scan(RICE_CODE);
    await expect.poll(() => page.getByLabel('Descripción, línea 1').inputValue()).toBe('Arroz Diana 1 kg');
    await keys.press('F8');
    await keys.type('4200');
    await keys.press('ControlOrMeta+Enter');
    await page.getByRole('heading', { name: 'Factura aceptada por la DIAN' }).waitFor({ timeout: 30_000 });
    await keys.press('Enter');
    await page.getByRole('button', { name: 'Emitir factura' }).waitFor();
    keysOf(keys, 'scanned 1-item cash sale, exact cash', 8);

    await goTo(page, 'Turno');
    await expect.poll(() => text(page, 'shift-expected')).toBe(cop('54200'));
    const close2 = page.getByRole('form', { name: 'Cerrar turno: conteo del efectivo' });
    await keys.tabTo(close2.getByLabel('Billete $ 50.000'));
    await keys.type('1');
    await keys.tabTo(close2.getByLabel('Billete $ 2.000'));
    await keys.type('2');
    await keys.tabTo(close2.getByLabel('Moneda $ 200'));
    await keys.type('1');
    await expect.poll(() => text(page, 'close-difference')).toBe(cop('0'));
    await keys.press('Enter');
    await page.getByRole('heading', { name: 'Turno cerrado' }).waitFor();
    keysOf(keys, 'exact close', 26);

    // Ana's close again, from the register's recent closes.
    const recent = page.getByRole('region', { name: 'Cierres recientes de esta caja' });
    await expect.poll(() => recent.getByRole('row').count()).toBe(3);
    const rows = await recent.getByRole('row').allTextContents();
    expect(folded(rows[1]!)).toMatch(/^Marta/);
    expect(folded(rows[1]!)).toContain(`${cop('54200')}${cop('54200')}${cop('0')}Reimprimir cierre`);
    expect(folded(rows[2]!)).toMatch(/^Ana/);
    expect(folded(rows[2]!)).toContain(`${cop('84200')}${cop('84000')}Faltante ${cop('200')}Reimprimir cierre`);
    await viewportScreenshots(page, 'turno-recent-closes');
    await keys.tabTo(recent.getByRole('button', { name: /^Reimprimir cierre del turno de Ana/ }));
    await keys.press('Enter');
    const again = await printedText();
    expect(again).toContain('Cajero: Ana');
    expect(again).toMatch(/^Faltante +\$\s200,00$/m);
    await page.getByRole('heading', { name: 'Cierre del turno de Ana' }).waitFor();
    await page.getByText('Cierre de turno impreso.').waitFor();
    keysOf(keys, 'reprint a close from the list', 5);
    await viewportScreenshots(page, 'turno-reprinted');

    // The scanner typed 3 codes of 13 digits and Enter each; none of them is the cashier's.
    expect(keys.scanned).toBe(42);
    expect(errors).toEqual([]);
    await page.close();
  }, 240_000);
});
