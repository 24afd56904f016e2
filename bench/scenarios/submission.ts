// Submissions against the local sandbox (its own process), through core's RPC as the app makes them,
// with the real keychain (read before anything is committed and again before sending).
//  - overhead: a DSE through core (write-ahead commit, HTTP, outcome commit, both synchronous=FULL)
//    minus the bare HTTP round trip of the same request, interleaved so that both see the same load;
//  - 1,000 DSE one after another, end to end, and the share of that time spent inside the sandbox.
import keytar from 'keytar';
import { join } from 'node:path';
import type { Core } from '../../src/core/core';
import type { Submission } from '../../src/shared/rpc/methods/submissions';
import { call, openCore } from '../lib/core';
import { median } from '../lib/stats';
import type { Figure } from '../lib/figure';
import { COMPANY, dseRequest, postDse, startSandboxChild, timedFetch, TOKEN, type SandboxChild } from '../lib/sandbox';
import type { BenchContext, Scenario } from '../lib/scenario';

export async function connectedCore(home: string, sandbox: SandboxChild, fetch?: typeof globalThis.fetch): Promise<Core> {
  const core = openCore(home, { secrets: keytar, ...(fetch ? { fetch } : {}) });
  const connection = await call<{ id: number }>(core, 'connections.create', { label: 'Sandbox', kind: 'sandbox', base_url: sandbox.baseUrl, company_id: COMPANY });
  await call(core, 'connections.setToken', { id: connection.id, token: TOKEN });
  return core;
}

async function submit(core: Core, n: number): Promise<Submission> {
  const submission = await call<Submission>(core, 'dse.submit', { request: dseRequest(n) });
  if (submission.state !== 'accepted') throw new Error(`DSE ${n} ended ${submission.state}: ${JSON.stringify(submission.error)}`);
  return submission;
}

async function overhead(ctx: BenchContext, sandbox: SandboxChild): Promise<Figure[]> {
  const timed = timedFetch();
  const core = await connectedCore(join(ctx.tmp, 'overhead-home'), sandbox, timed.fetch);
  const perRun = 30;
  let n = 0;
  try {
    for (let i = 0; i < 10; i += 1) {
      await submit(core, n++);
      await postDse(sandbox.baseUrl, dseRequest(n++), `bare-warm-${i}`);
    }
    const differences: number[] = [];
    const outside: number[] = [];
    const bare: number[] = [];
    for (let run = 0; run < ctx.runs; run += 1) {
      const viaCore: number[] = [];
      const direct: number[] = [];
      const notHttp: number[] = [];
      for (let i = 0; i < perRun; i += 1) {
        const before = timed.inside.ms;
        let started = performance.now();
        await submit(core, n++);
        const total = performance.now() - started;
        viaCore.push(total);
        notHttp.push(total - (timed.inside.ms - before));
        started = performance.now();
        await postDse(sandbox.baseUrl, dseRequest(n++), `bare-${run}-${i}`);
        direct.push(performance.now() - started);
      }
      differences.push(median(viaCore) - median(direct));
      outside.push(median(notHttp));
      bare.push(median(direct));
    }
    return [
      {
        name: 'submission overhead (DSE via core − bare HTTP)',
        unit: 'ms',
        runs: differences,
        target: { on: 'median', op: '<=', value: 5 },
        note: `${perRun} of each per run, interleaved`,
      },
      { name: 'submission: core time outside HTTP per DSE', unit: 'ms', runs: outside, note: 'keychain reads, two FULL commits, RPC parsing' },
      { name: 'submission: bare HTTP round trip (sandbox DSE)', unit: 'ms', runs: bare },
    ];
  } finally {
    await core.close();
  }
}

async function sequential(ctx: BenchContext, sandbox: SandboxChild): Promise<Figure[]> {
  const timed = timedFetch();
  const core = await connectedCore(join(ctx.tmp, 'sequential-home'), sandbox, timed.fetch);
  // As the app runs: background work on (the history mirror fetches each accepted DSE).
  await core.startBackground();
  const count = 1000;
  const runs = Math.min(ctx.runs, 3);
  let n = 100_000;
  try {
    for (let i = 0; i < 20; i += 1) await submit(core, n++);
    const rates: number[] = [];
    const shares: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const postBefore = timed.inside.byMethod.get('POST') ?? 0;
      const started = performance.now();
      for (let i = 0; i < count; i += 1) await submit(core, n++);
      const elapsed = performance.now() - started;
      rates.push(count / (elapsed / 1000));
      shares.push((100 * ((timed.inside.byMethod.get('POST') ?? 0) - postBefore)) / elapsed);
    }
    return [
      { name: '1,000 DSE one after another, end to end', unit: 'docs/s', runs: rates, note: `${runs} runs of 1,000; background mirror on` },
      { name: '1,000 DSE: share inside the sandbox (HTTP POST)', unit: '%', runs: shares },
    ];
  } finally {
    await core.close();
  }
}

export const submissionScenario: Scenario = {
  id: 'submission',
  title: 'submission overhead around a DSE, and 1,000 DSE one after another against the sandbox',
  async run(ctx) {
    const sandbox = await startSandboxChild({ dataDir: join(ctx.tmp, 'sandbox-submission') });
    try {
      return [...(await overhead(ctx, sandbox)), ...(await sequential(ctx, sandbox))];
    } finally {
      await sandbox.stop();
    }
  },
};
