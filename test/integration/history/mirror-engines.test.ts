// The history mirror on both engines, one test body per engine: a document is written when new or
// changed and left alone when only its sync time differs, a page of documents is written in one
// transaction with the local records of rejections it replaces adopted, and the states it holds are
// read back (the Historial's own search on each engine is search-engines.test.ts).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HistoryMirror, type MirrorRow } from '#core/history/mirror';
import { addConnections, ENGINE_KINDS, openEngine, type OpenedEngine } from '#test/engines';

const row = (change: Partial<MirrorRow> = {}): MirrorRow => ({
  connection_id: 1,
  kind: 'FE',
  remote_id: 42,
  tipo_dian: '01',
  number: 'SETP990000042',
  prefijo: 'SETP',
  consecutivo: 990000042,
  estado_dian: 'en_proceso',
  fiscal_key: 'c'.repeat(96),
  issue_date: '2026-11-20',
  counterpart_name: 'Panadería La Espiga',
  counterpart_doc: '900123456',
  subtotal: '100000.00',
  impuestos: '19000.00',
  total: '119000.00',
  total_cents: 11_900_000,
  moneda: 'COP',
  items_text: 'Pan tajado integral',
  document_json: '{"id":42}',
  submission_id: null,
  synced_at: '2026-11-20T15:00:00.000Z',
  ...change,
});
const later = '2026-11-21T09:30:00.000Z';

describe.each(ENGINE_KINDS)('history mirror on %s', (kind) => {
  let opened: OpenedEngine;
  let mirror: HistoryMirror;
  beforeEach(async () => {
    opened = await openEngine(kind);
    await addConnections(opened.engine, [1, 2]);
    mirror = new HistoryMirror(opened.engine);
  });
  afterEach(async () => {
    await opened.close();
  });

  const stored = (remoteId = 42) =>
    opened.engine.db.selectFrom('history_documents').selectAll().where('remote_id', '=', remoteId).executeTakeFirstOrThrow();

  /** A rejected FE in the ledger and its local record in the mirror (no server id: remote_id is minus the submission's). */
  async function localRejection(key: string, change: Partial<MirrorRow>): Promise<number> {
    const { id } = await opened.engine.db
      .insertInto('submissions')
      .values({
        connection_id: 1,
        base_url: 'http://127.0.0.1:9/api/v1',
        company_id: 101,
        kind: 'FE',
        idempotency_key: key,
        endpoint_path: '/fe/facturas',
        request_body: Buffer.from('{}'),
        payload_hash: 'h',
        state: 'rejected',
        created_at: '2026-11-20T14:00:00.000Z',
        updated_at: '2026-11-20T14:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await mirror.upsert(
      row({
        remote_id: -id,
        estado_dian: 'rechazado',
        number: '',
        fiscal_key: '',
        document_json: '{"registro_local":true}',
        submission_id: id,
        ...change,
      }),
    );
    return id;
  }

  it('writes a new or changed document, leaves one that differs only in its sync time alone, and keeps the submission it knows', async () => {
    expect(await mirror.upsert(row())).toBe(true);
    expect(await mirror.upsert(row({ synced_at: later }))).toBe(false);
    expect(await stored()).toMatchObject(row());
    expect(await mirror.upsert(row({ estado_dian: 'aceptado', submission_id: 7, synced_at: later }))).toBe(true);
    expect(await stored()).toMatchObject(row({ estado_dian: 'aceptado', submission_id: 7, synced_at: later }));
    // A row without a submission keeps the one stored, and is no change by itself.
    expect(await mirror.upsert(row({ estado_dian: 'aceptado', synced_at: '2026-11-22T00:00:00.000Z' }))).toBe(false);
    expect((await stored()).submission_id).toBe(7);
    expect(await mirror.known(1, 'FE', 42)).toEqual({ estado_dian: 'aceptado', local: false });
    expect(await mirror.known(1, 'DSE', 42)).toBeUndefined();
    expect(await mirror.known(2, 'FE', 42)).toBeUndefined();
    // A page may name a document twice: one write, the last one.
    expect(
      await mirror.upsertAll([
        row({ remote_id: 43, estado_dian: 'en_proceso' }),
        row({ remote_id: 43, estado_dian: 'rechazado' }),
      ]),
    ).toBe(1);
    expect((await stored(43)).estado_dian).toBe('rechazado');
    expect(await mirror.count(1)).toBe(2);
    expect(await mirror.count(2)).toBe(0);
  });

  it("adopts the local record of a rejection into the server's document: by key, CUFE, number, or the one alike", async () => {
    const byKey = await localRejection('draft-1', { total_cents: 1 });
    const byCufe = await localRejection('draft-2', { fiscal_key: 'f'.repeat(96), total_cents: 2 });
    const byNumber = await localRejection('draft-3', { number: 'SETP990000103', total_cents: 3 });
    const alike = await localRejection('draft-4', { counterpart_doc: '800111222', total_cents: 4 });
    const kept = await localRejection('draft-5', { counterpart_doc: '800111222', total_cents: 5 });
    expect((await mirror.known(1, 'FE', -byKey))?.local).toBe(true);

    const page = [
      { row: row({ remote_id: 101, estado_dian: 'rechazado' }), draftKey: 'draft-1' },
      { row: row({ remote_id: 102, estado_dian: 'rechazado', fiscal_key: 'f'.repeat(96) }) },
      { row: row({ remote_id: 103, estado_dian: 'rechazado', number: 'SETP990000103' }) },
      { row: row({ remote_id: 104, estado_dian: 'rechazado', counterpart_doc: '800111222', total_cents: 4 }) },
      // Accepted: never taken for a rejection by its amounts alone.
      { row: row({ remote_id: 105, estado_dian: 'aceptado', counterpart_doc: '800111222', total_cents: 5 }) },
    ];
    await opened.engine.transaction(async (trx) => {
      await mirror.upsertAll(await mirror.adoptLocalRecords(trx, page), trx);
    });
    const rows = await opened.engine.db
      .selectFrom('history_documents')
      .select(['remote_id', 'submission_id'])
      .orderBy('remote_id')
      .execute();
    expect(rows).toEqual([
      { remote_id: -kept, submission_id: kept },
      { remote_id: 101, submission_id: byKey },
      { remote_id: 102, submission_id: byCufe },
      { remote_id: 103, submission_id: byNumber },
      { remote_id: 104, submission_id: alike },
      { remote_id: 105, submission_id: null },
    ]);
    expect(await mirror.linked(1, 'FE', byKey)).toBe(true);
    expect(await mirror.linked(1, 'DSE', byKey)).toBe(false);
    expect(await mirror.linked(2, 'FE', byKey)).toBe(false);
  });
});
