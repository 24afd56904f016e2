// Connections on both engines with one test body: every write committed to the store (SQLite's real
// file or a real PostgreSQL server) and the in-memory copy the synchronous reads are served from
// refreshed from it; a second Connections over the same database sees the first's writes once it
// loads them, as another process (another counter of the shop) does.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Connections } from '#core/connections/connections';
import { EventBus } from '#core/events';
import type { EngineKind } from '#core/store/engine';
import { Vault } from '#core/vault/vault';
import { makeTestPki, type TestPki } from '#test/contract-server/test-pki';
import { memorySecrets } from '#test/core/memory-secrets';
import { ENGINE_KINDS, openEngine, type OpenedEngine } from '#test/engines';
import { refusal } from '#test/refusal';
import { tempDir } from '#test/temp';

const NOW = new Date('2026-11-20T15:00:00Z');
const A = { label: 'Tienda', kind: 'sandbox', base_url: 'https://api.example.co/api/v1', company_id: 101 } as const;
const B = { label: 'Bodega', kind: 'production', base_url: 'https://api.example.co/api/v1', company_id: 102 } as const;

let pki: TestPki;
beforeAll(async () => {
  pki = await makeTestPki(NOW);
});

describe.each(ENGINE_KINDS)('connections on %s', (kind: EngineKind) => {
  let opened: OpenedEngine;
  let dir: ReturnType<typeof tempDir>;
  let secrets: ReturnType<typeof memorySecrets>;
  let events: EventBus;
  let changed: (number | null)[];

  /** A Connections over the test's database, as a process opening the shop's store has it. */
  const another = (bus = new EventBus()) =>
    new Connections(opened.engine, new Vault(secrets, { folder: dir.path, installation: 'test' }), bus, () => NOW);

  let connections: Connections;

  beforeEach(async () => {
    opened = await openEngine(kind);
    dir = tempDir();
    secrets = memorySecrets();
    events = new EventBus();
    changed = [];
    // What a listener reads synchronously when told of a change: the copy must already hold it.
    events.subscribe((event, payload) => {
      if (event === 'connection.changed') changed.push((payload as { id: number | null }).id);
    });
    connections = another(events);
    await connections.load();
  });
  afterEach(async () => {
    await opened.close();
    dir.remove();
  });

  /** The active connection's id as a second Connections reads it from the store. */
  const storedActive = async () => {
    const reader = another();
    await reader.load();
    return (await reader.list()).filter((c) => c.active).map((c) => c.id);
  };

  it('creates, edits, activates one at a time and removes, each write in the store and in the copy', async () => {
    const first = await connections.create(A);
    // The first connection is the active one.
    expect(first).toMatchObject({ ...A, active: true, embedded: false, has_token: false, trusted_ca: null });
    expect(connections.requireActive().id).toBe(first.id);
    const second = await connections.create({ ...B, base_url: 'https://api.example.co/api/v1/' });
    expect(second).toMatchObject({ ...B, active: false });
    expect(changed).toEqual([first.id]);

    const edited = await connections.update(second.id, { ...B, label: 'Bodega norte', kind: 'sandbox' });
    expect(edited).toMatchObject({ label: 'Bodega norte', kind: 'sandbox', active: false });
    expect(connections.resolve(second.id).label).toBe('Bodega norte');

    await connections.activate(second.id);
    expect((await connections.list()).map((c) => [c.id, c.active])).toEqual([
      [first.id, false],
      [second.id, true],
    ]);
    expect(connections.active()?.id).toBe(second.id);
    expect(await storedActive()).toEqual([second.id]);
    await connections.activate(first.id);
    expect(connections.active()?.id).toBe(first.id);
    expect(await storedActive()).toEqual([first.id]);

    await connections.setToken(second.id, 'sbx_102_full');
    expect((await connections.get(second.id)).has_token).toBe(true);
    await connections.remove(second.id);
    expect((await connections.list()).map((c) => c.id)).toEqual([first.id]);
    expect(await refusal(() => connections.get(second.id))).toEqual({ code: 'not_found', message: 'La conexión no existe.' });
    // Its token left the keychain with it.
    expect(await new Vault(secrets, { folder: dir.path, installation: 'test' }).hasToken(B.base_url, B.company_id)).toBe(false);
    const reader = another();
    await reader.load();
    expect((await reader.list()).map((c) => c.id)).toEqual([first.id]);
    expect(changed).toEqual([first.id, second.id, second.id, first.id, second.id, null]);
  });

  it('trusts a provider’s certificate authority and forgets it, in the store as in the copy', async () => {
    const { id } = await connections.create(A);
    const trusted = await connections.trustCa(id, pki.caCert);
    expect(trusted.trusted_ca).toHaveLength(1);
    expect(connections.resolve(id).trustedCa).toContain('-----BEGIN CERTIFICATE-----');
    const reader = another();
    await reader.load();
    expect(reader.resolve(id).trustedCa).toBe(connections.resolve(id).trustedCa);

    expect((await connections.forgetCa(id)).trusted_ca).toBeNull();
    expect(connections.resolve(id).trustedCa).toBeNull();
    await reader.load();
    expect(reader.resolve(id).trustedCa).toBeNull();
  });

  it('refuses a second connection to the same address and company, in Spanish, and writes nothing', async () => {
    await connections.create(A);
    expect(await refusal(() => connections.create({ ...A, label: 'Otra', base_url: `${A.base_url}/` }))).toEqual({
      code: 'conflict',
      message: 'Ya existe una conexión con esa URL y esa empresa.',
    });
    expect(await connections.list()).toHaveLength(1);
    const reader = another();
    await reader.load();
    expect(await reader.list()).toHaveLength(1);
  });

  it('a second Connections over the same database sees the first’s writes after load()', async () => {
    const reader = another();
    // Its reads are served from the copy: none before it is loaded.
    expect(() => reader.active()).toThrow(/before load/);
    await reader.load();
    expect(reader.active()).toBeNull();

    const first = await connections.create(A);
    const second = await connections.create(B);
    expect(await reader.list()).toEqual([]);
    await reader.load();
    expect(reader.requireActive().id).toBe(first.id);
    expect((await reader.list()).map((c) => c.label)).toEqual([A.label, B.label]);

    // The other way round: the second one writes, checked against the store, not its copy.
    await reader.activate(second.id);
    expect(connections.active()?.id).toBe(first.id);
    await connections.load();
    expect(connections.active()?.id).toBe(second.id);
    expect(await refusal(() => reader.create(A))).toMatchObject({ code: 'conflict' });
    // A connection the other one removed is not found, though this copy still listed it.
    await connections.remove(first.id);
    expect(await refusal(() => reader.activate(first.id))).toEqual({ code: 'not_found', message: 'La conexión no existe.' });
    expect(reader.active()?.id).toBe(second.id);
    expect((await reader.list()).map((c) => c.id)).toEqual([second.id]);
  });
});
