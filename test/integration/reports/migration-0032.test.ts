// Migration 0032 on both engines, one test body per engine: report figures cached before the 0 %
// groups were counted (only the 19 % row of a sale that also has an excluded line) are dropped, so
// the next report, on either engine, computes them again from the ledger's request, «IVA excluido» included.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LedgerReads } from '#core/ledger-reads/ledger-reads';
import { periodReport } from '#core/reports/period-report';
import { openPostgres, sqliteEngine, type Engine } from '#core/store/engine';
import { migrations } from '#core/store/migrations/index';
import { Store } from '#core/store/store';
import { feFigures } from '#shared/reports/document-figures';
import { testDatabase } from '#test/test-database';
import { tempDir } from '#test/temp';

const BEFORE = migrations.filter((m) => m.version < 32);

interface Opened {
  engine: Engine;
  close(): Promise<void>;
}

/** Opens the same database at a schema version: `migrations` up to it. */
type Opener = (list: typeof migrations) => Promise<Opened>;

const ENGINES: Record<Engine['kind'], () => Promise<{ open: Opener; remove(): void }>> = {
  sqlite: () => {
    const dir = tempDir();
    const file = join(dir.path, 'data.sqlite');
    return Promise.resolve({
      open: (list) => {
        const store = Store.open(file, { migrations: list });
        return Promise.resolve({
          engine: sqliteEngine(store.db),
          close: () => {
            store.close();
            return Promise.resolve();
          },
        });
      },
      remove: () => dir.remove(),
    });
  },
  postgres: async () => {
    const url = await testDatabase();
    return {
      open: async (list) => {
        const engine = await openPostgres({ url, migrations: list });
        return { engine, close: () => engine.close() };
      },
      remove: () => undefined,
    };
  },
};

/** A sale with a line at 19 % and an excluded one (rate 0, no tax code). */
const REQUEST = {
  receptor: { tipo_doc: '13', numero_doc: '222222222222', nombre: 'Consumidor final' },
  items: [
    { desc: 'Jabón', cant: 1, unit: 1000, iva: 19, iva_incluido: false },
    { desc: 'Arroz', cant: 2, unit: 500, iva: 0, iva_incluido: false },
  ],
  payment: { form: 'contado', method_id: 1, means_code: '10', due_date: '' },
  withholdings: [],
};
const DAY = '2026-11-20';
const PERIOD = { from: '2026-11-01', to: '2026-11-30' };

/** The sale in the ledger and the mirror, and its figures as a build before the 0 % groups cached them. */
async function seedOldCache(engine: Engine): Promise<number> {
  const { id: submissionId } = await engine.db
    .insertInto('submissions')
    .values({
      connection_id: 1,
      base_url: 'http://127.0.0.1:1',
      company_id: 1,
      kind: 'FE',
      idempotency_key: 'sale-1',
      endpoint_path: '/fe/facturas',
      request_body: Buffer.from(JSON.stringify(REQUEST)),
      payload_hash: 'h',
      state: 'accepted',
      document_id: 1,
      created_at: `${DAY}T15:00:00.000Z`,
      updated_at: `${DAY}T15:00:00.000Z`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: historyId } = await engine.db
    .insertInto('history_documents')
    .values({
      connection_id: 1,
      kind: 'FE',
      remote_id: 1,
      tipo_dian: '01',
      number: 'SETP990000001',
      prefijo: 'SETP',
      consecutivo: 990000001,
      estado_dian: 'aceptado',
      fiscal_key: 'cufe-1',
      issue_date: DAY,
      counterpart_name: 'Consumidor final',
      counterpart_doc: '222222222222',
      subtotal: '2000.00',
      impuestos: '190.00',
      total: '2190.00',
      total_cents: 219_000,
      moneda: 'COP',
      items_text: 'Jabón\nArroz',
      document_json: '{"id":1}',
      submission_id: submissionId,
      synced_at: `${DAY}T15:00:00.000Z`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await engine.db
    .insertInto('report_documents')
    .values({ history_id: historyId, submission_id: submissionId, period_from: null, period_to: null })
    .execute();
  await engine.db
    .insertInto('report_amounts')
    .values({
      history_id: historyId,
      fact: 'tax',
      code: '01',
      name: 'IVA',
      rate: '19',
      base_mode: null,
      base_cents: 100_000,
      amount_cents: 19_000,
    })
    .execute();
  return historyId;
}

const taxNames = async (engine: Engine) =>
  (
    await periodReport(engine, new LedgerReads(engine), { connectionId: 1, connectionLabel: 'c', now: new Date() }, PERIOD)
  ).taxes.map((row) => row.name);

describe.each(['sqlite', 'postgres'] as const)('migration 0032 (report caches recomputed) on %s', (kind) => {
  let database: Awaited<ReturnType<(typeof ENGINES)['sqlite']>>;
  let historyId: number;
  beforeAll(async () => {
    database = await ENGINES[kind]();
  });
  afterAll(() => database?.remove());

  it('drops the figures cached before the 0 % rows, so the next report shows «IVA excluido»', async () => {
    const before = await database.open(BEFORE);
    historyId = await seedOldCache(before.engine);
    // The old cache is what a report over the period read until now: the 19 % row alone.
    expect(await taxNames(before.engine)).toEqual(['IVA']);
    await before.close();

    const after = await database.open(migrations);
    try {
      expect(await after.engine.db.selectFrom('report_amounts').selectAll().execute()).toEqual([]);
      expect(await after.engine.db.selectFrom('report_documents').selectAll().execute()).toEqual([]);
      // The mirror and the ledger are untouched, and the document is one the next report computes.
      const reads = new LedgerReads(after.engine);
      expect(await reads.documentsWithoutFacts(1, PERIOD.from, PERIOD.to, false)).toEqual([historyId]);
      const [request] = await reads.requestsOf([historyId]);
      const figures = feFigures(JSON.parse(request!.request_body!.toString('utf8')));
      expect(figures?.taxes.map((tax) => tax.name)).toEqual(expect.arrayContaining(['IVA', 'IVA excluido']));
      expect(await taxNames(after.engine)).toEqual(expect.arrayContaining(['IVA', 'IVA excluido']));
    } finally {
      await after.close();
    }
  });
});
