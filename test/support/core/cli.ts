// Runs the command line as a real child process (one node process, so a SIGKILL is seen as such).
// The CLI's sources are bundled once per test worker with esbuild (already installed for tsx and
// vite): the same code as `npm run cli`, started in a third of the time, which matters for the
// crash tests' hundreds of processes on a 2-core CI machine.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { nodeBundle, REPO_ROOT } from './node-bundle';

function cliEntry(): Promise<string> {
  return nodeBundle('src/core/cli/main.ts', 'cli');
}

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** stdout parsed as JSON, when it is JSON. */
  json: unknown;
}

export async function runCli(
  home: string,
  args: string[],
  options: { env?: Record<string, string>; stdin?: string } = {},
): Promise<CliRun> {
  return (await spawnCli(home, args, options)).done;
}

/** runCli, with the child at hand while it runs (to signal it); `done` resolves once it has exited. */
export async function spawnCli(
  home: string,
  args: string[],
  options: { env?: Record<string, string>; stdin?: string } = {},
): Promise<{ child: ChildProcessWithoutNullStreams; done: Promise<CliRun> }> {
  const entry = await cliEntry();
  const child = spawn(process.execPath, [entry, '--home', home, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const done = new Promise<CliRun>((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      resolve({ code, signal, stdout, stderr, json: parseJson(stdout) });
    });
  });
  child.stdin.end(options.stdin ?? '');
  return { child, done };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
