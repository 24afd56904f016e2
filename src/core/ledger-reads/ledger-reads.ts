// The ledger's reads, in one home, on both engines: what day close, the history (its sync, its
// list of followed submissions, its detail's ledger state) and the reports read from the submissions
// and the mirror beside them. Async over Kysely; the state groups come from state-groups.ts; where
// SQLite and PostgreSQL spell a thing differently (a JSON field), the difference is written here.
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { sqliteEngine, type Engine } from '../store/engine';
import type { Db } from '../store/store';
import type { Schema } from '../store/schema';
import { FINAL_DIAN_STATES, NOT_A_DOCUMENT_STATES, OPEN_STATES } from './state-groups';

/** An FE submission of a day, as the day close reads it. */
export interface DayInvoice {
  id: number;
  state: string;
  request_body: Buffer;
  counterpart: string | null;
  document_number: string | null;
  created_at: string;
}

/** A mirrored document and the request the ledger sent for it (null when known through sync only). */
export interface DocumentRequest {
  id: number;
  kind: 'FE' | 'DSE';
  submission_id: number | null;
  request_body: Buffer | null;
}

/** What changes whenever a submission of the connection is added or updated. */
export interface LedgerSignature {
  n: number;
  at: string | null;
  id: number | null;
}

type HistoryScope = ExpressionBuilder<Schema & { h: Schema['history_documents'] }, 'h'>;

export class LedgerReads {
  constructor(private readonly engine: Engine) {}

  private get db() {
    return this.engine.db;
  }

  /**
   * FE submissions created in [from, to) that are documents (a refused one created nothing), in
   * the order they were made: the day close sums the accepted ones and lists the others apart.
   */
  dayInvoices(connectionId: number, from: string, to: string): Promise<DayInvoice[]> {
    return this.db
      .selectFrom('submissions')
      .select(['id', 'state', 'request_body', 'counterpart', 'document_number', 'created_at'])
      .where('connection_id', '=', connectionId)
      .where('kind', '=', 'FE')
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .where('state', 'not in', NOT_A_DOCUMENT_STATES)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** One DSE of the ledger with what the mirror needs of it, or undefined (not a DSE, or unknown). */
  dse(submissionId: number): Promise<{ connection_id: number; document_id: number | null; request_body: Buffer } | undefined> {
    return this.db
      .selectFrom('submissions')
      .select(['connection_id', 'document_id', 'request_body'])
      .where('id', '=', submissionId)
      .where('kind', '=', 'DSE')
      .executeTakeFirst();
  }

  /**
   * The DSEs this app created on a connection that the mirror lacks, holds in a state not final,
   * or holds only as a local record of a rejection (the server's copy replaces it).
   */
  async dsesToMirror(connectionId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('submissions as s')
      .leftJoin('history_documents as h', (join) =>
        join.on('h.connection_id', '=', connectionId).on('h.kind', '=', 'DSE').onRef('h.remote_id', '=', 's.document_id'),
      )
      .select('s.id')
      .where('s.connection_id', '=', connectionId)
      .where('s.kind', '=', 'DSE')
      .where('s.document_id', 'is not', null)
      .where((eb) =>
        eb.or([
          eb('h.id', 'is', null),
          eb('h.estado_dian', 'not in', FINAL_DIAN_STATES),
          this.isLocalRecord(sql.ref('h.document_json')),
        ]),
      )
      .orderBy('s.id')
      .execute();
    return rows.map((row) => row.id);
  }

  /** Open submissions of a connection whose document the mirror does not show (yet), newest first. */
  async unmirroredOpen(connectionId: number, limit = 200): Promise<number[]> {
    const rows = await this.db
      .selectFrom('submissions as s')
      .leftJoin('history_documents as h', (join) =>
        join
          .onRef('h.connection_id', '=', 's.connection_id')
          .onRef('h.kind', '=', 's.kind')
          .onRef('h.remote_id', '=', 's.document_id'),
      )
      .select('s.id')
      .where('s.connection_id', '=', connectionId)
      .where('s.state', 'in', OPEN_STATES)
      .where('h.id', 'is', null)
      .orderBy('s.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  /** The newest ledger state of a mirrored document (null when no submission of this app made it). */
  async stateOfDocument(connectionId: number, historyId: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('history_documents as h')
      .select((eb) => this.ledgerStateOf(eb).as('state'))
      .where('h.connection_id', '=', connectionId)
      .where('h.id', '=', historyId)
      .executeTakeFirst();
    return row?.state ?? null;
  }

  /** The ledger state of the newest submission that made the document `h` (index submissions_by_document). */
  ledgerStateOf(eb: HistoryScope) {
    return eb
      .selectFrom('submissions as s')
      .select('s.state')
      .whereRef('s.connection_id', '=', 'h.connection_id')
      .whereRef('s.kind', '=', 'h.kind')
      .whereRef('s.document_id', '=', 'h.remote_id')
      .orderBy('s.id', 'desc')
      .limit(1);
  }

  /** Count, newest change and newest id of a connection's submissions: equal while nothing was added or updated. */
  ledgerSignature(connectionId: number): Promise<LedgerSignature> {
    return this.db
      .selectFrom('submissions')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('updated_at').as('at'), eb.fn.max('id').as('id')])
      .where('connection_id', '=', connectionId)
      .executeTakeFirstOrThrow() as Promise<LedgerSignature>;
  }

  /**
   * Documents of a connection issued in [from, to] that the reports have no figures for yet, and
   * (with `recheck`) those known through sync only that now have a ledger row.
   */
  async documentsWithoutFacts(connectionId: number, from: string, to: string, recheck: boolean): Promise<number[]> {
    const rows = await this.db
      .selectFrom('history_documents as h')
      .leftJoin('report_documents as r', 'r.history_id', 'h.id')
      .select('h.id')
      .where('h.connection_id', '=', connectionId)
      .where('h.issue_date', '>=', from)
      .where('h.issue_date', '<=', to)
      .where((eb) => {
        const missing = eb('r.history_id', 'is', null);
        if (!recheck) return missing;
        return eb.or([
          missing,
          eb.and([
            eb('r.submission_id', 'is', null),
            eb.exists(
              eb
                .selectFrom('submissions as s2')
                .select(sql.lit(1).as('one'))
                .whereRef('s2.connection_id', '=', 'h.connection_id')
                .whereRef('s2.kind', '=', 'h.kind')
                .whereRef('s2.document_id', '=', 'h.remote_id'),
            ),
          ]),
        ]);
      })
      .orderBy('h.id')
      .execute();
    return rows.map((row) => row.id);
  }

  /**
   * The request the ledger sent for each of these mirrored documents: the submission the mirror
   * names, or else the newest one that made it; null for a document known through sync only.
   */
  async requestsOf(historyIds: readonly number[]): Promise<DocumentRequest[]> {
    if (historyIds.length === 0) return [];
    // The submission's id is picked per document first, then its row read by primary key, one lookup
    // per document. PostgreSQL, given a join on the picked id (or on the coalesce itself), read the
    // whole submissions table, request bodies and all, for every batch of documents (a hash, or a
    // merge along its primary key): there each row is a scalar subquery, which it looks up by key.
    // SQLite looks a join up by key already, and does it in one probe instead of two.
    const submission =
      this.engine.kind === 'postgres'
        ? sql`(SELECT s.id FROM submissions s WHERE s.id = p.picked_id) AS submission_id,
            (SELECT s.request_body FROM submissions s WHERE s.id = p.picked_id) AS request_body FROM picked p`
        : sql`s.id AS submission_id, s.request_body FROM picked p LEFT JOIN submissions s ON s.id = p.picked_id`;
    const { rows } = await sql<{ id: number; kind: 'FE' | 'DSE'; submission_id: number | null; request_body: Buffer | null }>`
      WITH picked AS MATERIALIZED (
        SELECT h.id, h.kind, coalesce(h.submission_id, (SELECT s2.id FROM submissions s2
          WHERE s2.connection_id = h.connection_id AND s2.kind = h.kind AND s2.document_id = h.remote_id
          ORDER BY s2.id DESC LIMIT 1)) AS picked_id
        FROM history_documents h WHERE h.id IN (${sql.join(historyIds)}))
      SELECT p.id, p.kind, ${submission} ORDER BY p.id`.execute(this.db);
    return rows.map((row) => ({
      ...row,
      id: Number(row.id),
      submission_id: row.submission_id === null ? null : Number(row.submission_id),
    }));
  }

  /** Whether a mirrored document is only this app's local record of a rejection (local-record.ts). */
  private isLocalRecord(documentJson: Expression<string>): Expression<SqlBool> {
    return this.engine.kind === 'postgres'
      ? sql<SqlBool>`(${documentJson}::jsonb ->> 'registro_local') = 'true'`
      : sql<SqlBool>`json_extract(${documentJson}, '$.registro_local') = 1`;
  }
}

/** The ledger's reads on a SQLite connection (a part built from the Store, and tests). */
export function ledgerReadsOf(db: Db): LedgerReads {
  return new LedgerReads(sqliteEngine(db));
}
