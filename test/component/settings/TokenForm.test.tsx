// Replacing a token while submissions sent with the current one are unresolved is
// warned about first; only an explicit confirmation replaces it.
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installFakeBridge, rpcError } from '#test/component/fake-bridge';

const TOKEN = 'token-de-otro-cliente-123';

const fake = installFakeBridge({
  'connections.setToken': (input) => {
    if (!input.replace_unresolved) {
      throw rpcError('credentials_changed', 'Esta conexión tiene 1 envío sin confirmar hechos con el token actual.', {
        unresolved: 1,
      });
    }
    return {
      id: 3,
      label: 'x',
      kind: 'production',
      base_url: 'https://a/api/v1',
      company_id: 7,
      active: true,
      embedded: false,
      has_token: true,
    };
  },
});

let TokenForm: typeof import('#renderer/features/settings/TokenForm').TokenForm;
beforeAll(async () => {
  TokenForm = (await import('#renderer/features/settings/TokenForm')).TokenForm;
});
afterEach(cleanup);

describe('TokenForm', () => {
  it('warns about unresolved submissions and replaces the token only when confirmed', async () => {
    let saved = 0;
    render(<TokenForm connectionId={3} onSaved={() => (saved += 1)} onCancel={() => undefined} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Token nuevo'), TOKEN);
    await user.click(screen.getByRole('button', { name: 'Guardar token' }));
    await screen.findByText('Hay envíos sin confirmar con el token actual');
    expect(saved).toBe(0);
    expect(document.body.innerHTML).not.toContain(TOKEN);
    await user.click(screen.getByRole('button', { name: 'Cambiar el token de todos modos' }));
    await vi.waitFor(() => expect(saved).toBe(1));
    expect(fake.inputsOf('connections.setToken')).toEqual([
      { id: 3, token: TOKEN },
      { id: 3, token: TOKEN, replace_unresolved: true },
    ]);
  });
});
