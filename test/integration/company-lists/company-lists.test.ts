// The company lists kept per connection, on both engines with one test body (the copies on SQLite's
// real file or a real PostgreSQL server), read from the real sandbox behind the fault proxy: a list
// the service answered is kept and read back while the service refuses every connection, its age and
// its last failure in the status, a stale copy refreshed after the service answers, an acquirer looked
// up kept for the outage, and a connection with no copy yet saying so in words. The connections
// themselves are on the same engine.
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CompanyLists, FRESH_MS } from '#core/company-lists/company-lists';
import { Connections } from '#core/connections/connections';
import { EventBus } from '#core/events';
import { FileLogger } from '#core/log/logger';
import type { EngineKind } from '#core/store/engine';
import { Vault } from '#core/vault/vault';
import { startSandbox, type RunningSandbox } from '#sandbox/index';
import { AppError } from '#shared/rpc/errors';
import { memorySecrets } from '#test/core/memory-secrets';
import { ENGINE_KINDS, openEngine, type OpenedEngine } from '#test/engines';
import { startFaultProxy, type FaultProxy } from '#test/fault-proxy';
import { tempDir } from '#test/temp';

const KNOWN = { identification_type: '13', identification_number: '52345678' };

let sandbox: RunningSandbox;
let proxy: FaultProxy;
beforeAll(async () => {
  sandbox = await startSandbox({ seed: 'resources/demo-seed.json', settleMs: 20 });
  proxy = await startFaultProxy(new URL(sandbox.baseUrl).origin);
});
afterAll(async () => {
  await proxy?.close();
  await sandbox?.close();
});

describe.each(ENGINE_KINDS)('company lists on %s', (kind: EngineKind) => {
  let opened: OpenedEngine;
  let dir: ReturnType<typeof tempDir>;
  let connections: Connections;
  let connectionId: number;
  let now: number;
  const events = new EventBus();
  const changed: string[] = [];
  events.subscribe((event, payload) => {
    if (event === 'lists.changed') changed.push((payload as { name: string }).name);
  });
  const clock = () => new Date(now);
  const lists = () =>
    new CompanyLists(
      {
        engine: opened.engine,
        connections,
        fetch: globalThis.fetch,
        clock,
        events,
        logger: new FileLogger(join(dir.path, 'log')),
      },
      { readTimeoutMs: 2_000 },
    );

  beforeEach(async () => {
    await proxy.setFault('none');
    now = Date.parse('2026-11-20T15:00:00Z');
    changed.length = 0;
    dir = tempDir();
    opened = await openEngine(kind);
    connections = new Connections(
      opened.engine,
      new Vault(memorySecrets(), { folder: dir.path, installation: 'test' }),
      events,
      clock,
    );
    await connections.load();
    connectionId = (await connections.create({ label: 'Demo', kind: 'sandbox', base_url: proxy.url('/api/v1'), company_id: 101 }))
      .id;
    await connections.setToken(connectionId, 'sbx_101_full');
    await connections.activate(connectionId);
  });
  afterEach(async () => {
    await opened.close();
    dir.remove();
  });

  it('a list the service answered is kept and read back during an outage; a stale copy is refreshed after the service answers', async () => {
    const first = lists();
    const methods = await first.read('payment_methods');
    expect(methods.length).toBeGreaterThan(0);
    expect(changed).toEqual(['payment_methods']);
    expect((await first.status()).payment_methods).toEqual({ read_at: '2026-11-20T15:00:00.000Z', error: null });

    await proxy.setFault('refuse');
    const offline = lists();
    expect(await offline.read('payment_methods')).toEqual(methods);
    // Older than a few minutes: still given at once, and the refresh's failure said in the status.
    now += FRESH_MS + 1_000;
    expect(await offline.read('payment_methods')).toEqual(methods);
    await offline.whenIdle();
    const status = await offline.status();
    expect(status.payment_methods.read_at).toBe('2026-11-20T15:00:00.000Z');
    expect(status.payment_methods.error).not.toBeNull();

    await proxy.setFault('none');
    offline.serviceAnswered(connectionId);
    await offline.whenIdle();
    const refreshed = await offline.status();
    expect(refreshed.payment_methods).toEqual({ read_at: clock().toISOString(), error: null });
    expect(refreshed.terceros.read_at).toBe(clock().toISOString());
    // The same payment methods again: no change announced; the third parties were new.
    expect(changed).toEqual(['payment_methods', 'terceros']);
  });

  it('without a copy yet, an outage is said in words; an acquirer looked up is kept for the next outage', async () => {
    const counter = lists();
    const acquirer = await counter.lookupAcquirer(KNOWN);
    expect(acquirer.nombre).toBe('Ana María Rodríguez Pérez');
    await proxy.setFault('refuse');
    const error = await counter.read('terceros').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('api_unreachable');
    expect((error as AppError).message).toContain('Esta conexión aún no tiene una copia de los terceros');
    expect(await counter.lookupAcquirer(KNOWN)).toEqual(acquirer);
    const unknown = await counter
      .lookupAcquirer({ identification_type: '13', identification_number: '55555' })
      .catch((e: unknown) => e as AppError);
    expect((unknown as AppError).message).toContain('Escriba a mano los datos del cliente');
  });
});
