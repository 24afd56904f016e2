// DSE corrections on both engines, one test body per engine: a correction starts from the rejected
// submission's exact request, is linked under its own key before it is sent, and a rejected DSE is
// corrected once while a correction is on its way or accepted; the links read back both ways.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DseCorrections } from '#core/dse-corrections/corrections';
import type { Engine } from '#core/store/engine';
import { addConnections, ENGINE_KINDS, openEngine, type OpenedEngine } from '#test/engines';

const clock = () => new Date('2026-11-20T15:00:00.000Z');
const REQUEST = { proveedor: { nit: '900111222', nombre: 'Cosechas S.A.S.' }, items: [{ descripcion: 'Papa' }] };

async function submission(
  engine: Engine,
  row: { key: string; state: string; kind?: string; connection?: number; document_id?: number; number?: string },
): Promise<number> {
  const { id } = await engine.db
    .insertInto('submissions')
    .values({
      connection_id: row.connection ?? 1,
      base_url: 'http://127.0.0.1:9/api/v1',
      company_id: 101,
      kind: row.kind ?? 'DSE',
      idempotency_key: row.key,
      endpoint_path: '/dse',
      request_body: Buffer.from(JSON.stringify(REQUEST)),
      payload_hash: 'h',
      state: row.state,
      document_id: row.document_id ?? null,
      document_number: row.number ?? null,
      error_message: row.state === 'rejected' ? 'DSAJ24b: NIT del proveedor no válido.' : null,
      created_at: '2026-11-20T14:00:00.000Z',
      updated_at: '2026-11-20T14:00:00.000Z',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

describe.each(ENGINE_KINDS)('DSE corrections on %s', (kind) => {
  let opened: OpenedEngine;
  let corrections: DseCorrections;
  beforeEach(async () => {
    opened = await openEngine(kind);
    await addConnections(opened.engine, [1, 2]);
    corrections = new DseCorrections(opened.engine, clock);
  });
  afterEach(async () => {
    await opened.close();
  });

  it('starts from the rejected request with its reason and Historial row, and refuses what cannot be corrected', async () => {
    const rejected = await submission(opened.engine, { key: 'r-1', state: 'rejected', document_id: 7, number: 'DS7' });
    const { id: historyId } = await opened.engine.db
      .insertInto('history_documents')
      .values({
        connection_id: 1,
        kind: 'DSE',
        remote_id: 7,
        tipo_dian: '05',
        number: 'DS7',
        prefijo: 'DS',
        consecutivo: 7,
        estado_dian: 'rechazado',
        fiscal_key: 'cuds',
        issue_date: '2026-11-20',
        counterpart_name: 'Cosechas S.A.S.',
        counterpart_doc: '900111222',
        subtotal: '1000.00',
        impuestos: '0.00',
        total: '1000.00',
        total_cents: 100_000,
        moneda: 'COP',
        items_text: 'Papa',
        document_json: '{}',
        submission_id: rejected,
        synced_at: '2026-11-20T14:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await corrections.start(1, rejected)).toEqual({
      rejected: {
        submission_id: rejected,
        number: 'DS7',
        state: 'rejected',
        estado_dian: null,
        history_id: historyId,
        created_at: '2026-11-20T14:00:00.000Z',
      },
      reason: 'DSAJ24b: NIT del proveedor no válido.',
      request: REQUEST,
    });
    const accepted = await submission(opened.engine, { key: 'a-1', state: 'accepted' });
    const pending = await submission(opened.engine, { key: 'p-1', state: 'pending' });
    const invoice = await submission(opened.engine, { key: 'fe-1', state: 'rejected', kind: 'FE' });
    await expect(corrections.start(1, accepted)).rejects.toMatchObject({ code: 'invalid_input', message: /fue aceptado/ });
    await expect(corrections.start(1, pending)).rejects.toMatchObject({ code: 'invalid_input', message: /resultado definitivo/ });
    await expect(corrections.start(1, invoice)).rejects.toMatchObject({ code: 'not_found' });
    // Another connection's submission is not this one's to correct.
    await expect(corrections.start(2, rejected)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('links a correction once under a new key, refuses a second while one stands, and reads the links both ways', async () => {
    const rejected = await submission(opened.engine, { key: 'r-1', state: 'rejected' });
    await expect(corrections.link(1, rejected, 'r-1')).rejects.toMatchObject({ code: 'invalid_input', message: /clave nueva/ });
    expect(await corrections.link(1, rejected, 'c-1')).toBe(true);
    expect(await corrections.link(1, rejected, 'c-1')).toBe(false);
    // Linked but never sent: room for another key.
    expect(await corrections.link(1, rejected, 'c-2')).toBe(true);
    const first = await submission(opened.engine, { key: 'c-1', state: 'in_doubt' });
    await expect(corrections.link(1, rejected, 'c-3')).rejects.toMatchObject({
      code: 'conflict',
      message: /corrección en camino \(el envío \d+\)/,
      details: { correction_submission_id: first },
    });
    await expect(corrections.start(1, rejected)).rejects.toMatchObject({ code: 'conflict' });
    // Nothing was written by the refused link.
    expect(
      (await opened.engine.db.selectFrom('dse_corrections').select('correction_key').orderBy('correction_key').execute()).map(
        (row) => row.correction_key,
      ),
    ).toEqual(['c-1', 'c-2']);
    // The first rejected too, the second refused before anything was created: a third may go.
    await opened.engine.db.updateTable('submissions').set({ state: 'rejected' }).where('id', '=', first).execute();
    const second = await submission(opened.engine, { key: 'c-2', state: 'failed' });
    expect(await corrections.link(1, rejected, 'c-3')).toBe(true);
    const third = await submission(opened.engine, { key: 'c-3', state: 'accepted', number: 'DS9' });
    await expect(corrections.link(1, rejected, 'c-4')).rejects.toMatchObject({
      code: 'conflict',
      message: /ya fue corregido por DS9/,
    });

    const links = await corrections.of(1, rejected);
    expect(links.corrects).toBeNull();
    expect(links.corrected_by.map((side) => [side.submission_id, side.state])).toEqual([
      [first, 'rejected'],
      [third, 'accepted'],
    ]);
    expect(links.corrected_by.map((side) => side.submission_id)).not.toContain(second);
    expect((await corrections.of(1, third)).corrects).toMatchObject({ submission_id: rejected, state: 'rejected' });
    expect(await corrections.of(2, third)).toEqual({ corrects: null, corrected_by: [] });
  });
});
