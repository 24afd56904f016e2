// `--register NAME` on the CLI, `npm run web` and `npm start`: the register this data folder works as,
// by its name («Caja 2»), so that a shop of several registers can be driven from scripts
// (registers.ts, registerNamed). Taken out of argv as `--database` is.
import { AppError } from '#shared/rpc/errors';
import { RegisterName } from '#shared/rpc/methods/cashiers';

export function takeRegisterArgument(argv: readonly string[]): { register: string | undefined; rest: string[] } {
  const rest: string[] = [];
  let typed: string | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--register') {
      const value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) throw missing();
      typed = value;
      i += 1;
    } else if (arg.startsWith('--register=')) {
      typed = arg.slice('--register='.length);
    } else {
      rest.push(arg);
    }
  }
  if (typed === undefined) return { register: undefined, rest };
  const parsed = RegisterName.safeParse(typed);
  if (!parsed.success)
    throw new AppError('invalid_input', `--register: ${parsed.error.issues[0]?.message ?? 'nombre no válido.'}`);
  return { register: parsed.data, rest };
}

function missing(): AppError {
  return new AppError('invalid_input', 'Falta el nombre de la caja después de --register. Escríbalo así: --register "Caja 2"');
}
