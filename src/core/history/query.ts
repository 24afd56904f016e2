// The Historial list: filters, free text through the FTS5 index (never a scan of the table), newest
// first, one page at a time, with the ledger's view of each row.
//
// With words to search, the filter becomes one FTS5 query (migration 0009): the words in the text
// columns, and kind, state and connection as facet tokens, so its matches are the filtered set. They
// are read once into a temporary table: their number is the total (dates and `following` are then
// tested on the table), and the page comes from one of two plans, picked by that number:
// - matches first: look up each match's date (index history_by_id_date) and keep the newest ones;
//   its cost grows with the number of matches;
// - date first: walk the documents newest first (index history_by_date) and keep those among the
//   matches; its cost grows with how far it must walk, about (offset + limit) / share that matches.
// Both give the rows of the plain query (filterConditions), in the same order; the export uses that
// one, and the tests compare them.
//
// PostgreSQL has no FTS5: its search is the plain query, each word a prefix query on the words of
// the folded text that migration 0033's GIN indexes hold, with the meaning of FTS5's prefix terms
// (same results), and the kind, state and connection as facet lexemes in the same query (0040), so
// the index gives the filtered set as FTS5 does; the count and the first page come from one statement.
import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import type { HistoryFilter, HistoryPage, HistoryRow } from '#shared/rpc/methods/history';
import type { SubmissionState } from '#shared/rpc/methods/submissions';
import type { Engine } from '../store/engine';
import type { Schema } from '../store/schema';
import { OPEN_SUBMISSION_STATES } from '#shared/rpc/methods/submissions';
import { ACCEPTED_DIAN_STATES, FINAL_DIAN_STATES, IN_PROGRESS_DIAN_STATES, OPEN_STATES } from '../ledger-reads/state-groups';

/** The newest ledger row for a mirrored document (index submissions_by_document, migration 0006). */
const LEDGER_OF = `(SELECT s.%s FROM submissions s
   WHERE s.connection_id = h.connection_id AND s.kind = h.kind AND s.document_id = h.remote_id ORDER BY s.id DESC LIMIT 1)`;

/** A row of the list as both engines select it (the same text on both). */
export const ROW_COLUMNS = `h.id, h.kind, h.remote_id, h.tipo_dian, h.number, h.estado_dian, h.fiscal_key, h.issue_date,
  h.counterpart_name, h.counterpart_doc, h.subtotal, h.impuestos, h.total, h.moneda, h.submission_id, h.synced_at,
  ${LEDGER_OF.replace('%s', 'state')} AS submission_state`;

/** The columns the user's words are searched in (the index's `facets` column is not one of them). */
export const TEXT_COLUMNS = '{number fiscal_key counterpart_name counterpart_doc items_text}';
const COUNTERPART_COLUMNS = '{counterpart_name counterpart_doc}';

const FOLDED_TEXT =
  "history_fold(h.number || ' ' || h.fiscal_key || ' ' || h.counterpart_name || ' ' || h.counterpart_doc || ' ' || h.items_text)";
const FOLDED_COUNTERPART = "history_fold(h.counterpart_name || ' ' || h.counterpart_doc)";

/**
 * PostgreSQL's search: the words of the same five text columns with the document's facets
 * (migrations 0033 and 0040), or the words of the counterpart's two (0033), as the expressions
 * their GIN indexes hold. Written exactly as in the migrations, or PostgreSQL would not use the index.
 */
export const POSTGRES_TEXT = sql.raw(
  "(history_words(h.number || ' ' || h.fiscal_key || ' ' || h.counterpart_name || ' ' || h.counterpart_doc || ' ' || h.items_text) || history_facets(h.connection_id, h.kind, h.estado_dian))",
);
export const POSTGRES_COUNTERPART = sql.raw("history_words(h.counterpart_name || ' ' || h.counterpart_doc)");

/** The longest word history_words keeps whole (migration 0033 cuts longer ones to it). */
const INDEXED_WORD_LENGTH = 255;

/** The words of user text: letters and digits, punctuation-only pieces dropped, at most 12. */
export function searchWords(text: string): string[] {
  return text
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, 12);
}

/** Words of user text as FTS5 prefix terms; punctuation-only pieces are dropped. */
export function ftsTerms(text: string): string[] {
  return searchWords(text).map((word) => `"${word}"*`);
}

/** A word as history_fold leaves it (FTS5's unicode61 with remove_diacritics 2 does the same). */
export function foldWord(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The filter's words as one FTS5 expression over their columns, or null when it has none. */
export function textMatch(filter: HistoryFilter): string | null {
  const parts: string[] = [];
  const text = ftsTerms(filter.q ?? '');
  if (text.length > 0) parts.push(`${TEXT_COLUMNS} : (${text.join(' AND ')})`);
  const counterpart = ftsTerms(filter.counterpart ?? '');
  if (counterpart.length > 0) parts.push(`${COUNTERPART_COLUMNS} : (${counterpart.join(' AND ')})`);
  return parts.length > 0 ? parts.map((part) => `(${part})`).join(' AND ') : null;
}

/**
 * The filter's words on PostgreSQL, with FTS5's meaning: each word starts a word of the folded text.
 * A folded word of a-z and 0-9 (nearly all) is a prefix query on the index's words, which is exactly
 * that. Another (a letter history_fold leaves, as ß or ø) keeps the pattern check on the folded text
 * (0031's trigram index), narrowed first by its runs of a-z and 0-9, each the start of an indexed word.
 */
function postgresWords(connectionId: number, filter: HistoryFilter): { conditions: Expression<SqlBool>[]; faceted: boolean } {
  const terms = (
    text: string | undefined,
    words: RawBuilder<unknown>,
    folded: string,
    facets: readonly string[],
  ): { conditions: Expression<SqlBool>[]; faceted: boolean } => {
    const prefixes: string[] = [];
    const patterns: Expression<SqlBool>[] = [];
    for (const word of searchWords(text ?? '').map(foldWord)) {
      const runs = word.split(/[^a-z0-9]+/).filter((run) => run !== '');
      prefixes.push(...runs.map((run) => run.slice(0, INDEXED_WORD_LENGTH)));
      if (runs.length === 1 && runs[0] === word && word.length <= INDEXED_WORD_LENGTH) continue;
      const text = sql.raw(folded);
      patterns.push(sql<SqlBool>`${text} LIKE ${`%${word}%`}`, sql<SqlBool>`${text} ~ ${`(^|[^a-z0-9])${word}`}`);
    }
    // Quoted lexemes: read as they are, never cut by a text-search parser.
    if (prefixes.length === 0) return { conditions: patterns, faceted: false };
    const query = [...prefixes.map((prefix) => `'${prefix}':*`), ...facets].join(' & ');
    return { conditions: [sql<SqlBool>`${words} @@ ${query}::tsquery`, ...patterns], faceted: facets.length > 0 };
  };
  const text = terms(filter.q, POSTGRES_TEXT, FOLDED_TEXT, postgresFacets(connectionId, filter));
  return {
    conditions: [...text.conditions, ...terms(filter.counterpart, POSTGRES_COUNTERPART, FOLDED_COUNTERPART, []).conditions],
    faceted: text.faceted,
  };
}

/** A facet lexeme of migration 0040 ('~' and the facet), quoted as a tsquery reads it. */
function facetLexeme(facet: string): string {
  return `'~${facet.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

const anyState = (states: readonly string[]) => `(${states.map((state) => facetLexeme(`s${state}`)).join(' | ')})`;

/**
 * The filter's connection, kind and state as tsquery terms over migration 0040's facet lexemes,
 * with the meaning of filterConditions' conditions on the row, which they replace: added to the
 * words' query, they narrow the matches inside the index before any row is read.
 */
function postgresFacets(connectionId: number, filter: HistoryFilter): string[] {
  const facets = [facetLexeme(`c${connectionId}`)];
  if (filter.kind) facets.push(facetLexeme(`k${filter.kind.toLowerCase()}`));
  if (filter.state === 'pendiente') facets.push(`!${anyState(FINAL_DIAN_STATES)}`);
  else if (filter.state === 'aceptado') facets.push(anyState(ACCEPTED_DIAN_STATES));
  else if (filter.state === 'en_curso') facets.push(anyState(IN_PROGRESS_DIAN_STATES));
  else if (filter.state === 'en_verificacion') facets.push(`!${anyState([...FINAL_DIAN_STATES, ...IN_PROGRESS_DIAN_STATES])}`);
  else if (filter.state) facets.push(facetLexeme(`s${filter.state}`));
  return facets;
}

/** A DIAN state as its facet token (migration 0009: 's' and the hex of its UTF-8 bytes). */
function stateToken(state: string): string {
  return `s${Buffer.from(state, 'utf8').toString('hex')}`;
}

const IN_PROGRESS_TOKENS = IN_PROGRESS_DIAN_STATES.map((state) => `"${stateToken(state)}"`);

/**
 * The whole filter but its dates and `following` as one FTS5 expression: the words, and the kind,
 * state and (when the mirror holds other connections' documents) connection as facet tokens. A
 * facet most documents have is written as the exclusion of the rarer ones (aceptado is "not
 * noaceptado"), which FTS5 evaluates by skipping through a short list instead of a long one.
 */
export function facetMatch(text: string, connectionId: number, filter: HistoryFilter, sharedMirror: boolean): string {
  const required = [text];
  const excluded: string[] = [];
  if (sharedMirror) required.push(`facets : "c${connectionId}"`);
  // Two kinds only (CHECK of migration 0004): FE, most of a history, is "not DSE".
  if (filter.kind === 'DSE') required.push('facets : "kdse"');
  else if (filter.kind === 'FE') excluded.push('facets : "kdse"');
  if (filter.state === 'aceptado') excluded.push('facets : "noaceptado"');
  else if (filter.state === 'pendiente') required.push('facets : "pendiente"');
  else if (filter.state === 'en_curso') required.push(`facets : (${IN_PROGRESS_TOKENS.join(' OR ')})`);
  else if (filter.state === 'en_verificacion') {
    required.push('facets : "pendiente"');
    excluded.push(...IN_PROGRESS_TOKENS.map((token) => `facets : ${token}`));
  } else if (filter.state) required.push(`facets : "${stateToken(filter.state)}"`);
  const all = required.map((part) => `(${part})`).join(' AND ');
  return excluded.length > 0 ? `(${all}) NOT (${excluded.join(' OR ')})` : all;
}

type Db = Kysely<Schema> | Transaction<Schema>;

/** A list of fixed state words as SQL values (parameters on both engines). */
const values = (group: readonly string[]) => sql.join(group.map((value) => sql`${value}`));

/** Conditions on the table itself: what the FTS index does not hold (dates, followed submissions). */
function rowConditions(filter: HistoryFilter): RawBuilder<SqlBool>[] {
  const where: RawBuilder<SqlBool>[] = [];
  if (filter.from) where.push(sql<SqlBool>`h.issue_date >= ${filter.from}`);
  if (filter.to) where.push(sql<SqlBool>`h.issue_date <= ${filter.to}`);
  if (filter.following) {
    where.push(sql<SqlBool>`EXISTS (SELECT 1 FROM submissions s WHERE s.connection_id = h.connection_id AND s.kind = h.kind
      AND s.document_id = h.remote_id AND s.state IN (${values(OPEN_STATES)}))`);
  }
  return where;
}

/**
 * Every condition of a filter in one WHERE (the plain query), on either engine: on SQLite the words
 * as a set of FTS5 matches, on PostgreSQL as conditions on the folded text (its trigram indexes).
 * SQLite runs it by walking a table index, so it is slow over a large history with words and filters
 * together; `page` plans those itself there, and the export (which reads every row) uses this.
 */
export function filterConditions(kind: Engine['kind'], connectionId: number, filter: HistoryFilter): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [sql<SqlBool>`h.connection_id = ${connectionId}`];
  if (kind === 'postgres') {
    const words = postgresWords(connectionId, filter);
    where.push(...words.conditions);
    // The kind and the state are in the words' query as facets: the same conditions on the row
    // would only lead the planner to AND the index's matches with a B-tree's (history_by_kind's
    // 70,000 FE entries for «arroz» with kind FE) for no row fewer.
    if (words.faceted) return [...where, ...rowConditions(filter)];
  } else {
    const match = textMatch(filter);
    // The FTS index is evaluated once into a set of row ids; a join could let the planner walk
    // another index and re-run MATCH for every row it meets.
    if (match) where.push(sql<SqlBool>`h.id IN (SELECT rowid FROM history_search WHERE history_search MATCH ${match})`);
  }
  if (filter.kind) where.push(sql<SqlBool>`h.kind = ${filter.kind}`);
  if (filter.state === 'pendiente') where.push(sql<SqlBool>`h.estado_dian NOT IN (${values(FINAL_DIAN_STATES)})`);
  else if (filter.state === 'aceptado') where.push(sql<SqlBool>`h.estado_dian IN (${values(ACCEPTED_DIAN_STATES)})`);
  else if (filter.state === 'en_curso') where.push(sql<SqlBool>`h.estado_dian IN (${values(IN_PROGRESS_DIAN_STATES)})`);
  else if (filter.state === 'en_verificacion')
    where.push(
      sql<SqlBool>`h.estado_dian NOT IN (${values(FINAL_DIAN_STATES)}) AND h.estado_dian NOT IN (${values(IN_PROGRESS_DIAN_STATES)})`,
    );
  else if (filter.state) where.push(sql<SqlBool>`h.estado_dian = ${filter.state}`);
  where.push(...rowConditions(filter));
  return where;
}

const and = (conditions: readonly Expression<SqlBool>[]) => sql<SqlBool>`${sql.join(conditions, sql` AND `)}`;

type RawRow = Omit<HistoryRow, 'following'>;

/** A row's place in the list's order (issue date, then id, both descending). */
export interface HistoryCursor {
  issue_date: string;
  id: number;
}

export function toRow(raw: RawRow): HistoryRow {
  const state = raw.submission_state as SubmissionState | null;
  return { ...raw, following: state !== null && OPEN_SUBMISSION_STATES.includes(state) };
}

/** How `page` orders the matches of a search on SQLite: picked from the count, or forced (tests). */
export type SearchPlan = 'auto' | 'matches-first' | 'date-first';

/**
 * Matches first costs about this many times more per match than date first per document it walks
 * past (a date lookup and a sort step, against an index step and a probe of the matches): over the
 * benchmark's 100,000 documents the faster plan changed where walked / matches was between 3 and 5.
 */
const MATCH_COST_PER_WALKED_ROW = 4;

export class HistoryQueries {
  constructor(
    private readonly engine: Engine,
    private readonly options: { plan?: SearchPlan } = {},
  ) {}

  /** The plain query of a filter (its WHERE), for the export, the count without words, and tests. */
  plain(connectionId: number, filter: HistoryFilter): RawBuilder<SqlBool> {
    return and(filterConditions(this.engine.kind, connectionId, filter));
  }

  async count(connectionId: number, filter: HistoryFilter): Promise<number> {
    if (this.engine.kind === 'sqlite' && textMatch(filter)) {
      return this.engine.transaction(async (trx) => (await this.search(trx, connectionId, filter)).total);
    }
    return countWhere(this.engine.db, this.plain(connectionId, filter));
  }

  async page(connectionId: number, filter: HistoryFilter, offset: number, limit: number): Promise<HistoryPage> {
    if (this.engine.kind === 'postgres' && textMatch(filter)) return this.postgresSearch(connectionId, filter, offset, limit);
    if (this.engine.kind === 'postgres' || !textMatch(filter)) {
      // Without words both engines walk the date index and stop at the page.
      const where = this.plain(connectionId, filter);
      const items = await rowsWhere(this.engine.db, where, sql`LIMIT ${limit} OFFSET ${offset}`);
      return { total: await countWhere(this.engine.db, where), offset, items };
    }
    // The matches live in the connection's temporary table between the statements: one transaction
    // holds SQLite's one connection, so another search cannot empty it halfway.
    return this.engine.transaction(async (trx) => {
      const { total, conditions } = await this.search(trx, connectionId, filter);
      if (total === 0 || offset >= total) return { total, offset, items: [] };
      const plan =
        this.options.plan && this.options.plan !== 'auto' ? this.options.plan : await this.pickPlan(trx, total, offset + limit);
      const where = and([sql<SqlBool>`h.connection_id = ${connectionId}`, ...conditions]);
      const ids =
        plan === 'matches-first'
          ? sql`SELECT h.id FROM temp.history_matches m CROSS JOIN history_documents h INDEXED BY history_by_id_date ON h.id = m.id
             WHERE ${where}`
          : sql`SELECT h.id FROM history_documents h INDEXED BY history_by_date WHERE ${where} AND h.id IN temp.history_matches`;
      const { rows } = await sql<RawRow>`WITH page (id) AS MATERIALIZED (${ids} ORDER BY h.issue_date DESC, h.id DESC
         LIMIT ${limit} OFFSET ${offset})
         SELECT ${sql.raw(ROW_COLUMNS)} FROM page CROSS JOIN history_documents h ON h.id = page.id
         ORDER BY h.issue_date DESC, h.id DESC`.execute(trx);
      return { total, offset, items: rows.map(toRow) };
    });
  }

  /**
   * PostgreSQL with words: the matches (from the word indexes, with their dates) read once, and both
   * their count and the page taken from them in the same statement: one pass over the matching rows.
   * The count's row comes back even when the page is empty.
   *
   * Without parallel workers: for a word in thousands of documents the planner splits the reading
   * of the matches between two workers, which on a register's few cores cost two to three times the
   * CPU of reading them alone (starting the workers, sharing the bitmap) for no shorter wait. Set
   * for this statement only (SET LOCAL, in its own transaction): other queries keep their plans.
   */
  private async postgresSearch(connectionId: number, filter: HistoryFilter, offset: number, limit: number): Promise<HistoryPage> {
    const { rows } = await this.engine.transaction(async (trx) => {
      await sql`SET LOCAL max_parallel_workers_per_gather = 0`.execute(trx);
      return sql<RawRow & { match_count: number }>`WITH matches AS MATERIALIZED (
          SELECT h.id, h.issue_date FROM history_documents h WHERE ${this.plain(connectionId, filter)})
        SELECT counted.match_count, ${sql.raw(ROW_COLUMNS)} FROM (SELECT count(*) AS match_count FROM matches) counted
        LEFT JOIN LATERAL (SELECT m.id FROM matches m ORDER BY m.issue_date DESC, m.id DESC LIMIT ${limit} OFFSET ${offset}) page ON true
        LEFT JOIN history_documents h ON h.id = page.id
        ORDER BY h.issue_date DESC, h.id DESC`.execute(trx);
    });
    const total = Number(rows[0]?.match_count ?? 0);
    const items = rows.filter((row) => row.id !== null).map(({ match_count: _count, ...row }) => toRow(row));
    return { total, offset, items };
  }

  /**
   * Date first walks about `reach` × documents / matches rows of the date index; matches first
   * handles every match. The document count is the largest id (an upper bound, in O(log n)): it
   * only picks the faster plan, both give the same rows.
   */
  private async pickPlan(trx: Db, matches: number, reach: number): Promise<Exclude<SearchPlan, 'auto'>> {
    const { rows } = await sql<{ n: number | null }>`SELECT max(id) AS n FROM history_documents`.execute(trx);
    const walked = (reach * (rows[0]?.n ?? 0)) / matches;
    return matches * MATCH_COST_PER_WALKED_ROW < walked ? 'matches-first' : 'date-first';
  }

  /**
   * SQLite: a filter with words as one FTS5 query (words and facets), its matches read once into
   * the connection's temporary table, and its total. Call inside a transaction (see `page`).
   */
  private async search(
    trx: Db,
    connectionId: number,
    filter: HistoryFilter,
  ): Promise<{ total: number; conditions: RawBuilder<SqlBool>[] }> {
    const conditions = rowConditions(filter);
    const match = facetMatch(textMatch(filter)!, connectionId, filter, await sharedMirror(trx, connectionId));
    // A connection's own temporary table: nothing is written to the file.
    await sql`CREATE TEMP TABLE IF NOT EXISTS history_matches (id INTEGER PRIMARY KEY)`.execute(trx);
    await sql`DELETE FROM temp.history_matches`.execute(trx);
    const inserted = await sql`INSERT INTO temp.history_matches (id)
      SELECT rowid FROM history_search WHERE history_search MATCH ${match}`.execute(trx);
    const matches = Number(inserted.numAffectedRows ?? 0n);
    if (conditions.length === 0 || matches === 0) return { total: matches, conditions };
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM temp.history_matches m
      CROSS JOIN history_documents h INDEXED BY history_by_id_date ON h.id = m.id
      WHERE h.connection_id = ${connectionId} AND ${and(conditions)}`.execute(trx);
    return { total: rows[0]!.n, conditions };
  }

  /** Every matching row, newest first (tests; the export reads them by chunks with `after`). */
  async all(connectionId: number, filter: HistoryFilter): Promise<HistoryRow[]> {
    return rowsWhere(this.engine.db, this.plain(connectionId, filter), sql``);
  }

  /**
   * Up to `limit` matching rows that come after `after` in the list's order (all of them from the
   * start without it): the export read in chunks, by keyset, so a row inserted between two calls is
   * neither repeated nor pushes another out of the next chunk (an OFFSET would do both).
   */
  async after(
    connectionId: number,
    filter: HistoryFilter,
    after: HistoryCursor | undefined,
    limit: number,
  ): Promise<HistoryRow[]> {
    const conditions = filterConditions(this.engine.kind, connectionId, filter);
    // history_by_date gives the range of dates up to the cursor's; the id is tested on its date's rows.
    if (after) conditions.push(sql<SqlBool>`(h.issue_date, h.id) < (${after.issue_date}, ${after.id})`);
    return rowsWhere(this.engine.db, and(conditions), sql`LIMIT ${limit}`);
  }

  async row(connectionId: number, id: number): Promise<(HistoryRow & { document_json: string }) | undefined> {
    const { rows } = await sql<RawRow & { document_json: string }>`SELECT ${sql.raw(ROW_COLUMNS)}, h.document_json
      FROM history_documents h WHERE h.connection_id = ${connectionId} AND h.id = ${id}`.execute(this.engine.db);
    const raw = rows[0];
    return raw ? { ...toRow(raw), document_json: raw.document_json } : undefined;
  }
}

async function countWhere(db: Db, where: Expression<SqlBool>): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM history_documents h WHERE ${where}`.execute(db);
  return Number(rows[0]!.n);
}

async function rowsWhere(db: Db, where: Expression<SqlBool>, tail: RawBuilder<unknown>): Promise<HistoryRow[]> {
  const { rows } = await sql<RawRow>`SELECT ${sql.raw(ROW_COLUMNS)} FROM history_documents h WHERE ${where}
    ORDER BY h.issue_date DESC, h.id DESC ${tail}`.execute(db);
  return rows.map(toRow);
}

/** Whether the mirror holds documents of another connection too (two index seeks). */
async function sharedMirror(db: Db, connectionId: number): Promise<boolean> {
  const { rows } = await sql<{
    other: number;
  }>`SELECT (EXISTS (SELECT 1 FROM history_documents WHERE connection_id < ${connectionId})
    OR EXISTS (SELECT 1 FROM history_documents WHERE connection_id > ${connectionId})) AS other`.execute(db);
  return Number(rows[0]!.other) === 1;
}
