// Issue 15, item 8, against a fake bridge: an invoice whose outcome is uncertain never stops the
// counter. The result offers "Nueva venta" with the focus, the draft goes (the ledger keeps the key),
// the invoice waits in "Facturas pendientes de confirmar", and the shell says when it settles.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PaymentMethod } from '../../../src/shared/api/fe';
import type { RpcBridge } from '../../../src/shared/rpc/bridge';
import type { Submission } from '../../../src/shared/rpc/methods/submissions';

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
];

function submission(overrides: Partial<Submission>): Submission {
  return {
    id: 41,
    kind: 'FE',
    connection_id: 1,
    company_id: 101,
    idempotency_key: 'fe-41',
    payload_hash: 'h',
    state: 'in_doubt',
    attempts: 1,
    counterpart: 'Ana Pérez',
    http_status: null,
    document_id: null,
    document_number: null,
    fiscal_key: null,
    estado_dian: null,
    error: { code: 'api_uncertain', message: 'No se sabe aún si el documento llegó.' },
    created_at: '2026-11-20T15:00:00Z',
    updated_at: '2026-11-20T15:00:00Z',
    next_check_at: '2026-11-20T15:00:05Z',
    ...overrides,
  };
}

let calls: string[] = [];
let ledger: Submission[] = [];
let listeners: ((message: { event: string; payload: unknown }) => void)[] = [];

const fakeBridge: RpcBridge = {
  async invoke(method, input) {
    calls.push(method);
    const ok = (output: unknown) => ({ id: 1, ok: true as const, output });
    switch (method) {
      case 'drafts.get':
        return ok(null);
      case 'drafts.save':
        return ok({ kind: 'FE', idempotency_key: 'k', data: {}, updated_at: '2026-11-20T15:00:00Z' });
      case 'drafts.discard':
        return ok({ discarded: true });
      case 'fe.paymentMethods':
        return ok(METHODS);
      case 'fe.terceros':
      case 'fe.withholdingTypes':
        return ok([]);
      case 'fe.submit': {
        const sent = submission({});
        ledger = [sent];
        return ok(sent);
      }
      case 'submissions.list':
        return ok(
          (input as { open?: boolean }).open
            ? ledger.filter((s) => ['sending', 'in_doubt', 'pending'].includes(s.state))
            : ledger,
        );
      case 'submissions.get':
        return ok(ledger.find((s) => s.id === (input as { id: number }).id));
      default:
        return { id: 1, ok: false as const, error: { code: 'unknown_method' as const, message: method } };
    }
  },
  on: (listener) => {
    listeners.push(listener as (typeof listeners)[number]);
    return () => {
      listeners = listeners.filter((l) => l !== listener);
    };
  },
};

function emitEvent(event: string, payload: unknown) {
  act(() => {
    for (const listener of listeners) listener({ event, payload });
  });
}

let InvoicesScreen: typeof import('../../../src/renderer/features/invoices/InvoicesScreen').default;
let SettlementNotices: typeof import('../../../src/renderer/shell/notices/SettlementNotices').SettlementNotices;
let Notices: typeof import('../../../src/renderer/shell/notices/Notices').Notices;
let clearNotices: () => void;
let useEventInvalidation: () => void;

/** The shell's part of the app that these screens rely on (App mounts the same). */
function Shell() {
  useEventInvalidation();
  return (
    <>
      <SettlementNotices />
      <Notices />
    </>
  );
}

beforeAll(async () => {
  window.facturaDesk = fakeBridge;
  InvoicesScreen = (await import('../../../src/renderer/features/invoices/InvoicesScreen')).default;
  ({ SettlementNotices } = await import('../../../src/renderer/shell/notices/SettlementNotices'));
  ({ Notices } = await import('../../../src/renderer/shell/notices/Notices'));
  ({ clearNotices } = await import('../../../src/renderer/shell/notices/notices'));
  ({ useEventInvalidation } = await import('../../../src/renderer/rpc/invalidation'));
});
beforeEach(() => {
  calls = [];
  ledger = [];
  clearNotices();
});
afterEach(cleanup);

describe('an uncertain invoice at the counter', () => {
  it('offers a new sale at once, lists the invoice as pending, and says so when it is accepted', async () => {
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <InvoicesScreen />
        <Shell />
      </QueryClientProvider>,
    );
    const emit = await screen.findByRole('button', { name: 'Emitir factura' });
    await waitFor(() => expect((emit as HTMLButtonElement).disabled).toBe(false));
    await user.type(screen.getByLabelText('Número de documento'), '52345678');
    await user.type(screen.getByLabelText('Nombre o razón social'), 'Ana Pérez');
    await user.type(screen.getByLabelText('Descripción, línea 1'), 'Café');
    await user.type(screen.getByLabelText('Valor unitario, línea 1'), '10.000');
    await user.click(emit);

    await screen.findByRole('heading', { name: 'Factura en confirmación: puede seguir vendiendo' });
    const next = screen.getByRole('button', { name: 'Nueva venta' });
    await waitFor(() => expect(document.activeElement).toBe(next));
    await waitFor(() => expect(calls).toContain('drafts.discard'));

    // The shell learns the invoice is open (as after its first 'document.changed').
    emitEvent('document.changed', { kind: 'FE', submission_id: 41, document_id: null, estado: 'in_doubt' });

    // Enter: a new, empty sale; the uncertain one waits in the pending list with its state.
    await user.keyboard('{Enter}');
    await screen.findByRole('button', { name: 'Emitir factura' });
    expect((screen.getByLabelText('Descripción, línea 1') as HTMLInputElement).value).toBe('');
    const pending = await screen.findByTestId('pending-invoices');
    expect(within(pending).getByText('Facturas pendientes de confirmar (1)')).toBeTruthy();
    expect(within(pending).getByTestId('pending-invoice').textContent).toContain('Ana Pérez');
    expect(within(pending).getByTestId('pending-invoice').textContent).toContain('Sin respuesta confirmada');

    // It settles in the background: the list empties and a notice says so.
    ledger = [
      submission({
        state: 'accepted',
        document_id: 9,
        document_number: 'SETT9',
        estado_dian: 'aceptado',
        error: null,
        next_check_at: null,
      }),
    ];
    emitEvent('document.changed', { kind: 'FE', submission_id: 41, document_id: 9, estado: 'aceptado' });
    const notice = await screen.findByTestId('fe-toast');
    expect(notice.textContent).toContain('La factura SETT9 de Ana Pérez fue aceptada por la DIAN.');
    await waitFor(() => expect(screen.queryByTestId('pending-invoices')).toBeNull());
  });

  it('does not announce an invoice that was accepted at once (its result is on screen)', async () => {
    ledger = [];
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Shell />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(calls).toContain('submissions.list'));
    ledger = [
      submission({ id: 50, state: 'accepted', document_id: 10, document_number: 'SETT10', estado_dian: 'aceptado', error: null }),
      submission({
        id: 51,
        kind: 'DSE',
        state: 'accepted',
        document_id: 11,
        document_number: 'DS11',
        estado_dian: 'aceptado',
        error: null,
      }),
    ];
    emitEvent('document.changed', { kind: 'FE', submission_id: 50, document_id: 10, estado: 'aceptado' });
    emitEvent('document.changed', { kind: 'DSE', submission_id: 51, document_id: 11, estado: 'aceptado' });
    // The DSE notice comes (every DSE settles in the background); the FE one never does.
    expect((await screen.findByTestId('dse-toast')).textContent).toContain('El documento soporte DS11 fue aceptado por la DIAN.');
    expect(screen.queryByTestId('fe-toast')).toBeNull();
  });
});
