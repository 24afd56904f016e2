// Notices between registers (store/postgres/shop-notices.ts): two cores, each with its own pool and
// data folder as two registers have, on one real PostgreSQL database and one real sandbox over
// HTTP. What one commits reaches the other's bus as the same event: an accepted FE as
// 'history.changed' (and in its history.list), a product as 'catalog.changed', the issuer profile as
// 'issuer.changed'. A core does not hear its own notices; a LISTEN connection the server ended is
// opened again and notices flow once more. On SQLite nothing is sent or listened to.
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, readInstallation, type Core } from '#core/core';
import { FileLogger } from '#core/log/logger';
import { openPostgres, type Engine } from '#core/store/engine';
import { migrations } from '#core/store/migrations/index';
import { NOTICE_APPLICATION_NAME, shopNotices } from '#core/store/postgres/shop-notices';
import { startSandbox, type RunningSandbox } from '#sandbox/index';
import type { EventName, EventPayload } from '#shared/rpc/events';
import type { HistoryPage } from '#shared/rpc/methods/history';
import type { RegisterList } from '#shared/rpc/methods/registers';
import type { Submission } from '#shared/rpc/methods/submissions';
import { memorySecrets } from '#test/core/memory-secrets';
import { fe, MAGIC } from '#test/requests/outcomes';
import { CORE_COMPANY as COMPANY, coreSeed, CORE_TOKENS as TOKENS } from '#test/seed';
import { testDatabase } from '#test/test-database';
import { openEngine } from '#test/engines';
import { COFFEE, RICE, SODA } from '#test/products';
import { contingencyProfile } from '#test/contingency';
import { tempDir } from '#test/temp';
import { waitFor, waitUntil } from '#test/wait';

interface Register {
  core: Core;
  engine: Engine;
  heard: { event: EventName; payload: unknown }[];
}

const dir = tempDir('factura-desk-notices-');
let sandbox: RunningSandbox;
let url: string;
let registers: Register[] = [];

async function call<T>(core: Core, method: string, input: unknown): Promise<T> {
  const reply = await core.dispatch({ id: 1, method, input });
  if (!reply.ok) throw new Error(`${method}: ${reply.error.message}`);
  return reply.output as T;
}

/** A register as the app opens one on the shop's database: its own pool, folder and keychain. */
async function register(name: string): Promise<Register> {
  const engine = await openPostgres({ url, migrations });
  const core = createCore({
    home: join(dir.path, name),
    secrets: memorySecrets(),
    transport: 'cli',
    logger: new FileLogger(null),
    engine,
    installation: await readInstallation(engine),
  });
  const heard: Register['heard'] = [];
  core.events.subscribe((event, payload) => heard.push({ event, payload }));
  await core.parts.connections.load();
  // The shop's connections live in its database: the second register finds the first's.
  const connection =
    (await core.parts.connections.list()).find((c) => c.company_id === COMPANY) ??
    (await core.parts.connections.create({ label: 'Sandbox', kind: 'sandbox', base_url: sandbox.baseUrl, company_id: COMPANY }));
  await core.parts.connections.setToken(connection.id, TOKENS.full);
  await core.parts.connections.activate(connection.id);
  await core.startBackground();
  return { core, engine, heard };
}

function heardOf<K extends EventName>(register: Register, event: K): EventPayload<K>[] {
  return register.heard.filter((h) => h.event === event).map((h) => h.payload as EventPayload<K>);
}

/** The backends LISTENing for the shop's notices on this database, as pg_stat_activity shows them. */
async function listeners(): Promise<{ pid: number; query: string }[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number; query: string }>(
      'SELECT pid, query FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1',
      [NOTICE_APPLICATION_NAME],
    );
    return rows;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  sandbox = await startSandbox({ seed: coreSeed(0), dataDir: join(dir.path, 'sandbox'), settleMs: 50 });
  url = await testDatabase();
  registers = [await register('caja-1'), await register('caja-2')];
});

afterAll(async () => {
  for (const { core, engine } of registers) {
    await core.close();
    await engine.close();
  }
  await sandbox?.close();
  dir.remove();
});

describe('notices between two registers on one PostgreSQL', () => {
  it("an FE accepted at Caja 1 is a 'history.changed' at Caja 2, and in its history.list", async () => {
    const [one, two] = registers as [Register, Register];
    const submission = await call<Submission>(one.core, 'fe.submit', { request: fe(MAGIC.accept, 'caja 1') });
    expect(submission.state).toBe('accepted');
    const documentId = submission.document_id!;
    await waitFor(() => heardOf(two, 'history.changed').some((p) => p.kind === 'FE' && p.document_id === documentId), {
      what: "Caja 2 hears Caja 1's accepted FE",
    });
    // Caja 2 never sent it: the event came from the notice, and the row from the shared mirror.
    expect(
      await two.engine.db.selectFrom('submissions').select('id').where('document_id', '=', documentId).execute(),
    ).toHaveLength(1);
    const page = await call<HistoryPage>(two.core, 'history.list', { filter: { kind: 'FE' }, offset: 0, limit: 50 });
    expect(page.items.map((row) => row.remote_id)).toContain(documentId);
    expect(heardOf(two, 'document.changed').some((p) => p.submission_id === submission.id)).toBe(true);
  });

  it("a product added at one register raises 'catalog.changed' at the other; neither hears its own notice", async () => {
    const [one, two] = registers as [Register, Register];
    const catalogAt = (r: Register) => heardOf(r, 'catalog.changed').length;
    const customersAt = (r: Register) => heardOf(r, 'customers.changed').length;
    const [oneCatalog, twoCatalog] = [catalogAt(one), catalogAt(two)];
    // Caja 2 writes no product here, so a 'catalog.changed' it hears is Caja 1's notice.
    await call(one.core, 'catalog.save', { product: RICE });
    await waitFor(() => catalogAt(two) === twoCatalog + 1, { what: "Caja 2 hears Caja 1's product" });
    // A channel delivers in commit order. Caja 2's customer is committed after Caja 1's product
    // notice (Caja 2 heard it): once Caja 1 hears the customer, its own product notice, had it been
    // taken as news, is in already.
    await call(two.core, 'customers.save', {
      customer: { tipo_doc: '31', numero_doc: '900456789', nombre: 'Ferretería', email: '', direccion: '', telefono: '' },
    });
    await waitFor(() => customersAt(one) === 1, { what: "Caja 1 hears Caja 2's customer" });
    expect(catalogAt(one)).toBe(oneCatalog + 1);
    // And the other way: Caja 1's second product comes after Caja 2's own customer notice.
    await call(one.core, 'catalog.save', { product: COFFEE });
    await waitFor(() => catalogAt(two) === twoCatalog + 2, { what: "Caja 2 hears Caja 1's second product" });
    expect(customersAt(two)).toBe(1);
  });

  it("the issuer profile saved at one register is an 'issuer.changed' at the other", async () => {
    const [one, two] = registers as [Register, Register];
    await call(two.core, 'history.setIssuer', contingencyProfile());
    await waitFor(() => heardOf(one, 'issuer.changed').length === 1, { what: "Caja 1 hears Caja 2's issuer profile" });
  });

  it("a register renamed at one register is a 'registers.changed' at the other, which reads the new name", async () => {
    const [one, two] = registers as [Register, Register];
    const list = await call<RegisterList>(two.core, 'registers.list', {});
    const twoId = list.registers.find((r) => r.this_register)!.id;
    await call(one.core, 'registers.rename', { id: twoId, name: 'Mostrador' });
    await waitFor(() => heardOf(two, 'registers.changed').some((p) => p.id === twoId), {
      what: 'Caja 2 hears its new name from Caja 1',
    });
    const seen = await call<RegisterList>(two.core, 'registers.list', {});
    expect(seen.registers.find((r) => r.this_register)?.name).toBe('Mostrador');
  });

  it('a LISTEN connection the server ended is opened again, and notices flow once more', async () => {
    const [one, two] = registers as [Register, Register];
    const before = await listeners();
    expect(before).toHaveLength(2);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [before.map((b) => b.pid)]);
    } finally {
      await admin.end();
    }
    const old = new Set(before.map((b) => b.pid));
    await waitUntil(listeners, (now) => now.length === 2 && now.every((b) => !old.has(b.pid) && b.query.startsWith('LISTEN')), {
      what: 'both registers listen again on new connections',
    });
    // What was said while nobody listened is lost: each register says its screens are stale, once.
    await waitFor(() => heardOf(one, 'notices.resumed').length === 1 && heardOf(two, 'notices.resumed').length === 1, {
      what: 'both registers tell their screens the notices resumed',
    });
    const otherBefore = heardOf(two, 'catalog.changed').length;
    await call(one.core, 'catalog.save', { product: SODA });
    await waitFor(() => heardOf(two, 'catalog.changed').length === otherBefore + 1, {
      what: "Caja 2 hears Caja 1's product after its connection was cut",
    });
    // Not at every notice: only after a loss.
    expect(heardOf(two, 'notices.resumed')).toHaveLength(1);
  });
});

describe('on SQLite', () => {
  it('nothing is sent or listened to: a write is said in its own process only', async () => {
    const opened = await openEngine('sqlite');
    try {
      expect(shopNotices({ engine: opened.engine, events: registers[0]!.core.events, logger: new FileLogger(null) })).toBeNull();
    } finally {
      await opened.close();
    }
    const core = createCore({
      home: join(dir.path, 'sqlite'),
      secrets: memorySecrets(),
      transport: 'cli',
      logger: new FileLogger(null),
    });
    try {
      const heard: EventName[] = [];
      core.events.subscribe((event) => heard.push(event));
      const connection = await core.parts.connections.create({
        label: 'Sandbox',
        kind: 'sandbox',
        base_url: sandbox.baseUrl,
        company_id: COMPANY,
      });
      await core.parts.connections.activate(connection.id);
      await core.startBackground();
      await call(core, 'catalog.save', { product: RICE });
      expect(heard.filter((event) => event === 'catalog.changed')).toHaveLength(1);
    } finally {
      await core.close();
    }
  });
});
