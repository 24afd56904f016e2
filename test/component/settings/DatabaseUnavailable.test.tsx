// When the shop's database cannot be opened (the server off, the password refused), every request
// is answered with the host's message; above the screens the app then offers the two ways out: the
// password typed again, or back to this computer's file to keep selling. On this computer's own file
// the notice stays away (its way out is the restore in Ajustes). And on the shop's database, Ajustes ›
// Datos y copia de seguridad says the server makes the backups instead of offering buttons that fail.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppError } from '#shared/rpc/errors';
import type { DatabaseStatus } from '#shared/rpc/methods/database';
import { installFakeBridge, rpcError } from '#test/component/fake-bridge';
import { renderWithQueries, testQueryClient } from '#test/component/render';

const ADDRESS = 'postgres://caja@192.168.1.10:5432/tienda?sslmode=disable';
const DOWN =
  'No se encontró el servidor «192.168.1.10» en la red. Revise el nombre o la IP en la dirección de la base de datos y que este equipo esté conectado a la red del negocio.';

const SHOP: DatabaseStatus = {
  engine: 'postgres',
  address: ADDRESS,
  chosenBy: 'saved',
  passwordKept: true,
  schemaVersion: 31,
  dataFolder: '/home/tienda/.factura-desk',
};
const LOCAL: DatabaseStatus = { ...SHOP, engine: 'sqlite', address: null, chosenBy: 'default', passwordKept: false };

let status: DatabaseStatus;
/** app.info: refused while the store cannot be opened, else on the shop's database. */
let infoRefusal: AppError | null;
let useRefusal: AppError | null;

const fake = installFakeBridge({
  'app.info': () => {
    if (infoRefusal) throw infoRefusal;
    return {
      version: '0.1.0',
      schemaVersion: 31,
      dataFolder: SHOP.dataFolder,
      transport: 'web',
      database: { engine: 'postgres', address: ADDRESS },
    };
  },
  'database.status': () => status,
  'database.use': () => {
    if (useRefusal) throw useRefusal;
    return SHOP;
  },
  'database.useLocal': () => LOCAL,
});

let DatabaseUnavailable: typeof import('#renderer/features/settings/database/DatabaseUnavailable').DatabaseUnavailable;
let BackupPanel: typeof import('#renderer/features/settings/BackupPanel').BackupPanel;
beforeAll(async () => {
  ({ DatabaseUnavailable } = await import('#renderer/features/settings/database/DatabaseUnavailable'));
  ({ BackupPanel } = await import('#renderer/features/settings/BackupPanel'));
});

const replaced = vi.fn();
beforeEach(() => {
  status = SHOP;
  infoRefusal = rpcError('store_unavailable', DOWN, { reason: 'unknown_host' });
  useRefusal = null;
  replaced.mockClear();
  window.addEventListener('factura-desk:data-replaced', replaced);
});
afterEach(() => {
  window.removeEventListener('factura-desk:data-replaced', replaced);
  cleanup();
});

const notice = () => screen.getByRole('region', { name: 'No se pudo abrir la base de datos del negocio' });

describe('the shop database cannot be opened', () => {
  it('shows the host’s message and where the data is, and opens it again with the password typed', async () => {
    renderWithQueries(<DatabaseUnavailable />);
    await screen.findByText(DOWN);
    expect(notice().textContent).toContain(ADDRESS);
    expect(notice().textContent).toMatch(/puede seguir vendiendo con los datos de este equipo/);
    const user = userEvent.setup();
    await user.click(within(notice()).getByRole('button', { name: 'Escribir la contraseña' }));
    // The password field has the focus: typed and sent with Enter.
    const password = screen.getByLabelText('Contraseña de la base de datos');
    expect(document.activeElement).toBe(password);
    expect(password.getAttribute('type')).toBe('password');
    await user.keyboard('nueva-clave{Enter}');
    await vi.waitFor(() => expect(replaced).toHaveBeenCalledTimes(1));
    expect(fake.inputsOf('database.use')).toEqual([
      { address: ADDRESS, password: 'nueva-clave', start: 'existing', confirm: true },
    ]);
  });

  it('a refused password: the host’s message, the field marked, the form still open', async () => {
    const message = 'El servidor de la base de datos rechazó la contraseña del usuario «caja».';
    useRefusal = rpcError('invalid_input', message, { fields: [{ path: 'password', message: 'Contraseña rechazada' }] });
    renderWithQueries(<DatabaseUnavailable />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Escribir la contraseña' }));
    await user.keyboard('mala{Enter}');
    expect((await screen.findByText(message)).closest('.alert')).not.toBeNull();
    expect(screen.getByLabelText('Contraseña de la base de datos').getAttribute('aria-invalid')).toBe('true');
    expect(replaced).not.toHaveBeenCalled();
  });

  it('goes back to this computer’s data after a confirmation', async () => {
    renderWithQueries(<DatabaseUnavailable />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Volver a los datos de este equipo…' }));
    const dialog = screen.getByRole('alertdialog', { name: '¿Volver a los datos de este equipo?' });
    expect(dialog.textContent).toMatch(/La base de datos del negocio queda como está/);
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(replaced).toHaveBeenCalledTimes(1));
    expect(fake.inputsOf('database.useLocal')).toEqual([{ confirm: true }]);
  });

  it('a shop database newer than this build: only the way back to this computer’s data', async () => {
    const newer =
      'La base de datos del negocio es de una versión de Factura Desk más nueva que esta. Actualice Factura Desk en este equipo.';
    infoRefusal = rpcError('store_newer_than_app', newer);
    renderWithQueries(<DatabaseUnavailable />);
    await screen.findByText(newer);
    expect(within(notice()).queryByRole('button', { name: 'Escribir la contraseña' })).toBeNull();
    within(notice()).getByRole('button', { name: 'Volver a los datos de este equipo…' });
  });

  it('named by --database: says it is fixed there and offers no change', async () => {
    status = { ...SHOP, chosenBy: 'argument' };
    renderWithQueries(<DatabaseUnavailable />);
    await screen.findByText(DOWN);
    expect(notice().textContent).toMatch(/Ese ajuste está fijo allí/);
    expect(within(notice()).queryByRole('button')).toBeNull();
  });

  it('stays away on this computer’s own file, and while the database opens', async () => {
    status = LOCAL;
    const client = testQueryClient();
    renderWithQueries(<DatabaseUnavailable />, client);
    await vi.waitFor(() => expect(client.getQueryState(['database.status', {}])?.status).toBe('success'));
    expect(screen.queryByRole('region')).toBeNull();
    cleanup();
    fake.calls.length = 0;
    infoRefusal = null;
    const opened = testQueryClient();
    renderWithQueries(<DatabaseUnavailable />, opened);
    await vi.waitFor(() => expect(opened.getQueryState(['app.info', {}])?.status).toBe('success'));
    expect(screen.queryByRole('region')).toBeNull();
    expect(fake.methods()).not.toContain('database.status');
  });
});

describe('Datos y copia de seguridad on the shop database', () => {
  it('says the database server makes the backups, with no backup or restore button', async () => {
    infoRefusal = null;
    renderWithQueries(<BackupPanel />);
    const sentence = await screen.findByText(/las copias de seguridad las hace el servidor de esa base de datos/);
    expect(sentence.textContent).toMatch(/pídalas a quien lo administra/);
    expect(screen.queryByRole('button')).toBeNull();
    expect(fake.methods()).not.toContain('database.status');
  });

  it('says so too while the shop database cannot be opened', async () => {
    renderWithQueries(<BackupPanel />);
    await screen.findByText(/las copias de seguridad las hace el servidor de esa base de datos/);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
