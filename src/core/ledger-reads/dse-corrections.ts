// The ledger's reads behind the DSE corrections (dse-corrections/corrections.ts): a submission with
// what a correction shows of it (its number, ledger and DIAN state, its Historial row), the rejected
// one being corrected, and the corrections linked to it (table dse_corrections, migration 0012).
// On either engine; the corrections' own link is written by corrections.ts.
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { CorrectionSide } from '#shared/rpc/methods/dse-corrections';
import type { SubmissionState } from '#shared/rpc/methods/submissions';
import type { Schema } from '../store/schema';
import { OPEN_STATES } from './state-groups';

type SideScope = ExpressionBuilder<Schema & { s: Schema['submissions'] }, 's'>;

/** What a correction shows of a submission `s`. */
function side(eb: SideScope) {
  return [
    's.id as submission_id',
    's.document_number as number',
    's.state',
    's.estado_dian',
    's.created_at',
    eb
      .selectFrom('history_documents as h')
      .select('h.id')
      .whereRef('h.connection_id', '=', 's.connection_id')
      .where('h.kind', '=', 'DSE')
      .whereRef('h.remote_id', '=', 's.document_id')
      .as('history_id'),
  ] as const;
}

const toSide = (row: {
  submission_id: number;
  number: string | null;
  state: string;
  estado_dian: string | null;
  created_at: string;
  history_id: number | null;
}): CorrectionSide => ({ ...row, state: row.state as SubmissionState });

/** A submission of the connection as a correction starts from it: its side, kind, key, request and reason. */
export async function correctionSource(db: Kysely<Schema>, connectionId: number, submissionId: number) {
  const row = await db
    .selectFrom('submissions as s')
    .select((eb) => [...side(eb), 's.kind', 's.idempotency_key', 's.request_body', 's.error_message'])
    .where('s.id', '=', submissionId)
    .where('s.connection_id', '=', connectionId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { kind, idempotency_key, request_body, error_message, ...rest } = row;
  return { side: toSide(rest), kind, idempotency_key, request_body, error_message };
}

/** The corrections of one rejected DSE, each with its own submission's side. */
function correctionsOf(db: Kysely<Schema>, connectionId: number, rejectedSubmissionId: number) {
  return db
    .selectFrom('dse_corrections as l')
    .innerJoin('submissions as s', (join) =>
      join
        .onRef('s.connection_id', '=', 'l.connection_id')
        .on('s.kind', '=', 'DSE')
        .onRef('s.idempotency_key', '=', 'l.correction_key'),
    )
    .select((eb) => side(eb))
    .where('l.rejected_submission_id', '=', rejectedSubmissionId)
    .where('l.connection_id', '=', connectionId);
}

/**
 * The first correction of a rejected submission still standing (on its way or accepted), other than
 * the one under `exceptKey`; undefined when there is none.
 */
export async function standingCorrection(
  db: Kysely<Schema>,
  connectionId: number,
  rejectedSubmissionId: number,
  exceptKey: string,
): Promise<CorrectionSide | undefined> {
  const row = await correctionsOf(db, connectionId, rejectedSubmissionId)
    .where('l.correction_key', '<>', exceptKey)
    .where((eb) => eb.or([eb('s.state', '=', 'accepted'), eb('s.state', 'in', OPEN_STATES)]))
    .orderBy('s.id')
    .limit(1)
    .executeTakeFirst();
  return row ? toSide(row) : undefined;
}

/** The rejected submission a correction corrects, and the corrections of a rejected one (those refused before anything was created left out). */
export async function correctionLinks(
  db: Kysely<Schema>,
  connectionId: number,
  submissionId: number,
): Promise<{ corrects: CorrectionSide | null; corrected_by: CorrectionSide[] }> {
  const corrects = await db
    .selectFrom('submissions as c')
    .innerJoin('dse_corrections as l', (join) =>
      join.onRef('l.connection_id', '=', 'c.connection_id').onRef('l.correction_key', '=', 'c.idempotency_key'),
    )
    .innerJoin('submissions as s', 's.id', 'l.rejected_submission_id')
    .select((eb) => side(eb))
    .where('c.id', '=', submissionId)
    .where('c.connection_id', '=', connectionId)
    .where('c.kind', '=', 'DSE')
    .executeTakeFirst();
  const correctedBy = await correctionsOf(db, connectionId, submissionId)
    .where('s.state', '<>', 'failed')
    .orderBy('s.id')
    .execute();
  return { corrects: corrects ? toSide(corrects) : null, corrected_by: correctedBy.map(toSide) };
}
