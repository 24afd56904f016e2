// The counter's day from the command line, so that a shop with cashiers can be driven from scripts
// (a register with `--register`, a cashier with `--pin`): the first administrator, a shift opened
// with its float, the open shift with its expected cash, and the shop's day across registers. The
// count and close by denomination stay on the screen (Turno), where a person counts the drawer.
import { AppError } from '#shared/rpc/errors';
import { flag } from './args';
import { call, type CommandContext, type CommandResult } from './commands';
import { EXIT } from './exit-codes';
import { PIN_VARIABLE } from './pin';

export const SHIFT_USAGE = `cajeros crear-administrador --nombre NOMBRE   (el PIN de ${PIN_VARIABLE}, o la primera línea de la entrada estándar)
  turno abrir --base PESOS   (con --pin: el cajero que abre)
  turno   (el turno abierto de esta caja, con el efectivo esperado)
  turno dia [--fecha AAAA-MM-DD]   (los turnos del día en todas las cajas, con sus totales)`;

export async function cashiersCommand({ core, args, readStdin }: CommandContext): Promise<CommandResult> {
  if (args.positional[1] !== 'crear-administrador') throw usage();
  const name = flag(args, 'nombre');
  if (!name) throw usage();
  const fromEnv = process.env[PIN_VARIABLE];
  const pin = (fromEnv !== undefined && fromEnv !== '' ? fromEnv : (await readStdin()).split('\n')[0]!).trim();
  return { output: await call(core, 'cashiers.createAdmin', { name, pin }), exitCode: EXIT.ok };
}

export async function shiftCommand({ core, args }: CommandContext): Promise<CommandResult> {
  const sub = args.positional[1];
  if (sub === undefined) {
    const shift = await call(core, 'shifts.current', {});
    if (!shift) return { output: { shift: null, message: 'Esta caja no tiene un turno abierto.' }, exitCode: EXIT.ok };
    return { output: { shift }, exitCode: EXIT.ok };
  }
  if (sub === 'abrir') {
    // Whole pesos only: «50.000» is fifty thousand to a Colombian cashier and fifty to Number().
    const base = flag(args, 'base');
    const amount = base !== undefined && /^\d{1,10}$/.test(base) ? Number(base) : Number.NaN;
    if (!Number.isFinite(amount))
      throw new AppError('invalid_input', 'Escriba la base de caja en pesos, sin puntos ni signos: turno abrir --base 50000');
    return { output: { shift: await call(core, 'shifts.open', { opening_float: amount }) }, exitCode: EXIT.ok };
  }
  if (sub === 'dia') {
    const date = flag(args, 'fecha');
    return { output: await call(core, 'shifts.ofDay', date === undefined ? {} : { date }), exitCode: EXIT.ok };
  }
  throw usage();
}

function usage(): AppError {
  return new AppError('invalid_input', `Uso:\n  ${SHIFT_USAGE}`);
}
