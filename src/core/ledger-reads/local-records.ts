// The ledger's read behind the mirror's adoption of local records (history/mirror.ts): each local
// record of a rejected FE the server gave no id for (remote_id negative, local-record.ts), with the
// key its submission was sent under, so the server's document can take its place. On either engine.
import type { Kysely } from 'kysely';
import type { Schema } from '../store/schema';

export interface LocalRecord {
  id: number;
  submission_id: number | null;
  number: string;
  fiscal_key: string;
  counterpart_doc: string;
  total_cents: number;
  issue_date: string;
  idempotency_key: string | null;
}

/** Local records without a server id have a negative remote_id: a short range of the mirror's key. */
export function localRecords(db: Kysely<Schema>, connectionId: number): Promise<LocalRecord[]> {
  return db
    .selectFrom('history_documents as h')
    .leftJoin('submissions as s', 's.id', 'h.submission_id')
    .select([
      'h.id',
      'h.submission_id',
      'h.number',
      'h.fiscal_key',
      'h.counterpart_doc',
      'h.total_cents',
      'h.issue_date',
      's.idempotency_key',
    ])
    .where('h.connection_id', '=', connectionId)
    .where('h.kind', '=', 'FE')
    .where('h.remote_id', '<', 0)
    .execute();
}
