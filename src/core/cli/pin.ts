// `--pin`: the command line acting as a cashier once the register has an administrator. The PIN is
// never an argument (any user sees a process's arguments in `ps`): it comes from FACTURA_DESK_PIN,
// or, without it, is asked for on a terminal without echo, or is the first line of the standard
// input when that is a pipe (the rest of the input stays for the command, such as `connect`'s token).
import { AppError } from '#shared/rpc/errors';
import type { Core } from '../core';
import type { ParsedArgs } from './args';

export const PIN_VARIABLE = 'FACTURA_DESK_PIN';

const NOT_IN_ARGS = `No escriba el PIN en la línea de comandos (otros usuarios del equipo la ven): use --pin solo y ${PIN_VARIABLE}, o escríbalo cuando se pida.`;

/** Refuses a PIN written among the arguments (`--pin=1234`, or `--pin 1234` read as a word). */
export function refusePinInArgs(args: ParsedArgs): void {
  const value = args.flags.get('pin');
  if (typeof value === 'string') throw new AppError('invalid_input', NOT_IN_ARGS);
  if (value === true && /^\d{4,8}$/.test(args.positional[0] ?? '')) throw new AppError('invalid_input', NOT_IN_ARGS);
}

/** Where the PIN and the rest of the standard input come from. */
export interface PinSources {
  env: NodeJS.ProcessEnv;
  /** the terminal, when the standard input is one */
  terminal: { ask(prompt: string): Promise<string> } | null;
  /** the whole standard input, read once */
  readAll(): Promise<string>;
}

/**
 * With `--pin`, signs `core` in as the cashier whose PIN it is, for this process only (the app's
 * signed-in cashier is not changed), and returns what is left of the standard input for the command.
 */
export async function signInForCommand(
  core: Core,
  args: ParsedArgs,
  sources: PinSources,
): Promise<{ rest: (() => Promise<string>) | null }> {
  refusePinInArgs(args);
  if (args.flags.get('pin') !== true) return { rest: null };
  const fromEnv = sources.env[PIN_VARIABLE];
  let pin: string;
  let rest: (() => Promise<string>) | null = null;
  if (fromEnv !== undefined && fromEnv !== '') pin = fromEnv;
  else if (sources.terminal) pin = await sources.terminal.ask('PIN: ');
  else {
    const input = await sources.readAll();
    const end = input.indexOf('\n');
    pin = end === -1 ? input : input.slice(0, end);
    const after = end === -1 ? '' : input.slice(end + 1);
    rest = () => Promise.resolve(after);
  }
  await core.parts.cashiers.actAs(pin.trim());
  return { rest };
}

/** Reads a line from the terminal without showing what is typed. */
export function askWithoutEcho(prompt: string): Promise<string> {
  const stdin = process.stdin;
  process.stderr.write(prompt);
  return new Promise((resolve, reject) => {
    let typed = '';
    const done = (error?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n') return done();
        // Ctrl+C or Ctrl+D: nothing is done.
        if (char === '\u0003' || char === '\u0004') return done(new AppError('invalid_input', 'No se escribió el PIN.'));
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else typed += char;
      }
    };
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on('data', onData);
  });
}
