// Migration 0035 on both engines, from an empty database: on PostgreSQL the report's narrow indexes
// carry the row's id, so a year's report reads them only (an index-only scan, the wide rows of the
// mirror and the ledger's request bodies left alone); on SQLite nothing changes (its indexes hold the
// rowid). The report over the same documents is the same before and after.
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LedgerReads } from '#core/ledger-reads/ledger-reads';
import { periodReport } from '#core/reports/period-report';
import { openPostgres, sqliteEngine, type Engine } from '#core/store/engine';
import { migrations } from '#core/store/migrations/index';
import { Store } from '#core/store/store';
import { testDatabase } from '#test/test-database';
import { tempDir } from '#test/temp';

const BEFORE = migrations.filter((m) => m.version < 35);
/** Up to 0035 itself: later migrations change other indexes (0036 makes the outbox again). */
const THROUGH = migrations.filter((m) => m.version <= 35);
const PERIOD = { from: '2026-01-01', to: '2026-12-31' };

interface Opened {
  engine: Engine;
  /** SQLite's index definitions, or PostgreSQL's, by name */
  indexes(): Promise<Record<string, string>>;
  close(): Promise<void>;
}

async function opener(kind: Engine['kind']): Promise<{ open(list: typeof migrations): Promise<Opened>; remove(): void }> {
  if (kind === 'sqlite') {
    const dir = tempDir();
    return {
      open: (list) => {
        const store = Store.open(join(dir.path, 'data.sqlite'), { migrations: list });
        const indexes = () =>
          Promise.resolve(
            Object.fromEntries(
              (
                store.db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL").all() as {
                  name: string;
                  sql: string;
                }[]
              ).map((row) => [row.name, row.sql]),
            ),
          );
        return Promise.resolve({
          engine: sqliteEngine(store.db),
          indexes,
          close: () => {
            store.close();
            return Promise.resolve();
          },
        });
      },
      remove: () => dir.remove(),
    };
  }
  const url = await testDatabase();
  return {
    open: async (list) => {
      const engine = await openPostgres({ url, migrations: list });
      const indexes = async () =>
        Object.fromEntries(
          (
            await sql<{ indexname: string; indexdef: string }>`SELECT indexname, indexdef FROM pg_indexes
              WHERE schemaname = current_schema()`.execute(engine.db)
          ).rows.map((row) => [row.indexname, row.indexdef]),
        );
      return { engine, indexes, close: () => engine.close() };
    },
    remove: () => undefined,
  };
}

/** Documents of a year, accepted, rejected and pending, a few with their ledger rows. */
async function seed(engine: Engine): Promise<void> {
  await engine.db
    .insertInto('connections')
    .values({ id: 1, label: 'Empresa', kind: 'sandbox', base_url: 'http://127.0.0.1:9/api/v1', company_id: 101, created_at: '' })
    .execute();
  const states = ['aceptado', 'aceptado', 'rechazado', 'en_proceso', 'aceptado_con_notificaciones'];
  for (let i = 1; i <= 20; i += 1) {
    const day = `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`;
    await engine.db
      .insertInto('history_documents')
      .values({
        connection_id: 1,
        kind: i % 4 === 0 ? 'DSE' : 'FE',
        remote_id: i,
        tipo_dian: '01',
        number: `SETP${1000 + i}`,
        prefijo: 'SETP',
        consecutivo: 1000 + i,
        estado_dian: states[i % states.length]!,
        fiscal_key: `key-${i}`,
        issue_date: day,
        counterpart_name: `Cliente ${i % 3}`,
        counterpart_doc: `90000000${i % 3}`,
        subtotal: `${i * 1000}.00`,
        impuestos: `${i * 190}.00`,
        total: `${i * 1190}.00`,
        total_cents: i * 119_000,
        moneda: i === 7 ? 'USD' : 'COP',
        items_text: 'Arroz',
        document_json: '{}',
        submission_id: null,
        synced_at: `${day}T12:00:00.000Z`,
      })
      .execute();
  }
}

const report = async (engine: Engine) => {
  const { generated_at: _at, ...rest } = await periodReport(
    engine,
    new LedgerReads(engine),
    { connectionId: 1, connectionLabel: 'Empresa', now: new Date() },
    PERIOD,
  );
  return rest;
};

describe.each(['sqlite', 'postgres'] as const)('migration 0035 (report indexes cover the id) on %s', (kind) => {
  let database: Awaited<ReturnType<typeof opener>>;
  beforeAll(async () => {
    database = await opener(kind);
  });
  afterAll(() => database?.remove());

  it('keeps the report the same and, on PostgreSQL, answers it from the narrow indexes alone', async () => {
    const before = await database.open(BEFORE);
    let reported: Awaited<ReturnType<typeof report>>;
    let indexesBefore: Record<string, string>;
    try {
      await seed(before.engine);
      reported = await report(before.engine);
      indexesBefore = await before.indexes();
    } finally {
      await before.close();
    }
    const after = await database.open(THROUGH);
    try {
      expect(await report(after.engine)).toEqual(reported);
      expect(reported.summary.reduce((n, s) => n + s.documents, 0)).toBeGreaterThan(0);
      const indexes = await after.indexes();
      if (kind === 'sqlite') {
        expect(indexes).toEqual(indexesBefore);
        return;
      }
      expect(indexes.report_by_date).toMatch(/\(connection_id, issue_date\) INCLUDE \(.*\bid\)$/);
      expect(indexes.submissions_by_connection_updated).toMatch(/\(connection_id, updated_at\) INCLUDE \(id\)$/);
      await sql`VACUUM ANALYZE history_documents`.execute(after.engine.db);
      // What a report reads of each counted document, with the id it joins its kept figures on.
      const plan = await after.engine.transaction(async (trx) => {
        await sql`SET LOCAL enable_seqscan = off`.execute(trx);
        await sql`SET LOCAL enable_bitmapscan = off`.execute(trx);
        const { rows } = await sql<{ 'QUERY PLAN': string }>`EXPLAIN (COSTS OFF)
          SELECT h.id, h.kind, h.issue_date, h.counterpart_doc, h.subtotal, h.impuestos, h.total_cents FROM history_documents h
          WHERE h.connection_id = 1 AND h.issue_date >= ${PERIOD.from} AND h.issue_date <= ${PERIOD.to}
            AND h.estado_dian IN ('aceptado', 'aceptado_con_notificaciones') AND h.moneda = 'COP'`.execute(trx);
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      });
      expect(plan).toContain('Index Only Scan using report_by_date');
    } finally {
      await after.close();
    }
  });
});
