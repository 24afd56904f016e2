// Core as the desktop app runs it, for the poller benchmark's idle figure: bundled (src compiled into
// one file, the packages left in node_modules, as electron-vite builds the main process), in a plain
// Node process with no TypeScript loader (tsx keeps a thread and a larger heap that the app has not),
// with the OS keychain and core's own transport. Started by coreChild() below with fork(): the parent
// reads this process's CPU from /proc and tells it when to start and stop its background work; the
// requests it made and V8's collections come back over the IPC channel when it stops. Nothing in here
// wakes while core is idle: the channel is read only when the parent writes.
import { fork } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PerformanceObserver, performance } from 'node:perf_hooks';
import type { LoggedRequest } from './request-log';

export interface GcEntry {
  /** Date.now()'s clock */
  at: number;
  ms: number;
}

export interface ChildWindow {
  requests: LoggedRequest[];
  gcs: GcEntry[];
  from: number;
  to: number;
}

type ToChild = { kind: 'start' } | { kind: 'stop' };
type FromChild = { kind: 'ready' } | ({ kind: 'stopped' } & ChildWindow) | { kind: 'failed'; message: string };

/** Builds this file for plain Node (once per bench run) and returns the bundle's path. */
async function bundle(): Promise<string> {
  const { build } = await import('esbuild');
  const root = resolve(import.meta.dirname, '..', '..');
  // Inside the repository, so that the packages left out resolve from its node_modules.
  const dir = join(root, 'node_modules', '.cache', 'factura-desk-bench');
  mkdirSync(dir, { recursive: true });
  const outfile = join(dir, 'core-child.mjs');
  await build({
    entryPoints: [join(import.meta.dirname, 'core-child-main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // Its paths resolve the subpath imports (#core/…): esbuild adds no .ts to a package import.
    tsconfig: join(root, 'tsconfig.node.json'),
    logLevel: 'error',
  });
  return outfile;
}

let built: Promise<string> | null = null;

export interface CoreChild {
  pid: number;
  /** Starts core's background work; resolves when the window is over and core is closed. */
  window(ms: number, started?: () => Promise<void>): Promise<ChildWindow>;
}

/** Opens core on `home` in a process of its own (the home's folder lock must be free). */
export async function coreChild(home: string): Promise<CoreChild> {
  built ??= bundle();
  const child = fork(await built, [home], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv: [] });
  const messages: FromChild[] = [];
  const waiters: ((m: FromChild) => void)[] = [];
  child.on('message', (m: FromChild) => (waiters.shift() ?? ((x: FromChild) => messages.push(x)))(m));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const next = (): Promise<FromChild> =>
    messages.length > 0
      ? Promise.resolve(messages.shift()!)
      : Promise.race([
          new Promise<FromChild>((done) => waiters.push(done)),
          exited.then((): FromChild => ({ kind: 'failed', message: 'the core process ended' })),
        ]);
  const send = (m: ToChild) => child.send(m);
  const ready = await next();
  if (ready.kind !== 'ready') throw new Error(`core did not open: ${ready.kind === 'failed' ? ready.message : ready.kind}`);
  return {
    pid: child.pid!,
    async window(ms, started) {
      await started?.();
      send({ kind: 'start' });
      await new Promise((done) => setTimeout(done, ms));
      send({ kind: 'stop' });
      const stopped = await next();
      await exited;
      if (stopped.kind !== 'stopped')
        throw new Error(`core did not stop: ${stopped.kind === 'failed' ? stopped.message : stopped.kind}`);
      return stopped;
    },
  };
}

/** V8's garbage collections in this process (main-thread pause, start on Date.now()'s clock) until stopped. */
export function observeGc(): { entries: GcEntry[]; stop(): void } {
  const entries: GcEntry[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) entries.push({ at: performance.timeOrigin + entry.startTime, ms: entry.duration });
  });
  observer.observe({ entryTypes: ['gc'] });
  return { entries, stop: () => observer.disconnect() };
}

export type { FromChild, ToChild };
