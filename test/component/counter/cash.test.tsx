// Cash received and change (issue 15, item 5): exact, against the live total, shown only for a cash
// sale in pesos, and never part of what is sent.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cashChange } from '../../../src/renderer/features/counter/cash';
import { dec } from '../../../src/shared/money';
import type { PaymentMethod } from '../../../src/shared/api/fe';
import type { RpcBridge } from '../../../src/shared/rpc/bridge';

const METHODS: PaymentMethod[] = [
  {
    id: 7,
    payment_form: 'contado',
    label: 'Efectivo',
    payment_means_code: '10',
    payment_means_name: 'Efectivo',
    is_active: true,
    is_default: true,
  },
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

const fakeBridge: RpcBridge = {
  async invoke(method, input) {
    const ok = (output: unknown) => ({ id: 1, ok: true as const, output });
    switch (method) {
      case 'drafts.get':
        return ok(null);
      case 'drafts.save':
        saved.push((input as { data: Record<string, unknown> }).data);
        return ok({ kind: 'FE', idempotency_key: 'k', data: {}, updated_at: '2026-11-20T15:00:00Z' });
      case 'fe.paymentMethods':
        return ok(METHODS);
      case 'fe.terceros':
      case 'fe.withholdingTypes':
        return ok([]);
      case 'submissions.list':
        return ok([]);
      default:
        return { id: 1, ok: false as const, error: { code: 'unknown_method' as const, message: method } };
    }
  },
  on: () => () => undefined,
};

let InvoicesScreen: typeof import('../../../src/renderer/features/invoices/InvoicesScreen').default;
beforeAll(async () => {
  window.facturaDesk = fakeBridge;
  InvoicesScreen = (await import('../../../src/renderer/features/invoices/InvoicesScreen')).default;
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
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <InvoicesScreen />
      </QueryClientProvider>,
    );
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
    await waitFor(() => expect(saved.length).toBeGreaterThan(0));
    expect(JSON.stringify(saved.at(-1))).not.toContain('20.000');
  });
});
