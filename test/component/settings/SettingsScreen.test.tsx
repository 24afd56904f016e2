// Ajustes against a fake bridge: the token goes to setToken once and is never shown again;
// "Probar conexión" explains each failure with the contract's meaning.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Connection, ConnectionCheck } from '#shared/rpc/methods/connections';
import { installFakeBridge, rpcError } from '#test/component/fake-bridge';
import { renderWithQueries } from '#test/component/render';

const TOKEN = 'secreto-muy-largo-123';
let connections: Connection[] = [];
/** The check's verdict; the rest of the answer defaults below. */
let checkAnswer: Pick<ConnectionCheck, 'ok' | 'code' | 'message'> & Partial<ConnectionCheck>;

let backupsKept = 30;
const fake = installFakeBridge({
  'connections.list': () => connections,
  'connections.create': (input) => {
    const created: Connection = {
      id: connections.length + 1,
      label: input.label,
      kind: input.kind ?? 'sandbox',
      base_url: input.base_url,
      company_id: input.company_id,
      active: connections.length === 0,
      embedded: false,
      has_token: false,
    };
    connections = [...connections, created];
    return created;
  },
  'connections.setToken': (input) => {
    connections = connections.map((c) => (c.id === input.id ? { ...c, has_token: true } : c));
    const stored = connections.find((c) => c.id === input.id);
    if (!stored) throw rpcError('not_found', `No hay una conexión ${input.id}.`);
    return stored;
  },
  'connections.test': () => ({ payment_methods: null, missing_scopes: [], checked_at: '2026-11-20T15:00:00Z', ...checkAnswer }),
  'app.info': () => ({
    version: '0.1.0',
    schemaVersion: 5,
    dataFolder: '/datos',
    transport: 'web',
    database: { engine: 'sqlite', address: null },
  }),
  'app.backupsKept': () => ({ keep: backupsKept }),
  'app.setBackupsKept': (input) => ({ keep: (backupsKept = input.keep) }),
});

let SettingsScreen: typeof import('#renderer/features/settings/SettingsScreen').default;

beforeAll(async () => {
  SettingsScreen = (await import('#renderer/features/settings/SettingsScreen')).default;
});

afterEach(cleanup);

beforeEach(() => {
  connections = [];
  checkAnswer = {
    ok: true,
    code: null,
    message: 'Conexión correcta: el token es válido para la empresa 7 (2 medios de pago configurados).',
    payment_methods: 2,
  };
});

function renderScreen() {
  return renderWithQueries(<SettingsScreen />);
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
    // A new connection is a test one unless production is chosen deliberately.
    expect(fake.inputsOf('connections.create')[0]).toEqual({
      label: 'Mi tienda',
      kind: 'sandbox',
      base_url: 'https://api.ejemplo.co/api/v1',
      company_id: 7,
    });
    expect(fake.inputsOf('connections.setToken')).toEqual([{ id: 1, token: TOKEN }]);
    expect((screen.getByLabelText('Token de la API') as HTMLInputElement).value).toBe('');
    await screen.findByText('Guardado en el llavero del sistema');
    expect(document.body.innerHTML).not.toContain(TOKEN);
  });

  it('creates a production connection only when production is chosen and confirmed', async () => {
    renderScreen();
    const user = userEvent.setup();
    const kind = screen.getByRole('combobox', { name: 'Tipo' });
    expect((kind as HTMLSelectElement).value).toBe('sandbox');
    await user.selectOptions(kind, 'production');
    const before = fake.inputsOf('connections.create').length;
    await fillNewConnection();
    expect(await screen.findByText(/Confirme que esta conexión es de producción/)).toBeTruthy();
    expect(fake.inputsOf('connections.create')).toHaveLength(before);
    await user.click(screen.getByRole('checkbox', { name: /esta conexión es de producción/ }));
    await user.clear(screen.getByLabelText('Token de la API'));
    await user.type(screen.getByLabelText('Token de la API'), TOKEN);
    await user.click(screen.getByRole('button', { name: 'Guardar y probar' }));
    await waitFor(() => expect(fake.inputsOf('connections.create')).toHaveLength(before + 1));
    expect(fake.inputsOf('connections.create').at(-1)).toMatchObject({ kind: 'production' });
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
    expect(fake.calls.some((c) => c.method === 'connections.create')).toBe(false);
  });
  it('sets how many backups are kept, refusing a number out of range without calling core', async () => {
    renderScreen();
    const user = userEvent.setup();
    const field = await screen.findByLabelText('Copias que se conservan', { selector: 'input' });
    expect((field as HTMLInputElement).value).toBe('30');
    const form = field.closest('form')!;
    await user.clear(field);
    await user.type(field, '0');
    await user.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findByText('Conserve al menos 1 copia.')).toBeTruthy();
    expect(fake.inputsOf('app.setBackupsKept')).toEqual([]);
    await user.clear(field);
    await user.type(field, '12');
    await user.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findByText('Número de copias guardado.')).toBeTruthy();
    expect(fake.inputsOf('app.setBackupsKept')).toEqual([{ keep: 12 }]);
  });
});
