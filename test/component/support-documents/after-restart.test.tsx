// Issue 14, item 4: after the app was killed during a DSE and opened again, the screen shows what the
// ledger knows of the draft's key (accepted, pending, in doubt) and never offers "Emitir" again for an
// operation that may have arrived.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { colombiaToday } from '../../../src/shared/dates';
import type { RpcBridge } from '../../../src/shared/rpc/bridge';
import type { Submission } from '../../../src/shared/rpc/methods/submissions';

const KEY = 'dse-clave-antes-del-cierre';
let known: Partial<Submission> | null = null;

const submission = (extra: Partial<Submission>): Submission => ({
  id: 7,
  kind: 'DSE',
  connection_id: 1,
  company_id: 101,
  idempotency_key: KEY,
  payload_hash: 'h',
  state: 'accepted',
  attempts: 2,
  counterpart: 'Cosechas',
  http_status: 200,
  document_id: 12,
  document_number: 'DSE12',
  fiscal_key: 'a'.repeat(96),
  estado_dian: 'aceptado',
  error: null,
  created_at: '2026-11-20T15:00:00Z',
  updated_at: '2026-11-20T15:00:00Z',
  next_check_at: null,
  ...extra,
});

const draftValues = {
  supplier: { tipo_documento: '13', nit: '1020304050', nombre: 'Pedro Gómez' },
  fecha_documento: colombiaToday(new Date()),
};

const fakeBridge: RpcBridge = {
  async invoke(method, input) {
    const args = (input ?? {}) as Record<string, unknown>;
    const ok = (output: unknown) => ({ id: 1, ok: true as const, output });
    switch (method) {
      case 'drafts.get':
        // What the form saved just before sending: the key and the values, no submission yet.
        return ok({
          kind: 'DSE',
          idempotency_key: KEY,
          data: { values: draftValues, submission_id: null },
          updated_at: '2026-11-20T15:00:00Z',
        });
      case 'drafts.save':
        return ok({ ...args, updated_at: '2026-11-20T15:00:00Z' });
      case 'submissions.byKey':
        return ok(known && args.key === KEY ? submission(known) : null);
      case 'submissions.get':
        return ok(submission(known ?? {}));
      case 'dseCatalog.costCenters':
      case 'dseCatalog.suppliers':
      case 'submissions.list':
        return ok([]);
      default:
        return { id: 1, ok: false as const, error: { code: 'unknown_method' as const, message: method } };
    }
  },
  on: () => () => undefined,
};

let Screen: typeof import('../../../src/renderer/features/support-documents/SupportDocumentsScreen').default;
beforeAll(async () => {
  window.facturaDesk = fakeBridge;
  Screen = (await import('../../../src/renderer/features/support-documents/SupportDocumentsScreen')).default;
});
afterEach(cleanup);
beforeEach(() => {
  window.location.hash = '#/documentos-soporte';
});

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Screen />
    </QueryClientProvider>,
  );
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
