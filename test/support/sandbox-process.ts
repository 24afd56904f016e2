// Starts the sandbox as a real child process through its command line (src/sandbox/cli.ts, the file
// behind `npm run sandbox` and `npx tsx src/sandbox/cli.ts`) and resolves once it printed its
// {"base_url": ...} line:
//   node --import tsx src/sandbox/cli.ts --seed FILE [--data DIR] [--now ISO] [--settle-ms N] [--port N]
// It runs node with tsx's loader directly instead of through the npx and tsx wrappers: one process,
// about two seconds faster to start, and a signal (SIGKILL in crash tests) reaches the server itself,
// whose exit code is then the one reported. The sandbox's own tests also run the literal npm command.
//
//   const sandbox = await startSandboxProcess({ seed: 'resources/demo-seed.json', now: '2026-11-20T10:00:00-05:00', settleMs: 200 });
//   await fetch(`${sandbox.baseUrl}/companies/101/fe/payment-methods`, { headers: { Authorization: 'Bearer sbx_101_full' } });
//   sandbox.kill('SIGKILL');   // crash it (the whole process group: npx, tsx and node)
//   await sandbox.stop();      // or a clean SIGTERM, waiting for the exit
//
// The child runs in its own process group and signals go to the group; stop() and kill() are safe
// to call more than once.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface SandboxProcessOptions {
  /** seed file path, or a seed object (written to a temporary file) */
  seed: string | object;
  /** --data DIR: keep the database across restarts */
  data?: string;
  /** --now ISO: freeze the clock */
  now?: string;
  /** --settle-ms N (the CLI's default is 3000; tests want something small like 200) */
  settleMs?: number;
  port?: number;
  /** how long to wait for the base_url line; default 30 s */
  startTimeoutMs?: number;
}

export interface SandboxProcess {
  baseUrl: string;
  /** the outage switch on its own loopback port (src/sandbox/admin.ts) */
  adminUrl: string;
  pid: number;
  /** sends a signal (default SIGTERM) to the sandbox's process group */
  kill(signal?: NodeJS.Signals): void;
  /** SIGTERM, then waits for the exit; resolves with the exit code (null when killed by a signal) */
  stop(): Promise<number | null>;
  /** resolves when the process has exited */
  exited: Promise<number | null>;
  /** everything written to stderr so far */
  stderr(): string;
}

const REPO = resolve(import.meta.dirname, '../..');

export async function startSandboxProcess(options: SandboxProcessOptions): Promise<SandboxProcess> {
  let seedPath: string;
  let seedDir: string | null = null;
  if (typeof options.seed === 'string') seedPath = resolve(REPO, options.seed);
  else {
    seedDir = mkdtempSync(join(tmpdir(), 'sandbox-seed-'));
    seedPath = join(seedDir, 'seed.json');
    writeFileSync(seedPath, JSON.stringify(options.seed));
  }
  const args = ['--import', 'tsx', 'src/sandbox/cli.ts', '--seed', seedPath, '--port', String(options.port ?? 0)];
  if (options.data) args.push('--data', options.data);
  if (options.now) args.push('--now', options.now);
  if (options.settleMs !== undefined) args.push('--settle-ms', String(options.settleMs));

  const child = spawn(process.execPath, args, { cwd: REPO, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  let stdout = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((done) =>
    child.once('exit', (code) => {
      if (seedDir) rmSync(seedDir, { recursive: true, force: true });
      done(code);
    }),
  );
  const pid = child.pid as number;
  let alive = true;
  void exited.then(() => (alive = false));
  const kill = (signal: NodeJS.Signals = 'SIGTERM'): void => {
    if (!alive) return;
    try {
      process.kill(-pid, signal);
    } catch {
      // already gone
    }
  };

  const { baseUrl, adminUrl } = await new Promise<{ baseUrl: string; adminUrl: string }>((resolveUrl, reject) => {
    const timer = setTimeout(() => {
      kill('SIGKILL');
      reject(new Error(`sandbox did not start within ${options.startTimeoutMs ?? 30_000} ms\n${stderr}`));
    }, options.startTimeoutMs ?? 30_000);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const line = stdout.split('\n')[0];
      if (stdout.includes('\n') && line) {
        clearTimeout(timer);
        try {
          const ready = JSON.parse(line) as { base_url: string; admin_url: string };
          resolveUrl({ baseUrl: ready.base_url, adminUrl: ready.admin_url });
        } catch {
          reject(new Error(`unexpected first stdout line: ${line}`));
        }
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`sandbox exited with ${code} before printing base_url\n${stderr}`));
    });
  });

  return {
    baseUrl,
    adminUrl,
    pid,
    kill,
    exited,
    stderr: () => stderr,
    async stop() {
      kill('SIGTERM');
      return exited;
    },
  };
}
