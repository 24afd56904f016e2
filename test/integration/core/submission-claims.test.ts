// Claims on submissions (claims.ts) on both engines, one test body per engine: a claim is refused
// while another owner holds it, taken over once its lease ran out, kept only by its owner, released
// after the outcome. Then two processes (two PostgreSQL pools) over one ledger drive the same due
// submissions against the real sandbox: each key is sent once, each document created once, and a
// crashed owner's submission is resumed by the other process with the same key after its lease.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '#core/api/client';
import { createCore, readInstallation, type Core } from '#core/core';
import { FileLogger } from '#core/log/logger';
import { processOwner, SubmissionClaims } from '#core/submissions/claims';
import type { Submissions } from '#core/submissions/submissions';
import { SubmissionLedger } from '#core/submissions/ledger';
import { memorySecrets } from '#test/core/memory-secrets';
import { openPostgres, type Engine, type EngineKind } from '#core/store/engine';
import { migrations } from '#core/store/migrations/index';
import { startSandbox, type RunningSandbox } from '#sandbox/index';
import { dse, dseDocumentIds, MAGIC } from '#test/requests/outcomes';
import { CORE_COMPANY as COMPANY, coreSeed, CORE_TOKENS as TOKENS } from '#test/seed';
import { testDatabase } from '#test/test-database';
import { openEngine, type OpenedEngine } from '#test/engines';
import { tempDir } from '#test/temp';

// One test body on both engines (test/support/engines.ts).
const ENGINES: Record<EngineKind, () => Promise<OpenedEngine>> = {
  sqlite: () => openEngine('sqlite'),
  postgres: () => openEngine('postgres'),
};

const LEASE_MS = 150_000;
let seq = 0;

/** A submission's write-ahead record as the ledger writes it: key and exact bytes, about to be sent. */
async function writeAhead(engine: Engine, body: Buffer, baseUrl = 'http://127.0.0.1:1'): Promise<number> {
  seq += 1;
  const at = new Date().toISOString();
  const { id } = await engine.transaction(
    (trx) =>
      trx
        .insertInto('submissions')
        .values({
          connection_id: 1,
          base_url: baseUrl,
          company_id: COMPANY,
          kind: 'DSE',
          idempotency_key: `dse-claims-${process.pid}-${seq}`,
          endpoint_path: `/companies/${COMPANY}/dse/documentos`,
          request_body: body,
          payload_hash: `hash-${seq}`,
          state: 'sending',
          attempts: 1,
          counterpart: 'Proveedor',
          created_at: at,
          updated_at: at,
          last_attempt_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    { durable: true },
  );
  return id;
}

/**
 * Time passing for the leases of `engine`: each lease moved `ms` nearer its end. Leases are measured
 * on the database's clock on PostgreSQL (claims.ts), which no test can move, so the leases move.
 */
async function elapse(engine: Engine, ms: number): Promise<void> {
  await engine.db
    .updateTable('submissions')
    .set((eb) => ({ claimed_until: eb('claimed_until', '-', ms) }))
    .where('claimed_until', 'is not', null)
    .execute();
}

/** The process's clock, as it reads now, or `skewMs` off (a register whose clock runs ahead). */
function processClock(skewMs = 0) {
  return () => new Date(Date.now() + skewMs);
}

describe.each(Object.keys(ENGINES) as Engine['kind'][])('submission claims on %s', (kind) => {
  let opened: OpenedEngine;
  beforeAll(async () => {
    opened = await ENGINES[kind]();
  });
  afterAll(() => opened?.close());

  it('refused while held, kept only by its owner, taken over after expiry, released after the outcome', async () => {
    const { engine } = opened;
    const first = new SubmissionClaims(engine, { owner: 'process-a', clock: processClock(), leaseMs: LEASE_MS });
    const second = new SubmissionClaims(engine, { owner: 'process-b', clock: processClock(), leaseMs: LEASE_MS });
    const id = await writeAhead(engine, Buffer.from('{}'));

    expect(await first.take(id)).toBe(true);
    expect(await second.take(id)).toBe(false);
    expect(await second.renew(id)).toBe(false);
    await second.release(id);
    expect(await first.holder(id)).toBe('process-a');
    // Taking one's own claim again keeps it (a check after a resume in the same process).
    expect(await first.take(id)).toBe(true);

    // Renewed before a network call: the lease counts from the renewal.
    await elapse(engine, LEASE_MS - 10_000);
    expect(await first.renew(id)).toBe(true);
    await elapse(engine, LEASE_MS - 10_000);
    expect(await second.take(id)).toBe(false);

    // The owner stopped (a crash): once its lease ran out, another process takes the submission over.
    await elapse(engine, 10_000);
    expect(await first.holder(id)).toBeNull();
    expect(await second.take(id)).toBe(true);
    expect(await first.renew(id)).toBe(false);
    expect(await first.holder(id)).toBe('process-b');

    // The outcome is committed, then the claim released: anyone may take it again at once.
    await engine.transaction((trx) => trx.updateTable('submissions').set({ state: 'accepted' }).where('id', '=', id).execute(), {
      durable: true,
    });
    await second.release(id);
    expect(await second.holder(id)).toBeNull();
    expect(await first.take(id)).toBe(true);
  });

  it('a repeat’s write-ahead commit renews its owner’s claim, and writes nothing once another owner holds it', async () => {
    const { engine } = opened;
    const ledger = new SubmissionLedger(engine, processClock());
    const first = new SubmissionClaims(engine, { owner: 'process-a', clock: processClock(), leaseMs: LEASE_MS });
    const second = new SubmissionClaims(engine, { owner: 'process-b', clock: processClock(), leaseMs: LEASE_MS });
    const id = await writeAhead(engine, Buffer.from('{}'));
    expect(await first.take(id)).toBe(true);

    await elapse(engine, LEASE_MS - 10_000);
    expect((await ledger.markSending(id, first.renewedWithAttempt()))?.attempts).toBe(2);
    // The lease counts from the attempt's commit: still the owner's where the old lease had run out.
    await elapse(engine, LEASE_MS - 10_000);
    expect(await second.take(id)).toBe(false);

    await elapse(engine, 10_000);
    expect(await second.take(id)).toBe(true);
    expect(await ledger.markSending(id, first.renewedWithAttempt())).toBeNull();
    expect((await ledger.get(id))?.attempts).toBe(2);
    expect(await first.holder(id)).toBe('process-b');
  });

  it('a single writer never waits for a claim a dead process left, and writes no claim of its own', async () => {
    const { engine } = opened;
    const dead = new SubmissionClaims(engine, { owner: 'crashed', clock: processClock(), leaseMs: LEASE_MS });
    const restarted = new SubmissionClaims(engine, {
      owner: 'restarted',
      clock: processClock(),
      leaseMs: LEASE_MS,
      singleWriter: true,
    });
    const id = await writeAhead(engine, Buffer.from('{}'));
    expect(await dead.take(id)).toBe(true);
    expect(await restarted.take(id)).toBe(true);
    expect(await restarted.renew(id)).toBe(true);
    await restarted.release(id);
    // The folder's lock is the single writer's claim: the row is left as the dead process left it.
    expect(await restarted.holder(id)).toBe('crashed');
    const fresh = await writeAhead(engine, Buffer.from('{}'));
    expect(await restarted.take(fresh)).toBe(true);
    expect(await restarted.holder(fresh)).toBeNull();
  });
});

describe('leases on the PostgreSQL clock', () => {
  it('a register whose clock runs ahead sees another register’s live lease as live', async () => {
    const opened = await openEngine('postgres');
    try {
      const { engine } = opened;
      const onTime = new SubmissionClaims(engine, { owner: 'register-1', clock: processClock(), leaseMs: LEASE_MS });
      const ahead = new SubmissionClaims(engine, { owner: 'register-2', clock: processClock(10 * LEASE_MS), leaseMs: LEASE_MS });
      const id = await writeAhead(engine, Buffer.from('{}'));
      expect(await onTime.take(id)).toBe(true);
      expect(await ahead.holder(id)).toBe('register-1');
      expect(await ahead.take(id)).toBe(false);
      // And the other way round: the register ahead does not hold its lease longer for it.
      await onTime.release(id);
      expect(await ahead.take(id)).toBe(true);
      await elapse(engine, LEASE_MS);
      expect(await onTime.take(id)).toBe(true);
    } finally {
      await opened.close();
    }
  });
});

describe('a crashed owner on this computer', () => {
  it('is taken over at once when its pid runs no more; a live one, or one of another computer, keeps its lease', async () => {
    const opened = await openEngine('postgres');
    try {
      const { engine } = opened;
      const here = processOwner();
      const machine = here.split('/')[0]!;
      const restarted = new SubmissionClaims(engine, { owner: here, clock: processClock(), leaseMs: LEASE_MS });
      const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
      const deadPid = Number(gone.stdout);
      const owners = {
        dead: `${machine}/${deadPid}/crashed`,
        alive: `${machine}/${process.ppid}/running`,
        elsewhere: `0000000000000000/${deadPid}/other-register`,
      };
      const ids: Record<string, number> = {};
      for (const [name, owner] of Object.entries(owners)) {
        ids[name] = await writeAhead(engine, Buffer.from('{}'));
        const holder = new SubmissionClaims(engine, { owner, clock: processClock(), leaseMs: LEASE_MS });
        expect(await holder.take(ids[name]!)).toBe(true);
      }
      expect(await restarted.take(ids.dead!)).toBe(true);
      expect(await restarted.holder(ids.dead!)).toBe(here);
      expect(await restarted.take(ids.alive!)).toBe(false);
      expect(await restarted.holder(ids.alive!)).toBe(owners.alive);
      expect(await restarted.take(ids.elsewhere!)).toBe(false);
      expect(await restarted.holder(ids.elsewhere!)).toBe(owners.elsewhere);
    } finally {
      await opened.close();
    }
  });
});

describe('two processes over one PostgreSQL ledger, against the real sandbox', () => {
  let sandbox: RunningSandbox;
  const dir = tempDir('factura-desk-claims-');
  beforeAll(async () => {
    sandbox = await startSandbox({ seed: coreSeed(0), dataDir: join(dir.path, 'sandbox'), settleMs: 50 });
  });
  afterAll(async () => {
    await sandbox?.close();
    dir.remove();
  });

  /**
   * One process's pass over the due submissions, as the ledger resolves them: claim, read the row
   * again under the claim, renew before the call, send the same key and bytes, commit the outcome
   * durably, release. `crashAfterSend` stops it between the call and the outcome (a crash).
   */
  async function pass(
    engine: Engine,
    claims: SubmissionClaims,
    sent: string[],
    options: { crashAfterSend?: number } = {},
  ): Promise<void> {
    const client = new ApiClient(
      { endpoint: sandbox.baseUrl, companyId: COMPANY, token: () => Promise.resolve(TOKENS.full) },
      { fetch },
    );
    const due = await engine.db.selectFrom('submissions').select('id').where('state', '=', 'sending').orderBy('id').execute();
    for (const { id } of due) {
      if (!(await claims.take(id))) continue;
      const row = await engine.db
        .selectFrom('submissions')
        .select(['state', 'idempotency_key', 'request_body'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      if (row.state !== 'sending' || !(await claims.renew(id))) {
        await claims.release(id);
        continue;
      }
      sent.push(row.idempotency_key);
      const answer = await client.createDse(row.request_body, row.idempotency_key);
      if (options.crashAfterSend === id) return;
      await engine.transaction(
        (trx) =>
          trx
            .updateTable('submissions')
            .set({ state: answer.status < 300 ? 'accepted' : 'failed', http_status: answer.status })
            .where('id', '=', id)
            .execute(),
        { durable: true },
      );
      await claims.release(id);
    }
  }

  /**
   * Two registers (two cores, each with its own folder and keychain) over one PostgreSQL ledger,
   * resuming the same 12 submissions a crash left half-sent: the second starts while the first's
   * first request is on its way, and that request waits until the second has sent something, so
   * both are inside the same submissions at once. `claims` false switches the claims off (a claim
   * that never refuses): the control, where the same keys go twice. Both registers share one
   * installation id, so that the credentials check (which holds another installation's sends) is
   * not what keeps them apart.
   */
  async function race(
    claims: boolean,
  ): Promise<{ sends: Map<string, number>; created: number; rows: { state: string; claimed_by: string | null }[] }> {
    const url = await testDatabase();
    const engines = [await openPostgres({ url, migrations }), await openPostgres({ url, migrations })] as const;
    const cores: Core[] = [];
    const sends = new Map<string, number>();
    let secondSent!: () => void;
    const secondSending = new Promise<void>((resolve) => (secondSent = resolve));
    let secondPass: Promise<unknown> | null = null;
    const hooked =
      (register: number): typeof globalThis.fetch =>
      async (input, init) => {
        if (init?.method === 'POST') {
          const key = new Headers(init.headers).get('Idempotency-Key')!;
          sends.set(key, (sends.get(key) ?? 0) + 1);
          if (register === 1 && secondPass === null) {
            secondPass = cores[1]!.parts.submissions.resumeAll();
            await secondSending;
          }
          if (register === 2) secondSent();
        }
        return fetch(input, init);
      };
    try {
      for (const [index, engine] of engines.entries()) {
        const core = createCore({
          home: join(dir.path, `register-${claims ? 'claims' : 'control'}-${index + 1}`),
          secrets: memorySecrets(),
          transport: 'cli' as const,
          logger: new FileLogger(null),
          fetch: hooked(index + 1),
          engine,
          // The shop database's installation (and so the same credential fingerprint) on both
          // registers: the ledger's credential check cannot tell them apart, only the claims can.
          installation: await readInstallation(engine),
        });
        cores.push(core);
        // The shop's connections live in its database: the second register finds the first's.
        await core.parts.connections.load();
        const connection =
          (await core.parts.connections.list()).find((c) => c.company_id === COMPANY) ??
          (await core.parts.connections.create({
            label: `Caja ${index + 1}`,
            kind: 'sandbox',
            base_url: sandbox.baseUrl,
            company_id: COMPANY,
          }));
        await core.parts.connections.setToken(connection.id, TOKENS.full);
        await core.parts.connections.activate(connection.id);
        if (!claims) switchClaimsOff(core.parts.submissions, engine);
      }
      const baseUrl = cores[0]!.parts.connections.requireActive().baseUrl;
      const before = (await dseDocumentIds(sandbox.baseUrl, TOKENS.full)).length;
      for (let i = 0; i < 12; i += 1) {
        await writeAhead(engines[0], Buffer.from(JSON.stringify(dse(MAGIC.accept, `caja ${claims} ${i}`))), baseUrl);
      }
      await cores[0]!.parts.submissions.resumeAll();
      await secondPass;
      const created = (await dseDocumentIds(sandbox.baseUrl, TOKENS.full)).length - before;
      const rows = await engines[1].db.selectFrom('submissions').select(['state', 'claimed_by']).execute();
      return { sends, created, rows };
    } finally {
      for (const core of cores) await core.close();
      for (const engine of engines) await engine.close();
    }
  }

  it('two registers resuming the same 12 submissions send each key once and create 12 documents', async () => {
    const { sends, created, rows } = await race(true);
    expect(sends.size).toBe(12);
    expect([...sends.values()].every((count) => count === 1)).toBe(true);
    expect(created).toBe(12);
    expect(rows.every((row) => row.state === 'accepted' && row.claimed_by === null)).toBe(true);
  });

  it('the control: with the claims switched off the same race sends keys twice (the server’s idempotency alone keeps 12 documents)', async () => {
    const { sends, created } = await race(false);
    expect(sends.size).toBe(12);
    expect([...sends.values()].reduce((sum, count) => sum + count, 0)).toBeGreaterThan(12);
    expect(created).toBe(12);
  });

  it('a claim-send-commit loop: each due submission is sent once; a crashed owner’s is resumed with its key after its lease', async () => {
    const url = await testDatabase();
    const one = await openPostgres({ url, migrations });
    const two = await openPostgres({ url, migrations });
    try {
      const claimsOne = new SubmissionClaims(one, { owner: 'process-1', clock: processClock(), leaseMs: LEASE_MS });
      const claimsTwo = new SubmissionClaims(two, { owner: 'process-2', clock: processClock(), leaseMs: LEASE_MS });
      const before = (await dseDocumentIds(sandbox.baseUrl, TOKENS.full)).length;
      const ids: number[] = [];
      for (let i = 0; i < 12; i += 1) {
        ids.push(await writeAhead(one, Buffer.from(JSON.stringify(dse(MAGIC.accept, `carga ${i}`))), sandbox.baseUrl));
      }

      const sentOne: string[] = [];
      const sentTwo: string[] = [];
      await Promise.all([pass(one, claimsOne, sentOne), pass(two, claimsTwo, sentTwo)]);
      const keys = [...sentOne, ...sentTwo];
      expect(keys).toHaveLength(12);
      expect(new Set(keys).size).toBe(12);
      expect((await dseDocumentIds(sandbox.baseUrl, TOKENS.full)).length).toBe(before + 12);

      // Process 1 sends a new submission and crashes before its outcome: process 2 is refused
      // while the lease holds, then resumes it with the same key, and the server creates nothing new.
      const crashed = await writeAhead(one, Buffer.from(JSON.stringify(dse(MAGIC.accept, 'caída'))), sandbox.baseUrl);
      const crashedSent: string[] = [];
      await pass(one, claimsOne, crashedSent, { crashAfterSend: crashed });
      expect((await dseDocumentIds(sandbox.baseUrl, TOKENS.full)).length).toBe(before + 13);
      const resumed: string[] = [];
      await pass(two, claimsTwo, resumed);
      expect(resumed).toEqual([]);
      await elapse(one, LEASE_MS);
      await pass(two, claimsTwo, resumed);
      expect(resumed).toEqual(crashedSent);
      expect((await dseDocumentIds(sandbox.baseUrl, TOKENS.full)).length).toBe(before + 13);

      const rows = await two.db.selectFrom('submissions').select(['state', 'claimed_by']).execute();
      expect(rows.every((row) => row.state === 'accepted' && row.claimed_by === null)).toBe(true);
    } finally {
      await one.close();
      await two.close();
    }
  });
});

/** A claim that never refuses, in place of this ledger's: the control of the race. */
function switchClaimsOff(submissions: Submissions, engine: Engine): void {
  const never = new SubmissionClaims(engine, {
    owner: submissions.claims.owner,
    clock: () => new Date(),
    leaseMs: LEASE_MS,
    singleWriter: true,
  });
  Object.defineProperty(submissions, 'claims', { value: never });
}
