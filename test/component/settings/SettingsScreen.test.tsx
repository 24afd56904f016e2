// Ajustes against a fake bridge: the token goes to setToken once and is never shown again;
// "Probar conexión" explains each failure with the contract's meaning.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RpcBridge } from '../../../src/shared/rpc/bridge';
import type { Connection } from '../../../src/shared/rpc/methods/connections';

const TOKEN = 'secreto-muy-largo-123';
const calls: { method: string; input: Record<string, unknown> }[] = [];
let connections: Connection[] = [];
let checkAnswer: Record<string, unknown> = {};

const fakeBridge: RpcBridge = {
  async invoke(method, input) {
    const args = (input ?? {}) as Record<string, unknown>;
    calls.push({ method, input: args });
    const ok = (output: unknown) => ({ id: 1, ok: true as const, output });
    switch (method) {
      case 'connections.list':
        return ok(connections);
      case 'connections.create': {
        const created: Connection = {
          id: connections.length + 1,
          label: String(args.label),
          kind: args.kind as Connection['kind'],
          base_url: String(args.base_url),
          company_id: Number(args.company_id),
          active: connections.length === 0,
          embedded: false,
          has_token: false,
        };
        connections = [...connections, created];
        return ok(created);
      }
      case 'connections.setToken':
        connections = connections.map((c) => (c.id === args.id ? { ...c, has_token: true } : c));
        return ok(connections.find((c) => c.id === args.id));
      case 'connections.test':
        return ok({ payment_methods: null, missing_scopes: [], checked_at: '2026-11-20T15:00:00Z', ...checkAnswer });
      case 'app.info':
        return ok({ version: '0.1.0', schemaVersion: 5, dataFolder: '/datos', transport: 'web' });
      default:
        return { id: 1, ok: false as const, error: { code: 'unknown_method' as const, message: method } };
    }
  },
  on: () => () => undefined,
};

let SettingsScreen: typeof import('../../../src/renderer/features/settings/SettingsScreen').default;

beforeAll(async () => {
  window.facturaDesk = fakeBridge;
  SettingsScreen = (await import('../../../src/renderer/features/settings/SettingsScreen')).default;
});

afterEach(cleanup);

beforeEach(() => {
  calls.length = 0;
  connections = [];
  checkAnswer = {
    ok: true,
    code: null,
    message: 'Conexión correcta: el token es válido para la empresa 7 (2 medios de pago configurados).',
    payment_methods: 2,
  };
});

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SettingsScreen />
    </QueryClientProvider>,
  );
}

async function fillNewConnection(url = 'https://api.ejemplo.co/api/v1') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Nombre'), 'Mi tienda');
  await user.type(screen.getByLabelText('URL base de la API'), url);
  await user.type(screen.getByLabelText('Número de empresa'), '7');
  await user.type(screen.getByLabelText('Token de la API'), TOKEN);
  await user.click(screen.getByRole('button', { name: 'Guardar y probar' }));
}

describe('Ajustes', () => {
  it('creates a connection, sends the token to the keychain once, empties the field and tests it', async () => {
    renderScreen();
    await fillNewConnection();
    await screen.findByText(/Conexión correcta: el token es válido/);
    expect(calls.find((c) => c.method === 'connections.create')?.input).toEqual({
      label: 'Mi tienda',
      kind: 'production',
      base_url: 'https://api.ejemplo.co/api/v1',
      company_id: 7,
    });
    expect(calls.filter((c) => c.method === 'connections.setToken').map((c) => c.input)).toEqual([{ id: 1, token: TOKEN }]);
    expect((screen.getByLabelText('Token de la API') as HTMLInputElement).value).toBe('');
    await screen.findByText('Guardado en el llavero del sistema');
    expect(document.body.innerHTML).not.toContain(TOKEN);
  });

  it('explains a 403 for missing scopes', async () => {
    checkAnswer = {
      ok: false,
      code: 'api_forbidden',
      message: 'El token no tiene los permisos necesarios: le falta fe.read.',
      missing_scopes: ['fe.read'],
    };
    renderScreen();
    await fillNewConnection();
    await screen.findByText('Sin acceso (403)');
    expect(screen.getByText('Permisos que faltan: fe.read')).toBeTruthy();
  });

  it('refuses an address that is not the API v1 without calling core', async () => {
    renderScreen();
    await fillNewConnection('https://api.ejemplo.co/otra');
    await waitFor(() => expect(screen.getByText(/termine en \/v1/)).toBeTruthy());
    expect(calls.some((c) => c.method === 'connections.create')).toBe(false);
  });
});
