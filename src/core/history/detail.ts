// One document of the Historial with everything the detail view shows: the contract's document
// resource as mirrored, the ledger's submission (keys, attempts, answers) with its recorded events,
// the exact request this app sent, and the support information.
import { AppError } from '#shared/rpc/errors';
import type { HistoryDetail, SubmissionEvent } from '#shared/rpc/methods/history';
import type { Submissions } from '../submissions/submissions';
import type { IssuerProfiles } from './issuer';
import type { HistoryQueries } from './query';

export interface DetailParts {
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
  const { ledger } = parts.submissions;
  const submissionId = entry.submission_id ?? (await ledger.byDocument(connection.id, entry.kind, entry.remote_id));
  const submission = submissionId === null ? null : await parts.submissions.get(submissionId);
  const row = submissionId === null ? undefined : await ledger.get(submissionId);
  return {
    entry,
    document: parseObject(document_json) ?? {},
    submission,
    request: row ? parseObject(row.request_body.toString('utf8')) : null,
    events: submissionId === null ? [] : ((await ledger.events(submissionId)) as SubmissionEvent[]),
    support: submissionId === null ? null : await parts.submissions.supportInfo(submissionId),
    issuer: await parts.issuers.get(connection.id),
    company_id: connection.companyId,
  };
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
