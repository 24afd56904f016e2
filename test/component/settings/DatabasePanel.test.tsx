// Ajustes › Base de datos del negocio against a fake bridge: where the data is and how that was
// chosen, «Probar conexión» and the step each kind of database allows, the confirmations and the
// calls they make with what was typed, the host's refusals shown with the field marked and nothing
// typed lost, the app mounted again after a change, and a cajero who never sees the panel.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppError } from '#shared/rpc/errors';
import type { CashierState } from '#shared/rpc/methods/cashiers';
import type { DatabaseCheck, DatabaseStatus } from '#shared/rpc/methods/database';
import { installFakeBridge, rpcError } from '#test/component/fake-bridge';
import { renderWithQueries, testQueryClient } from '#test/component/render';

const ADDRESS = 'postgres://caja@192.168.1.10:5432/tienda';
const PASSWORD = 'clave-del-servidor';

const LOCAL: DatabaseStatus = {
  engine: 'sqlite',
  address: null,
  chosenBy: 'default',
  passwordKept: false,
  schemaVersion: 31,
  dataFolder: '/home/tienda/.factura-desk',
};
const SHOP: DatabaseStatus = {
  ...LOCAL,
  engine: 'postgres',
  address: `${ADDRESS}?sslmode=disable`,
  chosenBy: 'saved',
  passwordKept: true,
};

const MARTA = { id: 1, name: 'Marta', role: 'administrador' as const, active: true };
const ANA = { id: 2, name: 'Ana', role: 'cajero' as const, active: true };

let status: DatabaseStatus;
let cashiers: CashierState;
let checkAnswer: DatabaseCheck | AppError;
let switchRefusal: AppError | null;

const answer = <T,>(value: T | AppError): T => {
  if (value instanceof Error) throw value;
  return value;
};

const fake = installFakeBridge({
  'cashiers.state': () => cashiers,
  'database.status': () => status,
  'database.check': () => answer(checkAnswer),
  'database.move': () => {
    if (switchRefusal) throw switchRefusal;
    return { tables: 23, rows: 1234, status: SHOP };
  },
  'database.use': () => {
    if (switchRefusal) throw switchRefusal;
    return SHOP;
  },
  'database.useLocal': () => LOCAL,
});

let DatabasePanel: typeof import('#renderer/features/settings/database/DatabasePanel').DatabasePanel;
let DatabaseSwitchedNotice: typeof import('#renderer/features/settings/database/reopen').DatabaseSwitchedNotice;
beforeAll(async () => {
  ({ DatabasePanel } = await import('#renderer/features/settings/database/DatabasePanel'));
  ({ DatabaseSwitchedNotice } = await import('#renderer/features/settings/database/reopen'));
});

const replaced = vi.fn();
beforeEach(() => {
  status = LOCAL;
  cashiers = { has_admin: false, register_name: 'Caja 1', stay_signed_in: true, current: null, cashiers: [] };
  checkAnswer = { serverVersion: '16.4', contents: 'empty', schemaVersion: null, documents: null };
  switchRefusal = null;
  replaced.mockClear();
  window.addEventListener('factura-desk:data-replaced', replaced);
});
afterEach(() => {
  window.removeEventListener('factura-desk:data-replaced', replaced);
  cleanup();
});

function renderPanel() {
  renderWithQueries(
    <>
      <DatabaseSwitchedNotice />
      <DatabasePanel />
    </>,
  );
}

const panel = () => screen.getByRole('region', { name: 'Base de datos del negocio' });

/** Types the address and password and presses «Probar conexión», with the keyboard only. */
async function checkConnection(user = userEvent.setup()) {
  await user.click(await screen.findByLabelText('Dirección de la base de datos'));
  await user.keyboard(ADDRESS);
  await user.tab();
  await user.keyboard(PASSWORD);
  await user.keyboard('{Enter}');
  return user;
}

describe('Ajustes › Base de datos del negocio', () => {
  it('on this computer: says where the folder is and offers to connect, the password typed as a password', async () => {
    renderPanel();
    expect((await screen.findByText('Los datos están en este equipo')).parentElement?.textContent).toBe(
      'Los datos están en este equipo, en la carpeta /home/tienda/.factura-desk.',
    );
    const address = screen.getByLabelText('Dirección de la base de datos');
    expect(address.getAttribute('placeholder')).toBe(ADDRESS);
    expect(panel().textContent).toMatch(/agregue \?sslmode=require al final/);
    const password = screen.getByLabelText('Contraseña de la base de datos');
    expect(password.getAttribute('type')).toBe('password');
    expect(panel().textContent).toMatch(/Se guarda solo en el llavero del sistema/);
    expect(screen.queryByRole('button', { name: /Volver a los datos/ })).toBeNull();
    expect(fake.methods()).not.toContain('database.check');
  });

  it('on the shop database named by --database: its address, the keychain, and that it is fixed there (no change offered)', async () => {
    status = { ...SHOP, chosenBy: 'argument' };
    renderPanel();
    await screen.findByText('Los datos están en la base de datos del negocio');
    const text = panel().textContent!;
    expect(text).toContain(`${ADDRESS}?sslmode=disable`);
    expect(text).toMatch(/Su contraseña está guardada en el llavero del sistema/);
    expect(text).toMatch(/se abrió con la opción --database.*Ese ajuste está fijo allí y no se puede cambiar desde aquí/);
    expect(text).not.toMatch(/engine|chosenBy|argument|passwordKept|sqlite/);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByLabelText('Dirección de la base de datos')).toBeNull();
  });

  it('on the variable FACTURA_DESK_DATABASE, on this computer: fixed there too', async () => {
    status = { ...LOCAL, chosenBy: 'environment' };
    renderPanel();
    await screen.findByText('Los datos están en este equipo');
    expect(panel().textContent).toMatch(/La variable FACTURA_DESK_DATABASE de este equipo fija los datos de este equipo/);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('an empty database: «Pasar los datos de este equipo» explains, sends what was typed, shows tables and rows after the app opens again', async () => {
    renderPanel();
    const user = await checkConnection();
    const found = await screen.findByText('La base de datos está vacía');
    expect(found.parentElement?.textContent).toMatch(/Conexión correcta con PostgreSQL 16\.4\./);
    expect(fake.inputsOf('database.check')).toEqual([{ address: ADDRESS, password: PASSWORD }]);
    await user.click(screen.getByRole('button', { name: 'Pasar los datos de este equipo…' }));
    const dialog = screen.getByRole('alertdialog', { name: '¿Pasar los datos de este equipo a la base de datos del negocio?' });
    expect(dialog.textContent).toMatch(/se comprueba la copia tabla por tabla/);
    expect(dialog.textContent).toMatch(/El archivo de este equipo queda como estaba/);
    expect(dialog.textContent).toMatch(/se abre de nuevo sobre la base de datos del negocio/);
    expect(fake.methods()).not.toContain('database.move');
    // The yes has the focus: Enter answers it.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Sí, pasar los datos' }));
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(replaced).toHaveBeenCalledTimes(1));
    expect(fake.inputsOf('database.move')).toEqual([{ address: ADDRESS, password: PASSWORD, confirm: true }]);
    // The app mounted again on the shop database says what was copied, once.
    cleanup();
    status = SHOP;
    renderPanel();
    const done = await screen.findByText('Factura Desk trabaja ahora con la base de datos del negocio');
    expect(done.parentElement?.textContent).toMatch(/Se copiaron y comprobaron 23 tablas con 1\.234 filas\./);
    expect(done.parentElement?.textContent).toContain(`${ADDRESS}?sslmode=disable`);
    await screen.findByText('Los datos están en la base de datos del negocio');
    cleanup();
    renderPanel();
    await screen.findByText('Los datos están en la base de datos del negocio');
    expect(screen.queryByText('Factura Desk trabaja ahora con la base de datos del negocio')).toBeNull();
  });

  it('an empty database: «Empezar sin datos» warns that this computer’s documents stay here, then starts it empty', async () => {
    renderPanel();
    const user = await checkConnection();
    await user.click(await screen.findByRole('button', { name: 'Empezar sin datos…' }));
    const dialog = screen.getByRole('alertdialog', { name: '¿Empezar sin datos en la base de datos del negocio?' });
    expect(dialog.textContent).toMatch(/Los documentos, productos y clientes de este equipo se quedan aquí y no se verán allá/);
    await user.click(within(dialog).getByRole('button', { name: 'Sí, empezar sin datos' }));
    await vi.waitFor(() => expect(replaced).toHaveBeenCalledTimes(1));
    expect(fake.inputsOf('database.use')).toEqual([{ address: ADDRESS, password: PASSWORD, start: 'empty', confirm: true }]);
  });

  it('a Factura Desk database: its documents counted in words, «Usar esta base de datos» uses it as it is', async () => {
    checkAnswer = { serverVersion: '15.8', contents: 'factura_desk', schemaVersion: 31, documents: 1250 };
    renderPanel();
    const user = await checkConnection();
    await screen.findByText('Tiene datos de Factura Desk (1.250 documentos)');
    expect(screen.queryByRole('button', { name: /Pasar los datos/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Usar esta base de datos…' }));
    const dialog = screen.getByRole('alertdialog', { name: '¿Usar esta base de datos?' });
    expect(dialog.textContent).toMatch(/Los datos de este equipo quedan en su archivo, sin cambios/);
    await user.click(within(dialog).getByRole('button', { name: 'Sí, usar esta base de datos' }));
    await vi.waitFor(() => expect(replaced).toHaveBeenCalledTimes(1));
    expect(fake.inputsOf('database.use')).toEqual([{ address: ADDRESS, password: PASSWORD, start: 'existing', confirm: true }]);
  });

  it('another program’s database: refused in words, no step offered', async () => {
    checkAnswer = { serverVersion: '16.4', contents: 'other', schemaVersion: null, documents: null };
    renderPanel();
    await checkConnection();
    const found = await screen.findByText('Esta base de datos tiene datos de otro programa');
    expect(found.parentElement?.textContent).toMatch(/Factura Desk no escribe en ella/);
    expect(screen.queryByRole('button', { name: /Pasar|Empezar|Usar/ })).toBeNull();
  });

  it('a result no longer stands once the address is edited', async () => {
    renderPanel();
    const user = await checkConnection();
    await screen.findByText('La base de datos está vacía');
    await user.type(screen.getByLabelText('Dirección de la base de datos'), '2');
    expect(screen.queryByText('La base de datos está vacía')).toBeNull();
    expect(screen.queryByRole('button', { name: /Pasar los datos/ })).toBeNull();
  });

  it('the host’s refusal of the check: its message shown, the field it names marked, what was typed kept', async () => {
    const message = 'El servidor de la base de datos rechazó la contraseña del usuario «caja».';
    checkAnswer = rpcError('invalid_input', message, { fields: [{ path: 'password', message: 'Contraseña rechazada' }] });
    renderPanel();
    await checkConnection();
    expect((await screen.findByText(message)).closest('.alert')).not.toBeNull();
    const password = screen.getByLabelText('Contraseña de la base de datos');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Contraseña rechazada.')).toBeTruthy();
    expect((screen.getByLabelText('Dirección de la base de datos') as HTMLInputElement).value).toBe(ADDRESS);
    expect((password as HTMLInputElement).value).toBe(PASSWORD);
  });

  it('the host’s refusal of the move: shown in the confirmation, the app stays, nothing typed is lost', async () => {
    const message = 'No se pasaron los datos: la tabla «documentos» tiene 12 filas allá y 13 aquí. No se usó la copia.';
    switchRefusal = rpcError('conflict', message);
    renderPanel();
    const user = await checkConnection();
    await user.click(await screen.findByRole('button', { name: 'Pasar los datos de este equipo…' }));
    await user.click(screen.getByRole('button', { name: 'Sí, pasar los datos' }));
    const dialog = screen.getByRole('alertdialog');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(message);
    expect(replaced).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect((screen.getByLabelText('Dirección de la base de datos') as HTMLInputElement).value).toBe(ADDRESS);
  });

  it('an address the contract refuses is marked before anything is sent', async () => {
    renderPanel();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Probar conexión' }));
    expect(await screen.findByText('Escriba la dirección de la base de datos.')).toBeTruthy();
    expect(screen.getByLabelText('Dirección de la base de datos').getAttribute('aria-invalid')).toBe('true');
    expect(fake.methods()).not.toContain('database.check');
  });

  it('on the shop database chosen here: «Volver a los datos de este equipo» says the shop database is left untouched', async () => {
    status = SHOP;
    renderPanel();
    expect((await screen.findByText(/Se eligió aquí, en Ajustes/)).textContent).toBeTruthy();
    expect(screen.queryByLabelText('Dirección de la base de datos')).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Volver a los datos de este equipo…' }));
    const dialog = screen.getByRole('alertdialog', { name: '¿Volver a los datos de este equipo?' });
    expect(dialog.textContent).toMatch(/La base de datos del negocio queda como está, sin cambios/);
    expect(dialog.textContent).toMatch(/Lo que se vendió allá no está en el archivo de este equipo/);
    await user.click(within(dialog).getByRole('button', { name: 'Sí, volver a los datos de este equipo' }));
    await vi.waitFor(() => expect(replaced).toHaveBeenCalledTimes(1));
    expect(fake.inputsOf('database.useLocal')).toEqual([{ confirm: true }]);
    cleanup();
    status = LOCAL;
    renderPanel();
    await screen.findByText('Factura Desk volvió a los datos de este equipo');
  });

  it('is not shown to a cajero (nor is the host asked), and is shown to an administrator', async () => {
    cashiers = { ...cashiers, has_admin: true, current: ANA, cashiers: [ANA, MARTA] };
    const client = testQueryClient();
    renderWithQueries(<DatabasePanel />, client);
    await vi.waitFor(() => expect(client.getQueryState(['cashiers.state', {}])?.status).toBe('success'));
    expect(screen.queryByRole('region', { name: 'Base de datos del negocio' })).toBeNull();
    expect(fake.methods()).not.toContain('database.status');
    cleanup();
    cashiers = { ...cashiers, current: MARTA };
    renderPanel();
    await screen.findByText('Los datos están en este equipo');
  });
});
