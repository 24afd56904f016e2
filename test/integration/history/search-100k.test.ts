// Search, filters and paging of the Historial over a generated history of 100,000 documents,
// checked against a plain-JavaScript oracle that reads the generator's own record of what it wrote.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOM, CSV_HEADER } from '#core/history/csv';
import { historyCsv } from '#test/history-csv';
import { sqliteEngine } from '#core/store/engine';
import { HistoryQueries } from '#core/history/query';
import { Store } from '#core/store/store';
import { dec, sum, toMoneyString } from '#shared/money';
import type { HistoryFilter } from '#shared/rpc/methods/history';
import { generateHistory, type GeneratedDoc } from '#test/history-generator';
import { tempDir } from '#test/temp';

const CONNECTION = 1;
let dir: ReturnType<typeof tempDir>;
let store: Store;
let queries: HistoryQueries;
let docs: GeneratedDoc[];

beforeAll(() => {
  dir = tempDir();
  store = Store.open(join(dir.path, 'history.sqlite'));
  docs = generateHistory(store.db, { connectionId: CONNECTION, count: 100_000, seed: 20261120 }).docs;
  // Another connection's documents must never show.
  generateHistory(store.db, { connectionId: 2, count: 500, seed: 99 });
  queries = new HistoryQueries(sqliteEngine(store.db));
  // Writing 100,000 documents takes ~20 s on a calm 2-core machine and over a minute on a loaded one:
  // room for the set-up, not a time assertion.
}, 300_000);
afterAll(() => {
  store?.close();
  dir?.remove();
});

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const words = (text: string) =>
  fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
const tokenCache = new Map<string, string[]>();
const tokensOf = (text: string) => {
  let tokens = tokenCache.get(text);
  if (!tokens) tokenCache.set(text, (tokens = words(text)));
  return tokens;
};

/** FTS5 semantics of the query: every word is a prefix of some word of the searched fields. */
function matchesWords(fields: string[], query: string | undefined): boolean {
  const terms = words(query ?? '');
  if (terms.length === 0) return true;
  const tokens = fields.flatMap(tokensOf);
  return terms.every((term) => tokens.some((token) => token.startsWith(term)));
}

function oracle(filter: HistoryFilter): GeneratedDoc[] {
  return docs
    .filter((d) => matchesWords([d.number, d.fiscal_key, d.counterpart_name, d.counterpart_doc, d.items_text], filter.q))
    .filter((d) => matchesWords([d.counterpart_name, d.counterpart_doc], filter.counterpart))
    .filter((d) => !filter.kind || d.kind === filter.kind)
    .filter((d) =>
      !filter.state
        ? true
        : filter.state === 'pendiente'
          ? d.estado_dian !== 'aceptado' && d.estado_dian !== 'rechazado'
          : d.estado_dian === filter.state,
    )
    .filter((d) => (!filter.from || d.issue_date >= filter.from) && (!filter.to || d.issue_date <= filter.to))
    .filter((d) => !filter.following || d.submission_state === 'pending' || d.submission_state === 'in_doubt')
    .sort((a, b) => (a.issue_date === b.issue_date ? b.id - a.id : a.issue_date < b.issue_date ? 1 : -1));
}

/** Reads every page of a filter and returns the ids in order. */
async function allPages(filter: HistoryFilter, limit: number): Promise<{ ids: number[]; totals: Set<number> }> {
  const ids: number[] = [];
  const totals = new Set<number>();
  for (let offset = 0; ; offset += limit) {
    const page = await queries.page(CONNECTION, filter, offset, limit);
    totals.add(page.total);
    ids.push(...page.items.map((item) => item.id));
    if (page.items.length < limit) break;
  }
  return { ids, totals };
}

describe('Historial over 100,000 generated documents', () => {
  it('lists every document of the connection newest first, page after page, deep pages included', async () => {
    const expected = oracle({});
    expect(expected).toHaveLength(100_000);
    const first = await queries.page(CONNECTION, {}, 0, 100);
    expect(first.total).toBe(100_000);
    expect(first.items.map((item) => item.id)).toEqual(expected.slice(0, 100).map((d) => d.id));
    const deep = await queries.page(CONNECTION, {}, 99_950, 100);
    expect(deep.items.map((item) => item.id)).toEqual(expected.slice(99_950).map((d) => d.id));
    expect((await queries.page(CONNECTION, {}, 100_000, 100)).items).toEqual([]);
  });

  it('finds a document by its exact number and by the start of its CUFE/CUDS', async () => {
    const target = docs[73_421]!;
    const byKey = await queries.page(CONNECTION, { q: target.fiscal_key.slice(0, 24) }, 0, 50);
    expect(byKey.items.map((item) => item.id)).toEqual([target.id]);
    const byNumber = await queries.page(CONNECTION, { q: target.number }, 0, 50);
    expect(byNumber.items.map((item) => item.id)).toEqual(oracle({ q: target.number }).map((d) => d.id));
    expect(byNumber.items[0]?.number).toBe(target.number);
  });

  it.each([
    ['a surname without its accent', { q: 'pena' }],
    ['two words of a business name', { q: 'ferreteria tornillo' }],
    ['an item description word', { q: 'cemento' }],
    [
      'a counterpart filter with kind, state and dates',
      { counterpart: 'Zuluaga', kind: 'DSE', state: 'aceptado', from: '2025-01-01', to: '2025-06-30' },
    ],
    ['every document not yet terminal', { state: 'pendiente' }],
    ['one DSE intermediate state in a month', { state: 'en_proceso_http', from: '2026-03-01', to: '2026-03-31' }],
    ['what the app still follows', { following: true }],
    ['text together with a date range and kind', { q: 'cafe', kind: 'FE', from: '2026-10-01', to: '2026-11-20' }],
  ] satisfies [string, HistoryFilter][])(
    'gives the same documents as a full scan for %s, across pages',
    async (_label, filter) => {
      const expected = oracle(filter).map((d) => d.id);
      expect(expected.length).toBeGreaterThan(0);
      const { ids, totals } = await allPages(filter, 500);
      expect([...totals]).toEqual([expected.length]);
      expect(ids).toEqual(expected);
    },
  );

  it('generates documents whose totals add up (checked with the decimal money helpers)', () => {
    const sample = store.db
      .prepare<[], { subtotal: string; impuestos: string; total: string; document_json: string }>(
        "SELECT subtotal, impuestos, total, document_json FROM history_documents WHERE kind = 'FE' AND connection_id = 1 LIMIT 200",
      )
      .all();
    expect(sample).toHaveLength(200);
    for (const row of sample) {
      const items = (JSON.parse(row.document_json) as { items: { base_imponible: string; impuesto: string }[] }).items;
      expect(toMoneyString(sum(items.map((item) => item.base_imponible)))).toBe(row.subtotal);
      expect(toMoneyString(sum(items.map((item) => item.impuesto)))).toBe(row.impuestos);
      expect(toMoneyString(dec(row.subtotal).plus(row.impuestos))).toBe(row.total);
    }
  });

  it('finds nothing for a word nobody has, and ignores punctuation-only text', async () => {
    expect(await queries.page(CONNECTION, { q: 'xylofonista' }, 0, 50)).toEqual({ total: 0, offset: 0, items: [] });
    expect((await queries.page(CONNECTION, { q: '"*-()' }, 0, 10)).total).toBe(100_000);
  });

  it('marks the rows the app still follows, and only those', async () => {
    const page = await queries.page(CONNECTION, { kind: 'DSE', state: 'pendiente' }, 0, 200);
    expect(page.items.length).toBeGreaterThan(0);
    for (const item of page.items) {
      expect(item.following).toBe(true);
      expect(['pending', 'in_doubt']).toContain(item.submission_state);
    }
    const accepted = await queries.page(CONNECTION, { state: 'aceptado' }, 0, 200);
    expect(accepted.items.every((item) => !item.following && item.submission_state === null)).toBe(true);
  });

  it('exports the filtered list as CSV with a BOM, a header and one line per document', async () => {
    const filter: HistoryFilter = { counterpart: 'Gómez', kind: 'FE', from: '2026-01-01' };
    const expected = oracle(filter);
    const csv = historyCsv(await queries.all(CONNECTION, filter));
    expect(csv.rows).toBe(expected.length);
    expect(csv.content.startsWith(BOM)).toBe(true);
    const lines = csv.content.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(CSV_HEADER.join(';'));
    expect(lines).toHaveLength(expected.length + 1);
    const first = lines[1]!.split(';');
    expect(first[1]).toBe(expected[0]!.number);
    expect(first[2]).toBe(expected[0]!.issue_date.split('-').reverse().join('/'));
    expect(first[9]).toBe(expected[0]!.total.replace('.', ','));
    expect(first[11]).toBe(expected[0]!.fiscal_key);
  });
});
