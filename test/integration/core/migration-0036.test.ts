// Migration 0036 on both engines, from a store of migration 35 holding queued sales: the outbox keeps
// every row, id and value, its indexes (the queue's and the one that refuses a ticket number twice)
// and its CHECK, which now also takes `reserved_used_up`; ticket_blocks exists, one block per start.
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres, sqliteEngine, type Engine } from '#core/store/engine';
import { migrations } from '#core/store/migrations/index';
import { Store } from '#core/store/store';
import { testDatabase } from '#test/test-database';
import { tempDir } from '#test/temp';

const BEFORE = migrations.filter((m) => m.version < 36);
const dir = tempDir();
afterAll(() => dir.remove());

async function open(
  kind: Engine['kind'],
  list: typeof migrations,
  url: string,
): Promise<{ engine: Engine; close(): Promise<void> }> {
  if (kind === 'sqlite') {
    const store = Store.open(join(dir.path, 'data.sqlite'), { migrations: list });
    return {
      engine: sqliteEngine(store.db),
      close: () => {
        store.close();
        return Promise.resolve();
      },
    };
  }
  const engine = await openPostgres({ url, migrations: list });
  return { engine, close: () => engine.close() };
}

const outboxRow = (submission: number, number: number | null, problem: string | null) => ({
  submission_id: submission,
  replaced_id: null,
  kind: 'FE',
  local_ref: `CONT-${submission}`,
  original_hash: `h${submission}`,
  queued_at: '2026-12-07T10:00:00.000Z',
  deadline_at: '2026-12-09T10:00:00.000Z',
  transmitted_at: submission === 1 ? '2026-12-07T11:00:00.000Z' : null,
  last_error: null,
  ticket_resolution: number === null ? null : '18764000001',
  ticket_prefix: number === null ? null : 'CT',
  ticket_number: number,
  ticket_json: number === null ? null : `{"n":${number}}`,
  ticket_problem: problem,
});

async function submission(engine: Engine, n: number): Promise<number> {
  const row = await engine.db
    .insertInto('submissions')
    .values({
      connection_id: 1,
      base_url: 'http://127.0.0.1:9/api/v1',
      company_id: 101,
      kind: 'FE',
      idempotency_key: `clave-${n}`,
      endpoint_path: '/fe/facturas',
      request_body: Buffer.from('{}'),
      payload_hash: 'h',
      state: 'accepted',
      created_at: '',
      updated_at: '',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

const rows = async (engine: Engine) =>
  (await engine.db.selectFrom('outbox').selectAll().orderBy('id').execute()).map((row) => ({
    ...row,
    id: Number(row.id),
    submission_id: Number(row.submission_id),
    ticket_number: row.ticket_number === null ? null : Number(row.ticket_number),
  }));

describe.each(['sqlite', 'postgres'] as const)('migration 0036 on %s', (kind) => {
  it('keeps the queue as it was, with its indexes, and lets a queued sale say its register used its numbers', async () => {
    const url = kind === 'postgres' ? await testDatabase() : '';
    const before = await open(kind, BEFORE, url);
    await before.engine.db
      .insertInto('connections')
      .values({
        id: 1,
        label: 'Empresa',
        kind: 'sandbox',
        base_url: 'http://127.0.0.1:9/api/v1',
        company_id: 101,
        created_at: '',
      })
      .execute();
    const ids = [await submission(before.engine, 1), await submission(before.engine, 2), await submission(before.engine, 3)];
    await before.engine.db
      .insertInto('outbox')
      .values([outboxRow(ids[0]!, 1, null), outboxRow(ids[1]!, null, 'used_up'), outboxRow(ids[2]!, 2, null)])
      .execute();
    const kept = await rows(before.engine);
    await before.close();

    const after = await open(kind, migrations, url);
    try {
      const { engine } = after;
      expect(await rows(engine)).toEqual(kept);
      // The ticket index still refuses a number twice; the CHECK takes the new reason and nothing unknown.
      const fourth = await submission(engine, 4);
      await expect(
        engine.db
          .insertInto('outbox')
          .values(outboxRow(fourth, 2, null))
          .execute(),
      ).rejects.toThrow();
      await expect(
        engine.db
          .insertInto('outbox')
          .values(outboxRow(fourth, null, 'otro'))
          .execute(),
      ).rejects.toThrow();
      await engine.db
        .insertInto('outbox')
        .values(outboxRow(fourth, null, 'reserved_used_up'))
        .execute();
      // The queue's partial index is there (SQLite: by name; PostgreSQL: pg_indexes).
      const indexes =
        kind === 'sqlite'
          ? (
              await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'outbox'`.execute(
                engine.db,
              )
            ).rows
          : (await sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes WHERE tablename = 'outbox'`.execute(engine.db))
              .rows;
      expect(indexes.map((index) => index.name)).toEqual(expect.arrayContaining(['outbox_queued', 'outbox_ticket']));
      // New ids continue past the kept ones.
      expect(Math.max(...(await rows(engine)).map((row) => row.id))).toBeGreaterThan(Math.max(...kept.map((row) => row.id)));
      // One block per start of a numbering.
      await engine.db
        .insertInto('registers')
        .values({ id: 'caja0001', name: 'Caja 1', created_at: '', last_seen_at: '' })
        .execute();
      const block = {
        register_id: 'caja0001',
        ticket_resolution: '18764000001',
        ticket_prefix: 'CT',
        first_number: 3,
        last_number: 102,
        reserved_at: '',
      };
      await engine.db.insertInto('ticket_blocks').values(block).execute();
      await expect(engine.db.insertInto('ticket_blocks').values(block).execute()).rejects.toThrow();
      await expect(
        engine.db
          .insertInto('ticket_blocks')
          .values({ ...block, first_number: 200, last_number: 199 })
          .execute(),
      ).rejects.toThrow();
    } finally {
      await after.close();
    }
  });
});
