// A submission held by a token change says what happened and what to do; it is
// sent under the current token only after the user states the portal shows no such document.
import { QueryClient } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installFakeBridge, rpcError } from '#test/component/fake-bridge';
import { renderWithQueries } from '#test/component/render';

const fake = installFakeBridge({
  'submissions.release': () => {
    throw rpcError('conflict', 'Este envío no está retenido por un cambio de token; no se envió nada.');
  },
});

let HeldRelease: typeof import('#renderer/ui/HeldRelease').HeldRelease;
beforeAll(async () => {
  HeldRelease = (await import('#renderer/ui/HeldRelease')).HeldRelease;
});
afterEach(cleanup);

const held = {
  id: 9,
  kind: 'FE' as const,
  document_id: null,
  idempotency_key: 'fe-clave-1',
  error: { code: 'credentials_changed' as const, message: 'Este envío se hizo con otro token.' },
};

function renderIt(
  submission: Omit<typeof held, 'error'> & { error: { code: 'credentials_changed' | 'api_uncertain'; message: string } },
) {
  return renderWithQueries(<HeldRelease submission={submission} />, new QueryClient());
}

describe('HeldRelease', () => {
  it('explains the two ways out and sends only after the portal check is confirmed', async () => {
    renderIt(held);
    expect(screen.getByText(/Se envió con otro token/)).toBeTruthy();
    expect(screen.getByText(/Volver a ingresar en Ajustes el token con el que se envió/)).toBeTruthy();
    expect(screen.getByText('fe-clave-1')).toBeTruthy();
    const send = screen.getByRole('button', { name: 'Enviar con el token actual' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    const user = userEvent.setup();
    await user.click(send);
    expect(fake.calls).toEqual([]);
    await user.click(screen.getByLabelText(/Revisé el portal del proveedor: la factura no existe/));
    await user.click(send);
    await vi.waitFor(() =>
      expect(fake.calls).toEqual([{ method: 'submissions.release', input: { id: 9, confirm_not_created: true } }]),
    );
    await screen.findByRole('alert');
    expect(screen.getByRole('alert').textContent).toMatch(/no se envió nada/);
  });

  it('shows nothing for a submission that is not held', () => {
    const { container } = renderIt({ ...held, error: { code: 'api_uncertain', message: 'x' } });
    expect(container.textContent).toBe('');
  });
});
