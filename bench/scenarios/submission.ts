// Submissions against the local sandbox (its own process), through core's RPC as the app makes them,
// with the real keychain (the vault reads a token once and keeps it: SECURITY.md).
//  - overhead: a DSE through core (write-ahead commit, HTTP, outcome commit, both synchronous=FULL)
//    minus the bare HTTP round trip of the same request, interleaved so that both see the same load;
//    and its parts: core's time outside HTTP, the two durable commits, keychain reads per DSE, and
//    one keychain read (keytar over D-Bus) measured alone for scale;
//  - 1,000 DSE one after another, end to end, and the share of that time spent inside the sandbox.
import keytar from 'keytar';
import { closeSync, fsyncSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Core } from '../../src/core/core';
import type { Store } from '../../src/core/store/store';
import type { SecretStore } from '../../src/core/vault/vault';
import type { Submission } from '../../src/shared/rpc/methods/submissions';
import { call, openCore } from '../lib/core';
import { median } from '../lib/stats';
import type { Figure } from '../lib/figure';
import { COMPANY, dseRequest, postDse, startSandboxChild, timedFetch, TOKEN, type SandboxChild } from '../lib/sandbox';
import type { BenchContext, Scenario } from '../lib/scenario';

export async function connectedCore(
  home: string,
  sandbox: SandboxChild,
  fetch?: typeof globalThis.fetch,
  secrets: SecretStore = keytar,
): Promise<Core> {
  const core = openCore(home, { secrets, ...(fetch ? { fetch } : {}) });
  const connection = await call<{ id: number }>(core, 'connections.create', { label: 'Sandbox', kind: 'sandbox', base_url: sandbox.baseUrl, company_id: COMPANY });
  await call(core, 'connections.setToken', { id: connection.id, token: TOKEN });
  return core;
}

async function submit(core: Core, n: number): Promise<Submission> {
  const submission = await call<Submission>(core, 'dse.submit', { request: dseRequest(n) });
  if (submission.state !== 'accepted') throw new Error(`DSE ${n} ended ${submission.state}: ${JSON.stringify(submission.error)}`);
  return submission;
}

/** Keytar with its reads counted and timed: what the vault asks the Secret Service for. */
function observedKeychain(): { secrets: SecretStore; reads: { count: number } } {
  const reads = { count: 0 };
  const secrets: SecretStore = {
    getPassword: (service, account) => {
      reads.count += 1;
      return keytar.getPassword(service, account);
    },
    setPassword: (service, account, password) => keytar.setPassword(service, account, password),
    deletePassword: (service, account) => keytar.deletePassword(service, account),
  };
  return { secrets, reads };
}

/** Times this store's durable commits (the ledger's write-ahead and outcome records, synchronous=FULL). */
function timedCommits(store: Store): { ms: number } {
  const spent = { ms: 0 };
  const durably = store.durably.bind(store);
  store.durably = <T>(work: () => T): T => {
    const started = performance.now();
    try {
      return durably(work);
    } finally {
      spent.ms += performance.now() - started;
    }
  };
  return spent;
}

/** One 4 KiB write and fsync in the data folder's file system: what each durable commit waits for at least. */
function fsyncProbe(file: string): { once(): number; close(): void } {
  const fd = openSync(file, 'w');
  const page = Buffer.alloc(4096, 7);
  return {
    once() {
      writeSync(fd, page, 0, page.length, 0);
      const started = performance.now();
      fsyncSync(fd);
      return performance.now() - started;
    },
    close: () => closeSync(fd),
  };
}

async function overhead(ctx: BenchContext, sandbox: SandboxChild): Promise<Figure[]> {
  const timed = timedFetch();
  const keychain = observedKeychain();
  const core = await connectedCore(join(ctx.tmp, 'overhead-home'), sandbox, timed.fetch, keychain.secrets);
  const commits = timedCommits(core.parts.store);
  const probe = fsyncProbe(join(ctx.tmp, 'overhead-home', 'fsync-probe'));
  const perRun = 30;
  let n = 0;
  try {
    for (let i = 0; i < 10; i += 1) {
      await submit(core, n++);
      await postDse(sandbox.baseUrl, dseRequest(n++), `bare-warm-${i}`);
    }
    const differences: number[] = [];
    const outside: number[] = [];
    const committing: number[] = [];
    const readsPerDse: number[] = [];
    const keychainRead: number[] = [];
    const fsyncs: number[] = [];
    const bare: number[] = [];
    const account = { service: 'Factura Desk', account: `${sandbox.baseUrl}#company=${COMPANY}` };
    for (let run = 0; run < ctx.runs; run += 1) {
      const viaCore: number[] = [];
      const direct: number[] = [];
      const notHttp: number[] = [];
      const inCommits: number[] = [];
      const oneRead: number[] = [];
      const oneFsync: number[] = [];
      const readsBefore = keychain.reads.count;
      for (let i = 0; i < perRun; i += 1) {
        const before = timed.inside.ms;
        const commitsBefore = commits.ms;
        let started = performance.now();
        await submit(core, n++);
        const total = performance.now() - started;
        viaCore.push(total);
        notHttp.push(total - (timed.inside.ms - before));
        inCommits.push(commits.ms - commitsBefore);
        started = performance.now();
        await postDse(sandbox.baseUrl, dseRequest(n++), `bare-${run}-${i}`);
        direct.push(performance.now() - started);
        // What each submission paid per keychain read before the vault kept the token (two per DSE).
        started = performance.now();
        await keytar.getPassword(account.service, account.account);
        oneRead.push(performance.now() - started);
        oneFsync.push(probe.once());
      }
      differences.push(median(viaCore) - median(direct));
      outside.push(median(notHttp));
      committing.push(median(inCommits));
      readsPerDse.push((keychain.reads.count - readsBefore) / perRun);
      keychainRead.push(median(oneRead));
      fsyncs.push(median(oneFsync));
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
      { name: 'submission: core time outside HTTP per DSE', unit: 'ms', runs: outside, note: 'two FULL commits, RPC and response parsing, log line' },
      {
        name: 'submission: the two durable ledger commits per DSE',
        unit: 'ms',
        runs: committing,
        note: 'write-ahead and outcome, each one transaction with synchronous=FULL (one fsync of the WAL each)',
      },
      { name: 'submission: one fsync of 4 KiB in the data folder', unit: 'ms', runs: fsyncs, note: 'measured alone, interleaved; the floor of each durable commit' },
      { name: 'submission: keychain reads per DSE', unit: 'reads', runs: readsPerDse, note: 'the vault keeps the token once read' },
      { name: 'submission: one keychain read (keytar over D-Bus)', unit: 'ms', runs: keychainRead, note: 'measured alone; each DSE made two before' },
      { name: 'submission: bare HTTP round trip (sandbox DSE)', unit: 'ms', runs: bare },
    ];
  } finally {
    probe.close();
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
