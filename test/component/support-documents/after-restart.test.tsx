// After the app was killed during a DSE and opened again, the screen shows what the
// ledger knows of the draft's key (accepted, pending, in doubt) and never offers "Emitir" again for an
// operation that may have arrived.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { colombiaToday } from '#shared/dates';
import type { Submission } from '#shared/rpc/methods/submissions';
import { installFakeBridge } from '#test/component/fake-bridge';
import { aSubmission } from '#test/component/fixtures';
import { renderWithQueries } from '#test/component/render';

const KEY = 'dse-clave-antes-del-cierre';
let known: Partial<Submission> | null = null;

const submission = (extra: Partial<Submission>): Submission =>
  aSubmission({
    kind: 'DSE',
    idempotency_key: KEY,
    attempts: 2,
    counterpart: 'Cosechas',
    http_status: 200,
    document_number: 'DSE12',
    fiscal_key: 'a'.repeat(96),
    ...extra,
  });

const draftValues = {
  supplier: { tipo_documento: '13', nit: '1020304050', nombre: 'Pedro Gómez' },
  fecha_documento: colombiaToday(new Date()),
};

installFakeBridge({
  // What the form saved just before sending: the key and the values, no submission yet.
  'drafts.get': () => ({
    kind: 'DSE',
    idempotency_key: KEY,
    data: { values: draftValues, submission_id: null },
    updated_at: '2026-11-20T15:00:00Z',
  }),
  'drafts.save': (input) => ({ ...input, updated_at: '2026-11-20T15:00:00Z' }),
  'submissions.byKey': (input) => (known && input.key === KEY ? submission(known) : null),
  'submissions.get': () => submission(known ?? {}),
  'dseCatalog.costCenters': () => [],
  'dseCatalog.suppliers': () => [],
  'submissions.list': () => [],
});

let Screen: typeof import('#renderer/features/support-documents/SupportDocumentsScreen').default;
beforeAll(async () => {
  Screen = (await import('#renderer/features/support-documents/SupportDocumentsScreen')).default;
});
afterEach(cleanup);
beforeEach(() => {
  window.location.hash = '#/documentos-soporte';
});

function renderScreen() {
  renderWithQueries(<Screen />);
}

describe('Documentos soporte after a restart', () => {
  it('an accepted submission of the draft key is shown; "Emitir" is not offered', async () => {
    known = { state: 'accepted' };
    renderScreen();
    await screen.findByText('Documento soporte aceptado por la DIAN');
    expect(screen.queryByRole('button', { name: 'Emitir documento soporte' })).toBeNull();
    expect(screen.queryByText('No se emitió')).toBeNull();
  });

  it('one still in doubt is shown as followed, with no second submission offered', async () => {
    known = {
      state: 'in_doubt',
      http_status: null,
      document_id: null,
      document_number: null,
      fiscal_key: null,
      estado_dian: null,
    };
    renderScreen();
    await screen.findByText('Documento en seguimiento');
    expect(screen.queryByRole('button', { name: 'Emitir documento soporte' })).toBeNull();
  });

  it('a key the ledger does not know keeps the form (nothing was sent)', async () => {
    known = null;
    renderScreen();
    await screen.findByRole('button', { name: 'Emitir documento soporte' });
  });
});
