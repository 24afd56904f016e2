// «Pasar a una base de datos del negocio» on a real PostgreSQL (the run's server, a new database per
// test): a shop's store filled through the app's own code (connections, sales in several ledger
// states with an open one and a queued contingency sale, catalog, customers, cashiers with a closed
// shift, drafts), moved, then every table read back equal; a target that holds data, a newer schema
// and a store of another program refused with nothing changed; a copy altered before its proof
// rolled back; and the SQLite file byte for byte as it was after every attempt.
import { createHash } from 'node:crypto';
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createCore, DATABASE_FILE, readInstallation } from '#core/core';
import { FileLogger } from '#core/log/logger';
import { readRegisterId } from '#core/registers/register-identity';
import { memorySecrets } from '#test/core/memory-secrets';
import { openPostgres } from '#core/store/engine';
import { FolderLock } from '#core/store/folder-lock';
import { migrations } from '#core/store/migrations/index';
import type { Migration } from '#core/store/migration';
import { moveToPostgres, type MoveReport } from '#core/store/move/move-to-postgres';
import { openWorkProofs } from '#core/store/move/proof';
import { SqliteSource } from '#core/store/move/source';
import type { Schema } from '#core/store/schema';
import { Store } from '#core/store/store';
import { startSandbox, type RunningSandbox } from '#sandbox/index';
import { colombiaToday } from '#shared/dates';
import type { AppError } from '#shared/rpc/errors';
import { DENOMINATIONS } from '#shared/shifts/cash-count';
import { connectionsClosedTo, portOf } from '#test/closed-connections';
import { runCli } from '#test/core/cli';
import { consumerSale, openRpcCore } from '#test/core/rpc-core';
import { contingencyProfile } from '#test/contingency';
import { COFFEE, RICE } from '#test/products';
import { connectDemo } from '#test/shop';
import { tempDir } from '#test/temp';
import { testDatabase } from '#test/test-database';

const ADMIN_PIN = '482913';

let dir: ReturnType<typeof tempDir>;
let sandbox: RunningSandbox;
let home: string;
let file: string;

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const cash = (amount: string, received: string, change: string) => ({
  method_id: 1,
  means: '10',
  label: 'Efectivo',
  amount,
  received,
  change,
});
const zeroCounts = () => Object.fromEntries(DENOMINATIONS.map((d) => [d.key, 0]));

/** Every table a move copies (keyof Schema: a table added to schema.ts must be named here, and is then required in the copy). */
const COPIED: Record<keyof Schema, 'copied' | 'rebuilt'> = {
  acquirer_lookups: 'copied',
  cashiers: 'copied',
  catalog_barcodes: 'copied',
  catalog_products: 'copied',
  catalog_search_words: 'rebuilt',
  company_lists: 'copied',
  connections: 'copied',
  cost_centers: 'copied',
  customers: 'copied',
  dse_corrections: 'copied',
  fe_withholding_types: 'copied',
  form_drafts: 'copied',
  history_documents: 'copied',
  history_sync_state: 'copied',
  installation: 'copied',
  issuer_profiles: 'copied',
  outbox: 'copied',
  outbox_checks: 'copied',
  outbox_meta: 'copied',
  poll_schedule: 'copied',
  print_settings: 'copied',
  receipt_printer: 'copied',
  registers: 'copied',
  report_amounts: 'copied',
  report_documents: 'copied',
  sale_payments: 'copied',
  sale_payments_staged: 'copied',
  shift_movements: 'copied',
  shift_sales: 'copied',
  shift_sales_staged: 'copied',
  shifts: 'copied',
  submission_events: 'copied',
  submissions: 'copied',
  ticket_blocks: 'copied',
};

beforeAll(async () => {
  dir = tempDir('factura-desk-move-');
  sandbox = await startSandbox({ seed: 'resources/demo-seed.json', settleMs: 20 });
  home = join(dir.path, 'shop');
  file = join(home, DATABASE_FILE);
  const app = openRpcCore(home);
  try {
    await connectDemo(app.rpc, sandbox.baseUrl);
    await app.rpc('history.setIssuer', contingencyProfile());
    await app.rpc('catalog.save', { product: RICE });
    await app.rpc('catalog.save', { product: COFFEE });
    await app.rpc('customers.save', {
      customer: { tipo_doc: '13', numero_doc: '52345678', nombre: 'Ana María Rodríguez', email: '', direccion: '', telefono: '' },
    });
    await app.rpc('drafts.save', { kind: 'DSE', idempotency_key: 'borrador-0001', data: { proveedor: 'Leche Ñuñoa', lines: 2 } });
    await app.rpc('cashiers.createAdmin', { name: 'Marta', pin: ADMIN_PIN });
    // A closed shift: two sales, a cash movement, an exact count.
    await app.rpc('shifts.open', { opening_float: 50_000 });
    await app.rpc('fe.submit', { ...consumerSale(10_000, 'cash'), payments: [cash('11900.00', '20000.00', '8100.00')] });
    await app.rpc('fe.submit', consumerSale(40_000, 'card'));
    await app.rpc('shifts.move', { kind: 'in', amount: 20_000, reason: 'cambio de monedas' });
    // Counted short: the administrator's PIN accepts the difference.
    await app.rpc('shifts.close', { counts: { ...zeroCounts(), bill_50000: 1 }, admin_pin: ADMIN_PIN });
    // The mirror of what the service holds, the reports' cache, the company lists kept for selling
    // offline, and the settings each screen saves.
    await app.rpc('history.sync', {});
    await app.rpc('reports.period', { from: '2025-01-01', to: colombiaToday(new Date()) });
    await app.rpc('fe.paymentMethods', {});
    await app.rpc('fe.lookupAcquirer', { identification_type: '13', identification_number: '52345678' });
    await app.rpc('print.setSettings', { layout: 'ticket80', auto_print: true, printer: 'Mostrador' });
    await app.rpc('print.setThermal', {
      ...(await app.rpc<object>('print.thermal', {})),
      connection: 'network',
      host: '10.0.0.9',
    });
    await app.rpc('outbox.setWindow', { hours: 24 });
    await app.rpc('dseCatalog.saveCostCenters', { items: [{ id: 7, code: 'CC7', name: 'Bodega' }] });
    await app.rpc('fe.saveWithholdingTypes', {
      types: [{ type: 'ReteRenta', label: 'Retención en la fuente', base_mode: 'subtotal' }],
    });
    // An open shift: a sale while the DIAN is silent (pending: open in the ledger), then one while
    // the service refuses connections (queued in contingency).
    await app.rpc('shifts.open', { opening_float: 30_000 });
    await sandbox.outage('authority');
    expect((await app.rpc<{ state: string }>('fe.submit', consumerSale(7_000, 'card'))).state).toBe('pending');
    await sandbox.outage('refuse');
    // A request on a kept-alive connection the server was closing could have been read: in doubt, not queued.
    await connectionsClosedTo(portOf(sandbox.baseUrl));
    const queued = await app.rpc<{ contingency: { local_ref: string } | null }>('fe.submit', {
      ...consumerSale(5_000, 'cash'),
      payments: [cash('5950.00', '10000.00', '4050.00')],
    });
    expect(queued.contingency?.local_ref, JSON.stringify(queued)).toMatch(/^CONT-/);
    await sandbox.outage('none');
  } finally {
    await app.core.close();
  }
  // What the move must carry: not a store that happens to lack them.
  const db = new Database(file, { readonly: true });
  try {
    const count = (text: string) => (db.prepare(text).get() as { n: number }).n;
    expect(count(`SELECT COUNT(*) AS n FROM submissions WHERE state IN ('sending', 'in_doubt', 'pending')`)).toBeGreaterThan(0);
    expect(count('SELECT COUNT(*) AS n FROM outbox WHERE transmitted_at IS NULL')).toBe(1);
    expect(count('SELECT COUNT(*) AS n FROM shifts WHERE closed_at IS NOT NULL')).toBe(1);
    expect(count('SELECT COUNT(*) AS n FROM shift_sales')).toBe(4);
    expect(count('SELECT COUNT(*) AS n FROM sale_payments')).toBe(2);
  } finally {
    db.close();
  }
}, 120_000);

afterAll(async () => {
  await sandbox?.close();
  dir?.remove();
});

/** A table's rows from SQLite and from PostgreSQL, in one order and one form (integers as numbers, bytes as Buffers). */
async function bothSides(url: string, table: string): Promise<{ sqlite: unknown[]; postgres: unknown[] }> {
  const lite = new Database(file, { readonly: true });
  const client = new pg.Client(url);
  await client.connect();
  try {
    const sort = (rows: Record<string, unknown>[]) => [...rows].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
    const sqlite = sort(lite.prepare(`SELECT * FROM "${table}"`).all() as Record<string, unknown>[]);
    const postgres = sort(
      (await client.query<Record<string, unknown>>({ text: `SELECT * FROM "${table}"`, types: { getTypeParser: intAsNumber } }))
        .rows,
    );
    return { sqlite, postgres };
  } finally {
    lite.close();
    await client.end();
  }
}

function intAsNumber(oid: number, format?: 'text' | 'binary') {
  if (oid === pg.types.builtins.INT8) return (value: string) => Number(value);
  return pg.types.getTypeParser(oid, format as 'text');
}

async function rowCounts(url: string): Promise<Record<string, number>> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'schema_version'`,
    );
    const counts: Record<string, number> = {};
    for (const { name } of rows)
      counts[name] = Number((await client.query<{ n: string }>(`SELECT COUNT(*) AS n FROM "${name}"`)).rows[0]!.n);
    return counts;
  } finally {
    await client.end();
  }
}

async function openVersion(url: string): Promise<number> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    return (await client.query<{ version: number }>('SELECT version FROM schema_version')).rows[0]!.version;
  } finally {
    await client.end();
  }
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('the move was expected to be refused'),
    (error: AppError) => error,
  );

describe('moving a store to PostgreSQL', { timeout: 120_000 }, () => {
  let url: string;
  let report: MoveReport;

  beforeAll(async () => {
    url = await testDatabase();
    const before = sha256(file);
    report = await moveToPostgres({ sqliteFile: file, url });
    expect(sha256(file)).toBe(before);
  });

  it('copies every table of the schema, each read back equal to SQLite, with the proof in the report', async () => {
    const copied = Object.entries(COPIED)
      .filter(([, how]) => how === 'copied')
      .map(([name]) => name);
    expect(report.tables.map((t) => t.name).sort()).toEqual(copied.sort());
    expect(report.rebuilt.map((t) => t.name)).toEqual(['catalog_search_words']);
    for (const table of report.tables) {
      const { sqlite, postgres } = await bothSides(url, table.name);
      expect([table.name, postgres]).toEqual([table.name, sqlite]);
      expect(table.rows).toBe(sqlite.length);
    }
    // Every table carried rows but three that hold rows only for a moment or after a rejected DSE, and the
    // registers' ticket blocks, which a register reserves only on a shop's database.
    expect(report.tables.filter((t) => t.rows === 0).map((t) => t.name)).toEqual([
      'dse_corrections',
      'sale_payments_staged',
      'shift_sales_staged',
      'ticket_blocks',
    ]);
    expect(report.tables.find((t) => t.name === 'submissions')!.rows).toBe(4);
    expect(report.openSubmissions).toBeGreaterThan(0);
    expect(report.queued).toBe(1);
    // Foreign-key order: a table comes after those it references.
    const order = report.tables.map((t) => t.name);
    expect(order.indexOf('submissions')).toBeLessThan(order.indexOf('outbox'));
    expect(order.indexOf('shifts')).toBeLessThan(order.indexOf('shift_sales'));
    expect(order.indexOf('cashiers')).toBeLessThan(order.indexOf('shifts'));
  });

  it('leaves the database working: ids continue past the copied ones, the search finds the products, the triggers hold again', async () => {
    const engine = await openPostgres({ url, migrations });
    try {
      const { id } = await engine.db
        .insertInto('connections')
        .values({ label: 'Otra', kind: 'sandbox', base_url: 'http://127.0.0.1:9/api/v1', company_id: 999, created_at: '' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const highest = Math.max(
        ...(await engine.db.selectFrom('connections').select('id').execute()).filter((c) => c.id !== id).map((c) => c.id),
      );
      expect(id).toBe(highest + 1);
      const words = await engine.db.selectFrom('catalog_search_words').select('words').execute();
      expect(words.map((w) => w.words).join(' ')).toContain('cafe');
      // A closed shift is read-only on PostgreSQL too: its trigger was enabled again before the commit.
      await expect(sql`UPDATE shifts SET opening_float = '1.00' WHERE closed_at IS NOT NULL`.execute(engine.db)).rejects.toThrow(
        /closed shift is read-only/,
      );
    } finally {
      await engine.close();
    }
  });

  it('the folder that moved is the same register on the shop database: its id, its name, its open shift', async () => {
    const engine = await openPostgres({ url, migrations });
    try {
      const core = createCore({
        home,
        secrets: memorySecrets(),
        transport: 'cli',
        logger: new FileLogger(null),
        engine,
        installation: await readInstallation(engine),
      });
      try {
        const { registers } = await core.parts.registers.list();
        expect(registers).toEqual([expect.objectContaining({ id: readRegisterId(home), name: 'Caja 1', this_register: true })]);
        expect(await core.parts.shifts.current()).toMatchObject({ register_name: 'Caja 1', opening_float: '30000.00' });
      } finally {
        await core.close();
      }
    } finally {
      await engine.close();
    }
  });

  it("the ledger's open work is compared by meaning too: a changed body of an open submission is told apart from the queue", async () => {
    const source = SqliteSource.open(file, migrations.length);
    const engine = await openPostgres({ url, migrations });
    try {
      const same = await engine.transaction((trx) => openWorkProofs(source, trx));
      expect(same.map((p) => [p.part, p.sqlite.rows, p.postgres.hash === p.sqlite.hash])).toEqual([
        ['open_submissions', report.openSubmissions, true],
        ['contingency_queue', 1, true],
      ]);
      // Changed in a transaction that is rolled back: the moved database stays as it was.
      const rolledBack = new Error('rolled back');
      const changed = await engine
        .transaction(async (trx) => {
          await sql`UPDATE submissions SET request_body = request_body || '\x20'::bytea WHERE state = 'pending'`.execute(trx);
          throw Object.assign(rolledBack, { proofs: await openWorkProofs(source, trx) });
        })
        .catch((error: { proofs: Awaited<ReturnType<typeof openWorkProofs>> }) => error.proofs);
      expect(changed.map((p) => [p.part, p.postgres.hash === p.sqlite.hash])).toEqual([
        ['open_submissions', false],
        ['contingency_queue', true],
      ]);
    } finally {
      await engine.close();
      source.close();
    }
  });

  it('refuses a database that already holds data, and changes nothing on either side', async () => {
    const before = sha256(file);
    const counts = await rowCounts(url);
    const error = await refusal(moveToPostgres({ sqliteFile: file, url }));
    expect(error).toMatchObject({ code: 'conflict', details: { reason: 'not_empty' } });
    expect(error.message).toMatch(
      /^La base de datos del negocio ya tiene datos \(tablas .*submissions.*\)\..*no se modificó nada\.$/,
    );
    expect(await rowCounts(url)).toEqual(counts);
    expect(sha256(file)).toBe(before);
  });
});

describe('refusals and the proof', { timeout: 120_000 }, () => {
  it('a copy altered before its proof is rolled back, naming the table; the database stays empty', async () => {
    const url = await testDatabase();
    const before = sha256(file);
    const error = await refusal(
      moveToPostgres({
        sqliteFile: file,
        url,
        beforeProof: async (trx) => {
          await sql`UPDATE customers SET nombre = 'Otro nombre'`.execute(trx);
        },
      }),
    );
    expect(error).toMatchObject({ code: 'store_unavailable', details: { reason: 'proof_failed', table: 'customers' } });
    expect(error.message).toContain(
      'La copia no coincide con los datos de este equipo en customers (1 filas aquí, 1 en la base de datos del negocio, con contenido distinto)',
    );
    expect(Object.values(await rowCounts(url)).every((n) => n === 0)).toBe(true);
    expect(sha256(file)).toBe(before);
  });

  it('a row removed or an open submission changed before the proof is found by its table, and nothing is kept', async () => {
    const url = await testDatabase();
    const removed = await refusal(
      moveToPostgres({
        sqliteFile: file,
        url,
        beforeProof: async (trx) => void (await sql`DELETE FROM form_drafts`.execute(trx)),
      }),
    );
    expect(removed.details).toMatchObject({ table: 'form_drafts', expected: { rows: 1 }, found: { rows: 0 } });
    // The search index PostgreSQL rebuilds holds one row per product.
    const unindexed = await refusal(
      moveToPostgres({
        sqliteFile: file,
        url,
        beforeProof: async (trx) => void (await sql`DELETE FROM catalog_search_words WHERE product_id = 1`.execute(trx)),
      }),
    );
    expect(unindexed.details).toMatchObject({ table: 'catalog_search_words', expected: { rows: 2 }, found: { rows: 1 } });
    const ledger = await refusal(
      moveToPostgres({
        sqliteFile: file,
        url,
        beforeProof: async (trx) =>
          void (await sql`UPDATE submissions SET state = 'accepted' WHERE state IN ('sending', 'in_doubt', 'pending')`.execute(
            trx,
          )),
      }),
    );
    expect(ledger.details).toMatchObject({ table: 'submissions' });
    expect(Object.values(await rowCounts(url)).every((n) => n === 0)).toBe(true);
  });

  it('refuses a database of a newer schema and a SQLite file of another program or another version, changing nothing', async () => {
    const url = await testDatabase();
    const engine = await openPostgres({ url, migrations });
    await sql`UPDATE schema_version SET version = ${migrations.length + 1}`.execute(engine.db);
    await engine.close();
    const before = sha256(file);
    expect(await refusal(moveToPostgres({ sqliteFile: file, url }))).toMatchObject({ code: 'store_newer_than_app' });
    expect(sha256(file)).toBe(before);
    // An older schema is not brought up to date by the move: it is refused as it is.
    const olderUrl = await testDatabase();
    await (await openPostgres({ url: olderUrl, migrations: migrations.slice(0, -2) })).close();
    expect(await refusal(moveToPostgres({ sqliteFile: file, url: olderUrl }))).toMatchObject({
      code: 'conflict',
      details: { reason: 'older_database', schemaVersion: migrations.length - 2 },
    });
    const version = await openVersion(olderUrl);
    expect(version).toBe(migrations.length - 2);
    // Another program's tables: refused, left as they are.
    const theirs = await testDatabase();
    const client = new pg.Client(theirs);
    await client.connect();
    await client.query("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT); INSERT INTO notes VALUES (1, 'nota')");
    await client.end();
    const foreignTarget = await refusal(moveToPostgres({ sqliteFile: file, url: theirs }));
    expect(foreignTarget).toMatchObject({ code: 'conflict', details: { reason: 'foreign_database' } });
    expect(foreignTarget.message).toBe(
      'La base de datos ya tiene tablas de otro programa (notes). Use una base de datos vacía, creada para Factura Desk; no se modificó nada.',
    );
    expect(await rowCounts(theirs)).toEqual({ notes: 1 });

    const foreign = join(dir.path, 'other.sqlite');
    const other = new Database(foreign);
    other.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)');
    other.close();
    const fresh = await testDatabase();
    expect((await refusal(moveToPostgres({ sqliteFile: foreign, url: fresh }))).message).toMatch(/no es de Factura Desk/);
    const older = join(dir.path, 'older.sqlite');
    copyFileSync(file, older);
    const lowered = new Database(older);
    lowered.pragma(`user_version = ${migrations.length - 1}`);
    lowered.close();
    const olderHash = sha256(older);
    expect((await refusal(moveToPostgres({ sqliteFile: older, url: fresh }))).message).toMatch(/versión anterior/);
    expect(sha256(older)).toBe(olderHash);
    // Nothing was created in the database the refused moves named.
    expect(await rowCounts(fresh)).toEqual({});
  });

  it('a role that owns its database but is no superuser can move (triggers are disabled as the owner)', async () => {
    const admin = new pg.Client(inject('postgresAdmin'));
    await admin.connect();
    const role = `tienda_${process.pid}`;
    try {
      await admin.query(`CREATE ROLE ${role} LOGIN NOSUPERUSER`);
      await admin.query(`CREATE DATABASE ${role} OWNER ${role}`);
    } finally {
      await admin.end();
    }
    const url = new URL(inject('postgresAdmin'));
    url.username = role;
    url.pathname = `/${role}`;
    const moved = await moveToPostgres({ sqliteFile: file, url: url.toString() });
    expect(moved.tables.find((t) => t.name === 'shifts')).toMatchObject({ rows: 2 });
    expect((await rowCounts(url.toString())).shift_sales).toBe(4);
  });

  it('a row SQLite kept against a foreign key is refused by name, and nothing is kept', async () => {
    const orphaned = join(dir.path, 'orphan.sqlite');
    copyFileSync(file, orphaned);
    // SQLite checks foreign keys only where the connection asks it to: a tool that did not left this.
    const lite = new Database(orphaned);
    lite.pragma('foreign_keys = OFF');
    lite.exec('INSERT INTO poll_schedule (submission_id, due_at) VALUES (999999, 0)');
    lite.close();
    const url = await testDatabase();
    const error = await refusal(moveToPostgres({ sqliteFile: orphaned, url }));
    expect(error).toMatchObject({ code: 'store_unavailable', details: { reason: 'row_refused', table: 'poll_schedule' } });
    expect(error.message).toMatch(/^Una fila de la tabla poll_schedule de este equipo no cumple una regla/);
    expect(Object.values(await rowCounts(url)).every((n) => n === 0)).toBe(true);
  });

  it('a table a later migration adds is copied with the rest; one PostgreSQL lacks stops the move', async () => {
    const loyalty: Migration = {
      version: migrations.length + 1,
      name: 'loyalty_points',
      up: (db) =>
        db.exec(
          'CREATE TABLE loyalty_points (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customers (id), points INTEGER NOT NULL)',
        ),
      postgres: async (db) =>
        void (await sql`CREATE TABLE loyalty_points (id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, customer_id BIGINT NOT NULL REFERENCES customers (id), points BIGINT NOT NULL)`.execute(
          db,
        )),
    };
    const copy = join(dir.path, 'later.sqlite');
    copyFileSync(file, copy);
    const later = Store.open(copy, { migrations: [...migrations, loyalty] });
    // Twelve rows: ids past 9 must be read in the same (numeric) order on both engines.
    const award = later.db.prepare('INSERT INTO loyalty_points (customer_id, points) SELECT id, ? FROM customers');
    for (let points = 1; points <= 12; points += 1) award.run(points * 10);
    // An integer past 2^53 (a JavaScript number would round it) goes across exactly.
    later.db.prepare('UPDATE loyalty_points SET points = ? WHERE id = 12').run(2n ** 53n + 1n);
    later.close();
    const url = await testDatabase();
    const moved = await moveToPostgres({ sqliteFile: copy, url, migrations: [...migrations, loyalty] });
    expect(moved.tables.find((t) => t.name === 'loyalty_points')).toMatchObject({ rows: 12 });
    const client = new pg.Client(url);
    await client.connect();
    const exact = (await client.query<{ points: string }>('SELECT points::text AS points FROM loyalty_points WHERE id = 12'))
      .rows;
    await client.end();
    expect(exact).toEqual([{ points: '9007199254740993' }]);
    expect(moved.tables.map((t) => t.name).indexOf('customers')).toBeLessThan(
      moved.tables.map((t) => t.name).indexOf('loyalty_points'),
    );

    const sqliteOnly: Migration = { ...loyalty, postgres: async () => undefined };
    const error = await refusal(
      moveToPostgres({ sqliteFile: copy, url: await testDatabase(), migrations: [...migrations, sqliteOnly] }),
    );
    expect(error).toMatchObject({ code: 'internal', details: { reason: 'tables_differ', missing: ['loyalty_points'] } });
  });
});

describe('the command line', { timeout: 120_000 }, () => {
  it('moves with the password from the environment and prints the proof in Spanish; a second run is refused', async () => {
    const url = await testDatabase();
    const env = { FACTURA_DESK_DATABASE_PASSWORD: 'clave-de-prueba' };
    const before = sha256(file);
    const run = await runCli(home, ['move-to-postgres', url], { env });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Datos pasados a la base de datos del negocio/);
    expect(run.stdout).toMatch(/submissions\s+4 filas/);
    expect(run.stdout).toContain('Prueba: cada tabla leída de vuelta coincide');
    expect(run.stdout).toMatch(/1 venta en la cola de contingencia/);
    expect(run.stdout).not.toContain('clave-de-prueba');
    expect(run.stderr).toContain('Copiada submissions: 4 filas.');
    expect(sha256(file)).toBe(before);

    const again = await runCli(home, ['move-to-postgres', url], { env });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/ya tiene datos/);
  });

  it('refuses while the app works on the data folder, and names it', async () => {
    const lock = FolderLock.acquire(home, { transport: 'electron' });
    try {
      const run = await runCli(home, ['move-to-postgres', await testDatabase()]);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/Factura Desk ya está trabajando con esta carpeta de datos: la aplicación de escritorio/);
    } finally {
      lock.release();
    }
  });

  it('refuses a password written in the address, before connecting', async () => {
    const run = await runCli(home, ['move-to-postgres', 'postgres://postgres:secreta@127.0.0.1:1/tienda']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/No escriba la contraseña en la dirección/);
    expect(run.stderr).not.toContain('secreta');
  });
});
