// The counter's sale against a fake bridge: after every action that ends a sale the product search
// has the focus (the next scan lands); a rescan is +1 even after the screen was left and opened again
// from its draft; F9 pressed the moment the result shows prints once; no customer is «consumidor
// final»; the split payment goes with the submission and the result shows each means and the change.
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PaymentMethod } from '#shared/api/fe';
import type { Product } from '#shared/catalog/product';
import type { SalePayment } from '#shared/sales/sale-payment';
import { installFakeBridge } from '#test/component/fake-bridge';
import { aSubmission, CASH } from '#test/component/fixtures';
import { renderWithQueries } from '#test/component/render';
import { feDetail } from '#test/print-details';

const NEQUI: PaymentMethod = {
  id: 9,
  payment_form: 'contado',
  label: 'Nequi',
  payment_means_code: '47',
  payment_means_name: 'Transferencia débito bancaria',
  is_active: true,
  is_default: false,
};
const DEBIT: PaymentMethod = {
  id: 11,
  payment_form: 'contado',
  label: 'Tarjeta débito',
  payment_means_code: '49',
  payment_means_name: 'Tarjeta débito',
  is_active: true,
  is_default: false,
};
const COFFEE: Product = {
  id: 3,
  code: 'CAF500',
  barcodes: ['7702001000011'],
  description: 'Café molido 500 g',
  unit_price: '10000',
  price_includes_tax: false,
  tax_rate: '19',
  unit: 'unidad',
  unspsc: null,
  active: true,
  updated_at: '2026-11-20T15:00:00Z',
};

let draft: Record<string, unknown> | null = null;
let historyReady = false;
let recorded: SalePayment[] = [];

const fake = installFakeBridge({
  'drafts.get': () =>
    draft ? { kind: 'FE', idempotency_key: 'fe-clave-venta', data: draft, updated_at: '2026-11-20T15:00:00Z' } : null,
  'drafts.save': (input) => {
    draft = input.data;
    return { kind: 'FE', idempotency_key: input.idempotency_key, data: {}, updated_at: '2026-11-20T15:00:00Z' };
  },
  'drafts.discard': () => {
    draft = null;
    return { discarded: true };
  },
  'submissions.byKey': () => null,
  'submissions.list': () => [],
  'submissions.get': () => aSubmission({ id: 41 }),
  'fe.paymentMethods': () => [CASH, NEQUI, DEBIT],
  'fe.terceros': () => [],
  'fe.withholdingTypes': () => [],
  'catalog.byCode': (input) => (input.code === '7702001000011' || input.code === 'CAF500' ? COFFEE : null),
  'catalog.search': () => ({ items: [], total: 0, total_capped: false }),
  'fe.submit': (input) => {
    recorded = input.payments ?? [];
    return aSubmission({ id: 41, counterpart: input.request.receptor.nombre });
  },
  'fe.salePayments': () => recorded,
  'history.idOfSubmission': () => ({ id: historyReady ? 5 : null }),
  'history.detail': () => feDetail('10'),
  'print.settings': () => ({ layout: 'ticket80', auto_print: false, printer: '' }),
  'print.thermal': () => ({
    connection: 'network',
    host: '192.168.1.50',
    port: 9100,
    queue: '',
    columns: 48,
    code_page: 'pc858',
    native_qr: true,
    drawer_on_cash: true,
  }),
  'print.receipt': () => ({ drawer_opened: false, warning: null }),
  'app.info': () => ({
    version: '1',
    schemaVersion: 28,
    dataFolder: '/tmp',
    transport: 'web',
    database: { engine: 'sqlite', address: null },
  }),
  'history.issuer': () => null,
});

let InvoicesScreen: typeof import('#renderer/features/invoices/InvoicesScreen').default;
beforeAll(async () => {
  InvoicesScreen = (await import('#renderer/features/invoices/InvoicesScreen')).default;
  await import('#renderer/features/invoices/SubmissionResult');
});
beforeEach(() => {
  draft = null;
  historyReady = true;
  recorded = [];
});
afterEach(cleanup);

const search = () => screen.getByLabelText<HTMLInputElement>('Buscar producto');
const quantity = (line: number) => screen.getByLabelText<HTMLInputElement>(`Cantidad, línea ${line}`);

async function openScreen() {
  renderWithQueries(<InvoicesScreen />);
  const emit = await screen.findByRole('button', { name: 'Emitir factura' });
  await waitFor(() => expect((emit as HTMLButtonElement).disabled).toBe(false));
  return emit;
}

/** A scanner: the code's keys, then Enter, typed wherever the focus is. */
async function scan(user: ReturnType<typeof userEvent.setup>, code = '7702001000011') {
  await user.keyboard(`${code}{Enter}`);
}

async function sell(user: ReturnType<typeof userEvent.setup>) {
  const emit = await openScreen();
  await user.click(search());
  await scan(user);
  await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Descripción, línea 1').value).toBe('Café molido 500 g'));
  await user.click(emit);
  return screen.findByRole('heading', { name: 'Factura aceptada por la DIAN' });
}

describe('the counter after a sale ends', () => {
  it("keeps the product search out of the invoice's form (a form of its own, so a key there is not a change of the invoice's)", async () => {
    await openScreen();
    const invoice = document.querySelector('form.invoice-form');
    expect(invoice).not.toBeNull();
    expect(search().form).not.toBeNull();
    expect(search().form).not.toBe(invoice);
  });

  it('«Nueva factura» puts the focus in the product search, so the next scan lands', async () => {
    const user = userEvent.setup();
    await sell(user);
    await user.click(screen.getByRole('button', { name: 'Nueva factura' }));
    await waitFor(() => expect(document.activeElement).toBe(search()));
    await scan(user);
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Descripción, línea 1').value).toBe('Café molido 500 g'));
  });

  it('Enter on the result (the button has the focus) starts the next sale with the focus in the search', async () => {
    const user = userEvent.setup();
    await sell(user);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Nueva factura' })));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(search()));
  });

  it('discarding the draft puts the focus in the product search', async () => {
    const user = userEvent.setup();
    await openScreen();
    await user.click(search());
    await scan(user);
    await waitFor(() => expect(quantity(1).value).toBe('1'));
    await user.click(screen.getByRole('button', { name: 'Descartar borrador' }));
    await user.click(screen.getByRole('button', { name: 'Sí, descartar' }));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Descripción, línea 1').value).toBe(''));
    await waitFor(() => expect(document.activeElement).toBe(search()));
  });

  it('with no customer the sale is to «consumidor final»', async () => {
    const user = userEvent.setup();
    await sell(user);
    const request = fake.inputsOf('fe.submit')[0]!.request;
    expect(request.receptor).toMatchObject({ tipo_doc: '13', numero_doc: '222222222222', nombre: 'Consumidor final' });
  });
});

describe('a rescan', () => {
  it('is +1 on its line after leaving Facturas and coming back (the line map is in the draft)', async () => {
    const user = userEvent.setup();
    await openScreen();
    await user.click(search());
    await scan(user);
    await waitFor(() => expect(quantity(1).value).toBe('1'));
    await waitFor(() => expect(JSON.stringify(draft)).toContain('"product":"CAF500"'), { timeout: 5000 });
    cleanup();

    await openScreen();
    await user.click(search());
    await scan(user);
    await waitFor(() => expect(quantity(1).value).toBe('2'));
    expect(screen.queryByLabelText('Cantidad, línea 2')).toBeNull();
    // By its code too: the same product, whatever was read.
    await scan(user, 'CAF500');
    await waitFor(() => expect(quantity(1).value).toBe('3'));
  });
});

describe('F9 on the result', () => {
  it('pressed before the printout is ready, prints once when it is', async () => {
    historyReady = false;
    const user = userEvent.setup();
    await sell(user);
    const button = screen.getByRole('button', { name: /^Imprimir/ });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await user.keyboard('{F9}');
    expect(fake.inputsOf('print.receipt')).toEqual([]);
    historyReady = true;
    await waitFor(() => expect(fake.inputsOf('print.receipt')).toHaveLength(1), { timeout: 5000 });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    expect(fake.inputsOf('print.receipt')).toEqual([{ source: { history_id: 5 }, occasion: 'sale' }]);
  });
});

describe('a split payment', () => {
  it('leaves the last amount to the cashier who goes into it straight from the first', async () => {
    const user = userEvent.setup();
    await openScreen();
    await user.click(search());
    await scan(user);
    await scan(user);
    await waitFor(() => expect(quantity(1).value).toBe('2'));
    await user.click(screen.getByRole('button', { name: 'Pagar con varios medios' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Valor 1')));
    await user.keyboard('5.000');
    await user.click(screen.getByLabelText('Valor 2'));
    await user.keyboard('18.800');
    expect(screen.getByLabelText<HTMLInputElement>('Valor 2').value).toBe('18.800');
    expect(screen.getByTestId('split-left').textContent).toBe('Los medios suman el total.');
  });

  it('goes with the submission, the largest means on the invoice, and the result shows each means, received and change', async () => {
    const user = userEvent.setup();
    const emit = await openScreen();
    await user.click(search());
    await scan(user);
    await scan(user);
    await waitFor(() => expect(quantity(1).value).toBe('2'));
    // 2 × 10.000 + IVA 19 % = 23.800: 5.000 in cash (received 10.000) and 18.800 by Nequi.
    // Opened: the focus in the first amount, cash first and a card (not the next in the list) second.
    await user.click(screen.getByRole('button', { name: 'Pagar con varios medios' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Valor 1')));
    expect(screen.getByLabelText<HTMLSelectElement>('Medio 1').value).toBe('7');
    expect(screen.getByLabelText<HTMLSelectElement>('Medio 2').value).toBe('11');
    // Leaving the first amount writes what is left in the empty last one.
    await user.keyboard('5.000');
    await user.tab();
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Valor 2').value).toBe('18.800'));
    expect(screen.getByTestId('split-left').textContent).toBe('Los medios suman el total.');
    // A last amount already typed is never overwritten.
    await user.selectOptions(screen.getByLabelText('Medio 2'), '9');
    await user.clear(screen.getByLabelText('Valor 2'));
    await user.type(screen.getByLabelText('Valor 2'), '18.000');
    await user.click(screen.getByLabelText('Valor 1'));
    await user.tab();
    expect(screen.getByLabelText<HTMLInputElement>('Valor 2').value).toBe('18.000');
    await user.type(screen.getByLabelText('Recibido en efectivo'), '10.000');
    await user.click(emit);
    expect((await screen.findAllByText(/Los pagos suman \$\s23\.000,00 y la venta es de \$\s23\.800,00/)).length).toBeGreaterThan(
      0,
    );
    expect(fake.inputsOf('fe.submit')).toHaveLength(0);
    await user.clear(screen.getByLabelText('Valor 2'));
    await user.type(screen.getByLabelText('Valor 2'), '18.800');
    await user.click(emit);
    await screen.findByRole('heading', { name: 'Factura aceptada por la DIAN' });
    const input = fake.inputsOf('fe.submit')[0]!;
    expect(input.payments).toEqual([
      { method_id: 7, means: '10', label: 'Efectivo', amount: '5000', received: '10000', change: '5000' },
      { method_id: 9, means: '47', label: 'Nequi', amount: '18800', received: null, change: null },
    ]);
    expect(input.request.payment).toMatchObject({ method_id: 9, means_code: '47' });
    const paid = await screen.findByTestId('sale-paid');
    const text = paid.textContent?.replace(/\s+/g, ' ');
    expect(text).toContain('Total$ 23.800,00');
    expect(text).toContain('Recibido$ 10.000,00');
    expect(text).toContain('Cambio$ 5.000,00');
    expect(text).toContain('Nequi$ 18.800,00');
    await act(() => Promise.resolve());
  });
});
