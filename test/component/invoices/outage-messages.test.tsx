// What Facturas says on a day without the internet, against a fake bridge: a brand-new connection with
// no local copy of the payment methods says so and offers to try again; a form refused on its own
// names the section and the reason instead of pointing at red fields; an invoice sent into a gateway's
// 503 says the service is not available and that the sale must not be made again.
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Submission } from '#shared/rpc/methods/submissions';
import { installFakeBridge, rpcError } from '#test/component/fake-bridge';
import { aSubmission, CASH } from '#test/component/fixtures';
import { fillInvoice } from '#test/component/form-filling';
import { renderWithQueries } from '#test/component/render';

const NO_COPY =
  'Esta conexión aún no tiene una copia de los medios de pago: se guarda la primera vez que el servicio responde, y el servicio no respondió ahora (No se pudo conectar con el servicio de facturación). Cuando vuelva, use «Intentar de nuevo»; desde entonces podrá vender aunque se caiga el internet.';

/** What core records for a create answered 503 (test/unit/core/submission-outcome.test.ts holds core to it). */
const GATEWAY_503 =
  'El servicio de facturación no está disponible en este momento (HTTP 503). No se sabe si el documento alcanzó a llegar: ' +
  'Factura Desk lo confirmará solo, con la misma clave, sin crear un duplicado. No repita la venta; puede seguir vendiendo.';

let serviceUp = true;
let sent: Submission | null = null;

installFakeBridge({
  'drafts.get': () => null,
  'drafts.save': () => ({ kind: 'FE', idempotency_key: 'k', data: {}, updated_at: '2026-11-20T15:00:00Z' }),
  'drafts.discard': () => ({ discarded: true }),
  'fe.paymentMethods': () => {
    if (!serviceUp) throw rpcError('api_unreachable', NO_COPY);
    return [CASH];
  },
  'fe.terceros': () => [],
  'fe.withholdingTypes': () => [],
  'fe.submit': () => {
    sent = aSubmission({
      id: 77,
      idempotency_key: 'fe-77',
      state: 'in_doubt',
      http_status: 503,
      document_id: null,
      document_number: null,
      fiscal_key: null,
      estado_dian: null,
      error: { code: 'api_uncertain', message: GATEWAY_503 },
      next_check_at: '2026-11-20T15:00:05Z',
    });
    return sent;
  },
  'submissions.list': () => (sent ? [sent] : []),
  'submissions.get': (input) => {
    if (!sent || sent.id !== input.id) throw rpcError('not_found', 'No existe.');
    return sent;
  },
});

let InvoicesScreen: typeof import('#renderer/features/invoices/InvoicesScreen').default;
beforeAll(async () => {
  InvoicesScreen = (await import('#renderer/features/invoices/InvoicesScreen')).default;
});
beforeEach(() => {
  serviceUp = true;
  sent = null;
});
afterEach(cleanup);

describe('Facturas on a day without the internet', () => {
  it('a connection with no copy of the payment methods says so in words, and «Intentar de nuevo» reads them once the service answers', async () => {
    serviceUp = false;
    const user = userEvent.setup();
    renderWithQueries(<InvoicesScreen />);
    const alert = await screen.findByText(/No se pudieron cargar los medios de pago de la empresa/);
    expect(alert.textContent).toContain('aún no tiene una copia de los medios de pago');
    expect(alert.textContent).not.toMatch(/api_|unreachable|fetch/);
    serviceUp = true;
    await user.click(screen.getByRole('button', { name: 'Intentar de nuevo' }));
    await waitFor(() => expect(screen.queryByText(/No se pudieron cargar los medios de pago/)).toBeNull());
    const method = screen.getByLabelText('Medio de pago') as HTMLSelectElement;
    expect([...method.options].map((o) => o.textContent)).toEqual([`${CASH.label} (predeterminado)`]);
  });

  it('a form refused on its own names each section and its reason, never «campos marcados en rojo»', async () => {
    const user = userEvent.setup();
    renderWithQueries(<InvoicesScreen />);
    const emit = await screen.findByRole('button', { name: 'Emitir factura' });
    await waitFor(() => expect((emit as HTMLButtonElement).disabled).toBe(false));
    // The line's value is there, its description is not.
    await user.type(screen.getByLabelText('Valor unitario, línea 1'), '10.000');
    await user.click(emit);
    const problem = await screen.findByText(/^No se emitió\. /);
    expect(problem.textContent).toMatch(/Líneas de la factura: .+\./);
    expect(problem.textContent).not.toContain('marcados en rojo');
    expect(sent).toBeNull();
  });

  it('an invoice sent into a gateway 503 is «en confirmación», says the service is not available, and not to sell it again', async () => {
    const user = userEvent.setup();
    renderWithQueries(<InvoicesScreen />);
    const emit = await screen.findByRole('button', { name: 'Emitir factura' });
    await waitFor(() => expect((emit as HTMLButtonElement).disabled).toBe(false));
    await fillInvoice(user, 'Ana Pérez');
    await user.click(emit);
    await screen.findByRole('heading', { name: 'Factura en confirmación: puede seguir vendiendo' });
    const result = screen.getByTestId('invoice-result');
    expect(result.textContent).toContain('El servicio de facturación no está disponible en este momento (HTTP 503).');
    expect(result.textContent).toContain('No repita la venta');
    expect(result.textContent).not.toMatch(/campos|Service Unavailable|api_uncertain/);
  });
});
