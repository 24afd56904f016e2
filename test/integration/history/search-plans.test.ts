// The Historial's search plans (facet tokens in the FTS index, matches first or date first, picked
// by the number of matches) give exactly what the plain query gives: the same total and the same
// rows in the same order, for random filters and pages over generated histories.
import fc from 'fast-check';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteEngine } from '#core/store/engine';
import { HistoryQueries, ROW_COLUMNS, textMatch, toRow, type SearchPlan } from '#core/history/query';
import { Store, type Db } from '#core/store/store';
import { IN_PROGRESS_ESTADOS } from '#core/submissions/states';
import { HISTORY_PAGE_MAX, HISTORY_STATE_FILTERS, type HistoryFilter, type HistoryPage } from '#shared/rpc/methods/history';
import { generateHistory, seededRandom, type GeneratedDoc } from '#test/history-generator';
import { tempDir } from '#test/temp';

const PLANS: SearchPlan[] = ['auto', 'matches-first', 'date-first'];

/** The plain query: every condition on the table's own columns, the words as a set of FTS matches. */
function reference(db: Db, connectionId: number, filter: HistoryFilter, offset: number, limit: number): HistoryPage {
  const where = ['h.connection_id = @connection'];
  const params: Record<string, unknown> = { connection: connectionId };
  const words = textMatch(filter);
  if (words) {
    where.push('h.id IN (SELECT rowid FROM history_search WHERE history_search MATCH @match)');
    params.match = words;
  }
  if (filter.kind) {
    where.push('h.kind = @kind');
    params.kind = filter.kind;
  }
  const onItsWay = `(${IN_PROGRESS_ESTADOS.map((state) => `'${state}'`).join(', ')})`;
  if (filter.state === 'pendiente') where.push("h.estado_dian NOT IN ('aceptado', 'aceptado_con_notificaciones', 'rechazado')");
  else if (filter.state === 'aceptado') where.push("h.estado_dian IN ('aceptado', 'aceptado_con_notificaciones')");
  else if (filter.state === 'en_curso') where.push(`h.estado_dian IN ${onItsWay}`);
  else if (filter.state === 'en_verificacion')
    where.push(
      `h.estado_dian NOT IN ('aceptado', 'aceptado_con_notificaciones', 'rechazado') AND h.estado_dian NOT IN ${onItsWay}`,
    );
  else if (filter.state) {
    where.push('h.estado_dian = @state');
    params.state = filter.state;
  }
  if (filter.from) {
    where.push('h.issue_date >= @from');
    params.from = filter.from;
  }
  if (filter.to) {
    where.push('h.issue_date <= @to');
    params.to = filter.to;
  }
  if (filter.following) {
    where.push(`EXISTS (SELECT 1 FROM submissions s WHERE s.connection_id = h.connection_id AND s.kind = h.kind
      AND s.document_id = h.remote_id AND s.state IN ('sending', 'in_doubt', 'pending'))`);
  }
  const clause = where.join(' AND ');
  const total = db
    .prepare<[Record<string, unknown>], { n: number }>(`SELECT count(*) AS n FROM history_documents h WHERE ${clause}`)
    .get(params)!.n;
  const items = db
    .prepare<[Record<string, unknown>], Parameters<typeof toRow>[0]>(
      `SELECT ${ROW_COLUMNS} FROM history_documents h WHERE ${clause} ORDER BY h.issue_date DESC, h.id DESC LIMIT @limit OFFSET @offset`,
    )
    .all({ ...params, limit, offset })
    .map(toRow);
  return { total, offset, items };
}

/** Words users type, taken from the documents: whole, cut short, without accents, upper case; and some nobody has. */
function wordPool(docs: GeneratedDoc[]): string[] {
  const random = seededRandom(404);
  const pool = new Set<string>();
  for (let i = 0; i < 250; i += 1) {
    const d = docs[Math.floor(random() * docs.length)]!;
    for (const text of [d.counterpart_name, d.items_text, d.number, d.counterpart_doc, d.fiscal_key.slice(0, 16)]) {
      for (const word of text.split(/[^\p{L}\p{N}]+/u).filter(Boolean)) {
        pool.add(word);
        pool.add(word.slice(0, 1 + Math.floor(random() * word.length)));
      }
    }
  }
  for (const word of [...pool].slice(0, 40)) {
    pool.add(word.normalize('NFD').replace(/\p{M}/gu, ''));
    pool.add(word.toUpperCase());
  }
  return [...pool];
}

interface Case {
  filter: HistoryFilter;
  offset: number;
  limit: number;
}

function cases(docs: GeneratedDoc[]): fc.Arbitrary<Case> {
  const pool = wordPool(docs);
  const word = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...pool) },
    { weight: 1, arbitrary: fc.constantFrom('xylofonista', '"*-()', 'S.A.S.', 'pendiente', 'kdse', 'Peña   Café', 'ca', '9') },
  );
  const text = fc.array(word, { minLength: 1, maxLength: 3 }).map((words) => words.join(' '));
  const day = fc.integer({ min: 0, max: 1055 }).map((n) => new Date(Date.UTC(2024, 0, 1 + n)).toISOString().slice(0, 10));
  const filter = fc
    .record(
      {
        q: text,
        counterpart: text,
        kind: fc.constantFrom('FE' as const, 'DSE' as const),
        state: fc.constantFrom(...HISTORY_STATE_FILTERS),
        from: day,
        to: day,
        following: fc.boolean(),
      },
      { requiredKeys: [] },
    )
    // Words to search: without them there is one plan, the plain query itself.
    .filter((f) => f.q !== undefined || f.counterpart !== undefined)
    .map((f) => (f.from && f.to && f.from > f.to ? { ...f, from: f.to, to: f.from } : f));
  const offset = fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 15_000 }));
  const limit = fc.oneof(fc.constantFrom(1, 50, 100), fc.integer({ min: 1, max: HISTORY_PAGE_MAX }));
  return fc.record({ filter, offset, limit });
}

async function expectPlansAgree(db: Db, connectionId: number, { filter, offset, limit }: Case): Promise<void> {
  const expected = reference(db, connectionId, filter, offset, limit);
  for (const plan of PLANS) {
    const got = await new HistoryQueries(sqliteEngine(db), { plan }).page(connectionId, filter, offset, limit);
    expect({ plan, ...got }).toEqual({ plan, ...expected });
  }
}

let dir: ReturnType<typeof tempDir>;
let shared: Store;
let single: Store;
let sharedDocs: GeneratedDoc[];
let otherDocs: GeneratedDoc[];
let singleDocs: GeneratedDoc[];

beforeAll(() => {
  dir = tempDir();
  // Two connections in one mirror (the connection is then a facet of the search too) …
  shared = Store.open(join(dir.path, 'shared.sqlite'));
  sharedDocs = generateHistory(shared.db, { connectionId: 1, count: 12_000, seed: 5 }).docs;
  otherDocs = generateHistory(shared.db, { connectionId: 2, count: 1_500, seed: 6, dseShare: 0.6, companyId: 202 }).docs;
  // … and one connection alone (it is not).
  single = Store.open(join(dir.path, 'single.sqlite'));
  singleDocs = generateHistory(single.db, { connectionId: 3, count: 6_000, seed: 7, from: '2025-06-01' }).docs;
});
afterAll(() => {
  shared?.close();
  single?.close();
  dir?.remove();
});

describe('Historial search plans against the plain query', () => {
  it('agree for random filters and pages, in a mirror shared by two connections', async () => {
    await fc.assert(
      fc.asyncProperty(cases(sharedDocs), (c) => expectPlansAgree(shared.db, 1, c)),
      { numRuns: 120 },
    );
    await fc.assert(
      fc.asyncProperty(cases(otherDocs), (c) => expectPlansAgree(shared.db, 2, c)),
      { numRuns: 40 },
    );
  });

  it('agree for random filters and pages, in a mirror of one connection', async () => {
    await fc.assert(
      fc.asyncProperty(cases(singleDocs), (c) => expectPlansAgree(single.db, 3, c)),
      { numRuns: 120 },
    );
  });

  it('agree page after page to the end, for a word most documents have and for a rare one', async () => {
    for (const filter of [
      { q: 'ca', kind: 'FE' },
      { q: 'pe', state: 'pendiente' },
      { q: sharedDocs[42]!.counterpart_doc.slice(0, 5) },
    ] satisfies HistoryFilter[]) {
      const { total } = reference(shared.db, 1, filter, 0, 1);
      expect(total).toBeGreaterThan(0);
      for (let offset = 0; offset <= total; offset += 450) await expectPlansAgree(shared.db, 1, { filter, offset, limit: 450 });
    }
  });

  it('count the same total the page reports', async () => {
    const queries = new HistoryQueries(sqliteEngine(shared.db));
    for (const filter of [
      { q: 'ferreteria', kind: 'FE', state: 'aceptado' },
      { q: 'tornillo', from: '2025-01-01', following: false },
      { counterpart: 'Zuluaga' },
    ] satisfies HistoryFilter[]) {
      expect(await queries.count(1, filter)).toBe(reference(shared.db, 1, filter, 0, 1).total);
    }
  });
});
