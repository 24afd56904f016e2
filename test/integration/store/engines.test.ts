// The typed query layer on both engines: SQLite's Kysely shares the Store's connection (what one
// writes the other reads at once); PostgreSQL starts at the baseline equal to schema 25, records
// its version, opens again without change, and refuses what it cannot run (nothing changed).
import { describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { openPostgres, sqliteEngine, type EngineKind } from '#core/store/engine';
import type { Migration } from '#core/store/migration';
import { formatContingencyReference, ticketReference } from '#shared/fe/contingency-reference';
import { migrations } from '#core/store/migrations/index';
import { Store } from '#core/store/store';
import { testDatabase } from '#test/test-database';
import { ENGINE_KINDS, openEngine } from '#test/engines';
import { tempDir } from '#test/temp';

describe('SQLite engine', () => {
  it('reads and writes through the Store’s own connection', async () => {
    const dir = tempDir();
    const store = Store.open(`${dir.path}/data.sqlite`);
    try {
      const engine = sqliteEngine(store.db);
      store.db.prepare("UPDATE installation SET id = 'equipo-a'").run();
      const seen = await engine.db.selectFrom('installation').select('id').executeTakeFirst();
      expect(seen?.id).toBe('equipo-a');
      await engine.db.updateTable('installation').set({ id: 'equipo-b' }).execute();
      expect(store.db.prepare('SELECT id FROM installation').pluck().get()).toBe('equipo-b');
      await engine.close();
      // The Store's connection is still open after the engine is done with it.
      expect(store.db.open).toBe(true);
    } finally {
      store.close();
      dir.remove();
    }
  });
});

describe('transactions on both engines', () => {
  /** SQLite's migration 0014 draws the installation row; PostgreSQL's baseline has none of its own yet. */
  async function open(kind: EngineKind) {
    const opened = await openEngine(kind);
    if (kind === 'postgres') await opened.engine.db.insertInto('installation').values({ singleton: 1, id: 'equipo-0' }).execute();
    return opened;
  }

  for (const kind of ENGINE_KINDS) {
    it(`${kind}: commits the work as a whole, or nothing of it when it throws`, async () => {
      const { engine, close } = await open(kind);
      try {
        await engine.transaction(async (trx) => {
          await trx.updateTable('installation').set({ id: 'equipo-a' }).execute();
        });
        await expect(
          engine.transaction(async (trx) => {
            await trx.updateTable('installation').set({ id: 'equipo-b' }).execute();
            throw new Error('corte a mitad');
          }),
        ).rejects.toThrow('corte a mitad');
        const row = await engine.db.selectFrom('installation').select('id').executeTakeFirst();
        expect(row?.id).toBe('equipo-a');
      } finally {
        await close();
      }
    });

    it(`${kind}: two transactions started together each see their own reads and both commit`, async () => {
      const { engine, close } = await open(kind);
      try {
        await engine.db.updateTable('installation').set({ id: '0' }).execute();
        // Read-then-write in each: interleaved on one connection, one of the two increments would be lost.
        const bump = () =>
          engine.transaction(
            async (trx) => {
              const { id } = await trx
                .selectFrom('installation')
                .select('id')
                .$if(kind === 'postgres', (q) => q.forUpdate())
                .executeTakeFirstOrThrow();
              await trx
                .updateTable('installation')
                .set({ id: String(Number(id) + 1) })
                .execute();
            },
            { durable: true },
          );
        await Promise.all([bump(), bump(), bump()]);
        const row = await engine.db.selectFrom('installation').select('id').executeTakeFirst();
        expect(row?.id).toBe('3');
      } finally {
        await close();
      }
    });
  }

  it('sqlite: a durable commit leaves the connection at synchronous NORMAL and the -wal empty', async () => {
    const { engine, store, close } = await open('sqlite');
    if (!store) throw new Error('a SQLite engine has its Store');
    try {
      await engine.transaction(
        async (trx) => {
          await trx.updateTable('installation').set({ id: 'equipo-c' }).execute();
        },
        { durable: true },
      );
      expect(store.db.pragma('synchronous', { simple: true })).toBe(1);
      const [wal] = store.db.pragma('wal_checkpoint(PASSIVE)') as { log: number }[];
      expect(wal?.log).toBe(0);
    } finally {
      await close();
    }
  });

  it('sqlite: refuses to start inside a transaction the synchronous code left open', async () => {
    const { engine, store, close } = await open('sqlite');
    if (!store) throw new Error('a SQLite engine has its Store');
    try {
      store.db.exec('BEGIN');
      await expect(engine.transaction(() => Promise.resolve(1))).rejects.toThrow('inside another transaction');
      store.db.exec('ROLLBACK');
    } finally {
      await close();
    }
  });
});

describe('PostgreSQL engine', () => {
  async function tables(url: string): Promise<string[]> {
    const client = new pg.Client(url);
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>(
        "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1",
      );
      return rows.map((r) => r.name);
    } finally {
      await client.end();
    }
  }

  it('creates schema 25 in an empty database and opens it again without change', async () => {
    const url = await testDatabase();
    const first = await openPostgres({ url, migrations: migrations.slice(0, 25) });
    expect(first.schemaVersion).toBe(25);
    await first.close();
    const created = await tables(url);
    // Every table of the SQLite schema but SQLite's own search machinery.
    const sqlite = tempDir();
    const store = Store.open(`${sqlite.path}/data.sqlite`, { migrations: migrations.slice(0, 25) });
    const expected = store.db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%_search%' ORDER BY 1",
      )
      .pluck()
      .all() as string[];
    store.close();
    sqlite.remove();
    expect(created).toEqual([...expected, 'schema_version'].sort());
    const again = await openPostgres({ url, migrations: migrations.slice(0, 25) });
    expect(again.schemaVersion).toBe(25);
    await again.close();
  });

  it('keeps the ledger timeline on PostgreSQL as on SQLite (the event trigger)', async () => {
    const url = await testDatabase();
    const engine = await openPostgres({ url, migrations: migrations.slice(0, 25) });
    try {
      const { id } = await engine.db
        .insertInto('submissions')
        .values({
          connection_id: 1,
          base_url: 'http://127.0.0.1',
          company_id: 1,
          kind: 'FE',
          idempotency_key: 'k1',
          endpoint_path: '/v1/fe',
          request_body: Buffer.from('{}'),
          payload_hash: 'h',
          state: 'sending',
          created_at: '2026-01-01T00:00:00.000Z',
          updated_at: '2026-01-01T00:00:00.000Z',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await engine.db.updateTable('submissions').set({ state: 'accepted', updated_at: '2026-01-01T00:00:01.000Z' }).execute();
      // An update that changes nothing the timeline shows adds no event.
      await engine.db.updateTable('submissions').set({ updated_at: '2026-01-01T00:00:02.000Z' }).execute();
      const events = await engine.db
        .selectFrom('submission_events')
        .select(['state', 'at'])
        .where('submission_id', '=', id)
        .orderBy('id')
        .execute();
      expect(events).toEqual([
        { state: 'sending', at: '2026-01-01T00:00:00.000Z' },
        { state: 'accepted', at: '2026-01-01T00:00:01.000Z' },
      ]);
      const body = await engine.db.selectFrom('submissions').select('request_body').executeTakeFirstOrThrow();
      expect(Buffer.isBuffer(body.request_body)).toBe(true);
    } finally {
      await engine.close();
    }
  });

  it('runs a later migration’s PostgreSQL half once, and refuses a list with a migration lacking it', async () => {
    const url = await testDatabase();
    const later: Migration = {
      version: 26,
      name: 'example_for_both',
      up: (db) => db.exec('CREATE TABLE example (id INTEGER PRIMARY KEY)'),
      postgres: async (db: Kysely<unknown>) => {
        await db.schema
          .createTable('example')
          .addColumn('id', 'bigint', (c) => c.primaryKey())
          .execute();
      },
    };
    const engine = await openPostgres({ url, migrations: [...migrations.slice(0, 25), later] });
    expect(engine.schemaVersion).toBe(26);
    await engine.close();
    expect(await tables(url)).toContain('example');
    const sqliteOnly: Migration = { version: 27, name: 'sqlite_only', up: () => undefined };
    await expect(openPostgres({ url, migrations: [...migrations.slice(0, 25), later, sqliteOnly] })).rejects.toMatchObject({
      code: 'store_unavailable',
    });
  });

  it('runs migration 0026’s PostgreSQL half over a ledger at 25: the ticket back-filled on its oldest holder, then unique', async () => {
    const url = await testDatabase();
    const at25 = await openPostgres({ url, migrations: migrations.slice(0, 25) });
    const numbering = {
      numero: '18764000001',
      prefijo: 'CT',
      rango_desde: 1,
      rango_hasta: 50,
      desde: '2026-01-01',
      hasta: '2027-12-31',
    };
    const observaciones = formatContingencyReference(ticketReference(numbering, 12, '2026-11-20', '10:00:00'));
    const body = Buffer.from(JSON.stringify({ es_contingencia: true, observaciones, receptor: { nombre: 'Cliente' } }), 'utf8');
    for (const [key, state] of [
      ['older', 'in_doubt'],
      ['newer', 'pending'],
      ['refused', 'rejected'],
    ] as const) {
      await at25.db
        .insertInto('submissions')
        .values({
          connection_id: 1,
          base_url: 'http://a/v1',
          company_id: 7,
          kind: 'FE',
          idempotency_key: key,
          endpoint_path: '/p',
          request_body: body,
          payload_hash: 'h',
          state,
          created_at: 'now',
          updated_at: 'now',
        })
        .execute();
    }
    await at25.close();
    const engine = await openPostgres({ url, migrations: migrations.slice(0, 26) });
    try {
      expect(engine.schemaVersion).toBe(26);
      const refs = await engine.db.selectFrom('submissions').select(['idempotency_key', 'ticket_ref']).orderBy('id').execute();
      expect(refs).toEqual([
        { idempotency_key: 'older', ticket_ref: '18764000001/CT-12' },
        { idempotency_key: 'newer', ticket_ref: null },
        { idempotency_key: 'refused', ticket_ref: '18764000001/CT-12' },
      ]);
      await expect(
        engine.db
          .updateTable('submissions')
          .set({ ticket_ref: '18764000001/CT-12' })
          .where('idempotency_key', '=', 'newer')
          .execute(),
      ).rejects.toMatchObject({ code: '23505' });
    } finally {
      await engine.close();
    }
  });

  it('runs every migration of this build (each from 26 on carries its PostgreSQL half); a closed shift is read-only there too', async () => {
    expect(migrations.filter((m) => m.version > 25 && !m.postgres).map((m) => m.name)).toEqual([]);
    const url = await testDatabase();
    const engine = await openPostgres({ url, migrations });
    try {
      const at = '2026-11-27T12:00:00.000Z';
      await sql`INSERT INTO cashiers (name, role, pin_salt, pin_key, created_at) VALUES ('Ana', 'administrador', 's', 'k', ${at})`.execute(
        engine.db,
      );
      await sql`INSERT INTO registers (id, name, created_at, last_seen_at) VALUES ('K7QM2X9A', 'Caja 1', ${at}, ${at})`.execute(
        engine.db,
      );
      await sql`INSERT INTO shifts (register_name, register_id, cashier_id, opening_float, opened_at)
        VALUES ('Caja 1', 'K7QM2X9A', 1, '100000.00', ${at})`.execute(engine.db);
      await sql`INSERT INTO shift_movements (shift_id, kind, amount, reason, cashier_id, created_at) VALUES (1, 'out', '20000.00', 'pago a proveedor', 1, ${at})`.execute(
        engine.db,
      );
      // A second open shift on the same register is refused by the partial unique index.
      await expect(
        sql`INSERT INTO shifts (register_name, register_id, cashier_id, opening_float, opened_at)
          VALUES ('Caja 1', 'K7QM2X9A', 1, '0.00', ${at})`.execute(engine.db),
      ).rejects.toMatchObject({ code: '23505' });
      await sql`UPDATE shifts SET closed_at = ${at}, counted_cash = '80000.00', closed_by = 1 WHERE id = 1`.execute(engine.db);
      await expect(sql`UPDATE shifts SET counted_cash = '1.00' WHERE id = 1`.execute(engine.db)).rejects.toThrow(
        /closed shift is read-only/,
      );
      await expect(
        sql`INSERT INTO shift_movements (shift_id, kind, amount, reason, cashier_id, created_at) VALUES (1, 'in', '5.00', 'x', 1, ${at})`.execute(
          engine.db,
        ),
      ).rejects.toThrow(/closed shift is read-only/);
      await expect(sql`DELETE FROM shift_movements`.execute(engine.db)).rejects.toThrow(/never changed/);
      const { rows } = await sql<{ counted_cash: string; moves: number }>`
        SELECT counted_cash, (SELECT count(*)::int FROM shift_movements) AS moves FROM shifts WHERE id = 1`.execute(engine.db);
      expect(rows).toEqual([{ counted_cash: '80000.00', moves: 1 }]);
      // A sale's staged payments move to its submission in the ledger's own insert (0028's trigger).
      await sql`INSERT INTO sale_payments_staged (base_url, company_id, idempotency_key, position, means, method_id, label, amount, received, change)
        VALUES ('http://api', 7, 'clave-1', 1, '10', 1, 'Efectivo', '30000.00', '50000.00', '20000.00')`.execute(engine.db);
      await sql`INSERT INTO submissions (connection_id, base_url, company_id, kind, idempotency_key, endpoint_path, request_body, payload_hash, state, created_at, updated_at)
        VALUES (1, 'http://api', 7, 'FE', 'clave-1', '/fe', ${Buffer.from('{}')}, 'h', 'sending', ${at}, ${at})`.execute(
        engine.db,
      );
      const paid = await sql<{ means: string; change: string; staged: number }>`
        SELECT means, change, (SELECT count(*)::int FROM sale_payments_staged) AS staged FROM sale_payments`.execute(engine.db);
      expect(paid.rows).toEqual([{ means: '10', change: '20000.00', staged: 0 }]);
    } finally {
      await engine.close();
    }
  });

  it('refuses a database of a newer schema, changing nothing', async () => {
    const url = await testDatabase();
    const engine = await openPostgres({ url, migrations: migrations.slice(0, 25) });
    await sql`UPDATE schema_version SET version = 99`.execute(engine.db);
    await engine.close();
    await expect(openPostgres({ url, migrations: migrations.slice(0, 25) })).rejects.toMatchObject({
      code: 'store_newer_than_app',
    });
    const client = new pg.Client(url);
    await client.connect();
    expect((await client.query('SELECT version FROM schema_version')).rows[0]).toEqual({ version: 99 });
    await client.end();
  });
});
