// The ledger's reads on both engines, one test body per engine: SQLite on a real file through the
// Store's own connection, PostgreSQL on a real server shared by the run (test/support/postgres-global.ts).
// The same rows go in through the typed query layer, the same answers come out, 0 % sales included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DayCloseReader } from '#core/day-close/day-close';
import { LedgerReads } from '#core/ledger-reads/ledger-reads';
import { type Engine, type EngineKind } from '#core/store/engine';
import { openEngine, type OpenedEngine } from '#test/engines';

// One test body on both engines (test/support/engines.ts).
const ENGINES: Record<EngineKind, () => Promise<OpenedEngine>> = {
  sqlite: () => openEngine('sqlite'),
  postgres: () => openEngine('postgres'),
};

let seq = 0;

/** An FE request as the form sends it: lines of whole pesos at a rate, an optional explicit tax code. */
function feBody(lines: { cant: number; pesos: number; rate: number; code?: string }[], methodId = 1, means = '10') {
  return Buffer.from(
    JSON.stringify({
      receptor: { tipo_doc: '13', numero_doc: '222222222222', nombre: 'Consumidor final' },
      items: lines.map((l, i) => ({
        desc: `Producto ${i}`,
        cant: l.cant,
        unit: l.pesos,
        iva: l.rate,
        iva_incluido: false,
        ...(l.code ? { codigo_impuesto: l.code } : {}),
      })),
      payment: { form: 'contado', method_id: methodId, means_code: means, due_date: '' },
      withholdings: [],
    }),
  );
}

async function submission(
  engine: Engine,
  row: {
    connection?: number;
    kind?: 'FE' | 'DSE';
    state: string;
    at: string;
    body?: Buffer;
    documentId?: number | null;
    number?: string;
  },
): Promise<number> {
  seq += 1;
  const { id } = await engine.db
    .insertInto('submissions')
    .values({
      connection_id: row.connection ?? 1,
      base_url: 'http://127.0.0.1:1',
      company_id: 1,
      kind: row.kind ?? 'FE',
      idempotency_key: `key-${seq}`,
      endpoint_path: '/fe/facturas',
      request_body: row.body ?? feBody([{ cant: 1, pesos: 1000, rate: 19 }]),
      payload_hash: 'h',
      state: row.state,
      counterpart: 'Consumidor final',
      document_id: row.documentId ?? null,
      document_number: row.number ?? null,
      created_at: row.at,
      updated_at: row.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

async function mirrored(
  engine: Engine,
  row: { kind: 'FE' | 'DSE'; remoteId: number; estado: string; local?: boolean; day?: string; submissionId?: number },
): Promise<number> {
  const { id } = await engine.db
    .insertInto('history_documents')
    .values({
      connection_id: 1,
      kind: row.kind,
      remote_id: row.remoteId,
      tipo_dian: row.kind === 'FE' ? '01' : '05',
      number: `N${row.remoteId}`,
      prefijo: 'N',
      consecutivo: row.remoteId,
      estado_dian: row.estado,
      fiscal_key: `cufe-${row.remoteId}`,
      issue_date: row.day ?? '2026-11-20',
      counterpart_name: 'Cliente',
      counterpart_doc: '900',
      subtotal: '1000.00',
      impuestos: '190.00',
      total: '1190.00',
      total_cents: 119_000,
      moneda: 'COP',
      items_text: 'x',
      document_json: JSON.stringify(row.local ? { registro_local: true } : { id: row.remoteId }),
      submission_id: row.submissionId ?? null,
      synced_at: '2026-11-20T12:00:00.000Z',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

describe.each(['sqlite', 'postgres'] as const)('ledger reads on %s', (kind) => {
  let opened: OpenedEngine;
  let reads: LedgerReads;
  beforeAll(async () => {
    opened = await ENGINES[kind]();
    reads = new LedgerReads(opened.engine);
  });
  afterAll(async () => {
    await opened?.close();
  });

  it('closes the day: accepted sales summed with their taxes, 0 % sales listed with their base, the rest apart', async () => {
    const engine = opened.engine;
    const day = '2026-11-20T';
    // 19 % and 5 %; an excluded line (0 %, no tax code); an exempt line (0 %, IVA's code).
    await submission(engine, {
      state: 'accepted',
      at: `${day}05:00:00.000Z`,
      body: feBody([
        { cant: 2, pesos: 10_000, rate: 19 },
        { cant: 1, pesos: 4_000, rate: 0 },
      ]),
    });
    await submission(engine, {
      state: 'accepted',
      at: `${day}15:00:00.000Z`,
      body: feBody(
        [
          { cant: 1, pesos: 3_000, rate: 0, code: '01' },
          { cant: 1, pesos: 2_000, rate: 5 },
        ],
        2,
        '48',
      ),
    });
    await submission(engine, { state: 'pending', at: `${day}16:00:00.000Z` });
    await submission(engine, { state: 'rejected', at: `${day}17:00:00.000Z` });
    // Left out: refused (no document), another day, another connection, a DSE.
    await submission(engine, { state: 'failed', at: `${day}18:00:00.000Z` });
    await submission(engine, { state: 'conflict', at: `${day}18:00:00.000Z` });
    await submission(engine, { state: 'accepted', at: '2026-11-21T05:00:00.000Z' });
    await submission(engine, { state: 'accepted', at: `${day}18:00:00.000Z`, connection: 2 });
    await submission(engine, { state: 'accepted', at: `${day}18:00:00.000Z`, kind: 'DSE' });

    const close = await new DayCloseReader(reads, () => new Date('2026-11-21T02:00:00Z')).read(1);
    expect(close).toMatchObject({
      date: '2026-11-20',
      accepted: 2,
      subtotal_cents: 2_000_000 + 400_000 + 300_000 + 200_000,
      taxes_cents: 380_000 + 10_000,
      total_cents: 2_900_000 + 390_000,
      pending_total_cents: 119_000,
      rejected_total_cents: 119_000,
      unreadable: 0,
    });
    expect(close.pending.map((d) => d.state)).toEqual(['pending']);
    expect(close.rejected.map((d) => d.state)).toEqual(['rejected']);
    expect(close.taxes).toEqual([
      { code: '01', name: 'IVA', rate: '19', base_cents: 2_000_000, amount_cents: 380_000 },
      { code: '01', name: 'IVA', rate: '5', base_cents: 200_000, amount_cents: 10_000 },
      { code: '01', name: 'IVA exento', rate: '0', base_cents: 300_000, amount_cents: 0 },
      { code: 'ZZ', name: 'IVA excluido', rate: '0', base_cents: 400_000, amount_cents: 0 },
    ]);
    expect(close.by_payment.map((p) => [p.means_code, p.documents])).toEqual([
      ['10', 1],
      ['48', 1],
    ]);
  });

  it('finds the DSEs to mirror, the open submissions not mirrored, and a document’s newest ledger state', async () => {
    const engine = opened.engine;
    const at = '2026-11-10T12:00:00.000Z';
    const unmirrored = await submission(engine, { kind: 'DSE', state: 'accepted', at, documentId: 501 });
    await submission(engine, { kind: 'DSE', state: 'accepted', at, documentId: 502 });
    const onItsWay = await submission(engine, { kind: 'DSE', state: 'pending', at, documentId: 503 });
    const localRecord = await submission(engine, { kind: 'DSE', state: 'rejected', at, documentId: 504 });
    await submission(engine, { kind: 'DSE', state: 'failed', at, documentId: null });
    await mirrored(engine, { kind: 'DSE', remoteId: 502, estado: 'aceptado' });
    await mirrored(engine, { kind: 'DSE', remoteId: 503, estado: 'en_proceso' });
    await mirrored(engine, { kind: 'DSE', remoteId: 504, estado: 'rechazado', local: true });
    expect(await reads.dsesToMirror(1)).toEqual([unmirrored, onItsWay, localRecord]);
    expect(await reads.dse(unmirrored)).toMatchObject({ connection_id: 1, document_id: 501 });
    expect(Buffer.isBuffer((await reads.dse(unmirrored))!.request_body)).toBe(true);
    expect(await reads.dse(999_999)).toBeUndefined();

    // Open FE submissions: one mirrored, one not yet.
    const shown = await submission(engine, { state: 'in_doubt', at, documentId: 601 });
    const notShown = await submission(engine, { state: 'sending', at, documentId: 602 });
    const feDoc = await mirrored(engine, { kind: 'FE', remoteId: 601, estado: 'en_proceso' });
    const open = await reads.unmirroredOpen(1);
    expect(open).toContain(notShown);
    expect(open).not.toContain(shown);
    expect(open).not.toContain(onItsWay);
    expect(await reads.stateOfDocument(1, feDoc)).toBe('in_doubt');
    // A newer submission of the same document is the one whose state counts.
    await submission(engine, { state: 'accepted', at, documentId: 601 });
    expect(await reads.stateOfDocument(1, feDoc)).toBe('accepted');
  });

  it('tells the reports which documents lack figures, and gives each one’s request', async () => {
    const engine = opened.engine;
    const before = await reads.ledgerSignature(3);
    expect(before).toEqual({ n: 0, at: null, id: null });
    const body = feBody([{ cant: 1, pesos: 1000, rate: 0 }]);
    const sent = await submission(engine, {
      connection: 3,
      state: 'accepted',
      at: '2026-11-12T12:00:00.000Z',
      body,
      documentId: 701,
    });
    const after = await reads.ledgerSignature(3);
    expect(after).toMatchObject({ n: 1, id: sent });

    const byLink = await mirrored(engine, {
      kind: 'FE',
      remoteId: 701,
      estado: 'aceptado',
      day: '2026-11-12',
      submissionId: sent,
    });
    const synced = await mirrored(engine, { kind: 'FE', remoteId: 702, estado: 'aceptado', day: '2026-11-12' });
    await engine.db.updateTable('history_documents').set({ connection_id: 3 }).where('id', 'in', [byLink, synced]).execute();
    expect(await reads.documentsWithoutFacts(3, '2026-11-01', '2026-11-30', false)).toEqual([byLink, synced]);
    expect(await reads.documentsWithoutFacts(3, '2026-11-13', '2026-11-30', false)).toEqual([]);
    const requests = await reads.requestsOf([byLink, synced]);
    expect(requests.map((r) => [r.id, r.kind, r.submission_id])).toEqual([
      [byLink, 'FE', sent],
      [synced, 'FE', null],
    ]);
    expect(requests[0]!.request_body?.equals(body)).toBe(true);
    expect(requests[1]!.request_body).toBeNull();

    // Once both have figures, only a synced-only one that gained a ledger row is asked for again.
    await engine.db
      .insertInto('report_documents')
      .values([
        { history_id: byLink, submission_id: sent, period_from: null, period_to: null },
        { history_id: synced, submission_id: null, period_from: null, period_to: null },
      ])
      .execute();
    expect(await reads.documentsWithoutFacts(3, '2026-11-01', '2026-11-30', true)).toEqual([]);
    const late = await submission(engine, { connection: 3, state: 'accepted', at: '2026-11-12T13:00:00.000Z', documentId: 702 });
    expect(await reads.documentsWithoutFacts(3, '2026-11-01', '2026-11-30', false)).toEqual([]);
    expect(await reads.documentsWithoutFacts(3, '2026-11-01', '2026-11-30', true)).toEqual([synced]);
    expect((await reads.requestsOf([synced]))[0]!.submission_id).toBe(late);
    // The newest submission of a document without a link; the linked one whatever came after it.
    const later = await submission(engine, { connection: 3, state: 'accepted', at: '2026-11-12T14:00:00.000Z', documentId: 702 });
    await submission(engine, { connection: 3, state: 'accepted', at: '2026-11-12T14:00:00.000Z', documentId: 701 });
    expect((await reads.requestsOf([synced, byLink])).map((r) => [r.id, r.submission_id])).toEqual([
      [byLink, sent],
      [synced, later],
    ]);
  });
});
