// The Turno screen against the fake bridge: the first administrator created there (bad PIN said in
// Spanish, nothing sent), and the close of an open shift counted by denomination, its counted cash
// and difference shown as they are typed, the administrator's PIN asked of a cajero for a
// difference, and the «cierre de turno» ticket after it; the register's recent closes, each
// reprinted on the page or the receipt printer.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CashierState } from '#shared/rpc/methods/cashiers';
import type { Shift } from '#shared/rpc/methods/shifts';
import { countedCash, cashDifference } from '#shared/shifts/cash-count';
import { installFakeBridge } from '#test/component/fake-bridge';
import { renderWithQueries } from '#test/component/render';

/** Text with its spaces (the formatter's no-break ones too) as single spaces. */
const folded = (text: string | null): string => (text ?? '').replace(/\s+/g, ' ').trim();

let cashiers: CashierState;
let open: Shift | null;
let recent: Shift[];
let thermal: 'none' | 'network';

const ANA = { id: 2, name: 'Ana', role: 'cajero' as const, active: true };
const MARTA = { id: 1, name: 'Marta', role: 'administrador' as const, active: true };

function openShift(): Shift {
  return {
    id: 7,
    register_name: 'Caja 1',
    cashier: { id: 2, name: 'Ana' },
    opening_float: '100000.00',
    opened_at: '2026-11-20T13:00:00.000Z',
    closed_at: null,
    closed_by: null,
    movements: [],
    sales: { documents: 2, total: '23800.00', cash_documents: 1, rejected: 0 },
    cash_received: '11900.00',
    change_given: '0.00',
    cash_in: '0.00',
    cash_out: '0.00',
    expected_cash: '111900.00',
    counted_cash: null,
    difference: null,
    counts: null,
    difference_accepted_by: null,
  };
}

const fake = installFakeBridge({
  'cashiers.state': () => cashiers,
  'cashiers.createAdmin': ({ name }) =>
    (cashiers = { ...cashiers, has_admin: true, current: { ...MARTA, name }, cashiers: [{ ...MARTA, name }] }),
  'shifts.current': () => open,
  'shifts.ofDay': ({ date }) => ({
    date: date ?? '2026-11-20',
    shifts: [],
    opening_float: '0.00',
    cash_received: '0.00',
    change_given: '0.00',
    cash_in: '0.00',
    cash_out: '0.00',
    expected_cash: '0.00',
    counted_cash: '0.00',
    difference: '0.00',
    open_shifts: 0,
  }),
  'shifts.recentClosed': () => recent,
  'shifts.printClose': () => ({ drawer_opened: false, warning: null }),
  'print.thermal': () => ({
    connection: thermal,
    host: thermal === 'none' ? '' : '192.168.1.50',
    port: 9100,
    queue: '',
    columns: 48,
    code_page: 'pc858',
    native_qr: true,
    drawer_on_cash: true,
  }),
  'shifts.close': ({ counts, admin_pin }) => {
    const shift = open!;
    const counted = countedCash(counts);
    open = null;
    return {
      ...shift,
      closed_at: '2026-11-20T22:00:00.000Z',
      closed_by: 'Ana',
      counted_cash: counted,
      difference: cashDifference(counted, shift.expected_cash),
      counts,
      difference_accepted_by: admin_pin ? 'Marta' : null,
    };
  },
});

let ShiftScreen: typeof import('#renderer/features/shifts/ShiftScreen').default;
beforeAll(async () => {
  ShiftScreen = (await import('#renderer/features/shifts/ShiftScreen')).default;
});
afterEach(cleanup);
beforeEach(() => {
  cashiers = { has_admin: false, register_name: 'Caja 1', stay_signed_in: false, current: null, cashiers: [] };
  open = null;
  recent = [];
  thermal = 'none';
});

describe('Turno', () => {
  it('the first run creates the administrator; a bad PIN is said in Spanish and nothing is sent', async () => {
    const user = userEvent.setup();
    renderWithQueries(<ShiftScreen />);
    const form = await screen.findByRole('form', { name: 'Crear el administrador de la caja' });
    await user.type(within(form).getByLabelText('Nombre'), 'Marta');
    await user.type(within(form).getByLabelText('PIN (4 a 8 números)'), '12');
    await user.click(within(form).getByRole('button', { name: 'Crear administrador' }));
    expect(await within(form).findByText('El PIN son de 4 a 8 números.')).toBeTruthy();
    expect(fake.callsTo('cashiers.createAdmin')).toHaveLength(0);
    await user.clear(within(form).getByLabelText('PIN (4 a 8 números)'));
    await user.type(within(form).getByLabelText('PIN (4 a 8 números)'), '482913');
    await user.click(within(form).getByRole('button', { name: 'Crear administrador' }));
    await waitFor(() => expect(fake.inputsOf('cashiers.createAdmin')).toEqual([{ name: 'Marta', pin: '482913' }]));
    expect(await screen.findByRole('form', { name: /Abrir turno en Caja 1/ })).toBeTruthy();
    fake.assertNoProblems();
  });

  it('a cajero counts the cash: counted and difference follow the count, a difference asks the administrator PIN, the ticket follows', async () => {
    cashiers = { ...cashiers, has_admin: true, current: ANA, cashiers: [ANA, MARTA] };
    open = openShift();
    const user = userEvent.setup();
    renderWithQueries(<ShiftScreen />);
    const close = await screen.findByRole('form', { name: 'Cerrar turno: conteo del efectivo' });
    expect(folded(within(close).getByTestId('close-expected').textContent)).toBe('$ 111.900,00');
    // A cajero does not manage cashiers.
    expect(screen.queryByRole('heading', { name: 'Cajeros' })).toBeNull();
    const bill = within(close).getByLabelText('Billete $ 100.000');
    await user.clear(bill);
    await user.type(bill, '1');
    const coin = within(close).getByLabelText('Moneda $ 500');
    await user.clear(coin);
    await user.type(coin, '3');
    expect(folded(within(close).getByTestId('close-counted').textContent)).toBe('$ 101.500,00');
    expect(within(close).getByText('Faltante')).toBeTruthy();
    expect(folded(within(close).getByTestId('close-difference').textContent)).toBe('$ 10.400,00');
    await user.type(within(close).getByLabelText('PIN del administrador que acepta la diferencia'), '482913');
    await user.click(within(close).getByRole('button', { name: 'Cerrar turno con la diferencia' }));
    await waitFor(() => expect(fake.callsTo('shifts.close')).toHaveLength(1));
    expect(fake.inputsOf('shifts.close')[0]).toMatchObject({
      counts: { bill_100000: 1, coin_500: 3, coin_50: 0 },
      admin_pin: '482913',
    });
    const ticket = await screen.findByTestId('shift-ticket');
    const text = folded(ticket.textContent);
    expect(text).toContain('CIERRE DE TURNO');
    expect(text).toContain('Cajero: Ana');
    expect(text).toContain('Diferencia aceptada por Marta');
    expect(text).toMatch(/Faltante\s*\$ 10\.400,00/);
    expect(screen.getByRole('button', { name: 'Imprimir cierre de turno (80 mm)' })).toBeTruthy();
    fake.assertNoProblems();
  });

  it('lists the recent closes; «Reimprimir cierre» from the keyboard prints on the page, or on the receipt printer when there is one', async () => {
    cashiers = { ...cashiers, has_admin: true, current: ANA, cashiers: [ANA, MARTA] };
    recent = [
      {
        ...openShift(),
        id: 9,
        cashier: { id: 1, name: 'Marta' },
        closed_at: '2026-11-20T23:00:00.000Z',
        closed_by: 'Marta',
        counted_cash: '111900.00',
        difference: '0.00',
        counts: { bill_100000: 1, bill_10000: 1, bill_1000: 1, coin_500: 1, coin_200: 2 },
      },
      {
        ...openShift(),
        closed_at: '2026-11-20T22:00:00.000Z',
        closed_by: 'Ana',
        counted_cash: '101500.00',
        difference: '-10400.00',
        counts: { bill_100000: 1, coin_500: 3 },
        difference_accepted_by: 'Marta',
      },
    ];
    const printed = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const { unmount } = renderWithQueries(<ShiftScreen />);
    // No shift open: the float is focused first (the open form), then the keyboard goes to the list.
    const openForm = await screen.findByRole('form', { name: /Abrir turno en Caja 1/ });
    await waitFor(() => expect(document.activeElement).toBe(within(openForm).getByLabelText('Base de caja')));
    const list = await screen.findByRole('region', { name: 'Cierres recientes de esta caja' });
    const rows = within(list).getAllByRole('row').slice(1);
    expect(rows.map((row) => folded(row.textContent))).toEqual([
      expect.stringMatching(/^Marta.*\$ 111\.900,00\$ 111\.900,00\$ 0,00Reimprimir cierre$/),
      expect.stringMatching(/^Ana.*\$ 111\.900,00\$ 101\.500,00Faltante \$ 10\.400,00Reimprimir cierre$/),
    ]);
    // From the keyboard: focus the button of Ana's close and press Enter.
    const reprintAna = within(rows[1]!).getByRole('button', { name: /^Reimprimir cierre del turno de Ana, cerrado / });
    reprintAna.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(printed).toHaveBeenCalledTimes(1));
    const ticket = folded((await screen.findByTestId('shift-ticket')).textContent);
    expect(ticket).toContain('Cajero: Ana');
    expect(ticket).toMatch(/Faltante\s*\$ 10\.400,00/);
    expect(fake.callsTo('shifts.printClose')).toHaveLength(0);
    // The same close again prints again.
    await user.click(reprintAna);
    await waitFor(() => expect(printed).toHaveBeenCalledTimes(2));
    unmount();

    thermal = 'network';
    renderWithQueries(<ShiftScreen />);
    const again = await screen.findByRole('region', { name: 'Cierres recientes de esta caja' });
    await user.click(within(again).getByRole('button', { name: /^Reimprimir cierre del turno de Marta, / }));
    await waitFor(() => expect(fake.inputsOf('shifts.printClose')).toEqual([{ id: 9 }]));
    expect(await screen.findByText('Cierre de turno impreso.')).toBeTruthy();
    expect(printed).toHaveBeenCalledTimes(2);
    printed.mockRestore();
    fake.assertNoProblems();
  });
});
