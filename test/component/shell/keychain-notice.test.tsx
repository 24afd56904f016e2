// A machine without an OS keychain, against a fake bridge: the first screen shows core's Spanish
// guidance once (it can be closed), and Ajustes' card of a real connection says what is missing
// and does not offer to type a token; the embedded test connection needs none.
import { QueryClient } from '@tanstack/react-query';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Connection, KeychainStatus } from '#shared/rpc/methods/connections';
import { installFakeBridge } from '#test/component/fake-bridge';
import { renderWithQueries } from '#test/component/render';

const GUIDANCE =
  'No hay un llavero del sistema disponible en esta sesión, o está bloqueado. En Debian o Ubuntu instálelo con «sudo apt install gnome-keyring» e inicie sesión en un escritorio gráfico.';
let keychain: KeychainStatus = { available: false, message: GUIDANCE };
const embedded: Connection = {
  id: 1,
  label: 'Pruebas — no se envía a la DIAN',
  kind: 'sandbox',
  base_url: 'http://sandbox.invalid/api/v1',
  company_id: 101,
  active: true,
  embedded: true,
  has_token: true,
};
const real: Connection = {
  id: 2,
  label: 'Mi proveedor',
  kind: 'production',
  base_url: 'https://api.proveedor.co/api/v1',
  company_id: 7,
  active: false,
  embedded: false,
  has_token: false,
  keychain_unavailable: true,
};

const fake = installFakeBridge({
  'connections.keychain': () => keychain,
  'connections.list': () => [embedded, real],
  'sandbox.outage': () => ({ mode: 'none', until: null }),
});

let KeychainNotice: typeof import('#renderer/shell/KeychainNotice').KeychainNotice;
let SettingsScreen: typeof import('#renderer/features/settings/SettingsScreen').default;
beforeAll(async () => {
  ({ KeychainNotice } = await import('#renderer/shell/KeychainNotice'));
  SettingsScreen = (await import('#renderer/features/settings/SettingsScreen')).default;
});
afterEach(cleanup);
beforeEach(() => {
  keychain = { available: false, message: GUIDANCE };
});

describe('without an OS keychain', () => {
  it('asked for at start, the notice is part of the first render, and core is asked once', async () => {
    const { prefetchShell, startShell } = await import('#renderer/shell/start-reads');
    // Fresh for a while, as in the app (main.tsx), so that mounting does not read it again.
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 5_000 } } });
    startShell();
    await prefetchShell(client);
    renderWithQueries(<KeychainNotice />, client);
    // Not found later: drawn with the shell, it never moves the screen below it down.
    expect(screen.getByTestId('keychain-notice').textContent).toContain('Falta el llavero del sistema');
    expect(fake.callsTo('connections.keychain').length).toBe(1);
  });

  it('the first screen says what is missing and how to get it, and closes when read', async () => {
    renderWithQueries(<KeychainNotice />);
    const notice = await screen.findByTestId('keychain-notice');
    expect(notice.textContent).toContain('Falta el llavero del sistema: solo puede usar el entorno de pruebas');
    expect(notice.textContent).toContain('sudo apt install gnome-keyring');
    expect(within(notice).getByRole('link', { name: 'Ver las conexiones en Ajustes' }).getAttribute('href')).toBe('#/ajustes');
    await userEvent.setup().click(within(notice).getByRole('button', { name: 'Entendido' }));
    expect(screen.queryByTestId('keychain-notice')).toBeNull();
  });

  it("Ajustes: a real connection's card explains the missing keychain; the embedded one works without it", async () => {
    renderWithQueries(<SettingsScreen />);
    const realCard = within(await screen.findByRole('article', { name: 'Conexión Mi proveedor' }));
    expect(
      (await realCard.findByText('Falta el llavero del sistema para guardar el token de esta conexión')).closest('.alert')
        ?.textContent,
    ).toContain('sudo apt install gnome-keyring');
    expect((realCard.getByRole('button', { name: 'Ingresar token' }) as HTMLButtonElement).disabled).toBe(true);
    const embeddedCard = within(screen.getByRole('article', { name: 'Conexión Pruebas — no se envía a la DIAN' }));
    expect(embeddedCard.getByText('Incluido en el entorno de pruebas (no usa el llavero del sistema)')).toBeTruthy();
    expect(embeddedCard.queryByText(/Falta el llavero/)).toBeNull();
  });
});
