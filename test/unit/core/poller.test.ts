// The pending-DSE poller under a controlled clock: one timer for all documents, the contract's
// back-off (5 s, 15 s, 30 s, 60 s, then longer, capped), the schedule surviving a restart, and
// stop() waiting for the check in flight, and the timer armed again when the ledger cannot be read.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCore, type Core } from '#core/core';
import { FileLogger } from '#core/log/logger';
import { BACKOFF_MS } from '#core/poller/backoff';
import { tempDir } from '#test/temp';
import { FakeClock } from '#test/core/fake-clock';
import { dseDocument, dseRequest } from '#test/requests/documents';
import { memorySecrets } from '#test/core/memory-secrets';
import { waitFor } from '#test/wait';

/** How long stop() is watched not returning while the check it waits for is held. */
const STOP_WATCHED_MS = 20;

/** A stand-in for the server's DSE endpoints: 502 pending on create, then N pending reads before `aceptado`. */
function stubServer(clock: FakeClock, pendingReads: number) {
  const reads: number[] = [];
  let nextId = 40;
  let gate: Promise<void> | null = null;
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    if (init?.method === 'POST') {
      nextId += 1;
      return Response.json(
        {
          ok: false,
          pending: true,
          idempotent: false,
          error: 'incierto',
          documento: { id: nextId, estado_dian: 'en_proceso_http' },
        },
        { status: 502 },
      );
    }
    const id = Number(url.split('/').pop());
    reads.push(clock.now());
    if (gate) await gate;
    const estado = reads.length > pendingReads ? 'aceptado' : 'en_proceso';
    return Response.json({ ok: true, pending: estado !== 'aceptado', documento: dseDocument(id, estado) });
  }) as typeof globalThis.fetch;
  return {
    fetch,
    reads,
    hold() {
      let release!: () => void;
      gate = new Promise((resolve) => (release = resolve));
      return () => {
        gate = null;
        release();
      };
    },
  };
}

let dir: ReturnType<typeof tempDir>;
const secrets = memorySecrets();
const cores: Core[] = [];

async function openCore(clock: FakeClock, fetch: typeof globalThis.fetch): Promise<Core> {
  const core = createCore({
    home: dir.path,
    secrets,
    transport: 'cli',
    clock: clock.date,
    timers: clock,
    fetch,
    logger: new FileLogger(null),
  });
  cores.push(core);
  if ((await core.parts.connections.list()).length === 0) {
    const connection = await core.parts.connections.create({
      label: 'Pruebas',
      kind: 'sandbox',
      base_url: 'http://127.0.0.1:9/api/v1',
      company_id: 1,
    });
    await core.parts.connections.setToken(connection.id, 'token-de-prueba-123');
  }
  return core;
}

beforeEach(() => {
  dir = tempDir();
});
afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
  dir.remove();
});

async function tick(clock: FakeClock, core: Core, ms: number): Promise<void> {
  await clock.run(ms, () => core.parts.poller.whenIdle());
}

describe('poller', () => {
  it('checks a pending DSE at 5 s, 15 s, 30 s, 60 s, then longer intervals, and stops at a terminal state', async () => {
    const clock = new FakeClock();
    const server = stubServer(clock, 6);
    const core = await openCore(clock, server.fetch);
    const start = clock.now();
    const submitted = await core.parts.submissions.submitDse(dseRequest());
    expect(submitted.state).toBe('pending');
    expect(submitted.next_check_at).toBe(new Date(start + 5_000).toISOString());

    const changes: string[] = [];
    core.events.subscribe((event, payload) => {
      if (event === 'document.changed') changes.push((payload as { estado: string }).estado);
    });
    await core.parts.poller.start();
    await tick(clock, core, 4_999);
    expect(server.reads).toEqual([]);
    for (let i = 0; i < 7; i += 1) await tick(clock, core, BACKOFF_MS[i]!);
    expect(server.reads.map((at) => (at - start) / 1000)).toEqual([5, 20, 50, 110, 230, 530, 1130]);
    expect((await core.parts.submissions.get(submitted.id)).state).toBe('accepted');
    expect(changes.at(-1)).toBe('aceptado');
    expect(await core.parts.poller.nextDueAt()).toBeNull();
    expect(clock.armed).toBe(0);
  });

  it('caps the back-off', async () => {
    const clock = new FakeClock();
    const server = stubServer(clock, 1000);
    const core = await openCore(clock, server.fetch);
    await core.parts.submissions.submitDse(dseRequest());
    await core.parts.poller.start();
    await tick(clock, core, 5_000);
    for (let i = 0; i < 12; i += 1) await tick(clock, core, 600_000);
    const gaps = server.reads.slice(1).map((at, i) => at - server.reads[i]!);
    expect(Math.max(...gaps)).toBe(BACKOFF_MS.at(-1));
  });

  it('uses one timer for many pending documents', async () => {
    const clock = new FakeClock();
    const server = stubServer(clock, 2);
    const core = await openCore(clock, server.fetch);
    for (let i = 0; i < 5; i += 1) await core.parts.submissions.submitDse(dseRequest(`90012345${i}`));
    await core.parts.poller.start();
    expect(clock.armed).toBe(1);
    await tick(clock, core, 5_000);
    expect(server.reads).toHaveLength(5);
    expect(clock.armed).toBe(1);
    await tick(clock, core, 15_000);
    await tick(clock, core, 30_000);
    expect(await core.parts.submissions.list({ open: true })).toEqual([]);
    expect(clock.armed).toBe(0);
  });

  it('keeps the schedule in SQLite across a restart', async () => {
    const clock = new FakeClock();
    const server = stubServer(clock, 1);
    const first = await openCore(clock, server.fetch);
    const submitted = await first.parts.submissions.submitDse(dseRequest());
    await first.close();
    cores.splice(cores.indexOf(first), 1);

    const later = new FakeClock(clock.now() + 60_000);
    const second = await openCore(later, stubServer(later, 0).fetch);
    expect(await second.parts.poller.nextDueAt()).toBe(clock.now() + 5_000);
    await second.parts.poller.start();
    await tick(later, second, 0);
    expect((await second.parts.submissions.get(submitted.id)).state).toBe('accepted');
  });

  it('the ledger out of reach when a check falls due: armed again with the back-off, and the check made once it answers', async () => {
    const clock = new FakeClock();
    const server = stubServer(clock, 0);
    const core = await openCore(clock, server.fetch);
    const submitted = await core.parts.submissions.submitDse(dseRequest());
    await core.parts.poller.start();
    // The store throwing on every read, as the shop database does while its connection is lost.
    const { ledger } = core.parts.submissions;
    const lost = () => Promise.reject(new Error('Connection terminated unexpectedly'));
    const due = vi.spyOn(ledger, 'due').mockImplementation(lost);
    const nextDue = vi.spyOn(ledger, 'nextDue').mockImplementation(lost);
    await tick(clock, core, 5_000);
    expect(due).toHaveBeenCalledTimes(1);
    expect(clock.armed).toBe(1);
    expect(clock.nextAt()).toBe(clock.now() + BACKOFF_MS[0]);
    await tick(clock, core, BACKOFF_MS[0]);
    expect(due).toHaveBeenCalledTimes(2);
    expect(clock.nextAt()).toBe(clock.now() + BACKOFF_MS[1]);

    due.mockRestore();
    nextDue.mockRestore();
    await tick(clock, core, BACKOFF_MS[1]);
    expect(server.reads).toHaveLength(1);
    expect((await core.parts.submissions.get(submitted.id)).state).toBe('accepted');
    expect(clock.armed).toBe(0);
  });

  it('stop() waits for the check in flight', async () => {
    const clock = new FakeClock();
    const server = stubServer(clock, 0);
    const core = await openCore(clock, server.fetch);
    const submitted = await core.parts.submissions.submitDse(dseRequest());
    await core.parts.poller.start();
    const release = server.hold();
    clock.advance(5_000);
    // The check is in flight once its read reached the server (and is held there).
    await waitFor(() => server.reads.length === 1, { what: 'the due check reached the server' });
    let stopped = false;
    const stopping = core.parts.poller.stop().then(() => (stopped = true));
    // The behaviour under test is that nothing happens: while the check is held, stop() does not
    // return. A stop() that did not wait would have returned within this watch.
    await new Promise((resolve) => setTimeout(resolve, STOP_WATCHED_MS));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect((await core.parts.submissions.get(submitted.id)).state).toBe('accepted');
  });
});
