// One document of the Historial with everything the detail view shows: the contract's document
// resource as mirrored, the ledger's submission (keys, attempts, answers) with its recorded events,
// the exact request this app sent, and the support information.
import { AppError } from '#shared/rpc/errors';
import type { HistoryDetail, SubmissionEvent } from '#shared/rpc/methods/history';
import type { Db } from '../store/store';
import type { Submissions } from '../submissions/submissions';
import type { IssuerProfiles } from './issuer';
import type { HistoryQueries } from './query';

export interface DetailParts {
  db: Db;
  queries: HistoryQueries;
  submissions: Submissions;
  issuers: IssuerProfiles;
}

export async function historyDetail(
  parts: DetailParts,
  connection: { id: number; companyId: number },
  id: number,
): Promise<HistoryDetail> {
  const found = await parts.queries.row(connection.id, id);
  if (!found) {
    throw new AppError('not_found', 'Ese documento no está en el historial local. Pulse «Sincronizar» para traer lo que falte.');
  }
  const { document_json, ...entry } = found;
  const submissionId = ledgerRowOf(parts.db, connection.id, entry.kind, entry.remote_id, entry.submission_id);
  const submission = submissionId === null ? null : await parts.submissions.get(submissionId);
  return {
    entry,
    document: parseObject(document_json) ?? {},
    submission,
    request: submissionId === null ? null : requestOf(parts.db, submissionId),
    events: submissionId === null ? [] : eventsOf(parts.db, submissionId),
    support: submissionId === null ? null : await parts.submissions.supportInfo(submissionId),
    issuer: parts.issuers.get(connection.id),
    company_id: connection.companyId,
  };
}

function ledgerRowOf(db: Db, connectionId: number, kind: string, remoteId: number, known: number | null): number | null {
  if (known !== null) return known;
  const row = db
    .prepare<[number, string, number], { id: number }>(
      'SELECT id FROM submissions WHERE connection_id = ? AND kind = ? AND document_id = ? ORDER BY id DESC LIMIT 1',
    )
    .get(connectionId, kind, remoteId);
  return row?.id ?? null;
}

function requestOf(db: Db, submissionId: number): Record<string, unknown> | null {
  const row = db
    .prepare<[number], { request_body: Buffer }>('SELECT request_body FROM submissions WHERE id = ?')
    .get(submissionId);
  return row ? parseObject(row.request_body.toString('utf8')) : null;
}

function eventsOf(db: Db, submissionId: number): SubmissionEvent[] {
  return db
    .prepare<[number], SubmissionEvent>(
      `SELECT at, state, attempts, http_status, estado_dian, document_id, response_body, error_code, error_message
       FROM submission_events WHERE submission_id = ? ORDER BY id`,
    )
    .all(submissionId);
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
