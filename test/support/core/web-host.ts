// `npm run web` as a real child process (src/main/web.ts, bundled once per test worker as the CLI is
// in cli.ts): a second process on a data folder, killable with SIGKILL, reached over its web bridge.
// Unlike the benchmark's host (bench/lib/web-host.ts, built for memory figures), a host that refuses
// to start is a result here, not an error.
import { spawn, type ChildProcess } from 'node:child_process';
import { nodeBundle, REPO_ROOT } from './node-bundle';
import { SECRET_HEADER } from '#core/bridge/web-bridge';
import type { RpcReply } from '#shared/rpc/envelope';
import { splitSecretFragment } from '#shared/rpc/web-session';

function webEntry(): Promise<string> {
  return nodeBundle('src/main/web.ts', 'web');
}

export interface WebHostProcess {
  pid: number;
  /** Calls one RPC method through the bridge, as the browser would. */
  call(method: string, input: unknown): Promise<RpcReply>;
  stderr(): string;
  /** Sends the signal and resolves once the process has exited. */
  stop(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface WebHostExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * Starts the web host on `home` (with `args` after `--home`, such as `--database …`): the running
 * host, or how it ended when it refused to start.
 */
export async function startWebHost(
  home: string,
  deadlineMs = 60_000,
  args: readonly string[] = [],
): Promise<WebHostProcess | WebHostExit> {
  const entry = await webEntry();
  const child = spawn(process.execPath, [entry, '--home', home, ...args], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const address = await new Promise<{ url: string } | null>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the web host did not start within ${deadlineMs} ms: ${stderr}`));
    }, deadlineMs);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      const line = stdout.split('\n').find((each) => each.startsWith('{'));
      if (line) {
        clearTimeout(timer);
        resolve(JSON.parse(line) as { url: string });
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      resolve(null);
    });
  });
  if (!address) return { ...(await exited), stdout, stderr };
  return running(child, address.url, exited, () => stderr);
}

function running(
  child: ChildProcess,
  url: string,
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>,
  stderr: () => string,
): WebHostProcess {
  const origin = new URL(url).origin;
  const secret = splitSecretFragment(new URL(url).hash).secret!;
  let id = 0;
  return {
    pid: child.pid!,
    async call(method, input) {
      id += 1;
      const response = await fetch(`${origin}/rpc`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SECRET_HEADER]: secret },
        body: JSON.stringify({ id, method, input }),
      });
      return (await response.json()) as RpcReply;
    },
    stderr,
    async stop(signal) {
      child.kill(signal);
      return exited;
    },
  };
}

export function isRunning(host: WebHostProcess | WebHostExit): host is WebHostProcess {
  return 'pid' in host;
}
