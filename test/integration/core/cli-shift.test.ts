// The counter's day from the command line (cli/shift-commands.ts), on a real core (its SQLite file)
// as a child process: the first administrator made with the PIN from FACTURA_DESK_PIN, a second one
// refused; a shift opened by the cashier of `--pin` with whole pesos only («50.000» refused, nothing
// opened); the open shift with its expected cash; the day across the shop's registers.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '#test/core/cli';
import { tempDir } from '#test/temp';

const PIN = { FACTURA_DESK_PIN: '482913' };
let dir: ReturnType<typeof tempDir>;
let home: string;

beforeAll(() => {
  dir = tempDir('factura-desk-cli-shift-');
  home = join(dir.path, 'shop');
});
afterAll(() => dir?.remove());

describe('the counter’s day from the command line', () => {
  it('makes the first administrator once', async () => {
    const made = await runCli(home, ['cajeros', 'crear-administrador', '--nombre', 'Marta'], { env: PIN });
    expect(made.code, made.stderr).toBe(0);
    expect(made.json).toMatchObject({ has_admin: true });
    const again = await runCli(home, ['cajeros', 'crear-administrador', '--nombre', 'Otra'], {
      env: { FACTURA_DESK_PIN: '1111' },
    });
    expect(again.code).not.toBe(0);
    expect(again.stderr).toMatch(/administrador/i);
  });

  it('opens a shift in whole pesos only; a float written with a thousands point changes nothing', async () => {
    for (const base of ['50.000', '-1']) {
      const refused = await runCli(home, ['--pin', 'turno', 'abrir', '--base', base], { env: PIN });
      expect([base, refused.code]).toEqual([base, 2]);
      expect(refused.stderr).toMatch(/base de caja en pesos/);
    }
    const none = await runCli(home, ['--pin', 'turno'], { env: PIN });
    expect(none.json).toMatchObject({ shift: null, message: 'Esta caja no tiene un turno abierto.' });
    const opened = await runCli(home, ['--pin', 'turno', 'abrir', '--base', '50000'], { env: PIN });
    expect(opened.code, opened.stderr).toBe(0);
    expect(opened.json).toMatchObject({ shift: { opening_float: '50000.00', cashier: { name: 'Marta' }, closed_at: null } });
  });

  it('shows the open shift with its expected cash, and the shop’s day', async () => {
    const shift = await runCli(home, ['--pin', 'turno'], { env: PIN });
    expect(shift.json).toMatchObject({ shift: { expected_cash: '50000.00', register_name: 'Caja 1' } });
    const day = await runCli(home, ['--pin', 'turno', 'dia'], { env: PIN });
    expect(day.json).toMatchObject({ opening_float: '50000.00', expected_cash: '50000.00', open_shifts: 1 });
  });
});
