// The poller against the real sandbox, its time controlled by the test: a pending DSE is queried
// on schedule until it settles, a submission in doubt is resent with the same key, and each state
// change reaches the renderer as a 'document.changed' event.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCore, type Core } from '#core/core';
import { FileLogger } from '#core/log/logger';
import { realKeychain } from '#test/keychain';
import { FakeClock } from '#test/core/fake-clock';
import { testBed, type TestBed } from '#test/core/sandbox';
import { dse, dseSettled, MAGIC } from '#test/requests/outcomes';
import { CORE_COMPANY as COMPANY, CORE_TOKENS as TOKENS } from '#test/seed';
import { nodeFetch } from '#core/api/node-fetch';

/** Core's own transport, as the app sends through it. */
const coreFetch = nodeFetch();

let bed: TestBed;
beforeAll(async () => {
  bed = await testBed({ feDocuments: 0, settleMs: 100 });
});
afterAll(async () => {
  await bed?.close();
});

function openCore(clock: FakeClock, name: string, fetch?: typeof globalThis.fetch): Core {
  return createCore({
    home: join(bed.dir.path, name),
    secrets: realKeychain(),
    transport: 'cli',
    logger: new FileLogger(null),
    clock: () => new Date(clock.now()),
    timers: clock,
    ...(fetch ? { fetch } : {}),
  });
}

async function coreWithClock(clock: FakeClock, name: string): Promise<Core> {
  const core = openCore(clock, name);
  const connection = await core.parts.connections.create({
    label: 'Pruebas',
    kind: 'sandbox',
    base_url: bed.sandbox.baseUrl,
    company_id: COMPANY,
  });
  await core.parts.connections.setToken(connection.id, TOKENS.full);
  return core;
}

/** The sandbox settles in real time (settle-ms), the poller at the test's: wait for the former first. */
const settledOnServer = (documentId: number | null) => dseSettled(bed.sandbox.baseUrl, TOKENS.full, documentId!);

async function advance(clock: FakeClock, core: Core, ms: number): Promise<void> {
  await clock.run(ms, () => core.parts.poller.whenIdle());
}

describe('poller against the sandbox', () => {
  it('queries a pending DSE at its due time and emits its final state', async () => {
    const clock = new FakeClock(Date.now());
    const core = await coreWithClock(clock, 'pending');
    const events: { estado: string }[] = [];
    core.events.subscribe((event, payload) => {
      if (event === 'document.changed') events.push(payload as { estado: string });
    });
    const pending = await core.parts.submissions.submitDse(dse(MAGIC.uncertainAccept));
    expect(pending.state).toBe('pending');
    await core.parts.poller.start();
    await settledOnServer(pending.document_id);
    await advance(clock, core, 4_000);
    expect((await core.parts.submissions.get(pending.id)).state).toBe('pending');
    await advance(clock, core, 1_000);
    expect(await core.parts.submissions.get(pending.id)).toMatchObject({
      state: 'accepted',
      estado_dian: 'aceptado',
      attempts: 1,
    });
    expect(events.map((e) => e.estado)).toEqual(['en_proceso_http', 'aceptado']);
    await core.close();
  });

  it('resends a submission in doubt with the same key when it falls due', async () => {
    const clock = new FakeClock(Date.now());
    const core = await coreWithClock(clock, 'doubt');
    const doubt = await core.parts.submissions.submitDse(dse(MAGIC.failFirst));
    expect(doubt.state).toBe('in_doubt');
    await core.parts.poller.start();
    await advance(clock, core, 5_000);
    expect(await core.parts.submissions.get(doubt.id)).toMatchObject({
      state: 'accepted',
      attempts: 2,
      idempotency_key: doubt.idempotency_key,
    });
    await core.close();
  });

  it('after a restart leaves scheduled checks to the poller: nothing is queried before its due time', async () => {
    const clock = new FakeClock(Date.now());
    const first = await coreWithClock(clock, 'restart');
    const pending = [
      await first.parts.submissions.submitDse(dse(MAGIC.uncertainAccept)),
      await first.parts.submissions.submitDse(dse(MAGIC.uncertainAccept)),
    ];
    expect(pending.map((s) => s.state)).toEqual(['pending', 'pending']);
    await first.close();

    const queries: string[] = [];
    const counting: typeof globalThis.fetch = (input, init) => {
      // Document queries only: a core's first start also reads the company lists it keeps a copy of.
      if ((init?.method ?? 'GET') === 'GET' && String(input).includes('/dse/documentos/')) queries.push(String(input));
      return coreFetch(input, init);
    };
    const core = openCore(clock, 'restart', counting);
    await core.startBackground();
    for (const submission of pending) await settledOnServer(submission.document_id);
    await advance(clock, core, 4_000);
    expect(queries).toEqual([]);
    expect(await Promise.all(pending.map(async (s) => (await core.parts.submissions.get(s.id)).state))).toEqual([
      'pending',
      'pending',
    ]);
    await advance(clock, core, 1_000);
    // each document once by the poller, then once more by the history mirror once it is accepted (the
    // mirror reads the ledger asynchronously first, so its query may leave after the poller is idle)
    await vi.waitFor(() => expect(queries).toHaveLength(4), { timeout: 10_000 });
    expect(pending.map((s) => queries.filter((url) => url.endsWith(`/dse/documentos/${s.document_id}`)).length)).toEqual([2, 2]);
    expect(await Promise.all(pending.map(async (s) => (await core.parts.submissions.get(s.id)).state))).toEqual([
      'accepted',
      'accepted',
    ]);
    await core.close();
  });
});
