// A small argument reader for the command line: positional words and `--name value` flags.
export interface ParsedArgs {
  positional: string[];
  flags: Map<string, string | true>;
}

const BOOLEAN_FLAGS = new Set(['json', 'replace-token', 'new-document', 'confirmar', 'pin']);

export function parseArgs(argv: readonly string[]): ParsedArgs {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    if (inline !== undefined) flags.set(name, inline);
    else if (BOOLEAN_FLAGS.has(name) || argv[i + 1] === undefined || argv[i + 1]!.startsWith('--')) flags.set(name, true);
    else {
      flags.set(name, argv[i + 1]!);
      i += 1;
    }
  }
  return { positional, flags };
}

export function flag(args: ParsedArgs, name: string): string | undefined {
  const value = args.flags.get(name);
  return typeof value === 'string' ? value : undefined;
}
