// The sandbox's command line:
//   npm run --silent sandbox -- --seed FILE [--port N] [--host 127.0.0.1] [--data DIR] [--now ISO] [--settle-ms N] [--signing-threads N] [--admin-port N]
// When ready it prints exactly one line of JSON on stdout, {"base_url": "...", "admin_url": "..."};
// diagnostics go to stderr. admin_url is the outage switch (admin.ts), always on loopback.
import { startOutageAdmin, type OutageAdmin } from './admin';
import { startSandbox } from './index';
import { SeedError } from './seed';

interface CliOptions {
  seed: string;
  port: number;
  host: string;
  data?: string;
  now?: string;
  settleMs: number;
  /** default: one per available core */
  signingThreads?: number;
  /** the outage switch's loopback port; default: a free one */
  adminPort: number;
}

class UsageError extends Error {}

const USAGE =
  'uso: sandbox --seed ARCHIVO [--port N] [--host 127.0.0.1] [--data DIR] [--now ISO] [--settle-ms N] [--signing-threads N] [--admin-port N]';

function parseArgs(argv: readonly string[]): CliOptions {
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    const [flag, inline] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg, undefined];
    if (!['--seed', '--port', '--host', '--data', '--now', '--settle-ms', '--signing-threads', '--admin-port'].includes(flag))
      throw new UsageError(`opción desconocida: ${arg}`);
    const value = inline ?? argv[++i];
    if (value === undefined) throw new UsageError(`falta el valor de ${flag}`);
    values.set(flag, value);
  }
  const seed = values.get('--seed');
  if (!seed) throw new UsageError('--seed es obligatorio');
  const int = (flag: string, fallback: number, max: number): number => {
    const raw = values.get(flag);
    if (raw === undefined) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) > max) throw new UsageError(`${flag} debe ser un entero entre 0 y ${max}`);
    return Number(raw);
  };
  return {
    seed,
    port: int('--port', 0, 65535),
    adminPort: int('--admin-port', 0, 65535),
    host: values.get('--host') ?? '127.0.0.1',
    settleMs: int('--settle-ms', 3000, 86_400_000),
    ...(values.has('--data') ? { data: values.get('--data') as string } : {}),
    ...(values.has('--now') ? { now: values.get('--now') as string } : {}),
    ...(values.has('--signing-threads') ? { signingThreads: int('--signing-threads', 0, 64) } : {}),
  };
}

async function main(): Promise<void> {
  let options: CliOptions;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    process.exit(2);
  }
  const log = (message: string): void => {
    process.stderr.write(`[sandbox] ${message}\n`);
  };
  // Signal handlers come first: a parent may signal as soon as it reads the base_url line, and a
  // signal that arrives before a listener exists would kill the process without closing it.
  let sandbox: Awaited<ReturnType<typeof startSandbox>> | undefined;
  let admin: OutageAdmin | undefined;
  let stopRequested = false;
  let stopping = false;
  const shutdown = (): void => {
    stopRequested = true;
    // during start-up the request is honoured as soon as the sandbox exists (below)
    if (!sandbox || stopping) return;
    stopping = true;
    Promise.all([admin?.close(), sandbox.close()]).then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  try {
    sandbox = await startSandbox({
      seed: options.seed,
      port: options.port,
      host: options.host,
      settleMs: options.settleMs,
      log,
      signingThreads: options.signingThreads ?? 'cores',
      ...(options.data ? { dataDir: options.data } : {}),
      ...(options.now ? { now: options.now } : {}),
    });
    // Only on loopback, whatever --host says: it switches the service off for everyone.
    admin = await startOutageAdmin(sandbox, { port: options.adminPort, host: '127.0.0.1', log });
  } catch (error) {
    process.stderr.write(
      `${error instanceof SeedError ? error.message : `no se pudo iniciar el sandbox: ${(error as Error).message}`}\n`,
    );
    process.exit(error instanceof SeedError ? 3 : 1);
  }
  if (stopRequested) {
    shutdown();
    return;
  }
  log(`cortes simulados: ${admin.url}/outage (npm run cli -- sandbox-outage --admin ${admin.url} MODO)`);
  process.stdout.write(`${JSON.stringify({ base_url: sandbox.baseUrl, admin_url: admin.url })}\n`);
}

void main();
