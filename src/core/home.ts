// Where a Node host (web bridge, command line) keeps its data: `--home DIR`, else FACTURA_DESK_HOME,
// else the same folder Electron's userData uses for this app, so the app and the CLI share one file.
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

export const APP_FOLDER = 'factura-desk';

export function defaultHome(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), APP_FOLDER);
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', APP_FOLDER);
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), APP_FOLDER);
}

/** Takes `--home DIR` (or `--home=DIR`) out of argv; returns the folder and the remaining arguments. */
export function resolveHome(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): { home: string; rest: string[] } {
  const rest: string[] = [];
  let home: string | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--home') {
      home = argv[i + 1];
      i += 1;
    } else if (arg.startsWith('--home=')) {
      home = arg.slice('--home='.length);
    } else {
      rest.push(arg);
    }
  }
  const chosen = home ?? env.FACTURA_DESK_HOME ?? defaultHome(env);
  return { home: resolve(chosen), rest };
}
