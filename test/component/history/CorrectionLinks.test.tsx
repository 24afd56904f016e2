// A rejected DSE is corrected once: the Historial's detail and the form's result stop offering
// «Corregir y enviar de nuevo» while a correction is on its way or accepted (core refuses it too,
// test/integration/core/dse-corrections.test.ts); a correction the DIAN rejected leaves it offered.
import { QueryClient } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CorrectionSide } from '#shared/rpc/methods/dse-corrections';
import type { HistoryDetail } from '#shared/rpc/methods/history';
import type { Submission } from '#shared/rpc/methods/submissions';
import { installFakeBridge } from '#test/component/fake-bridge';
import { renderWithQueries } from '#test/component/render';

let correctedBy: CorrectionSide[] = [];

const rejected: Submission = {
  id: 7,
  kind: 'DSE',
  connection_id: 1,
  company_id: 1,
  idempotency_key: 'dse-rechazado-0007',
  payload_hash: 'h',
  state: 'rejected',
  attempts: 1,
  counterpart: 'Proveedor Uno',
  http_status: 422,
  document_id: 70,
  document_number: 'DS7',
  fiscal_key: 'cuds',
  estado_dian: 'rechazado',
  error: { code: 'api_rejected', message: 'La DIAN rechazó el documento.' },
  created_at: '2026-11-20T15:00:00.000Z',
  updated_at: '2026-11-20T15:00:01.000Z',
  next_check_at: null,
  contingency: null,
};

installFakeBridge({
  'dseCorrections.of': () => ({ corrects: null, corrected_by: correctedBy }),
  'submissions.get': () => rejected,
});

let CorrectionLinks: typeof import('#renderer/features/history/CorrectionLinks').CorrectionLinks;
let OutcomePanel: typeof import('#renderer/features/support-documents/parts/OutcomePanel').OutcomePanel;
beforeAll(async () => {
  CorrectionLinks = (await import('#renderer/features/history/CorrectionLinks')).CorrectionLinks;
  OutcomePanel = (await import('#renderer/features/support-documents/parts/OutcomePanel')).OutcomePanel;
});
afterEach(cleanup);

const side = (state: CorrectionSide['state'], number: string | null): CorrectionSide => ({
  submission_id: 8,
  number,
  state,
  estado_dian: state === 'accepted' ? 'aceptado' : state === 'rejected' ? 'rechazado' : null,
  history_id: null,
  created_at: '2026-11-20T16:00:00.000Z',
});

const detail = { entry: { kind: 'DSE' }, submission: rejected } as unknown as HistoryDetail;
const renderLinks = () => renderWithQueries(<CorrectionLinks detail={detail} />, new QueryClient());
const renderOutcome = () =>
  renderWithQueries(
    <OutcomePanel id={rejected.id} onNew={() => undefined} onFix={() => undefined} onCorrected={() => undefined} />,
    new QueryClient(),
  );

describe('«Corregir y enviar de nuevo» on a rejected DSE', () => {
  it('is offered in the Historial while nothing corrects it', async () => {
    correctedBy = [];
    renderLinks();
    expect(await screen.findByRole('button', { name: 'Corregir y enviar de nuevo' })).toBeTruthy();
  });

  it.each([
    ['accepted', 'DS8'],
    ['pending', null],
  ] as const)('is gone from the Historial once a correction is %s', async (state, number) => {
    correctedBy = [side(state, number)];
    renderLinks();
    expect(await screen.findByText(/Corregido por/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Corregir y enviar de nuevo' })).toBeNull();
  });

  it('is offered again when the correction itself was rejected', async () => {
    correctedBy = [side('rejected', 'DS8')];
    renderLinks();
    expect(await screen.findByRole('button', { name: 'Corregir y enviar de nuevo' })).toBeTruthy();
  });

  it('is gone from the form’s result once a correction was accepted, which it names', async () => {
    correctedBy = [side('accepted', 'DS8')];
    renderOutcome();
    expect((await screen.findByTestId('dse-outcome-corrected')).textContent).toMatch(/Corregido por DS8/);
    expect(screen.queryByRole('button', { name: 'Corregir y enviar de nuevo' })).toBeNull();
  });

  it('is offered in the form’s result while nothing corrects it', async () => {
    correctedBy = [];
    renderOutcome();
    expect(await screen.findByRole('button', { name: 'Corregir y enviar de nuevo' })).toBeTruthy();
  });
});
