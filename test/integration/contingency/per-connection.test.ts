// Each connection's contingency queue runs on its own: one company's outage never holds another's
// sales; a connection whose token or address changes during an outage keeps its queued sales and
// sends them where they belong; and the runner keeps beating by itself through a day of probes.
// Real core on real SQLite files, the real sandbox over loopback, the fault proxy for the outages.
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '#core/core';
import { OutboxRunner } from '#core/submissions/outbox-runner';
import { startSandbox, type RunningSandbox } from '#sandbox/index';
import { FakeClock } from '#test/core/fake-clock';
import { memorySecrets } from '#test/core/memory-secrets';
import { startFaultProxy, type FaultProxy } from '#test/fault-proxy';
import { reconcile, scopedTo, serverDocuments, type LedgerRow } from '#test/reliability/harness';
import { ENGINE_KINDS } from '#test/engines';
import { shopLedgers, type ShopLedgers } from '#test/core/shop-ledgers';
import { dseBody, feBody, SANDBOX_NOW } from '#test/requests/numbered';
import {
  RELIABILITY_COMPANY_A as COMPANY_A,
  RELIABILITY_COMPANY_B as COMPANY_B,
  reliabilitySeed,
  RELIABILITY_TOKENS as TOKENS,
} from '#test/seed';
import { tempDir } from '#test/temp';
import { contingencyProfile } from '#test/contingency';
import { waitUntil } from '#test/wait';

interface Sub {
  id: number;
  kind: 'FE' | 'DSE';
  state: string;
  idempotency_key: string;
  document_id: number | null;
  contingency?: { local_ref: string } | null;
}
type Ok = <T>(method: string, input: unknown) => Promise<T>;

/** A second full-scope token of company A: the shop replaces a revoked token during an outage. */
const SECOND_TOKEN_A = 'tok-rel-a-second-0123456789';

let dir: ReturnType<typeof tempDir>;
let sandbox: RunningSandbox;
// Fresh proxies per test: a socket a previous test kept alive would carry the first request of an
// outage (in doubt, not queued), which is right but not what these tests look at.
let proxyA: FaultProxy;
let proxyB: FaultProxy;
const sandboxData = () => join(dir.path, 'sandbox');

beforeAll(async () => {
  dir = tempDir('factura-desk-per-connection-');
  const seed = reliabilitySeed();
  seed.clients.push({
    id: 'a-second',
    company_id: COMPANY_A,
    scopes: [...seed.clients[0]!.scopes],
    tokens: [{ token: SECOND_TOKEN_A, expires_at: null, revoked: false }],
  });
  sandbox = await startSandbox({ seed, now: SANDBOX_NOW, settleMs: 50, dataDir: sandboxData() });
});

beforeEach(async () => {
  proxyA = await startFaultProxy(new URL(sandbox.baseUrl).origin);
  proxyB = await startFaultProxy(new URL(sandbox.baseUrl).origin);
});

afterEach(async () => {
  await proxyA?.close();
  await proxyB?.close();
});

afterAll(async () => {
  await sandbox?.close();
  dir?.remove();
});

let ledgers: ShopLedgers;

async function open(home: string, options: { clock?: () => Date; timers?: FakeClock } = {}): Promise<{ core: Core; ok: Ok }> {
  const core = createCore({
    ...(await ledgers.engineOf(home)),
    home,
    secrets: memorySecrets(),
    transport: 'cli',
    clock: options.clock ?? (() => new Date(SANDBOX_NOW)),
    ...(options.timers ? { timers: options.timers } : {}),
  });
  // As a host on the shop's database does before serving (on SQLite, createCore read them already).
  await core.parts.connections.load();
  let next = 1;
  const ok: Ok = async <T>(method: string, input: unknown): Promise<T> => {
    const reply = await core.dispatch({ id: next++, method, input });
    if (!reply.ok) throw new Error(`${method} failed: ${JSON.stringify(reply.error)}`);
    return reply.output as T;
  };
  return { core, ok };
}

async function failure(core: Core, method: string, input: unknown): Promise<{ code: string; message: string }> {
  const reply = await core.dispatch({ id: 999, method, input });
  if (reply.ok) throw new Error(`${method} was expected to fail`);
  return reply.error;
}

async function connect(ok: Ok, label: string, url: string, company: number, token: string): Promise<number> {
  const { id } = await ok<{ id: number }>('connections.create', { label, kind: 'sandbox', base_url: url, company_id: company });
  await ok('connections.setToken', { id, token });
  await ok('connections.activate', { id });
  await ok('history.setIssuer', contingencyProfile());
  return id;
}

/** Passes on demand until nothing more goes out (the proxy's port may take a moment to accept again). */
async function transmitAll(ok: Ok): Promise<number> {
  let transmitted = 0;
  await waitUntil(
    async () => {
      const pass = await ok<{ transmitted: number; queued: number }>('outbox.transmit', {});
      transmitted += pass.transmitted;
      return pass.queued;
    },
    (queued) => queued === 0,
    { what: 'the outbox empty' },
  );
  return transmitted;
}

/** The given sales against the server's documents of their company: duplicates and losses. */
async function exactlyOnce(home: string, company: number, sales: readonly Sub[]) {
  const ids = new Set(sales.map((s) => s.id));
  const all = await ledgers.read<LedgerRow>(
    home,
    'SELECT id, kind, idempotency_key, state, document_id, attempts FROM submissions ORDER BY id',
  );
  const rows = all.filter((r) => ids.has(r.id));
  return reconcile(rows, scopedTo(rows, serverDocuments(sandboxData(), company)));
}

describe.each(ENGINE_KINDS)('a contingency queue per connection on %s', (kind) => {
  beforeAll(() => {
    ledgers = shopLedgers(kind);
  });
  afterAll(() => ledgers.close());

  it("one company's outage never holds another company's sales; each queue goes out when its own service answers", async () => {
    const home = join(dir.path, kind, 'home-two-companies');
    const { core, ok } = await open(home);
    try {
      await proxyA.setFault('refuse');
      const a = await connect(ok, 'Empresa A', proxyA.url('/api/v1'), COMPANY_A, TOKENS.a);
      const b = await connect(ok, 'Empresa B', proxyB.url('/api/v1'), COMPANY_B, TOKENS.b);
      await ok('connections.activate', { id: a });
      const queuedA = [
        await ok<Sub>('fe.submit', { request: feBody(3101) }),
        await ok<Sub>('dse.submit', { request: dseBody(3102) }),
      ];
      expect(queuedA.every((s) => s.contingency?.local_ref.startsWith('CONT-'))).toBe(true);

      // Company B's service is up: its sale goes out at once, not behind A's queue.
      await ok('connections.activate', { id: b });
      const saleB = await ok<Sub>('fe.submit', { request: feBody(3103, { companyId: COMPANY_B }) });
      expect(saleB.contingency ?? null).toBeNull();
      expect(saleB.state).toBe('accepted');

      // A pass while A is still down: A keeps its queue and its order; nothing of B waits.
      const pass = await ok<{ transmitted: number; queued: number; reachable: boolean | null }>('outbox.transmit', {});
      expect(pass).toMatchObject({ transmitted: 0, queued: 2 });
      const status = await ok<{ items: { local_ref: string; connection_label: string }[] }>('outbox.status', {});
      expect(status.items.map((i) => i.connection_label)).toEqual(['Empresa A', 'Empresa A']);

      await proxyA.setFault('none');
      expect(await transmitAll(ok)).toBe(2);
      expect(await exactlyOnce(home, COMPANY_A, queuedA)).toMatchObject({ operations: 2, duplicates: 0, lost: 0, open: 0 });
      expect(await exactlyOnce(home, COMPANY_B, [saleB])).toMatchObject({ operations: 1, duplicates: 0, lost: 0, open: 0 });
    } finally {
      await core.close();
    }
  });

  it('a token replaced during the outage sends the queued sales with the new token, not held', async () => {
    const home = join(dir.path, kind, 'home-new-token');
    const { core, ok } = await open(home);
    try {
      await proxyA.setFault('refuse');
      const a = await connect(ok, 'Empresa A', proxyA.url('/api/v1'), COMPANY_A, TOKENS.a);
      const queued = await ok<Sub>('fe.submit', { request: feBody(3201) });
      expect(queued.contingency).toBeTruthy();
      // Nothing of the queued sale was ever sent: replacing the token needs no confirmation.
      await ok('connections.setToken', { id: a, token: SECOND_TOKEN_A });
      await proxyA.setFault('none');
      expect(await transmitAll(ok)).toBe(1);
      const after = await ok<Sub & { error: { code: string } | null }>('submissions.get', { id: queued.id });
      expect(after.state).toBe('accepted');
      expect(await exactlyOnce(home, COMPANY_A, [queued])).toMatchObject({ operations: 1, duplicates: 0, lost: 0, open: 0 });
    } finally {
      await core.close();
    }
  });

  it("a new address of the same company takes the queued sales; another company's is refused while they wait", async () => {
    const home = join(dir.path, kind, 'home-new-address');
    const { core, ok } = await open(home);
    try {
      await proxyA.setFault('refuse');
      const a = await connect(ok, 'Empresa A', proxyA.url('/api/v1'), COMPANY_A, TOKENS.a);
      const queued = [
        await ok<Sub>('fe.submit', { request: feBody(3301) }),
        await ok<Sub>('dse.submit', { request: dseBody(3302) }),
      ];
      expect(queued.every((s) => s.contingency)).toBe(true);

      // Another company, or from tests to production, is refused while sales of this one wait.
      await ok('connections.forgetToken', { id: a });
      const company = await failure(core, 'connections.update', {
        id: a,
        label: 'Empresa A',
        kind: 'sandbox',
        base_url: proxyA.url('/api/v1'),
        company_id: COMPANY_B,
      });
      expect(company.code).toBe('conflict');
      expect(company.message).toContain('2 envíos sin confirmar');

      // The provider's new address (here: the sandbox itself, without the broken proxy in front).
      await ok('connections.update', {
        id: a,
        label: 'Empresa A',
        kind: 'sandbox',
        base_url: sandbox.baseUrl,
        company_id: COMPANY_A,
      });
      await ok('connections.setToken', { id: a, token: TOKENS.a });
      expect(await transmitAll(ok)).toBe(2);
      for (const s of queued) expect((await ok<Sub>('submissions.get', { id: s.id })).state).toBe('accepted');
      expect(await exactlyOnce(home, COMPANY_A, queued)).toMatchObject({ operations: 2, duplicates: 0, lost: 0, open: 0 });
    } finally {
      await core.close();
    }
  });

  it('the runner beats by itself through a day of probes: it re-arms after an empty queue, warns of the deadline once, and sends when the service is back', async () => {
    const home = join(dir.path, kind, 'home-day');
    const fake = new FakeClock(SANDBOX_NOW);
    const { core, ok } = await open(home, { clock: fake.date, timers: fake });
    const warnings: string[] = [];
    core.events.subscribe((event, payload) => {
      if (event !== 'outbox.changed') return;
      const change = payload as { phase: string; message?: string };
      if (change.phase === 'warning' && change.message) warnings.push(change.message);
    });
    const probeMs = 10 * 60_000;
    const runner = new OutboxRunner(core.parts.submissions, fake, core.parts.logger, probeMs);
    const settle = () => runner.whenIdle();
    try {
      await proxyA.setFault('none');
      await connect(ok, 'Empresa A', proxyA.url('/api/v1'), COMPANY_A, TOKENS.a);
      runner.start();
      await settle();
      // An hour with nothing queued: the beat keeps coming back.
      await fake.run(60 * 60_000, settle);
      expect(runner.armed).toBe(true);

      await proxyA.setFault('refuse');
      const sold = await ok<Sub>('fe.submit', { request: feBody(3401) });
      expect(sold.contingency).toBeTruthy();
      // 25 hours of refused probes (150 beats): still queued, the 24-hour warning given once.
      await fake.run(25 * 60 * 60_000, settle);
      expect(runner.armed).toBe(true);
      expect((await ok<{ queued: number }>('outbox.status', {})).queued).toBe(1);
      expect(warnings.filter((w) => w.includes('quedan menos de 24 horas'))).toHaveLength(1);

      // The service is back: the next beat sends it, with nobody pressing anything.
      await proxyA.setFault('none');
      await fake.run(probeMs, settle);
      await expect.poll(async () => (await ok<{ queued: number }>('outbox.status', {})).queued, { timeout: 10_000 }).toBe(0);
      expect((await ok<Sub>('submissions.get', { id: sold.id })).state).toBe('accepted');
      // And it goes on beating for the rest of the day.
      await fake.run(12 * 60 * 60_000, settle);
      expect(runner.armed).toBe(true);
      expect(await exactlyOnce(home, COMPANY_A, [sold])).toMatchObject({ operations: 1, duplicates: 0, lost: 0, open: 0 });
    } finally {
      await runner.stop();
      await core.close();
    }
  }, 120_000);
});
