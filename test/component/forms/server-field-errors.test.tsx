// The one form pattern (src/renderer/forms/): a submission the server refused with a 400 that names
// fields marks the FE and the DSE form's own fields, from the data core recorded
// (Submission.field_errors), never from the support text. The support text here is what the ledger
// keeps of such an answer: its first 4,000 characters, which do not reach the field list.
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SubmissionFieldError } from '#shared/api/field-errors';
import type { Submission } from '#shared/rpc/methods/submissions';
import { installFakeBridge } from '#test/component/fake-bridge';
import { fieldMessageOf } from '#test/component/field-message';
import { aSubmission, CASH } from '#test/component/fixtures';
import { fillInvoice, fillSupportDocument } from '#test/component/form-filling';
import { renderWithQueries } from '#test/component/render';

/** The server's answer: 5,000 characters of detail, then the field list. The ledger keeps 4,000. */
const longBody = (errors: unknown[]) => JSON.stringify({ ok: false, error: 'Datos inválidos', traza: 'x'.repeat(5000), errors });

let fieldErrors: SubmissionFieldError[] = [];
let serverErrors: unknown[] = [];

const refused = (kind: 'FE' | 'DSE', key: string): Submission =>
  aSubmission({
    id: 9,
    kind,
    idempotency_key: key,
    state: 'failed',
    counterpart: 'Ana',
    http_status: 400,
    document_id: null,
    document_number: null,
    fiscal_key: null,
    estado_dian: null,
    error: { code: 'api_invalid', message: 'El servicio rechazó los datos. Corrija los datos y vuelva a intentarlo.' },
    created_at: 'x',
    updated_at: 'x',
    field_errors: fieldErrors,
  });

const fake = installFakeBridge({
  'drafts.get': () => null,
  'submissions.byKey': () => null,
  'drafts.save': (input) => ({ ...input, updated_at: '2026-11-20T15:00:00Z' }),
  'drafts.discard': () => ({ discarded: true }),
  'fe.paymentMethods': () => [CASH],
  'fe.terceros': () => [],
  'fe.withholdingTypes': () => [],
  'dseCatalog.suppliers': () => [],
  'submissions.list': () => [],
  'dseCatalog.costCenters': () => [{ id: 1, code: 'ADM', name: 'Administración' }],
  'fe.submit': (input) => refused('FE', String(input.request.draft_key)),
  'dse.submit': (input) => refused('DSE', String(input.key)),
  'submissions.supportInfo': () => {
    const cut = longBody(serverErrors).slice(0, 4000);
    return { fields: [{ label: 'Respuesta (sanitizada)', value: cut }], text: cut };
  },
});

let InvoicesScreen: typeof import('#renderer/features/invoices/InvoicesScreen').default;
let SupportDocumentsScreen: typeof import('#renderer/features/support-documents/SupportDocumentsScreen').default;

beforeAll(async () => {
  InvoicesScreen = (await import('#renderer/features/invoices/InvoicesScreen')).default;
  SupportDocumentsScreen = (await import('#renderer/features/support-documents/SupportDocumentsScreen')).default;
});
beforeEach(() => {
  window.location.hash = '#/';
});
afterEach(cleanup);

describe('a 400 that names fields, placed from data', () => {
  it('FE: marks the fields it names (a line by its row) with the server message whole, lists the rest in Spanish, never reads the support text', async () => {
    serverErrors = [
      { field: 'receptor.nombre', message: 'no coincide con el RUT' },
      { field: 'receptor.numero_doc', message: 'NIT: 900123456 no existe' },
      { field: 'items[0].unit_input', message: 'debe ser mayor que cero' },
      { field: 'total', message: 'no coincide con la suma de las líneas' },
    ];
    fieldErrors = [
      { path: 'receptor.nombre', code: 'invalid', message: 'no coincide con el RUT' },
      { path: 'receptor.numero_doc', code: 'invalid', message: 'NIT: 900123456 no existe' },
      { path: 'items[0].unit_input', code: 'positive', message: 'debe ser mayor que cero' },
      { path: 'total', code: 'invalid', message: 'no coincide con la suma de las líneas' },
    ];
    expect(longBody(serverErrors).slice(0, 4000)).not.toContain('receptor.nombre');
    const user = userEvent.setup();
    renderWithQueries(<InvoicesScreen />);
    const emit = await screen.findByRole('button', { name: 'Emitir factura' });
    await waitFor(() => expect((emit as HTMLButtonElement).disabled).toBe(false));
    await fillInvoice(user, 'Ana');
    await user.click(emit);
    await waitFor(() => expect(fieldMessageOf(screen.getByLabelText('Nombre o razón social'))).toBe('No coincide con el RUT.'));
    // The server's own words stay whole: its message starts with a word and a colon, not a field.
    expect(fieldMessageOf(screen.getByLabelText('Número de documento'))).toBe('NIT: 900123456 no existe.');
    expect(fieldMessageOf(screen.getByLabelText('Valor unitario, línea 1'))).toBe('Debe ser mayor que cero.');
    const alert = screen.getByText('El servicio rechazó los datos. Corrija los datos y vuelva a intentarlo.').closest('[role]')!;
    expect(alert.textContent).toContain('Total: no coincide con la suma de las líneas.');
    expect(alert.textContent).not.toMatch(/receptor\.|items\[|unit_input/);
    expect(fake.methods()).not.toContain('submissions.supportInfo');
    // The form stays, for the corrected invoice.
    expect(screen.getByRole('button', { name: 'Emitir factura' })).toBeTruthy();
  });

  it('DSE: marks the supplier and line fields it names (contract names mapped to the form), never reads the support text', async () => {
    serverErrors = [
      { campo: 'proveedor.numero_documento', mensaje: 'el NIT no existe en el RUT' },
      { campo: 'items[0].descripcion', mensaje: 'es demasiado genérica' },
    ];
    fieldErrors = [
      { path: 'proveedor.numero_documento', code: 'invalid', message: 'el NIT no existe en el RUT' },
      { path: 'items[0].descripcion', code: 'invalid', message: 'es demasiado genérica' },
    ];
    window.location.hash = '#/documentos-soporte';
    renderWithQueries(<SupportDocumentsScreen />);
    await screen.findByRole('button', { name: 'Emitir documento soporte' });
    const user = userEvent.setup();
    await fillSupportDocument(user);
    await user.click(screen.getByRole('button', { name: 'Emitir documento soporte' }));
    await waitFor(() =>
      expect(fieldMessageOf(screen.getByLabelText('Número de identificación'))).toBe('El NIT no existe en el RUT.'),
    );
    // A line's cell says it in its title and marks itself invalid (the row lists its problems).
    const line = screen.getByLabelText('Descripción, línea 1');
    expect(line.getAttribute('title')).toBe('Es demasiado genérica.');
    expect(line.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('El servicio rechazó los datos. Corrija los datos y vuelva a intentarlo.')).toBeTruthy();
    expect(fake.methods()).not.toContain('submissions.supportInfo');
    // Refused before anything was created: the form stays, with its draft saved.
    expect(fake.methods()).toContain('drafts.save');
    expect(screen.getByRole('button', { name: 'Emitir documento soporte' })).toBeTruthy();
  });
});
