// Against a fake bridge: the contingency banner says how many documents wait and
// when the service was last tried, "Transmitir ahora" asks core for a pass, the banner follows the
// outbox's events and goes when the queue is empty; the FE result of a queued sale says
// "Factura de contingencia" with its local reference, and offers the next sale.
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OutboxStatus } from '#shared/rpc/methods/outbox';
import type { Submission } from '#shared/rpc/methods/submissions';
import { installFakeBridge } from '#test/component/fake-bridge';
import { renderWithQueries } from '#test/component/render';

let status: OutboxStatus;
let transmits = 0;
let windows: number[] = [];

const item = (n: number, level: OutboxStatus['items'][number]['level'] = 'ok', message: string | null = null) => ({
  submission_id: n,
  kind: 'FE' as const,
  local_ref: `CONT-${String(n).padStart(6, '0')}`,
  counterpart: `Cliente ${n}`,
  queued_at: '2026-11-20T15:00:00Z',
  deadline_at: '2026-11-22T15:00:00Z',
  level,
  time_left: 'quedan 48 h',
  message,
  last_error: null,
  connection_label: 'Empresa A',
  ticket: `CT${n}`,
  ticket_problem: null,
});

const fake = installFakeBridge({
  'outbox.status': () => status,
  'outbox.transmit': () => {
    transmits += 1;
    return {
      transmitted: 0,
      failed: 0,
      queued: status.queued,
      reachable: false,
      message: 'El servicio sigue sin responder; la cola se transmitirá en la próxima comprobación.',
    };
  },
  'submissions.list': () => [],
  'outbox.setWindow': ({ hours }) => {
    windows.push(hours);
    status = { ...status, window_hours: hours };
    return status;
  },
});

let OutboxBanner: typeof import('#renderer/shell/OutboxBanner').OutboxBanner;
let useEventInvalidation: typeof import('#renderer/rpc/invalidation').useEventInvalidation;
let ContingencyPanel: typeof import('#renderer/features/settings/ContingencyPanel').ContingencyPanel;
let SubmissionResult: typeof import('#renderer/features/invoices/SubmissionResult').SubmissionResult;

beforeAll(async () => {
  ({ OutboxBanner } = await import('#renderer/shell/OutboxBanner'));
  ({ useEventInvalidation } = await import('#renderer/rpc/invalidation'));
  ({ ContingencyPanel } = await import('#renderer/features/settings/ContingencyPanel'));
  ({ SubmissionResult } = await import('#renderer/features/invoices/SubmissionResult'));
});
beforeEach(() => {
  transmits = 0;
  windows = [];
  status = { queued: 0, last_check_at: null, reachable: null, transmitting: false, window_hours: 48, items: [] };
});
afterEach(cleanup);

/** The app's root installs the event map (rpc/invalidation.ts) that refreshes the banner. */
function WithEvents({ children }: { children: React.ReactNode }) {
  useEventInvalidation();
  return <>{children}</>;
}

const renderWithEvents = (node: React.ReactNode) => renderWithQueries(<WithEvents>{node}</WithEvents>);

describe('the contingency banner', () => {
  it('is absent with an empty queue, then counts, dates the last check, transmits on demand, and warns of the nearest deadline', async () => {
    const user = userEvent.setup();
    renderWithEvents(<OutboxBanner />);
    await waitFor(() => expect(screen.queryByTestId('outbox-banner')).toBeNull());

    status = { ...status, queued: 2, last_check_at: '2026-11-20T15:04:00Z', reachable: false, items: [item(1), item(2)] };
    fake.emit('outbox.changed', { phase: 'queued', queued: 2, transmitted: 0 });
    const banner = await screen.findByTestId('outbox-banner');
    expect(banner.textContent).toContain('Sin conexión con el servicio — 2 documentos en cola');
    expect(banner.textContent).toMatch(/Última comprobación: 20\/11\/2026.*10:04/);
    expect(banner.textContent).not.toMatch(/pending|in_doubt|outbox/);

    // Each queued document with the time left of its window, in the order they will be transmitted.
    await user.click(screen.getByRole('button', { name: 'Ver la cola' }));
    const rows = screen.getByTestId('outbox-list').querySelectorAll('tbody tr');
    expect([...rows].map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      ['CONT-000001', 'CT1', 'Factura', 'Cliente 1', expect.stringMatching(/^20\/11\/2026/), 'quedan 48 h', '—'],
      ['CONT-000002', 'CT2', 'Factura', 'Cliente 2', expect.stringMatching(/^20\/11\/2026/), 'quedan 48 h', '—'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Ocultar la cola' }));
    expect(screen.queryByTestId('outbox-list')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Transmitir ahora' }));
    expect(transmits).toBe(1);
    expect(await screen.findByText(/sigue sin responder/)).toBeTruthy();

    status = {
      ...status,
      queued: 1,
      items: [
        item(2, '4h', 'Urgente: el documento CONT-000002 debe transmitirse antes del 22/11/2026: quedan menos de 4 horas.'),
      ],
    };
    fake.emit('outbox.changed', { phase: 'warning', queued: 1, transmitted: 0 });
    expect(await screen.findByText(/Urgente: el documento CONT-000002/)).toBeTruthy();
    expect(screen.getByTestId('outbox-banner').textContent).toContain('1 documento en cola');

    status = { ...status, queued: 0, items: [] };
    fake.emit('outbox.changed', { phase: 'done', queued: 0, transmitted: 1 });
    await waitFor(() => expect(screen.queryByTestId('outbox-banner')).toBeNull());
  });
});

describe('the contingency numbering in the banner', () => {
  it('says in Spanish what the queued tickets lack when there is no contingency numbering', async () => {
    const notice = 'Falta la numeración de contingencia: escriba en Datos del emisor la resolución de contingencia.';
    status = {
      ...status,
      queued: 1,
      last_check_at: '2026-11-20T15:04:00Z',
      items: [{ ...item(1), ticket: null }],
      numbering_notice: notice,
    };
    renderWithQueries(<OutboxBanner />);
    expect((await screen.findByTestId('outbox-numbering-notice')).textContent).toBe(notice);
  });
});

describe('the result of a sale queued in contingency', () => {
  it('says «Factura de contingencia» with the local reference and the window, and offers the next sale', async () => {
    const queued: Submission = {
      id: 7,
      kind: 'FE',
      connection_id: 1,
      company_id: 1,
      idempotency_key: 'fe-7',
      payload_hash: 'h',
      state: 'in_doubt',
      attempts: 1,
      counterpart: 'Ana Pérez',
      http_status: null,
      document_id: null,
      document_number: null,
      fiscal_key: null,
      estado_dian: null,
      error: { code: 'api_unreachable', message: 'Sin conexión con el servicio.' },
      created_at: '2026-11-20T15:00:00Z',
      updated_at: '2026-11-20T15:00:00Z',
      next_check_at: null,
      contingency: { local_ref: 'CONT-000007', deadline_at: '2026-11-22T15:00:00Z', transmitted_at: null },
    };
    let news = 0;
    renderWithEvents(<SubmissionResult submission={queued} onNew={() => (news += 1)} onCorrect={() => undefined} />);
    expect(screen.getByRole('heading', { name: /Factura de contingencia/ })).toBeTruthy();
    expect(screen.getByTestId('contingency-ref').textContent).toContain('CONT-000007');
    expect(screen.getByText(/22\/11\/2026/)).toBeTruthy();
    const next = screen.getByRole('button', { name: 'Nueva venta' });
    expect(document.activeElement).toBe(next);
    await userEvent.setup().click(next);
    expect(news).toBe(1);
  });
});

describe('Ajustes › Contingencia', () => {
  it('shows the window, refuses what is not a whole number of hours without saving, and saves a valid one', async () => {
    const user = userEvent.setup();
    renderWithEvents(<ContingencyPanel />);
    const input = await screen.findByLabelText('Plazo para transmitir (horas)');
    expect((input as HTMLInputElement).value).toBe('48');
    for (const bad of ['0', '1,5', 'dos', '1000']) {
      await user.clear(input);
      await user.type(input, bad);
      await user.click(screen.getByRole('button', { name: 'Guardar plazo' }));
      expect(await screen.findByRole('alert')).toBeTruthy();
    }
    expect(windows).toEqual([]);
    await user.clear(input);
    await user.type(input, '72');
    await user.click(screen.getByRole('button', { name: 'Guardar plazo' }));
    expect(await screen.findByText('Plazo de contingencia guardado.')).toBeTruthy();
    expect(windows).toEqual([72]);
  });
});
