// Migration 0039 on both engines, from an empty database: a mirrored document deleted takes its kept
// report figures along (on PostgreSQL by a statement trigger, which replaced the foreign keys whose
// per-row check slowed the first report's write; on SQLite by the foreign keys of 0013, unchanged),
// and on PostgreSQL the figures' tables no longer reference history_documents.
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '#core/store/engine';
import { addConnections, ENGINE_KINDS, openEngine, type OpenedEngine } from '#test/engines';
import { migrations } from '#core/store/migrations/index';
import { acceptedDocument } from '#test/history-rows';

const THROUGH = migrations.filter((m) => m.version <= 39);

/** Three mirrored documents, each with its kept figures: a report_documents row and two amounts. */
async function seed(engine: Engine): Promise<number[]> {
  await addConnections(engine, [1]);
  const ids: number[] = [];
  for (let i = 1; i <= 3; i += 1) {
    const { id } = await engine.db
      .insertInto('history_documents')
      .values(acceptedDocument(i, 'Cliente', 'Arroz'))
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(Number(id));
    await engine.db
      .insertInto('report_documents')
      .values({ history_id: id, submission_id: null, period_from: null, period_to: null })
      .execute();
    // Its IVA at 19 % and a line excluded from IVA (as the figures of an FE with both keep them).
    const amount = { history_id: id, fact: 'tax', base_mode: null } as const;
    await engine.db
      .insertInto('report_amounts')
      .values([
        { ...amount, code: '01', name: 'IVA', rate: '19', base_cents: 100_000, amount_cents: 19_000 },
        { ...amount, code: 'ZZ', name: 'IVA excluido', rate: '0', base_cents: 5_000, amount_cents: 0 },
      ])
      .execute();
  }
  return ids;
}

async function keptOf(engine: Engine): Promise<{ documents: number[]; amounts: number[] }> {
  const documents = await engine.db.selectFrom('report_documents').select('history_id').orderBy('history_id').execute();
  const amounts = await engine.db.selectFrom('report_amounts').select('history_id').orderBy('history_id').execute();
  return { documents: documents.map((r) => Number(r.history_id)), amounts: amounts.map((r) => Number(r.history_id)) };
}

describe.each(ENGINE_KINDS)('migration 0039 (report figures follow their document by trigger) on %s', (kind) => {
  let opened: OpenedEngine | undefined;
  afterEach(async () => {
    await opened?.close();
    opened = undefined;
  });

  it('deletes the kept figures of the documents deleted, in one statement, and keeps the others', async () => {
    opened = await openEngine(kind, THROUGH);
    const { engine } = opened;
    const [first, second, third] = await seed(engine);
    await engine.db.deleteFrom('history_documents').where('id', 'in', [first!, third!]).execute();
    expect(await keptOf(engine)).toEqual({ documents: [second], amounts: [second, second] });
    await engine.db.deleteFrom('history_documents').execute();
    expect(await keptOf(engine)).toEqual({ documents: [], amounts: [] });
  });

  it('on PostgreSQL leaves no foreign key from the figures to the mirror; SQLite keeps its keys', async () => {
    opened = await openEngine(kind, THROUGH);
    if (kind === 'postgres') {
      const { rows } = await sql<{ table: string }>`SELECT conrelid::regclass::text AS table FROM pg_constraint
        WHERE contype = 'f' AND confrelid = 'history_documents'::regclass`.execute(opened.engine.db);
      expect(rows.map((r) => r.table).filter((t) => t.startsWith('report_'))).toEqual([]);
    } else {
      for (const table of ['report_documents', 'report_amounts']) {
        const { rows } = await sql<{ table: string }>`SELECT "table" FROM pragma_foreign_key_list(${table})`.execute(
          opened.engine.db,
        );
        expect(
          rows.map((r) => r.table),
          table,
        ).toContain('history_documents');
      }
    }
  });
});
