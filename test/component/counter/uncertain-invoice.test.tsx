// Against a fake bridge: an invoice whose outcome is uncertain never stops the
// counter. The result offers "Nueva venta" with the focus, the draft goes (the ledger keeps the key),
// the invoice waits in "Facturas pendientes de confirmar", and the shell says when it settles.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Submission } from '#shared/rpc/methods/submissions';
import { installFakeBridge, rpcError } from '#test/component/fake-bridge';
import { aSubmission, CASH } from '#test/component/fixtures';
import { fillInvoice } from '#test/component/form-filling';
import { renderWithQueries } from '#test/component/render';

const submission = (overrides: Partial<Submission>): Submission =>
  aSubmission({
    id: 41,
    idempotency_key: 'fe-41',
    state: 'in_doubt',
    http_status: null,
    document_id: null,
    document_number: null,
    fiscal_key: null,
    estado_dian: null,
    error: { code: 'api_uncertain', message: 'No se sabe aún si el documento llegó.' },
    next_check_at: '2026-11-20T15:00:05Z',
    ...overrides,
  });

let ledger: Submission[] = [];

const fake = installFakeBridge({
  'drafts.get': () => null,
  'drafts.save': () => ({ kind: 'FE', idempotency_key: 'k', data: {}, updated_at: '2026-11-20T15:00:00Z' }),
  'drafts.discard': () => ({ discarded: true }),
  'fe.paymentMethods': () => [CASH],
  'fe.terceros': () => [],
  'fe.withholdingTypes': () => [],
  'fe.submit': () => {
    const sent = submission({});
    ledger = [sent];
    return sent;
  },
  'submissions.list': (input) =>
    input.open ? ledger.filter((s) => ['sending', 'in_doubt', 'pending'].includes(s.state)) : ledger,
  'submissions.get': (input) => {
    const found = ledger.find((s) => s.id === input.id);
    if (!found) throw rpcError('not_found', `No hay un envío ${input.id}.`);
    return found;
  },
});

let InvoicesScreen: typeof import('#renderer/features/invoices/InvoicesScreen').default;
let SettlementNotices: typeof import('#renderer/shell/notices/SettlementNotices').SettlementNotices;
let Notices: typeof import('#renderer/shell/notices/Notices').Notices;
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
  InvoicesScreen = (await import('#renderer/features/invoices/InvoicesScreen')).default;
  ({ SettlementNotices } = await import('#renderer/shell/notices/SettlementNotices'));
  ({ Notices } = await import('#renderer/shell/notices/Notices'));
  ({ clearNotices } = await import('#renderer/shell/notices/notices'));
  ({ useEventInvalidation } = await import('#renderer/rpc/invalidation'));
});
beforeEach(() => {
  ledger = [];
  clearNotices();
});
afterEach(cleanup);

describe('an uncertain invoice at the counter', () => {
  it('offers a new sale at once, lists the invoice as pending, and says so when it is accepted', async () => {
    const user = userEvent.setup();
    renderWithQueries(
      <>
        <InvoicesScreen />
        <Shell />
      </>,
    );
    const emit = await screen.findByRole('button', { name: 'Emitir factura' });
    await waitFor(() => expect((emit as HTMLButtonElement).disabled).toBe(false));
    await fillInvoice(user, 'Ana Pérez');
    await user.click(emit);

    await screen.findByRole('heading', { name: 'Factura en confirmación: puede seguir vendiendo' });
    const next = screen.getByRole('button', { name: 'Nueva venta' });
    await waitFor(() => expect(document.activeElement).toBe(next));
    await waitFor(() => expect(fake.methods()).toContain('drafts.discard'));

    // The shell learns the invoice is open (as after its first 'document.changed').
    fake.emit('document.changed', { kind: 'FE', submission_id: 41, document_id: null, estado: 'in_doubt' });

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
    fake.emit('document.changed', { kind: 'FE', submission_id: 41, document_id: 9, estado: 'aceptado' });
    const notice = await screen.findByTestId('fe-toast');
    expect(notice.textContent).toContain('La factura SETT9 de Ana Pérez fue aceptada por la DIAN.');
    await waitFor(() => expect(screen.queryByTestId('pending-invoices')).toBeNull());
  });

  it('does not announce an invoice that was accepted at once (its result is on screen)', async () => {
    ledger = [];
    renderWithQueries(<Shell />);
    await waitFor(() => expect(fake.methods()).toContain('submissions.list'));
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
    fake.emit('document.changed', { kind: 'FE', submission_id: 50, document_id: 10, estado: 'aceptado' });
    fake.emit('document.changed', { kind: 'DSE', submission_id: 51, document_id: 11, estado: 'aceptado' });
    // The DSE notice comes (every DSE settles in the background); the FE one never does.
    expect((await screen.findByTestId('dse-toast')).textContent).toContain('El documento soporte DS11 fue aceptado por la DIAN.');
    expect(screen.queryByTestId('fe-toast')).toBeNull();
  });
});
