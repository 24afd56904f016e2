// The transmission window of a contingency sale, with a controlled clock, through
// a real core on a real SQLite file; the service is a closed loopback port (connections refused).
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '#core/core';
import { Store } from '#core/store/store';
import { tempDir } from '#test/temp';
import { memorySecrets } from '#test/core/memory-secrets';
import { feBody, SANDBOX_NOW } from '#test/requests/numbered';
import { contingencyProfile } from '#test/contingency';
import { ENGINE_KINDS } from '#test/engines';
import { shopLedgers, type ShopLedgers } from '#test/core/shop-ledgers';

const HOUR = 3_600_000;
let dir: ReturnType<typeof tempDir>;
let closedPort = 0;
beforeAll(async () => {
  dir = tempDir('factura-desk-deadlines-');
  // A loopback port nobody listens on: every connection is refused.
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closedPort = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
afterAll(() => dir?.remove());

let ledgers: ShopLedgers;

async function coreAt(home: string, clock: () => Date, windowHours?: number) {
  const core = createCore({
    ...(await ledgers.engineOf(home)),
    home,
    secrets: memorySecrets(),
    transport: 'cli',
    clock,
    ...(windowHours ? { contingencyWindowHours: windowHours } : {}),
  });
  // As a host on the shop's database does before serving (on SQLite, createCore read them already).
  await core.parts.connections.load();
  let next = 1;
  const ok = async <T>(method: string, input: unknown): Promise<T> => {
    const reply = await core.dispatch({ id: next++, method, input });
    if (!reply.ok) throw new Error(`${method} failed: ${JSON.stringify(reply.error)}`);
    return reply.output as T;
  };
  const connection = await ok<{ id: number }>('connections.create', {
    label: 'Caída',
    kind: 'sandbox',
    base_url: `http://127.0.0.1:${closedPort}/api/v1`,
    company_id: 1,
  });
  await ok('connections.setToken', { id: connection.id, token: 'token-de-prueba-123456' });
  await ok('connections.activate', { id: connection.id });
  await ok('history.setIssuer', contingencyProfile());
  return { core, ok };
}

interface Status {
  queued: number;
  window_hours: number;
  items: { local_ref: string; level: string; time_left: string; message: string | null; deadline_at: string }[];
}

describe.each(ENGINE_KINDS)('contingency deadlines on %s', (kind) => {
  beforeAll(() => {
    ledgers = shopLedgers(kind);
  });
  afterAll(() => ledgers.close());

  it('warns once at 24 h and 4 h left, says what to do when missed, and keeps the document', async () => {
    let now = new Date(SANDBOX_NOW);
    const { core, ok } = await coreAt(join(dir.path, kind, 'home-48'), () => now);
    const warnings: string[] = [];
    core.events.subscribe((event, payload) => {
      if (event === 'outbox.changed' && (payload as { phase: string }).phase === 'warning')
        warnings.push((payload as { message: string }).message);
    });
    try {
      const sale = await ok<{ state: string; contingency: { local_ref: string } | null }>('fe.submit', { request: feBody(1) });
      expect(sale.state).toBe('in_doubt');
      const ref = sale.contingency!.local_ref;

      let status = await ok<Status>('outbox.status', {});
      expect(status).toMatchObject({ queued: 1, window_hours: 48 });
      expect(status.items[0]).toMatchObject({ local_ref: ref, level: 'ok', time_left: 'quedan 48 h', message: null });

      const tick = () => core.parts.submissions.checkDeadlines();
      now = new Date(now.getTime() + 23 * HOUR);
      await tick();
      expect(warnings).toHaveLength(0);
      now = new Date(now.getTime() + 1 * HOUR); // 24 h left
      await tick();
      await tick();
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain('menos de 24 horas');
      now = new Date(now.getTime() + 20 * HOUR); // 4 h left
      await tick();
      expect(warnings).toHaveLength(2);
      expect(warnings[1]).toContain('menos de 4 horas');
      now = new Date(now.getTime() + 4 * HOUR); // missed
      await tick();
      expect(warnings).toHaveLength(3);
      expect(warnings[2]).toContain('Venció el plazo de 48 horas');

      status = await ok<Status>('outbox.status', {});
      expect(status.queued).toBe(1);
      expect(status.items[0]).toMatchObject({ local_ref: ref, level: 'missed', time_left: 'plazo vencido' });
      expect(status.items[0]!.message).toContain('Sigue en la cola');
    } finally {
      await core.close();
    }
  });

  it('takes a configured window', async () => {
    const now = new Date(SANDBOX_NOW);
    const { core, ok } = await coreAt(join(dir.path, kind, 'home-72'), () => now, 72);
    try {
      await ok('fe.submit', { request: feBody(2) });
      const status = await ok<Status>('outbox.status', {});
      expect(status.window_hours).toBe(72);
      expect(new Date(status.items[0]!.deadline_at).getTime() - now.getTime()).toBe(72 * HOUR);
    } finally {
      await core.close();
    }
  });

  it('takes a window set in Ajustes for the sales queued from then on, refuses a bad one, and keeps it across a restart', async () => {
    const now = new Date(SANDBOX_NOW);
    const home = join(dir.path, kind, 'home-set');
    const { core, ok } = await coreAt(home, () => now);
    try {
      await ok('fe.submit', { request: feBody(3) });
      for (const hours of [0, 721, 1.5, '72', -4]) {
        const reply = await core.dispatch({ id: 900, method: 'outbox.setWindow', input: { hours } });
        expect(reply.ok).toBe(false);
        // Refused as bad input, naming the field, in Spanish.
        if (!reply.ok) {
          expect(reply.error.code).toBe('invalid_input');
          expect(reply.error.details).toMatchObject({
            fields: [{ path: 'hours', message: expect.stringMatching(/^[A-ZÁÉÍÓÚ]/) }],
          });
        }
      }
      expect((await ok<Status>('outbox.status', {})).window_hours).toBe(48);

      const set = await ok<Status>('outbox.setWindow', { hours: 72 });
      expect(set.window_hours).toBe(72);
      await ok('fe.submit', { request: feBody(4) });
      const status = await ok<Status>('outbox.status', {});
      // The sale queued before keeps the deadline it was given; the next one has the new window.
      expect(status.items.map((i) => (new Date(i.deadline_at).getTime() - now.getTime()) / HOUR)).toEqual([48, 72]);
    } finally {
      await core.close();
    }
    const reopened = createCore({
      ...(await ledgers.engineOf(home)),
      home,
      secrets: memorySecrets(),
      transport: 'cli',
      clock: () => now,
    });
    await reopened.parts.connections.load();
    try {
      const reply = await reopened.dispatch({ id: 1, method: 'outbox.status', input: {} });
      expect(reply.ok && (reply.output as Status).window_hours).toBe(72);
    } finally {
      await reopened.close();
    }
  });
});

describe('contingency deadlines: the schema', () => {
  it('migration 0018 from an empty database', () => {
    const store = Store.open(join(dir.path, 'empty', 'factura-desk.sqlite'));
    try {
      expect(store.db.pragma('user_version', { simple: true })).toBeGreaterThanOrEqual(18);
      const columns = (store.db.prepare('PRAGMA table_info(submissions)').all() as { name: string }[]).map((c) => c.name);
      expect(columns).toContain('unreachable_attempts');
      const tables = (store.db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).all() as { name: string }[]).map(
        (t) => t.name,
      );
      expect(tables).toEqual(expect.arrayContaining(['outbox', 'outbox_meta']));
      const meta = (store.db.prepare('PRAGMA table_info(outbox_meta)').all() as { name: string }[]).map((c) => c.name);
      expect(meta).toContain('window_hours');
      expect(() =>
        store.db
          .prepare(
            `INSERT INTO outbox (submission_id, kind, local_ref, original_hash, queued_at, deadline_at) VALUES (999, 'XX', 'a', 'h', 't', 't')`,
          )
          .run(),
      ).toThrow();
    } finally {
      store.close();
    }
  });
});
