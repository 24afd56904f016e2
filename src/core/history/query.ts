// The Historial list: filters, free text through the FTS5 index of migration 0004 (never a scan of
// the table), newest first, one page at a time, with the ledger's view of each row.
import type { HistoryFilter, HistoryPage, HistoryRow } from '../../shared/rpc/methods/history-view';
import type { SubmissionState } from '../../shared/rpc/methods/submissions';
import type { Db } from '../store/store';

const OPEN_STATES = "('sending', 'in_doubt', 'pending')";

/** The newest ledger row for a mirrored document (index submissions_by_document, migration 0006). */
const LEDGER_OF = `(SELECT s.%s FROM submissions s
   WHERE s.connection_id = h.connection_id AND s.kind = h.kind AND s.document_id = h.remote_id ORDER BY s.id DESC LIMIT 1)`;

export const ROW_COLUMNS = `h.id, h.kind, h.remote_id, h.tipo_dian, h.number, h.estado_dian, h.fiscal_key, h.issue_date,
  h.counterpart_name, h.counterpart_doc, h.subtotal, h.impuestos, h.total, h.moneda, h.submission_id, h.synced_at,
  ${LEDGER_OF.replace('%s', 'state')} AS submission_state`;

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

export function compileFilter(connectionId: number, filter: HistoryFilter): CompiledFilter {
  const where = ['h.connection_id = @connection'];
  const params: Record<string, unknown> = { connection: connectionId };
  const match: string[] = [];
  const text = ftsTerms(filter.q ?? '');
  if (text.length > 0) match.push(text.join(' AND '));
  const counterpart = ftsTerms(filter.counterpart ?? '');
  if (counterpart.length > 0) match.push(`{counterpart_name counterpart_doc} : (${counterpart.join(' AND ')})`);
  const from = 'history_documents h';
  if (match.length > 0) {
    // The FTS index is evaluated once into a set of row ids; a join could let the planner walk
    // another index and re-run MATCH for every row it meets.
    where.push('h.id IN (SELECT rowid FROM history_search WHERE history_search MATCH @match)');
    params.match = match.map((part) => `(${part})`).join(' AND ');
  }
  if (filter.kind) {
    where.push('h.kind = @kind');
    params.kind = filter.kind;
  }
  if (filter.state === 'pendiente') where.push("h.estado_dian NOT IN ('aceptado', 'rechazado')");
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
      AND s.document_id = h.remote_id AND s.state IN ${OPEN_STATES})`);
  }
  return { from, where: where.join(' AND '), params };
}

type RawRow = Omit<HistoryRow, 'following'>;

export function toRow(raw: RawRow): HistoryRow {
  const state = raw.submission_state as SubmissionState | null;
  return { ...raw, following: state === 'sending' || state === 'in_doubt' || state === 'pending' };
}

export class HistoryQueries {
  constructor(private readonly db: Db) {}

  count(connectionId: number, filter: HistoryFilter): number {
    const { from, where, params } = compileFilter(connectionId, filter);
    return this.db.prepare<[Record<string, unknown>], { n: number }>(`SELECT count(*) AS n FROM ${from} WHERE ${where}`).get(params)!.n;
  }

  page(connectionId: number, filter: HistoryFilter, offset: number, limit: number): HistoryPage {
    const { from, where, params } = compileFilter(connectionId, filter);
    const items = this.db
      .prepare<[Record<string, unknown>], RawRow>(
        `SELECT ${ROW_COLUMNS} FROM ${from} WHERE ${where} ORDER BY h.issue_date DESC, h.id DESC LIMIT @limit OFFSET @offset`,
      )
      .all({ ...params, limit, offset })
      .map(toRow);
    return { total: this.count(connectionId, filter), offset, items };
  }

  /** Every matching row, newest first, in chunks (CSV export of a large history). */
  *each(connectionId: number, filter: HistoryFilter): Generator<HistoryRow> {
    const { from, where, params } = compileFilter(connectionId, filter);
    const statement = this.db.prepare<[Record<string, unknown>], RawRow>(
      `SELECT ${ROW_COLUMNS} FROM ${from} WHERE ${where} ORDER BY h.issue_date DESC, h.id DESC`,
    );
    for (const raw of statement.iterate(params)) yield toRow(raw);
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
