// Cash received and change: exact, against the live total, shown only for a cash
// sale in pesos, kept with the draft (the ticket prints it) and never part of the invoice.
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cashChange } from '#renderer/features/counter/cash';
import { dec } from '#shared/money';
import type { PaymentMethod } from '#shared/api/fe';
import { installFakeBridge } from '#test/component/fake-bridge';
import { CASH } from '#test/component/fixtures';
import { renderWithQueries } from '#test/component/render';

const METHODS: PaymentMethod[] = [
  CASH,
  {
    id: 8,
    payment_form: 'contado',
    label: 'Tarjeta débito',
    payment_means_code: '49',
    payment_means_name: 'Tarjeta débito',
    is_active: true,
    is_default: false,
  },
];
const saved: Record<string, unknown>[] = [];

installFakeBridge({
  'drafts.get': () => null,
  'drafts.save': (input) => {
    saved.push(input.data);
    return { kind: 'FE', idempotency_key: 'k', data: {}, updated_at: '2026-11-20T15:00:00Z' };
  },
  'fe.paymentMethods': () => METHODS,
  'fe.terceros': () => [],
  'fe.withholdingTypes': () => [],
  'submissions.list': () => [],
});

let InvoicesScreen: typeof import('#renderer/features/invoices/InvoicesScreen').default;
beforeAll(async () => {
  InvoicesScreen = (await import('#renderer/features/invoices/InvoicesScreen')).default;
});
afterEach(cleanup);

describe('cash change', () => {
  it.each([
    ['', 'empty'],
    ['abc', 'invalid'],
    ['-5', 'invalid'],
    ['11.899,99', 'short 0.01'],
    ['11.900', 'change 0'],
    ['50.000', 'change 38100'],
    ['20000,5', 'change 8100.5'],
  ])('received %s against 11.900 is %s', (received, expected) => {
    const state = cashChange(received, dec('11900'));
    const text =
      state.kind === 'short'
        ? `short ${state.missing.toFixed()}`
        : state.kind === 'change'
          ? `change ${state.change.toFixed()}`
          : state.kind;
    expect(text).toBe(expected);
  });

  it('shows the change of a cash sale as the total changes, and hides it for another means', async () => {
    const user = userEvent.setup();
    renderWithQueries(<InvoicesScreen />);
    await screen.findByRole('button', { name: 'Emitir factura' });
    await user.type(screen.getByLabelText('Descripción, línea 1'), 'Café');
    await user.type(screen.getByLabelText('Valor unitario, línea 1'), '10.000');
    const received = await screen.findByLabelText('Recibido en efectivo');
    await user.type(received, '20.000');
    const shown = () => screen.getByTestId('cash-change').textContent?.replace(/\s+/g, ' ');
    await waitFor(() => expect(shown()).toBe('Cambio: $ 8.100,00'));
    await user.clear(screen.getByLabelText('Cantidad, línea 1'));
    await user.type(screen.getByLabelText('Cantidad, línea 1'), '2');
    await waitFor(() => expect(shown()).toBe('Faltan $ 3.800,00'));

    await user.selectOptions(screen.getByLabelText('Medio de pago'), '8');
    await waitFor(() => expect(screen.queryByLabelText('Recibido en efectivo')).toBeNull());
    // Kept with the draft (the ticket prints it), shortly after it was typed.
    await waitFor(
      () => expect((saved.at(-1) as { payment?: { received: string } } | undefined)?.payment?.received).toBe('20.000'),
      {
        timeout: 5000,
      },
    );
  });
});
