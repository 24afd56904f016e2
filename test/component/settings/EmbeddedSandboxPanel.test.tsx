// Ajustes › «Entorno de pruebas integrado» against a fake bridge: the panel exists only with the
// embedded connection; it starts each simulation (for a while or until ended) with the contract's
// input, says the state in words, ends it, and refuses bad minutes without calling core.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Connection } from '#shared/rpc/methods/connections';
import type { OutageStatus } from '#shared/rpc/methods/sandbox';
import { installFakeBridge } from '#test/component/fake-bridge';
import { renderWithQueries } from '#test/component/render';

const NOW = Date.parse('2026-11-20T15:00:00Z');
let outage: OutageStatus = { mode: 'none', until: null };
let connections: Connection[] = [];

const fake = installFakeBridge({
  'connections.list': () => connections,
  'connections.keychain': () => ({ available: true, message: null }),
  'sandbox.outage': () => outage,
  'sandbox.setOutage': ({ mode, minutes }) => {
    outage = {
      mode,
      until: mode !== 'none' && minutes !== undefined ? new Date(NOW + minutes * 60_000).toISOString() : null,
    };
    return outage;
  },
});

let SettingsScreen: typeof import('#renderer/features/settings/SettingsScreen').default;
beforeAll(async () => {
  SettingsScreen = (await import('#renderer/features/settings/SettingsScreen')).default;
});
afterEach(cleanup);

const connection = (embedded: boolean): Connection => ({
  id: embedded ? 1 : 2,
  label: embedded ? 'Pruebas — no se envía a la DIAN' : 'Mi proveedor',
  kind: embedded ? 'sandbox' : 'production',
  base_url: embedded ? 'http://sandbox.invalid/api/v1' : 'https://api.proveedor.co/api/v1',
  company_id: 101,
  active: embedded,
  embedded,
  has_token: true,
});

beforeEach(() => {
  outage = { mode: 'none', until: null };
  connections = [connection(true)];
});

async function panel() {
  renderWithQueries(<SettingsScreen />);
  return within(await screen.findByTestId('embedded-sandbox-panel'));
}

describe('Entorno de pruebas integrado', () => {
  it('starts «conexión rechazada» until ended, says so in words, and ends it', async () => {
    const view = await panel();
    expect((await view.findByTestId('outage-state')).textContent).toBe(
      'Estado: Funcionamiento normal: no hay ninguna simulación en curso.',
    );
    expect((view.getByRole('button', { name: 'Terminar la simulación' }) as HTMLButtonElement).disabled).toBe(true);
    const user = userEvent.setup();
    await user.click(view.getByLabelText('El servicio no responde (conexión rechazada)'));
    await user.click(view.getByRole('button', { name: 'Iniciar la simulación' }));
    await view.findByText(/Simulación en curso: El servicio no responde \(conexión rechazada\)\. Dura hasta que la termine\./);
    expect(fake.inputsOf('sandbox.setOutage')).toEqual([{ mode: 'refuse' }]);

    await user.click(view.getByRole('button', { name: 'Terminar la simulación' }));
    await view.findByText(/Funcionamiento normal/);
    expect(fake.inputsOf('sandbox.setOutage')).toEqual([{ mode: 'refuse' }, { mode: 'none' }]);
  });

  it('starts a gateway 503 or a silent DIAN for some minutes and says when it ends', async () => {
    const view = await panel();
    const user = userEvent.setup();
    await user.click(view.getByLabelText('Una pasarela responde 503'));
    await user.type(view.getByLabelText('Durante (minutos)'), '15');
    await user.click(view.getByRole('button', { name: 'Iniciar la simulación' }));
    const state = await view.findByText(/Una pasarela responde 503 con una página de error/);
    // 15:15 UTC is 10:15 a. m. in Colombia.
    expect(state.closest('p')?.textContent).toMatch(/Termina sola el 20\/11\/2026, 10:15/);
    await user.click(view.getByLabelText('La DIAN no responde (los documentos quedan pendientes)'));
    await user.click(view.getByRole('button', { name: 'Iniciar la simulación' }));
    await view.findByText(/La DIAN no responde: los documentos quedan pendientes/);
    expect(fake.inputsOf('sandbox.setOutage')).toEqual([
      { mode: 'gateway', minutes: 15 },
      { mode: 'authority', minutes: 15 },
    ]);
  });

  it('refuses minutes that are not a whole number from 1 to 1440, without calling core', async () => {
    const view = await panel();
    const user = userEvent.setup();
    for (const bad of ['0', '2000', '1,5', 'diez']) {
      await user.clear(view.getByLabelText('Durante (minutos)'));
      await user.type(view.getByLabelText('Durante (minutos)'), bad);
      await user.click(view.getByRole('button', { name: 'Iniciar la simulación' }));
      expect(await view.findByText(/un número entero entre 1 y 1440/)).toBeTruthy();
    }
    expect(fake.inputsOf('sandbox.setOutage')).toEqual([]);
  });

  it('is not there without the embedded connection', async () => {
    connections = [{ ...connection(false), active: true }];
    renderWithQueries(<SettingsScreen />);
    await screen.findByText('Mi proveedor');
    expect(screen.queryByText('Entorno de pruebas integrado')).toBeNull();
    expect(fake.methods()).not.toContain('sandbox.outage');
  });
});
