// After a restart, for the FE form (the DSE one is test/component/support-documents/after-restart):
// after core was restarted with an invoice accepted, pending or in doubt, Facturas shows what the
// ledger knows of the draft's key and never offers "Emitir" for an operation that may have arrived;
// an uncertain invoice whose draft already went stays in the pending list with its state, and
// "Emitir factura" is for a new sale only (a new key).
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Submission } from '#shared/rpc/methods/submissions';
import { installFakeBridge } from '#test/component/fake-bridge';
import { aSubmission, CASH } from '#test/component/fixtures';
import { renderWithQueries } from '#test/component/render';

const KEY = 'fe-clave-antes-del-cierre';

const submission = (extra: Partial<Submission>): Submission => aSubmission({ idempotency_key: KEY, attempts: 2, ...extra });

/** What the ledger knows of the draft's key (null: nothing), whether the draft is still there, and the open list. */
let known: Partial<Submission> | null = null;
let draftKept = true;
let open: Submission[] = [];

const draftValues = { receptor: { tipo_documento: '13', numero_documento: '1020304050', nombre: 'Ana Pérez' } };

const fake = installFakeBridge({
  // What the form saved just before sending: the key and the values.
  'drafts.get': () =>
    draftKept ? { kind: 'FE', idempotency_key: KEY, data: draftValues, updated_at: '2026-11-20T15:00:00Z' } : null,
  'drafts.save': (input) => ({
    kind: 'FE',
    idempotency_key: input.idempotency_key,
    data: {},
    updated_at: '2026-11-20T15:00:00Z',
  }),
  'drafts.discard': () => ({ discarded: true }),
  'submissions.byKey': (input) => (known && input.key === KEY ? submission(known) : null),
  'submissions.get': () => submission(known ?? {}),
  'submissions.list': () => open,
  'fe.paymentMethods': () => [CASH],
  'fe.terceros': () => [],
  'fe.withholdingTypes': () => [],
});

let InvoicesScreen: typeof import('#renderer/features/invoices/InvoicesScreen').default;
beforeAll(async () => {
  InvoicesScreen = (await import('#renderer/features/invoices/InvoicesScreen')).default;
  // What a submission shows is loaded on demand (the app preloads it once the form is up); its first
  // import here compiles it and the printout's code, seconds on a loaded machine: done before the tests.
  await import('#renderer/features/invoices/SubmissionResult');
});
beforeEach(() => {
  known = null;
  draftKept = true;
  open = [];
});
afterEach(cleanup);

function renderScreen() {
  renderWithQueries(<InvoicesScreen />);
}

describe('Facturas after a restart', () => {
  it('an accepted invoice of the draft key is shown with its number; "Emitir factura" is not offered', async () => {
    known = { state: 'accepted' };
    renderScreen();
    await screen.findByRole('heading', { name: 'Factura aceptada por la DIAN' });
    expect(screen.getByTestId('result-number').textContent).toBe('SETT12');
    expect(screen.queryByRole('button', { name: 'Emitir factura' })).toBeNull();
    expect(fake.inputsOf('submissions.byKey')[0]).toEqual({ kind: 'FE', key: KEY });
  });

  it('one pending at the DIAN is shown as in confirmation, with no second submission offered', async () => {
    known = { state: 'pending', estado_dian: 'en_proceso', document_number: null, fiscal_key: null, http_status: 202 };
    renderScreen();
    await screen.findByRole('heading', { name: 'Factura en confirmación: puede seguir vendiendo' });
    expect(screen.getByText(/La factura existe en el servicio/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Emitir factura' })).toBeNull();
  });

  it('one in doubt is shown as in confirmation ("no se creará una segunda factura"); only "Nueva venta" leads to a form, under a new key', async () => {
    known = {
      state: 'in_doubt',
      http_status: null,
      document_id: null,
      document_number: null,
      fiscal_key: null,
      estado_dian: null,
    };
    renderScreen();
    await screen.findByRole('heading', { name: 'Factura en confirmación: puede seguir vendiendo' });
    expect(screen.getByText(/no se creará una segunda factura/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Emitir factura' })).toBeNull();
    // The draft goes: the ledger holds the key now.
    await waitFor(() => expect(fake.calls.some((c) => c.method === 'drafts.discard')).toBe(true));

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Nueva venta' }));
    await screen.findByRole('button', { name: 'Emitir factura' });
    expect((screen.getByLabelText('Nombre o razón social') as HTMLInputElement).value).toBe('');
    await user.type(screen.getByLabelText('Descripción, línea 1'), 'Otra venta');
    await waitFor(() => expect(fake.calls.some((c) => c.method === 'drafts.save')).toBe(true));
    const keys = fake.inputsOf('drafts.save').map((input) => input.idempotency_key);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys).not.toContain(KEY);
  });

  it('an uncertain invoice whose draft already went stays in the pending list with its state; the form is a new sale', async () => {
    draftKept = false;
    open = [
      submission({
        id: 8,
        idempotency_key: 'fe-en-duda',
        state: 'in_doubt',
        counterpart: 'Cliente En Duda',
        http_status: null,
        document_id: null,
        document_number: null,
        fiscal_key: null,
        estado_dian: null,
        next_check_at: '2026-11-20T15:10:00Z',
      }),
      submission({
        id: 9,
        idempotency_key: 'fe-en-proceso',
        state: 'pending',
        counterpart: 'Cliente En Proceso',
        estado_dian: 'en_proceso',
        document_number: 'SETT13',
        http_status: 202,
      }),
    ];
    renderScreen();
    const pending = await screen.findByTestId('pending-invoices');
    const rows = within(pending).getAllByTestId('pending-invoice');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/Cliente En Duda.*Sin respuesta confirmada/),
      expect.stringMatching(/Cliente En Proceso.*SETT13.*En proceso/),
    ]);
    expect(within(pending).getByText(/No las emita otra vez/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Emitir factura' })).toBeTruthy();
    expect((screen.getByLabelText('Nombre o razón social') as HTMLInputElement).value).toBe('');
    expect(fake.calls.some((c) => c.method === 'submissions.byKey')).toBe(false);
  });

  it('a key the ledger does not know keeps the draft in the form (nothing was sent)', async () => {
    known = null;
    renderScreen();
    await screen.findByRole('button', { name: 'Emitir factura' });
    expect((screen.getByLabelText('Nombre o razón social') as HTMLInputElement).value).toBe('Ana Pérez');
  });

  it('a draft read at start whose key the ledger does not know opens in the first render, with no "Abriendo el borrador…"', async () => {
    const { startInvoices, startReadsSettled } = await import('#renderer/features/invoices/start-reads');
    startInvoices();
    await startReadsSettled();
    renderScreen();
    expect(screen.queryByText('Abriendo el borrador…')).toBeNull();
    expect((screen.getByLabelText('Nombre o razón social') as HTMLInputElement).value).toBe('Ana Pérez');
    expect(fake.callsTo('submissions.byKey').length).toBe(1);
  });
});
