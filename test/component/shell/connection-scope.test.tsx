// Switching to another connection drops what the screens held of the previous company: its payment
// methods are never shown (nor submitted) after the switch, with no reload.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RpcBridge } from '../../../src/shared/rpc/bridge';

let active = 1;
let methodReads = 0;
let listeners: ((message: { event: string; payload: unknown }) => void)[] = [];
const connection = (id: number) => ({
  id,
  label: `Empresa ${id}`,
  kind: 'sandbox',
  base_url: 'http://127.0.0.1:1/api/v1',
  company_id: 100 + id,
  embedded: false,
  active: id === active,
  has_token: true,
  created_at: '2026-11-20T15:00:00Z',
});

const fakeBridge: RpcBridge = {
  async invoke(method) {
    const ok = (output: unknown) => ({ id: 1, ok: true as const, output });
    if (method === 'connections.list') return ok([connection(1), connection(2)]);
    if (method === 'fe.paymentMethods') {
      methodReads += 1;
      const label = active === 1 ? 'Efectivo empresa 1' : 'Nequi empresa 2';
      return ok([
        {
          id: active,
          payment_form: 'contado',
          label,
          payment_means_code: '10',
          payment_means_name: 'Efectivo',
          is_active: true,
          is_default: true,
        },
      ]);
    }
    return { id: 1, ok: false as const, error: { code: 'unknown_method' as const, message: method } };
  },
  on: (listener) => {
    listeners.push(listener as (typeof listeners)[number]);
    return () => {
      listeners = listeners.filter((l) => l !== listener);
    };
  },
};

let useConnectionScope: () => void;
let usePaymentMethods: typeof import('../../../src/renderer/features/invoices/useInvoiceData').usePaymentMethods;

beforeAll(async () => {
  window.facturaDesk = fakeBridge;
  ({ useConnectionScope } = await import('../../../src/renderer/shell/useConnectionScope'));
  ({ usePaymentMethods } = await import('../../../src/renderer/features/invoices/useInvoiceData'));
});
afterEach(cleanup);

function Methods() {
  useConnectionScope();
  const methods = usePaymentMethods();
  return <p data-testid="methods">{methods.data ? methods.data.map((m) => m.label).join(', ') : 'cargando'}</p>;
}

describe('connection scope', () => {
  it('asks the new company for its payment methods when the active connection changes', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await client.fetchQuery({
      queryKey: ['connections.list', {}],
      queryFn: () => fakeBridge.invoke('connections.list', {}).then((r) => (r.ok ? r.output : [])),
    });
    render(
      <QueryClientProvider client={client}>
        <Methods />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('methods').textContent).toBe('Efectivo empresa 1'));
    const seen: string[] = [];
    const observer = new MutationObserver(() => seen.push(screen.getByTestId('methods').textContent ?? ''));
    observer.observe(screen.getByTestId('methods'), { childList: true, characterData: true, subtree: true });

    active = 2;
    act(() => {
      for (const listener of listeners) listener({ event: 'connection.changed', payload: { id: 2 } });
    });
    await waitFor(() => expect(screen.getByTestId('methods').textContent).toBe('Nequi empresa 2'));
    observer.disconnect();
    expect(seen).not.toContain('Efectivo empresa 1');
  });

  it('keeps what it holds when the same connection only changes (a token stored)', async () => {
    active = 1;
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await client.fetchQuery({
      queryKey: ['connections.list', {}],
      queryFn: () => fakeBridge.invoke('connections.list', {}).then((r) => (r.ok ? r.output : [])),
    });
    render(
      <QueryClientProvider client={client}>
        <Methods />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('methods').textContent).toBe('Efectivo empresa 1'));
    const readsBefore = methodReads;
    act(() => {
      for (const listener of listeners) listener({ event: 'connection.changed', payload: { id: 1 } });
    });
    await waitFor(() => expect(client.getQueryState(['connections.list', {}])?.dataUpdateCount).toBe(2));
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(screen.getByTestId('methods').textContent).toBe('Efectivo empresa 1');
    expect(methodReads).toBe(readsBefore);
  });
});
