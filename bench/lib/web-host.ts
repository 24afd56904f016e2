// The web host of `npm run web` (src/main/web.ts: core, its background work and the loopback web
// bridge) as its own Node process, driven over the bridge's /rpc as the browser drives it; for
// figures about the host process itself (its memory), which the bench process must not share.
//
// Two ways to run it:
//  - 'tsx': `node --import tsx src/main/web.ts`, exactly what `npm run web` runs (TypeScript compiled
//    on load by tsx's loader, which keeps its own worker thread and V8 isolate in the process);
//  - 'bundled': the same entry bundled to one ES module first, then run by plain Node, as the
//    desktop app's main process runs core (electron-vite bundles src/main; no loader at run time).
import { build } from 'esbuild';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { SECRET_HEADER } from '#core/bridge/web-bridge';
import type { RpcReply } from '#shared/rpc/envelope';
import { splitSecretFragment } from '#shared/rpc/web-session';

const ROOT = resolve(import.meta.dirname, '..', '..');
const ENTRY = join(ROOT, 'src', 'main', 'web.ts');
/** Native addons stay outside the bundle, imported from node_modules by absolute path. */
const NATIVE = /^(better-sqlite3|@napi-rs\/keyring)$/;

export type HostBuild = 'tsx' | 'bundled';

export interface HeapAfterGc {
  /** bytes, as process.memoryUsage() reports them right after a full GC */
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
}

export interface WebHostChild {
  pid: number;
  /** http://127.0.0.1:PORT, and the per-run secret a browser page needs */
  origin: string;
  secret: string;
  /** One RPC through the bridge; throws on an error reply. `bytes` is the reply's size on the wire. */
  rpc<T = unknown>(method: string, input: unknown): Promise<{ output: T; bytes: number }>;
  /** With `gcProbe`: a full GC in the host, then its memory (bench/lib/gc-probe.mjs). */
  collectGarbage(): Promise<HeapAfterGc>;
  stop(): Promise<void>;
}

/**
 * Bundles src/main/web.ts into `dir`/web-host.mjs (esbuild: the bundler tsx and vite already bring;
 * nothing new is installed) and returns the file to run with plain Node.
 */
export async function bundleWebHost(dir: string): Promise<string> {
  return bundleForNode(ENTRY, join(dir, 'web-host.mjs'));
}

/**
 * `entry` bundled to one ES module for plain Node, as electron-vite bundles core into the desktop
 * app's main process: no TypeScript loader in the measured process.
 */
export async function bundleForNode(entry: string, outfile: string): Promise<string> {
  const requireFromRoot = createRequire(join(ROOT, 'package.json'));
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
    // Its `paths` resolve the subpath imports (`#core/...`): esbuild will not add `.ts` to a package import.
    tsconfig: join(ROOT, 'tsconfig.node.json'),
    // Bundled CommonJS dependencies still call require().
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    plugins: [
      {
        name: 'natives-from-node-modules',
        setup(builder) {
          builder.onResolve({ filter: NATIVE }, (args) => ({ path: requireFromRoot.resolve(args.path), external: true }));
        },
      },
    ],
  });
  return outfile;
}

/**
 * Starts the web host on `home` (`bundle`: a file from bundleWebHost; else tsx) and waits for its
 * address. `gcProbe`: a file the host reports to after a full GC on request (collectGarbage).
 */
export async function startWebHost(home: string, options: { bundle?: string; gcProbe?: string } = {}): Promise<WebHostChild> {
  const entry = options.bundle ? [options.bundle] : ['--import', 'tsx', ENTRY];
  const probe = options.gcProbe ? ['--expose-gc', '--import', join(ROOT, 'bench', 'lib', 'gc-probe.mjs')] : [];
  const args = [...probe, ...entry, '--home', home, '--port', '0'];
  const env = options.gcProbe ? { ...process.env, FACTURA_DESK_GC_PROBE: options.gcProbe } : process.env;
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const url = await new Promise<URL>((resolveUrl, reject) => {
    let stdout = '';
    const timer = setTimeout(() => reject(new Error(`web host did not start in 60 s\n${stderr}`)), 60_000);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (stdout.includes('\n')) {
        clearTimeout(timer);
        resolveUrl(new URL((JSON.parse(stdout.split('\n')[0]!) as { url: string }).url));
      }
    });
    void exited.then(() => reject(new Error(`web host exited before starting\n${stderr}`)));
  });
  const secret = splitSecretFragment(url.hash).secret!;
  let nextId = 1;
  return {
    pid: child.pid!,
    origin: url.origin,
    secret,
    async rpc<T>(method: string, input: unknown) {
      const response = await fetch(`${url.origin}/rpc`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SECRET_HEADER]: secret },
        body: JSON.stringify({ id: nextId++, method, input }),
      });
      const text = await response.text();
      const reply = JSON.parse(text) as RpcReply;
      if (!reply.ok) throw new Error(`${method}: ${reply.error.code} ${reply.error.message}`);
      return { output: reply.output as T, bytes: Buffer.byteLength(text) };
    },
    async collectGarbage() {
      const file = options.gcProbe;
      if (!file) throw new Error('the host was started without a GC probe');
      const lines = () => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : []);
      const before = lines().length;
      child.kill('SIGUSR2');
      for (let waited = 0; lines().length === before; waited += 50) {
        if (waited > 30_000) throw new Error(`no GC report from the host\n${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return JSON.parse(lines().at(-1)!) as HeapAfterGc;
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
