// Ajustes › Cajas' list of registers against the fake bridge: each register with this one marked and
// the removed one said so; an administrator renames one with the keyboard alone (Enter saves, Escape
// leaves it), a name in use is said on the field in core's words, a name too long never leaves the
// window; a cajero sees the names without the rename buttons. When a rename or the removal's
// confirmation closes, the keyboard is back on the button that opened it.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CashierState } from '#shared/rpc/methods/cashiers';
import type { Register } from '#shared/rpc/methods/registers';
import { installFakeBridge, rpcError } from '#test/component/fake-bridge';
import { renderWithQueries } from '#test/component/render';

const MARTA = { id: 1, name: 'Marta', role: 'administrador' as const, active: true };
const ANA = { id: 2, name: 'Ana', role: 'cajero' as const, active: true };

let registers: Register[];
let cashiers: CashierState;

const fake = installFakeBridge({
  'registers.list': () => ({ registers }),
  'cashiers.state': () => cashiers,
  'shifts.current': () => null,
  'registers.rename': ({ id, name }) => {
    const trimmed = name.trim();
    if (registers.some((r) => r.id !== id && r.removed_at === null && r.name.toLowerCase() === trimmed.toLowerCase()))
      throw rpcError('invalid_input', 'Ya hay una caja con ese nombre.', {
        fields: [{ path: 'name', message: 'Ya hay una caja con ese nombre.' }],
      });
    registers = registers.map((r) => (r.id === id ? { ...r, name: trimmed } : r));
    return { registers };
  },
  'registers.remove': ({ id }) => {
    if (openShiftAt === id) throw rpcError('conflict', 'Caja 2 tiene un turno abierto: ciérrelo antes de retirar la caja.');
    registers = registers.map((r) => (r.id === id ? { ...r, removed_at: '2026-11-22T15:00:00.000Z' } : r));
    return { registers };
  },
  'registers.rejoin': () => {
    registers = registers.map((r) => (r.this_register ? { ...r, removed_at: null } : r));
    return { registers };
  },
});
let openShiftAt: string | null;

let RegisterNames: typeof import('#renderer/features/settings/RegisterNames').RegisterNames;
beforeAll(async () => {
  RegisterNames = (await import('#renderer/features/settings/RegisterNames')).RegisterNames;
});
beforeEach(() => {
  const seen = '2026-11-20T15:00:00.000Z';
  registers = [
    { id: 'K7QM2X9A', name: 'Caja 1', this_register: true, created_at: seen, last_seen_at: seen, removed_at: null },
    { id: 'P3RT5V7W', name: 'Caja 2', this_register: false, created_at: seen, last_seen_at: seen, removed_at: null },
    {
      id: 'B4DF6H8J',
      name: 'Bodega',
      this_register: false,
      created_at: seen,
      last_seen_at: seen,
      removed_at: '2026-11-21T15:00:00.000Z',
    },
  ];
  cashiers = { has_admin: true, register_name: 'Caja 1', stay_signed_in: false, current: MARTA, cashiers: [MARTA, ANA] };
  openShiftAt = null;
});
afterEach(() => {
  cleanup();
  fake.assertNoProblems();
});

describe('RegisterNames', () => {
  it('lists every register, this one and the removed one said so', async () => {
    renderWithQueries(<RegisterNames />);
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual(['Caja 1', 'Caja 2', 'Bodega']);
    expect(within(items[0]!).getByText(/esta caja/)).toBeTruthy();
    expect(within(items[1]!).queryByText(/esta caja/)).toBeNull();
    expect(within(items[2]!).getByText(/retirada el 21\/11\/2026/)).toBeTruthy();
  });

  it('an administrator renames a register with the keyboard; a name in use is said on the field, nothing changes', async () => {
    renderWithQueries(<RegisterNames />);
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Cambiar el nombre de Caja 2' });
    // Tab to the second register's button and open it with Enter: the field gets the focus.
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cambiar el nombre de Caja 2' }));
    await user.keyboard('{Enter}');
    const field = screen.getByLabelText('Nombre nuevo de Caja 2');
    expect(document.activeElement).toBe(field);
    await user.clear(field);
    await user.keyboard('caja 1{Enter}');
    expect(await screen.findByText('Ya hay una caja con ese nombre.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    // Too long: the contract's message, and nothing sent.
    await user.clear(field);
    await user.keyboard(`${'x'.repeat(41)}{Enter}`);
    expect(await screen.findByText('El nombre de la caja admite como máximo 40 caracteres.')).toBeTruthy();
    expect(fake.inputsOf('registers.rename')).toEqual([{ id: 'P3RT5V7W', name: 'caja 1' }]);
    await user.clear(field);
    await user.keyboard('  Mostrador {Enter}');
    await waitFor(() => expect(screen.queryByLabelText('Nombre nuevo de Caja 2')).toBeNull());
    expect(await screen.findByRole('listitem', { name: 'Mostrador' })).toBeTruthy();
    expect(fake.inputsOf('registers.rename').at(-1)).toEqual({ id: 'P3RT5V7W', name: 'Mostrador' });
  });

  it('Escape leaves the name as it was, without sending anything, and the focus on its button', async () => {
    renderWithQueries(<RegisterNames />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cambiar el nombre de Caja 1' }));
    await user.type(screen.getByLabelText('Nombre nuevo de Caja 1'), ' del fondo');
    await user.keyboard('{Escape}');
    expect(screen.queryByLabelText('Nombre nuevo de Caja 1')).toBeNull();
    expect(screen.getByRole('listitem', { name: 'Caja 1' })).toBeTruthy();
    expect(fake.inputsOf('registers.rename')).toEqual([]);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cambiar el nombre de Caja 1' }));
  });

  it('a cajero sees the names, with no rename buttons', async () => {
    cashiers = { ...cashiers, current: ANA };
    renderWithQueries(<RegisterNames />);
    await screen.findAllByRole('listitem');
    await waitFor(() => expect(fake.callsTo('cashiers.state')).toHaveLength(1));
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('an administrator removes another register after a confirmation answered with Enter; a refusal is shown and nothing changes', async () => {
    openShiftAt = 'P3RT5V7W';
    renderWithQueries(<RegisterNames />);
    const user = userEvent.setup();
    // Neither this register nor the removed one can be removed.
    await screen.findByRole('button', { name: 'Retirar Caja 2' });
    expect(screen.queryByRole('button', { name: 'Retirar Caja 1' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retirar Bodega' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Retirar Caja 2' }));
    const dialog = screen.getByRole('alertdialog', { name: '¿Retirar Caja 2 del negocio?' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Sí, retirar Caja 2' }));
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByText(/tiene un turno abierto/)).toBeTruthy();
    expect(registers.find((r) => r.id === 'P3RT5V7W')!.removed_at).toBeNull();
    // The shift closed at that register: the same yes removes it.
    openShiftAt = null;
    await user.click(within(dialog).getByRole('button', { name: 'Sí, retirar Caja 2' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(within(await screen.findByRole('listitem', { name: 'Caja 2' })).getByText(/retirada el 22\/11\/2026/)).toBeTruthy();
    expect(fake.inputsOf('registers.remove')).toEqual([{ id: 'P3RT5V7W' }, { id: 'P3RT5V7W' }]);
    // Its «Retirar» is gone: the keyboard is on the same register's rename button.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cambiar el nombre de Caja 2' }));
  });

  it('Escape in the confirmation removes nothing and gives the focus back to «Retirar»', async () => {
    renderWithQueries(<RegisterNames />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Retirar Caja 2' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fake.inputsOf('registers.remove')).toEqual([]);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Retirar Caja 2' }));
  });

  it('this register, removed, says so and an administrator joins it again', async () => {
    registers = registers.map((r) => (r.this_register ? { ...r, removed_at: '2026-11-22T15:00:00.000Z' } : r));
    renderWithQueries(<RegisterNames />);
    const user = userEvent.setup();
    expect(await screen.findByText('Caja 1 fue retirada del negocio')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Volver a unir esta caja' }));
    await waitFor(() => expect(screen.queryByText('Caja 1 fue retirada del negocio')).toBeNull());
    expect(fake.inputsOf('registers.rejoin')).toEqual([{}]);
  });
});
