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
// Both give the rows of the plain query (compileFilter), in the same order; the export uses that
// one, and the tests compare them.
import type { Statement } from 'better-sqlite3';
import type { HistoryFilter, HistoryPage, HistoryRow } from '#shared/rpc/methods/history';
import type { SubmissionState } from '#shared/rpc/methods/submissions';
import type { Db } from '../store/store';
import { OPEN_SUBMISSION_STATES } from '#shared/rpc/methods/submissions';
import { IN_PROGRESS_DIAN_STATES, STATE_LISTS_SQL } from '../ledger-reads/state-groups';

/** The newest ledger row for a mirrored document (index submissions_by_document, migration 0006). */
const LEDGER_OF = `(SELECT s.%s FROM submissions s
   WHERE s.connection_id = h.connection_id AND s.kind = h.kind AND s.document_id = h.remote_id ORDER BY s.id DESC LIMIT 1)`;

export const ROW_COLUMNS = `h.id, h.kind, h.remote_id, h.tipo_dian, h.number, h.estado_dian, h.fiscal_key, h.issue_date,
  h.counterpart_name, h.counterpart_doc, h.subtotal, h.impuestos, h.total, h.moneda, h.submission_id, h.synced_at,
  ${LEDGER_OF.replace('%s', 'state')} AS submission_state`;

/** The columns the user's words are searched in (the index's `facets` column is not one of them). */
export const TEXT_COLUMNS = '{number fiscal_key counterpart_name counterpart_doc items_text}';
const COUNTERPART_COLUMNS = '{counterpart_name counterpart_doc}';

export interface CompiledFilter {
  from: string;
  where: string;
  params: Record<string, unknown>;
}

/** Words of user text as FTS5 prefix terms; punctuation-only pieces are dropped. */
export function ftsTerms(text: string): string[] {
  return text
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, 12)
    .map((word) => `"${word}"*`);
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

/** Conditions on the table itself: what the FTS index does not hold (dates, followed submissions). */
function rowConditions(filter: HistoryFilter, params: Record<string, unknown>): string[] {
  const where: string[] = [];
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
      AND s.document_id = h.remote_id AND s.state IN ${STATE_LISTS_SQL.open})`);
  }
  return where;
}

/**
 * The plain query of a filter: every condition in one WHERE, the words as a set of FTS matches.
 * SQLite runs it by walking a table index, so it is slow over a large history with words and
 * filters together; `page` plans those itself, and the export (which reads every row) uses this.
 */
export function compileFilter(connectionId: number, filter: HistoryFilter): CompiledFilter {
  const where = ['h.connection_id = @connection'];
  const params: Record<string, unknown> = { connection: connectionId };
  const match = textMatch(filter);
  if (match) {
    // The FTS index is evaluated once into a set of row ids; a join could let the planner walk
    // another index and re-run MATCH for every row it meets.
    where.push('h.id IN (SELECT rowid FROM history_search WHERE history_search MATCH @match)');
    params.match = match;
  }
  if (filter.kind) {
    where.push('h.kind = @kind');
    params.kind = filter.kind;
  }
  if (filter.state === 'pendiente') where.push(`h.estado_dian NOT IN ${STATE_LISTS_SQL.final}`);
  else if (filter.state === 'aceptado') where.push(`h.estado_dian IN ${STATE_LISTS_SQL.accepted}`);
  else if (filter.state === 'en_curso') where.push(`h.estado_dian IN ${STATE_LISTS_SQL.inProgress}`);
  else if (filter.state === 'en_verificacion')
    where.push(`h.estado_dian NOT IN ${STATE_LISTS_SQL.final} AND h.estado_dian NOT IN ${STATE_LISTS_SQL.inProgress}`);
  else if (filter.state) {
    where.push('h.estado_dian = @state');
    params.state = filter.state;
  }
  where.push(...rowConditions(filter, params));
  return { from: 'history_documents h', where: where.join(' AND '), params };
}

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

/** How `page` orders the matches of a search: picked from the count, or forced (tests). */
export type SearchPlan = 'auto' | 'matches-first' | 'date-first';

/**
 * Matches first costs about this many times more per match than date first per document it walks
 * past (a date lookup and a sort step, against an index step and a probe of the matches): over the
 * benchmark's 100,000 documents the faster plan changed where walked / matches was between 3 and 5.
 */
const MATCH_COST_PER_WALKED_ROW = 4;

export class HistoryQueries {
  private readonly statements = new Map<string, Statement>();

  constructor(
    private readonly db: Db,
    private readonly options: { plan?: SearchPlan } = {},
  ) {
    // The matches of the current search, read once from the FTS index and then used by both the
    // count and the page (a connection's own temporary table: nothing is written to the file).
    db.exec('CREATE TEMP TABLE IF NOT EXISTS history_matches (id INTEGER PRIMARY KEY)');
  }

  /** Statements built from a filter's shape are few; each is prepared once. */
  private statement<R>(sql: string): Statement<[Record<string, unknown>], R> {
    let prepared = this.statements.get(sql);
    if (!prepared) {
      prepared = this.db.prepare(sql);
      this.statements.set(sql, prepared);
    }
    return prepared as Statement<[Record<string, unknown>], R>;
  }

  count(connectionId: number, filter: HistoryFilter): number {
    const search = this.search(connectionId, filter);
    if (search) return search.total;
    const { from, where, params } = compileFilter(connectionId, filter);
    return this.statement<{ n: number }>(`SELECT count(*) AS n FROM ${from} WHERE ${where}`).get(params)!.n;
  }

  page(connectionId: number, filter: HistoryFilter, offset: number, limit: number): HistoryPage {
    const search = this.search(connectionId, filter);
    if (!search) {
      const { from, where, params } = compileFilter(connectionId, filter);
      const items = this.statement<RawRow>(
        `SELECT ${ROW_COLUMNS} FROM ${from} WHERE ${where} ORDER BY h.issue_date DESC, h.id DESC LIMIT @limit OFFSET @offset`,
      )
        .all({ ...params, limit, offset })
        .map(toRow);
      return { total: this.count(connectionId, filter), offset, items };
    }
    const { total, params, conditions } = search;
    if (total === 0 || offset >= total) return { total, offset, items: [] };
    const plan = this.options.plan && this.options.plan !== 'auto' ? this.options.plan : this.pickPlan(total, offset + limit);
    const where = ['h.connection_id = @connection', ...conditions].join(' AND ');
    const ids =
      plan === 'matches-first'
        ? `SELECT h.id FROM temp.history_matches m CROSS JOIN history_documents h INDEXED BY history_by_id_date ON h.id = m.id
           WHERE ${where}`
        : `SELECT h.id FROM history_documents h INDEXED BY history_by_date WHERE ${where} AND h.id IN temp.history_matches`;
    const items = this.statement<RawRow>(
      `WITH page (id) AS MATERIALIZED (${ids} ORDER BY h.issue_date DESC, h.id DESC LIMIT @limit OFFSET @offset)
       SELECT ${ROW_COLUMNS} FROM page CROSS JOIN history_documents h ON h.id = page.id ORDER BY h.issue_date DESC, h.id DESC`,
    )
      .all({ ...params, limit, offset })
      .map(toRow);
    return { total, offset, items };
  }

  /**
   * Date first walks about `reach` × documents / matches rows of the date index; matches first
   * handles every match. The document count is the largest id (an upper bound, in O(log n)): it
   * only picks the faster plan, both give the same rows.
   */
  private pickPlan(matches: number, reach: number): Exclude<SearchPlan, 'auto'> {
    const documents = this.statement<{ n: number | null }>('SELECT max(id) AS n FROM history_documents').get({})!.n ?? 0;
    const walked = (reach * documents) / matches;
    return matches * MATCH_COST_PER_WALKED_ROW < walked ? 'matches-first' : 'date-first';
  }

  /**
   * A filter with words, as its FTS5 query and its total; null without words (the plain query is
   * then fast: it walks the date index and stops at the page).
   */
  private search(
    connectionId: number,
    filter: HistoryFilter,
  ): { total: number; params: Record<string, unknown>; conditions: string[] } | null {
    const text = textMatch(filter);
    if (!text) return null;
    const params: Record<string, unknown> = { connection: connectionId };
    const conditions = rowConditions(filter, params);
    params.match = facetMatch(text, connectionId, filter, this.sharedMirror(connectionId));
    this.statement('DELETE FROM temp.history_matches').run({});
    const matches = this.statement(
      'INSERT INTO temp.history_matches (id) SELECT rowid FROM history_search WHERE history_search MATCH @match',
    ).run({ match: params.match }).changes;
    const total =
      conditions.length === 0 || matches === 0
        ? matches
        : this.statement<{ n: number }>(
            `SELECT count(*) AS n FROM temp.history_matches m CROSS JOIN history_documents h INDEXED BY history_by_id_date ON h.id = m.id
             WHERE h.connection_id = @connection AND ${conditions.join(' AND ')}`,
          ).get(params)!.n;
    return { total, params, conditions };
  }

  /** Whether the mirror holds documents of another connection too (two index seeks). */
  private sharedMirror(connectionId: number): boolean {
    return (
      this.statement<{ other: number }>(
        `SELECT EXISTS (SELECT 1 FROM history_documents WHERE connection_id < @connection)
             OR EXISTS (SELECT 1 FROM history_documents WHERE connection_id > @connection) AS other`,
      ).get({ connection: connectionId })!.other === 1
    );
  }

  /** Every matching row, newest first, in chunks (CSV export of a large history). */
  *each(connectionId: number, filter: HistoryFilter): Generator<HistoryRow> {
    const { from, where, params } = compileFilter(connectionId, filter);
    const statement = this.db.prepare<[Record<string, unknown>], RawRow>(
      `SELECT ${ROW_COLUMNS} FROM ${from} WHERE ${where} ORDER BY h.issue_date DESC, h.id DESC`,
    );
    for (const raw of statement.iterate(params)) yield toRow(raw);
  }

  /**
   * Up to `limit` matching rows that come after `after` in the order of `each` (all of them from
   * the start without it): `each` read in chunks, by keyset, so a row inserted between two calls is
   * neither repeated nor pushes another out of the next chunk (an OFFSET would do both).
   */
  after(connectionId: number, filter: HistoryFilter, after: HistoryCursor | undefined, limit: number): HistoryRow[] {
    const { from, where, params } = compileFilter(connectionId, filter);
    // history_by_date gives the range of dates up to the cursor's; the id is tested on its date's rows.
    const keyset = after ? ' AND (h.issue_date, h.id) < (@after_date, @after_id)' : '';
    return this.statement<RawRow>(
      `SELECT ${ROW_COLUMNS} FROM ${from} WHERE ${where}${keyset} ORDER BY h.issue_date DESC, h.id DESC LIMIT @limit`,
    )
      .all({ ...params, ...(after ? { after_date: after.issue_date, after_id: after.id } : {}), limit })
      .map(toRow);
  }

  /**
   * The rows `after` gives, one at a time from SQLite (the CSV export writes each as it comes
   * instead of holding thousands of row objects). Stop iterating before making another query.
   */
  *eachAfter(
    connectionId: number,
    filter: HistoryFilter,
    after: HistoryCursor | undefined,
    limit: number,
  ): Generator<HistoryRow> {
    const { from, where, params } = compileFilter(connectionId, filter);
    const keyset = after ? ' AND (h.issue_date, h.id) < (@after_date, @after_id)' : '';
    const rows = this.statement<RawRow>(
      `SELECT ${ROW_COLUMNS} FROM ${from} WHERE ${where}${keyset} ORDER BY h.issue_date DESC, h.id DESC LIMIT @limit`,
    ).iterate({ ...params, ...(after ? { after_date: after.issue_date, after_id: after.id } : {}), limit });
    for (const raw of rows) yield toRow(raw);
  }

  row(connectionId: number, id: number): (HistoryRow & { document_json: string }) | undefined {
    const raw = this.db
      .prepare<[number, number], RawRow & { document_json: string }>(
        `SELECT ${ROW_COLUMNS}, h.document_json FROM history_documents h WHERE h.connection_id = ? AND h.id = ?`,
      )
      .get(connectionId, id);
    return raw ? { ...toRow(raw), document_json: raw.document_json } : undefined;
  }
}
