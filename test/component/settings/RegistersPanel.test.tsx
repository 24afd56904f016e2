// Ajustes › Cajas against the fake bridge: the caja principal shows its addresses, its running state
// and the join code with «Copiar» (an administrator only); another register joins by typing the
// address and the code (Enter submits), the host's refusals marked on the field they name with
// nothing typed lost, and the app mounted again once joined; becoming the caja principal asks first.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppError } from '#shared/rpc/errors';
import type { CashierState } from '#shared/rpc/methods/cashiers';
import type { ShopServerStatus } from '#shared/rpc/methods/shop-server';
import { installFakeBridge, rpcError } from '#test/component/fake-bridge';
import { renderWithQueries } from '#test/component/render';

const CODE = '3F331-NBVZ4-J522J-8HFQ3-6BWCQ-S1AKW-HZ2SP-ZASZ5-D';
const ALONE: ShopServerStatus = { role: 'none', running: false, port: null, addresses: [], joinCode: null, joinedTo: null };
const MAIN: ShopServerStatus = {
  role: 'main',
  running: true,
  port: 5433,
  addresses: ['192.168.1.20:5433', '10.0.0.5:5433'],
  joinCode: CODE,
  joinedTo: null,
};
const JOINED: ShopServerStatus = { ...ALONE, role: 'joined', joinedTo: '192.168.1.20:5433' };

const MARTA = { id: 1, name: 'Marta', role: 'administrador' as const, active: true };
const ANA = { id: 2, name: 'Ana', role: 'cajero' as const, active: true };

let status: ShopServerStatus;
let cashiers: CashierState;
let joinRefusal: AppError | null;

const fake = installFakeBridge({
  'cashiers.state': () => cashiers,
  'shopServer.status': () => status,
  'shopServer.join': () => {
    if (joinRefusal) throw joinRefusal;
    return JOINED;
  },
  'shopServer.becomeMain': () => ({ tables: 31, rows: 480, status: MAIN }),
  'shopServer.start': () => {
    status = { ...status, running: true };
    return status;
  },
});

let RegistersPanel: typeof import('#renderer/features/settings/RegistersPanel').RegistersPanel;
let DatabaseSwitchedNotice: typeof import('#renderer/features/settings/database/reopen').DatabaseSwitchedNotice;
beforeAll(async () => {
  ({ RegistersPanel } = await import('#renderer/features/settings/RegistersPanel'));
  ({ DatabaseSwitchedNotice } = await import('#renderer/features/settings/database/reopen'));
});

const replaced = vi.fn();
beforeEach(() => {
  status = ALONE;
  cashiers = { has_admin: false, register_name: 'Caja 1', stay_signed_in: true, current: null, cashiers: [] };
  joinRefusal = null;
  replaced.mockClear();
  window.addEventListener('factura-desk:data-replaced', replaced);
});
afterEach(() => {
  window.removeEventListener('factura-desk:data-replaced', replaced);
  cleanup();
  fake.assertNoProblems();
});

function renderPanel() {
  renderWithQueries(
    <>
      <DatabaseSwitchedNotice />
      <RegistersPanel />
    </>,
  );
}

const panel = () => screen.getByRole('region', { name: 'Cajas' });

/** Types the address and the code with the keyboard only, and presses Enter. */
async function typeAndJoin(address: string, code: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByLabelText('Dirección de la caja principal'));
  await user.keyboard(address);
  await user.tab();
  await user.keyboard(code);
  await user.keyboard('{Enter}');
  return user;
}

describe('Ajustes › Cajas', () => {
  it('the caja principal: its addresses, running, and the join code that «Copiar» puts on the clipboard', async () => {
    status = MAIN;
    // user-event puts its own clipboard in navigator.clipboard: what the app wrote is read back from it.
    const user = userEvent.setup();
    renderPanel();
    await screen.findByText('La caja principal está en marcha');
    const addresses = screen.getByRole('list', { name: 'Direcciones de la caja principal' });
    expect(
      within(addresses)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['192.168.1.20:5433', '10.0.0.5:5433']);
    expect(screen.getByLabelText('Código para unirse').textContent).toBe(CODE);
    await user.click(screen.getByRole('button', { name: 'Copiar' }));
    await screen.findByText('Código copiado.');
    expect(await navigator.clipboard.readText()).toBe(CODE);
    expect(panel().textContent).toMatch(/muéstrelo solo a quien instala las cajas/);
    expect(screen.queryByLabelText('Dirección de la caja principal')).toBeNull();
  });

  it('the caja principal stopped: says so, and an administrator starts it', async () => {
    status = { ...MAIN, running: false };
    renderPanel();
    await screen.findByText('La caja principal está detenida');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Iniciar la caja principal' }));
    await screen.findByText('La caja principal está en marcha');
    expect(fake.methods()).toContain('shopServer.start');
  });

  it('to a cajero: the addresses and the state, never the code nor a change', async () => {
    status = { ...MAIN, joinCode: null, running: false };
    cashiers = { ...cashiers, has_admin: true, current: ANA, cashiers: [MARTA, ANA] };
    renderPanel();
    await screen.findByText('La caja principal está detenida');
    expect(panel().textContent).toContain('192.168.1.20:5433');
    expect(panel().textContent).toMatch(/Solo un administrador ve el código para unirse/);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('another register joins: address and code typed, Enter, the app opened again on the shop', async () => {
    renderPanel();
    await typeAndJoin('192.168.1.20:5433', CODE.toLowerCase());
    await vi.waitFor(() => expect(replaced).toHaveBeenCalledTimes(1));
    expect(fake.inputsOf('shopServer.join')).toEqual([{ address: '192.168.1.20:5433', code: CODE.toLowerCase() }]);
    cleanup();
    status = JOINED;
    renderPanel();
    const done = await screen.findByText('Esta caja se unió a la caja principal');
    expect(done.parentElement?.textContent).toContain('192.168.1.20:5433');
    await screen.findByText(/Esta caja está unida a la caja principal en/);
    expect(panel().textContent).toMatch(/Esta caja está unida a la caja principal en 192\.168\.1\.20:5433/);
  });

  it('a typo in the code: the host’s words on the code field, what was typed kept, nothing switched', async () => {
    const message = 'El código no es correcto: algún carácter se escribió mal. Compárelo de nuevo, grupo por grupo.';
    joinRefusal = rpcError('invalid_input', message, { fields: [{ path: 'code', message }] });
    renderPanel();
    await typeAndJoin('192.168.1.20:5433', 'K7Q2M-XXXXX');
    const code = screen.getByLabelText('Código para unirse');
    await vi.waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText(message).length).toBeGreaterThan(0);
    expect((code as HTMLInputElement).value).toBe('K7Q2M-XXXXX');
    expect(screen.getByLabelText('Dirección de la caja principal').getAttribute('aria-invalid')).toBeNull();
    expect(replaced).not.toHaveBeenCalled();
  });

  it('another server at the address: the address marked', async () => {
    joinRefusal = rpcError('conflict', 'El equipo en 192.168.1.21:5433 no es la caja principal de este código.', {
      reason: 'other_server',
      fields: [{ path: 'address', message: 'Esta dirección es de otro servidor.' }],
    });
    renderPanel();
    await typeAndJoin('192.168.1.21:5433', CODE);
    await screen.findByText('Esta dirección es de otro servidor.');
    expect(screen.getByLabelText('Dirección de la caja principal').getAttribute('aria-invalid')).toBe('true');
    expect(panel().textContent).toMatch(/no es la caja principal de este código/);
  });

  it('empty fields are refused in Spanish on each field before anything is sent', async () => {
    renderPanel();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Unirse' }));
    await screen.findByText(/Escriba la dirección que muestra la caja principal/);
    expect(screen.getByText(/Escriba el código para unirse que muestra la caja principal/)).toBeTruthy();
    expect(fake.methods()).not.toContain('shopServer.join');
  });

  it('«Hacer de este equipo la caja principal» asks first; the yes moves the data and opens the app again', async () => {
    renderPanel();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Hacer de este equipo la caja principal' }));
    const dialog = screen.getByRole('alertdialog', { name: '¿Hacer de este equipo la caja principal?' });
    expect(fake.methods()).not.toContain('shopServer.becomeMain');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Sí, hacerla caja principal' }));
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(replaced).toHaveBeenCalledTimes(1));
    expect(fake.inputsOf('shopServer.becomeMain')).toEqual([{ confirm: true }]);
    cleanup();
    status = MAIN;
    renderPanel();
    const done = await screen.findByText('Este equipo es ahora la caja principal');
    expect(done.parentElement?.textContent).toMatch(/Se pasaron y comprobaron 31 tablas con 480 filas\./);
  });

  it('a cajero on a register alone is offered neither joining nor becoming the caja principal', async () => {
    cashiers = { ...cashiers, has_admin: true, current: ANA, cashiers: [MARTA, ANA] };
    renderPanel();
    await screen.findByText(/Un administrador puede unirla a la caja principal/);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
