// The poller with 1,000 pending DSE against the sandbox (its own process, settle time longer than the
// scenario, so every document stays `en_proceso_http`). The documents are submitted through core's
// RPC ('dse.submit', real keychain) and sit in its ledger as pending; then core's background work runs
// for a measured window, and again for a short window after a restart of core on the same home.
//  - requests to the sandbox, by route, against what the back-off allows: the poller's BACKOFF_MS (core/poller/backoff.ts)
//    (5 s, 15 s, 30 s, 60 s, 120 s, 300 s, then 600 s each), check k of a document no sooner than
//    BACKOFF_MS[k-1] after the answer before it; the contract offers no list of DSE (only "8. Get DSE
//    by id"), so each pending document costs one GET per step;
//  - CPU of the core process while idle between polls, as a shop's app spends it: the measured
//    windows run core in a process of its own, as the desktop runs it (src bundled into one file, the
//    packages from node_modules, plain Node: no TypeScript loader, whose thread pinged its esbuild
//    service every second and whose compiled modules made the heap larger), with the OS keychain and
//    core's own transport (bench/lib/core-child.ts); the 1,000 documents are submitted before, by a
//    core in this process, which then closes. The CPU time of all that process's threads (main, V8's
//    GC helpers, libuv's pool) is sampled every 250 ms from outside (bench/lib/cpu-probe.mjs,
//    /proc/<pid>/task/*/schedstat: a sampler inside would cost about 0.06 % of a core by itself),
//    and the figure is that CPU over the samples with no request within 250 ms before or 500 ms after
//    them (the outcome's commit), as % of one core. What wakes an idle core: the poller's one timer
//    (armed for the earliest due check, at most 60 s), the contingency outbox's beat every 15 s (a
//    count of an empty queue), and V8: some tens of seconds after a burst of checks its memory
//    reducer runs full collections to return the burst's memory; the note says how much of the idle
//    CPU fell in intervals with a collection. On a loaded machine the checks spread out and few
//    intervals are idle (the note gives how many seconds were).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BACKOFF_MS } from '#core/poller/backoff';
import type { Submission } from '#shared/rpc/methods/submissions';
import { call, openCore } from '../lib/core';
import { coreChild, type GcEntry } from '../lib/core-child';
import type { Figure } from '../lib/figure';
import { countByRoute, loggingFetch, type LoggedRequest } from '../lib/request-log';
import { dseRequest, startSandboxChild } from '../lib/sandbox';
import type { Scenario } from '../lib/scenario';
import { connectedCore } from './submission';

const DOCUMENTS = 1_000;
/** The simulated authority's magic NIT for "uncertain, settles after settle-ms" (docs/SANDBOX.md). */
const PENDING_NIT = '333333333';
const WINDOW_MS = 150_000;
const RESTART_WINDOW_MS = 15_000;
const SAMPLE_MS = 250;
const CHECK = 'GET /dse/documentos/:id';

/**
 * The most checks the back-off lets one document have from its first pending answer until `until`:
 * every check made the moment it falls due (a later check only pushes the next ones later).
 */
export function allowedChecks(answeredAt: number, until: number, steps: readonly number[] = BACKOFF_MS): number {
  let count = 0;
  for (let at = answeredAt + steps[0]!; at <= until; at += steps[Math.min(count, steps.length - 1)]!) count += 1;
  return count;
}

/** Checks of a document made sooner than its step after the answer before it (expected: none). */
export function earlyChecks(requests: readonly LoggedRequest[], steps: readonly number[] = BACKOFF_MS): number {
  const byDoc = new Map<number, LoggedRequest[]>();
  for (const request of requests) {
    if (request.docId === null) continue;
    byDoc.set(request.docId, [...(byDoc.get(request.docId) ?? []), request]);
  }
  let early = 0;
  for (const list of byDoc.values()) {
    for (let i = 1; i < list.length; i += 1) {
      if (list[i]!.route !== CHECK) continue;
      const step = steps[Math.min(i - 1, steps.length - 1)]!;
      if (list[i]!.start - list[i - 1]!.end! < step) early += 1;
    }
  }
  return early;
}

interface CpuSample {
  at: number;
  cpuMicros: number;
}

/**
 * Samples the CPU time of process `pid`, every thread of it, every SAMPLE_MS until stopped, from a
 * process of its own (bench/lib/cpu-probe.mjs reads /proc/<pid>/task/<tid>/schedstat: GC helpers
 * included), so the sampler's wake-ups are not counted as core's. Linux only: elsewhere no samples.
 */
function sampleCpu(pid: number, file: string): { started: Promise<void>; stop(): Promise<CpuSample[]> } {
  if (!existsSync(`/proc/${pid}/task`)) return { started: Promise.resolve(), stop: async () => [] };
  const probe = spawn(
    process.execPath,
    [join(import.meta.dirname, '..', 'lib', 'cpu-probe.mjs'), String(pid), file, String(SAMPLE_MS)],
    {
      stdio: 'ignore',
    },
  );
  const exited = new Promise<void>((done) => probe.once('exit', () => done()));
  const started = (async () => {
    for (const deadline = Date.now() + 30_000; !existsSync(file);) {
      if (Date.now() > deadline) throw new Error('the CPU probe took no sample in 30 s');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    started,
    async stop() {
      probe.kill('SIGTERM');
      await exited;
      return readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as CpuSample);
    },
  };
}

/**
 * CPU % of one core over the sample intervals with no request near them, and over all of them; and
 * which part of the idle CPU fell in intervals where V8 collected garbage (with no request near, a
 * collection is V8 returning a burst's memory: its memory reducer's full collections).
 */
function cpuShares(
  samples: readonly CpuSample[],
  requests: readonly LoggedRequest[],
  gcs: readonly GcEntry[],
): { idle: number; idleSeconds: number; all: number; idleGcs: number; idleGcShare: number } {
  const busy = requests.map((r) => [r.start - 250, (r.end ?? r.start) + 500] as const);
  let idleCpu = 0;
  let idleWall = 0;
  let idleGcs = 0;
  let idleGcCpu = 0;
  for (let i = 1; i < samples.length; i += 1) {
    const from = samples[i - 1]!.at;
    const to = samples[i]!.at;
    if (busy.some(([a, b]) => a < to && b > from)) continue;
    const cpu = samples[i]!.cpuMicros - samples[i - 1]!.cpuMicros;
    idleCpu += cpu;
    idleWall += (to - from) * 1000;
    const collections = gcs.filter((gc) => gc.at >= from && gc.at < to).length;
    idleGcs += collections;
    if (collections > 0) idleGcCpu += cpu;
  }
  const first = samples[0]!;
  const last = samples.at(-1)!;
  return {
    idle: idleWall > 0 ? (100 * idleCpu) / idleWall : Number.NaN,
    idleSeconds: idleWall / 1e6,
    all: (100 * (last.cpuMicros - first.cpuMicros)) / ((last.at - first.at) * 1000),
    idleGcs,
    idleGcShare: idleCpu > 0 ? idleGcCpu / idleCpu : 0,
  };
}

function routes(requests: readonly LoggedRequest[]): string {
  return Object.entries(countByRoute(requests))
    .map(([route, n]) => `${route} ${n}`)
    .join(', ');
}

/**
 * Runs core's background work for `ms` in a core process of its own, as the app runs core (bundled,
 * plain Node, no TypeScript loader: bench/lib/core-child.ts), and returns the requests it made and,
 * with a file for them, its CPU samples. The home's folder lock must be free (no core open on it here).
 */
async function backgroundWindow(
  home: string,
  ms: number,
  cpuFile: string | null = null,
): Promise<{ requests: LoggedRequest[]; cpu: CpuSample[]; gcs: GcEntry[]; from: number; to: number }> {
  const child = await coreChild(home);
  const sampler = cpuFile === null ? null : sampleCpu(child.pid, cpuFile);
  // The window opens once the probe has taken its first sample (a process takes a moment to start).
  const { requests, gcs, from, to } = await child.window(ms, async () => {
    await sampler?.started;
  });
  const samples = (await sampler?.stop()) ?? [];
  // From the last sample before the window opened: the probe's start-up is not part of it; and up
  // to the window's end (core's closing is not idle time).
  const cpu = samples.filter(
    (sample, i) => (sample.at >= from || (samples[i + 1]?.at ?? Infinity) > from) && sample.at <= to + SAMPLE_MS,
  );
  return { requests, cpu, gcs, from, to };
}

export const pollerScenario: Scenario = {
  id: 'poller',
  title: 'poller with 1,000 pending DSE against the sandbox: CPU idle between polls, requests per minute against the back-off',
  async run(ctx) {
    // Nothing settles during the scenario: every check finds the document still en_proceso_http.
    const sandbox = await startSandboxChild({ dataDir: join(ctx.tmp, 'sandbox-poller'), settleMs: 3_600_000 });
    const home = join(ctx.tmp, 'poller-home');
    const logged = loggingFetch();
    try {
      const core = await connectedCore(home, sandbox, logged.fetch);
      // The document's first pending answer (the 502 of the POST) starts its back-off.
      const answeredAt = new Map<number, number>();
      const submittedFrom = Date.now();
      for (let n = 0; n < DOCUMENTS; n += 1) {
        const submission = await call<Submission>(core, 'dse.submit', { request: dseRequest(n, { nit: PENDING_NIT }) });
        if (submission.state !== 'pending' || submission.document_id === null) {
          throw new Error(`DSE ${n} ended ${submission.state}, expected pending: ${JSON.stringify(submission.error)}`);
        }
        answeredAt.set(submission.document_id, logged.requests.at(-1)!.end!);
      }
      const submitSeconds = (Date.now() - submittedFrom) / 1000;
      ctx.log(`${DOCUMENTS} DSE pending in ${submitSeconds.toFixed(0)} s; background work for ${WINDOW_MS / 1000} s`);

      // The submitting core closes: the measured one is a process of its own on the same home.
      await core.close();
      const main = await backgroundWindow(home, WINDOW_MS, join(ctx.tmp, 'poller-cpu.jsonl'));
      const checks = main.requests.filter((r) => r.route === CHECK);
      let allowed = 0;
      for (const at of answeredAt.values()) allowed += allowedChecks(at, main.to);
      const minutes = (main.to - main.from) / 60_000;
      const perMinute = checks.length / minutes;
      const allowedPerMinute = allowed / minutes;
      const lastMinute = checks.filter((r) => r.start > main.to - 60_000).length;
      const early = earlyChecks([...logged.requests, ...main.requests]);
      const cpu = cpuShares(main.cpu, main.requests, main.gcs);
      const cpuSource = main.cpu.length > 0 ? 'all threads read from /proc by a separate process' : 'not measured (no /proc)';
      const cpuPerCheck = ((cpu.all / 100) * (main.to - main.from)) / Math.max(1, checks.length);

      // A restart with the same 1,000 pending: core resumes the open ledger rows before the poller.
      ctx.log('restart of core with the same ledger');
      const restarted = openCore(home);
      const dueSoon = (await restarted.parts.submissions.ledger.due(Date.now() + RESTART_WINDOW_MS)).length;
      await restarted.close();
      const restart = await backgroundWindow(home, RESTART_WINDOW_MS);
      const restartChecks = restart.requests.filter((r) => r.route === CHECK).length;

      const figures: Figure[] = [
        {
          name: 'poller 1,000 pending: CPU idle between polls',
          unit: '% core',
          runs: [cpu.idle],
          target: { on: 'median', op: '<=', value: 0.1 },
          note:
            `${cpu.idleSeconds.toFixed(0)} s of ${(WINDOW_MS / 1000).toFixed(0)} s idle (no request within 250 ms before / 500 ms after), ` +
            `${cpuSource} every ${SAMPLE_MS} ms; ${(100 * cpu.idleGcShare).toFixed(0)} % of the idle CPU in intervals with a garbage collection (${cpu.idleGcs}); whole window incl. polls ${cpu.all.toFixed(1)} % (${cpuPerCheck.toFixed(1)} ms CPU per check); one window`,
        },
        {
          name: 'poller 1,000 pending: requests per minute',
          unit: 'req/min',
          runs: [perMinute],
          target: { on: 'median', op: '<=', value: Math.round(allowedPerMinute) },
          note:
            `${checks.length} checks in ${(WINDOW_MS / 1000).toFixed(0)} s after ${DOCUMENTS} submitted in ${submitSeconds.toFixed(0)} s; back-off allows ${allowed} ` +
            `(each document at ${BACKOFF_MS.map((ms) => ms / 1000).join(', ')} s … after its previous answer; GET by id, the contract has no DSE list); ` +
            `last minute ${lastMinute}; long run ≤ ${DOCUMENTS} per ${BACKOFF_MS.at(-1)! / 60_000} min = ` +
            `${(DOCUMENTS / (BACKOFF_MS.at(-1)! / 60_000)).toFixed(0)}/min; ${early} checks earlier than their step; ${routes(main.requests)}`,
        },
        {
          name: 'poller 1,000 pending: requests in 15 s after a restart',
          unit: 'req',
          runs: [restartChecks],
          target: { on: 'median', op: '<=', value: dueSoon },
          note:
            `${dueSoon} documents due in the 15 s by the persisted schedule; ${routes(restart.requests) || 'no request'} ` +
            '(start-up resume checks only submissions with no scheduled check; scheduled ones wait for the poller)',
        },
      ];
      return figures;
    } finally {
      await sandbox.stop();
    }
  },
};
