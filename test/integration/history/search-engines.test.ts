// The Historial's list, filters and search on both engines, one test body per engine: SQLite through
// its FTS5 index (migrations 0004 and 0009), PostgreSQL through migration 0033's word indexes on the
// folded text (and 0031's trigram indexes for a word with letters history_fold leaves). A search by number, customer name (accents, ñ, case), NIT or a CUFE's first characters
// finds the same documents on both, in the same order, with the same totals.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HistoryMirror, type MirrorRow } from '#core/history/mirror';
import { HistoryQueries, POSTGRES_COUNTERPART, POSTGRES_TEXT } from '#core/history/query';
import { type Engine, type EngineKind } from '#core/store/engine';
import type { HistoryFilter } from '#shared/rpc/methods/history';
import { openEngine, type OpenedEngine } from '#test/engines';

// One test body on both engines (test/support/engines.ts).
const ENGINES: Record<EngineKind, () => Promise<OpenedEngine>> = {
  sqlite: () => openEngine('sqlite'),
  postgres: () => openEngine('postgres'),
};

interface Doc {
  remote: number;
  kind?: 'FE' | 'DSE';
  number: string;
  estado?: string;
  cufe: string;
  name: string;
  nit: string;
  items: string;
  day: string;
  connection?: number;
}

/** Customers spelled as shops type them: accents, ñ, capitals, a company with punctuation. */
const DOCS: Doc[] = [
  {
    remote: 1,
    number: 'SETP990000001',
    cufe: 'a3f9c1e07b',
    name: 'José Peña Ramírez',
    nit: '79451236',
    items: 'Pan tajado',
    day: '2026-11-01',
  },
  {
    remote: 2,
    number: 'SETP990000002',
    cufe: 'b81d44aa02',
    name: 'MARÍA ÑUSTES',
    nit: '52114789',
    items: 'Leche entera',
    day: '2026-11-02',
  },
  {
    remote: 3,
    number: 'SETP990000003',
    cufe: 'c0ffee1234',
    name: 'Panadería La Espiga S.A.S.',
    nit: '900123456',
    items: 'Harina de trigo',
    day: '2026-11-03',
    estado: 'rechazado',
  },
  {
    remote: 4,
    number: 'SETP990000010',
    cufe: 'a3f0000001',
    name: 'Jose Pena',
    nit: '79451299',
    items: 'Café molido',
    day: '2026-11-03',
  },
  {
    remote: 5,
    kind: 'DSE',
    number: 'DS12',
    cufe: 'dd00112233',
    name: 'Ferretería Ñandú',
    nit: '800555111',
    items: 'Tornillos de acero',
    day: '2026-11-04',
    estado: 'en_proceso',
  },
  {
    remote: 6,
    number: 'SETP990000011',
    cufe: 'e5e5e5e5e5',
    name: 'Ana Gómez',
    nit: '1020304050',
    items: 'Pañales etapa 2',
    day: '2026-11-05',
  },
  {
    remote: 7,
    number: 'SETP990000012',
    cufe: 'f1f2f3f4f5',
    name: 'Otra conexión Peña',
    nit: '79451236',
    items: 'Pan',
    day: '2026-11-05',
    connection: 2,
  },
];

async function seed(engine: Engine): Promise<Map<number, number>> {
  const ids = new Map<number, number>();
  for (const doc of DOCS) {
    const kind = doc.kind ?? 'FE';
    const { id } = await engine.db
      .insertInto('history_documents')
      .values({
        connection_id: doc.connection ?? 1,
        kind,
        remote_id: doc.remote,
        tipo_dian: kind === 'FE' ? '01' : '05',
        number: doc.number,
        prefijo: doc.number.replace(/\d+$/, ''),
        consecutivo: Number(/\d+$/.exec(doc.number)![0]),
        estado_dian: doc.estado ?? 'aceptado',
        fiscal_key: doc.cufe,
        issue_date: doc.day,
        counterpart_name: doc.name,
        counterpart_doc: doc.nit,
        subtotal: '1000.00',
        impuestos: '190.00',
        total: '1190.00',
        total_cents: 119_000,
        moneda: 'COP',
        items_text: doc.items,
        document_json: JSON.stringify({ id: doc.remote }),
        submission_id: null,
        synced_at: '2026-11-05T12:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(doc.remote, id);
  }
  // A document the app still follows: its submission is in doubt.
  await engine.db
    .insertInto('submissions')
    .values({
      connection_id: 1,
      base_url: 'http://127.0.0.1:1',
      company_id: 1,
      kind: 'FE',
      idempotency_key: 'key-6',
      endpoint_path: '/fe/facturas',
      request_body: Buffer.from('{}'),
      payload_hash: 'h',
      state: 'in_doubt',
      document_id: 6,
      created_at: '2026-11-05T12:00:00.000Z',
      updated_at: '2026-11-05T12:00:00.000Z',
    })
    .execute();
  return ids;
}

describe.each(['sqlite', 'postgres'] as const)('Historial list and search on %s', (kind) => {
  let opened: OpenedEngine;
  let queries: HistoryQueries;
  let ids: Map<number, number>;
  /** The remote ids of a search's first page (newest first) and its total. */
  const search = async (filter: HistoryFilter, offset = 0, limit = 50) => {
    const page = await queries.page(1, filter, offset, limit);
    return { total: page.total, remotes: page.items.map((row) => row.remote_id) };
  };

  beforeAll(async () => {
    opened = await ENGINES[kind]();
    queries = new HistoryQueries(opened.engine);
    ids = await seed(opened.engine);
  });
  afterAll(() => opened?.close());

  it.each([
    ['a surname without its accent or ñ', 'pena', [4, 1]],
    ['a surname with them, in capitals', 'PEÑA', [4, 1]],
    ['a name typed with accents the document lacks', 'josé', [4, 1]],
    ['an ñ at the start of a word', 'ñus', [2]],
    ['the start of a word, case and accents aside', 'panaderia', [3]],
    ['two words, each the start of a word of the document', 'jose ramirez', [1]],
    ['a full number', 'SETP990000002', [2]],
    ['the start of a number', 'SETP99000001', [6, 4]],
    ['a NIT', '79451236', [1]],
    ['the start of a NIT', '9001', [3]],
    ['the first characters of a CUFE', 'a3f9c1', [1]],
    ['a word of the items', 'pañales', [6]],
    ['a DSE supplier', 'ferreteria ñandu', [5]],
    ['the middle of a word (FTS5 matches words by their start)', 'anader', []],
    ['a word nobody has', 'xylofonista', []],
  ] as const)('finds %s: «%s»', async (_what, q, remotes) => {
    expect(await search({ q })).toEqual({ total: remotes.length, remotes });
  });

  it('gives the total of a common word with an empty page past its end', async () => {
    expect(await search({ q: 'pan' })).toEqual({ total: 3, remotes: [6, 3, 1] });
    expect(await search({ q: 'pan' }, 10, 5)).toEqual({ total: 3, remotes: [] });
    expect(await search({ q: 'xylofonista' }, 0, 5)).toEqual({ total: 0, remotes: [] });
  });

  it('finds words with letters accents aside do not fold (ß) and words longer than the index keeps', async () => {
    const long = 'ab12'.repeat(75); // 300 characters, one word
    await opened.engine.db
      .insertInto('history_documents')
      .values(
        [
          { remote_id: 31, number: 'SETP3100', counterpart_name: 'Großhandel Straße', items_text: 'Tuercas' },
          { remote_id: 32, number: 'SETP3200', counterpart_name: 'Ferretería Calle', items_text: `Código ${long}` },
        ].map((doc) => ({
          ...doc,
          connection_id: 3,
          kind: 'FE' as const,
          tipo_dian: '01',
          prefijo: 'SETP',
          consecutivo: doc.remote_id,
          estado_dian: 'aceptado',
          fiscal_key: `cufe${doc.remote_id}`,
          issue_date: '2026-11-06',
          counterpart_doc: '800111222',
          subtotal: '1.00',
          impuestos: '0.00',
          total: '1.00',
          total_cents: 100,
          moneda: 'COP',
          document_json: '{}',
          submission_id: null,
          synced_at: '2026-11-06T12:00:00.000Z',
        })),
      )
      .execute();
    const remotes = async (filter: HistoryFilter) => (await queries.page(3, filter, 0, 50)).items.map((row) => row.remote_id);
    expect(await remotes({ q: 'straße' })).toEqual([31]);
    expect(await remotes({ q: 'STRASSE' })).toEqual([]);
    expect(await remotes({ q: 'stra' })).toEqual([31]);
    expect(await remotes({ counterpart: 'großhandel' })).toEqual([31]);
    expect(await remotes({ q: long.slice(0, 260) })).toEqual([32]);
    expect(await remotes({ q: long })).toEqual([32]);
    expect(await remotes({ q: `${long.slice(0, 255)}zz` })).toEqual([]);
    expect(await remotes({ q: `${long}3` })).toEqual([]);
  });

  it('ignores text with no letters or digits', async () => {
    expect((await search({ q: '"*-()%_' })).total).toBe(6);
  });

  it('filters by counterpart, kind, state, dates and what the app follows, together with words', async () => {
    expect(await search({ counterpart: 'peña' })).toEqual({ total: 2, remotes: [4, 1] });
    expect(await search({ counterpart: 'pan' })).toEqual({ total: 1, remotes: [3] });
    expect(await search({ kind: 'DSE' })).toEqual({ total: 1, remotes: [5] });
    expect(await search({ q: 'pa', kind: 'FE' })).toEqual({ total: 3, remotes: [6, 3, 1] });
    expect(await search({ state: 'rechazado' })).toEqual({ total: 1, remotes: [3] });
    expect(await search({ state: 'aceptado' })).toEqual({ total: 4, remotes: [6, 4, 2, 1] });
    expect(await search({ state: 'en_curso' })).toEqual({ total: 1, remotes: [5] });
    expect(await search({ state: 'pendiente', q: 'ñandú' })).toEqual({ total: 1, remotes: [5] });
    expect(await search({ from: '2026-11-02', to: '2026-11-03' })).toEqual({ total: 3, remotes: [4, 3, 2] });
    expect(await search({ q: 'jose', from: '2026-11-02' })).toEqual({ total: 1, remotes: [4] });
    expect(await search({ following: true })).toEqual({ total: 1, remotes: [6] });
    expect(await queries.count(1, { q: 'pena', to: '2026-11-01' })).toBe(1);
  });

  it('filters by what a state means: accepted with or without notices, on its way in any spelling, a state nobody knows', async () => {
    // A connection of its own (9), so the other cases' totals stay as they are.
    const states = ['aceptado', 'aceptado_con_notificaciones', 'rechazado', 'en_proceso', 'pending', 'Estado 77'];
    await opened.engine.db
      .insertInto('history_documents')
      .values(
        states.map((estado, i) => ({
          connection_id: 9,
          kind: 'FE',
          remote_id: 101 + i,
          tipo_dian: '01',
          number: `SETP${101 + i}`,
          prefijo: 'SETP',
          consecutivo: 101 + i,
          estado_dian: estado,
          fiscal_key: `f${i}`,
          issue_date: `2026-11-1${i}`,
          counterpart_name: 'Tienda Estados',
          counterpart_doc: `7000${i}`,
          subtotal: '1000.00',
          impuestos: '190.00',
          total: '1190.00',
          total_cents: 119_000,
          moneda: 'COP',
          items_text: 'Arroz',
          document_json: '{}',
          submission_id: null,
          synced_at: '2026-11-20T12:00:00.000Z',
        })),
      )
      .execute();
    const found = async (filter: HistoryFilter) => (await queries.page(9, filter, 0, 50)).items.map((r) => r.estado_dian).sort();
    const expected: [HistoryFilter['state'], string[]][] = [
      ['aceptado', ['aceptado', 'aceptado_con_notificaciones']],
      ['aceptado_con_notificaciones', ['aceptado_con_notificaciones']],
      ['rechazado', ['rechazado']],
      ['en_curso', ['en_proceso', 'pending']],
      ['en_verificacion', ['Estado 77']],
      ['pendiente', ['Estado 77', 'en_proceso', 'pending']],
    ];
    for (const [state, estados] of expected) {
      // Alone, and with words (on SQLite the words and the state go through the FTS facets together).
      expect([state, await found({ state })]).toEqual([state, estados]);
      expect([state, await found({ state, q: 'tienda' })]).toEqual([state, estados]);
      expect([state, await queries.count(9, { state, q: 'arroz' })]).toEqual([state, estados.length]);
    }
  });

  it('pages newest first, and marks the rows the app follows', async () => {
    expect(await search({}, 0, 2)).toEqual({ total: 6, remotes: [6, 5] });
    expect(await search({}, 4, 2)).toEqual({ total: 6, remotes: [2, 1] });
    expect(await search({ q: 'pena' }, 1, 5)).toEqual({ total: 2, remotes: [1] });
    const page = await queries.page(1, {}, 0, 1);
    expect(page.items[0]).toMatchObject({ remote_id: 6, following: true, submission_state: 'in_doubt' });
    expect((await queries.page(1, {}, 1, 1)).items[0]).toMatchObject({ remote_id: 5, following: false, submission_state: null });
  });

  it('reads the export by keyset chunks, and one row with its document', async () => {
    const first = await queries.after(1, {}, undefined, 4);
    expect(first.map((row) => row.remote_id)).toEqual([6, 5, 4, 3]);
    const rest = await queries.after(1, {}, first.at(-1), 4);
    expect(rest.map((row) => row.remote_id)).toEqual([2, 1]);
    expect((await queries.all(1, { q: 'pena' })).map((row) => row.remote_id)).toEqual([4, 1]);
    const row = await queries.row(1, ids.get(2)!);
    expect(row).toMatchObject({ number: 'SETP990000002', counterpart_name: 'MARÍA ÑUSTES', document_json: '{"id":2}' });
    expect(await queries.row(1, ids.get(7)!)).toBeUndefined();
  });

  it('keeps the search in step with the rows: an edited name is found by its new words only', async () => {
    await opened.engine.db
      .updateTable('history_documents')
      .set({ counterpart_name: 'Marina Núñez' })
      .where('id', '=', ids.get(2)!)
      .execute();
    expect(await search({ q: 'nunez' })).toEqual({ total: 1, remotes: [2] });
    expect(await search({ q: 'ñustes' })).toEqual({ total: 0, remotes: [] });
  });

  it('keeps the filters in step with the rows: a document whose state the mirror changes is found under its new state only', async () => {
    // A connection of its own (8), so the other cases' totals stay as they are; written as a sync
    // writes it (HistoryMirror's upsert), first on its way, then accepted, then rejected.
    const mirror = new HistoryMirror(opened.engine);
    const row = (estado_dian: string): MirrorRow => ({
      connection_id: 8,
      kind: 'DSE',
      remote_id: 801,
      tipo_dian: '05',
      number: 'DS801',
      prefijo: 'DS',
      consecutivo: 801,
      estado_dian,
      fiscal_key: 'cuds801',
      issue_date: '2026-11-07',
      counterpart_name: 'Molinos Cambiantes',
      counterpart_doc: '800801801',
      subtotal: '1000.00',
      impuestos: '0.00',
      total: '1000.00',
      total_cents: 100_000,
      moneda: 'COP',
      items_text: 'Arroz',
      document_json: '{}',
      submission_id: null,
      synced_at: '2026-11-07T12:00:00.000Z',
    });
    const found = async (filter: HistoryFilter) => {
      const page = await queries.page(8, { q: 'molinos arroz', ...filter }, 0, 50);
      return { total: page.total, estados: page.items.map((item) => item.estado_dian) };
    };
    expect(await mirror.upsert(row('en_proceso'))).toBe(true);
    expect(await found({ state: 'en_curso', kind: 'DSE' })).toEqual({ total: 1, estados: ['en_proceso'] });
    expect(await found({ state: 'aceptado' })).toEqual({ total: 0, estados: [] });
    expect(await mirror.upsert(row('aceptado'))).toBe(true);
    expect(await found({ state: 'aceptado', kind: 'DSE' })).toEqual({ total: 1, estados: ['aceptado'] });
    expect(await found({ state: 'en_curso' })).toEqual({ total: 0, estados: [] });
    expect(await found({ state: 'pendiente' })).toEqual({ total: 0, estados: [] });
    expect(await found({ kind: 'FE' })).toEqual({ total: 0, estados: [] });
    expect(await mirror.upsert(row('rechazado'))).toBe(true);
    expect(await found({ state: 'rechazado' })).toEqual({ total: 1, estados: ['rechazado'] });
    expect(await found({ state: 'aceptado' })).toEqual({ total: 0, estados: [] });
    expect(await found({})).toEqual({ total: 1, estados: ['rechazado'] });
  });

  if (kind === 'postgres') {
    it('finds a changed state through the word index itself, not only through the row conditions', async () => {
      // The facets of migration 0040 as query.ts asks for them, with no condition on the row: what
      // the index holds decides. The document of the case above is rejected now.
      const facets = async (query: string) =>
        opened.engine.transaction(async (trx) => {
          await sql`SET LOCAL enable_seqscan = off`.execute(trx);
          const { rows } = await sql<{ remote_id: number }>`SELECT h.remote_id FROM history_documents h
            WHERE ${POSTGRES_TEXT} @@ ${query}::tsquery`.execute(trx);
          return rows.map((r) => Number(r.remote_id));
        });
      expect(await facets("'molinos':* & '~c8' & '~kdse' & '~srechazado'")).toEqual([801]);
      expect(await facets("'molinos':* & '~saceptado'")).toEqual([]);
      expect(await facets("'molinos':* & '~sen_proceso'")).toEqual([]);
      // A prefix of the user's words never reaches a facet (they start with '~').
      expect(await facets("'k':* & 'molinos':*")).toEqual([]);
    });

    it.each([
      ['the five text columns', POSTGRES_TEXT, 'history_words_text'],
      ['the counterpart', POSTGRES_COUNTERPART, 'history_words_counterpart'],
    ])('finds the words of %s through their word index, with nothing folded again', async (_what, words, index) => {
      // The words as query.ts writes them must be the expression the index holds. Seven rows: the
      // planner would scan them; told not to, it has the index or nothing. The index is exact: no
      // folded text (history_fold, inlined as translate) is computed again on the rows it gives.
      const plan = await opened.engine.transaction(async (trx) => {
        await sql`SET LOCAL enable_seqscan = off`.execute(trx);
        const { rows } = await sql<{ 'QUERY PLAN': string }>`EXPLAIN (COSTS OFF)
          SELECT h.id FROM history_documents h WHERE ${words} @@ ${"'pena':*"}::tsquery`.execute(trx);
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      });
      expect(plan).toContain(index);
      expect(plan).not.toContain('translate(');
    });
  }
});
