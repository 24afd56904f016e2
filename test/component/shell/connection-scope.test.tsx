// Switching to another connection drops what the screens held of the previous company: its payment
// methods are never shown (nor submitted) after the switch, with no reload.
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Connection } from '#shared/rpc/methods/connections';
import { installFakeBridge } from '#test/component/fake-bridge';
import { renderWithQueries, testQueryClient } from '#test/component/render';

let active = 1;
let methodReads = 0;
const connection = (id: number): Connection => ({
  id,
  label: `Empresa ${id}`,
  kind: 'sandbox',
  base_url: 'http://127.0.0.1:1/api/v1',
  company_id: 100 + id,
  embedded: false,
  active: id === active,
  has_token: true,
});

const fake = installFakeBridge({
  'connections.list': () => [connection(1), connection(2)],
  'fe.paymentMethods': () => {
    methodReads += 1;
    const label = active === 1 ? 'Efectivo empresa 1' : 'Nequi empresa 2';
    return [
      {
        id: active,
        payment_form: 'contado',
        label,
        payment_means_code: '10',
        payment_means_name: 'Efectivo',
        is_active: true,
        is_default: true,
      },
    ];
  },
});

let useConnectionScope: () => void;
let usePaymentMethods: typeof import('#renderer/features/invoices/useInvoiceData').usePaymentMethods;

beforeAll(async () => {
  ({ useConnectionScope } = await import('#renderer/shell/useConnectionScope'));
  ({ usePaymentMethods } = await import('#renderer/features/invoices/useInvoiceData'));
});
afterEach(cleanup);

function Methods() {
  useConnectionScope();
  const methods = usePaymentMethods();
  return <p data-testid="methods">{methods.data ? methods.data.map((m) => m.label).join(', ') : 'cargando'}</p>;
}

describe('connection scope', () => {
  it('asks the new company for its payment methods when the active connection changes', async () => {
    const client = testQueryClient();
    await client.fetchQuery({
      queryKey: ['connections.list', {}],
      queryFn: () => fake.bridge.invoke('connections.list', {}).then((r) => (r.ok ? r.output : [])),
    });
    renderWithQueries(<Methods />, client);
    await waitFor(() => expect(screen.getByTestId('methods').textContent).toBe('Efectivo empresa 1'));
    const seen: string[] = [];
    const observer = new MutationObserver(() => seen.push(screen.getByTestId('methods').textContent ?? ''));
    observer.observe(screen.getByTestId('methods'), { childList: true, characterData: true, subtree: true });

    active = 2;
    fake.emit('connection.changed', { id: 2 });
    await waitFor(() => expect(screen.getByTestId('methods').textContent).toBe('Nequi empresa 2'));
    observer.disconnect();
    expect(seen).not.toContain('Efectivo empresa 1');
  });

  it('keeps what it holds when the same connection only changes (a token stored)', async () => {
    active = 1;
    const client = testQueryClient();
    await client.fetchQuery({
      queryKey: ['connections.list', {}],
      queryFn: () => fake.bridge.invoke('connections.list', {}).then((r) => (r.ok ? r.output : [])),
    });
    renderWithQueries(<Methods />, client);
    await waitFor(() => expect(screen.getByTestId('methods').textContent).toBe('Efectivo empresa 1'));
    const readsBefore = methodReads;
    fake.emit('connection.changed', { id: 1 });
    await waitFor(() => expect(client.getQueryState(['connections.list', {}])?.dataUpdateCount).toBe(2));
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(screen.getByTestId('methods').textContent).toBe('Efectivo empresa 1');
    expect(methodReads).toBe(readsBefore);
  });
});
