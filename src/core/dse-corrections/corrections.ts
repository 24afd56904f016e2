// Links between a rejected DSE and the new documents that correct it (migration 0012). The link is
// written under the correction's Idempotency-Key before that key is first sent, and read back through
// the ledger (the submission with that key), so nothing here duplicates the ledger's state.
import { AppError } from '#shared/rpc/errors';
import type { CorrectionSide } from '#shared/rpc/methods/dse-corrections';
import type { SubmissionState } from '#shared/rpc/methods/submissions';
import type { Db } from '../store/store';
import { STATE_LISTS_SQL } from '../ledger-reads/state-groups';

interface SideRow {
  submission_id: number;
  number: string | null;
  state: SubmissionState;
  estado_dian: string | null;
  history_id: number | null;
  created_at: string;
}

const SIDE = `s.id AS submission_id, s.document_number AS number, s.state, s.estado_dian, s.created_at,
  (SELECT h.id FROM history_documents h WHERE h.connection_id = s.connection_id AND h.kind = 'DSE' AND h.remote_id = s.document_id) AS history_id`;

export class DseCorrections {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /** The rejected submission and its exact request, or a Spanish refusal saying why it cannot be corrected. */
  start(
    connectionId: number,
    submissionId: number,
  ): { rejected: CorrectionSide; reason: string | null; request: Record<string, unknown> } {
    const row = this.db
      .prepare<[number, number], SideRow & { kind: string; request_body: Buffer; error_message: string | null }>(
        `SELECT ${SIDE}, s.kind, s.request_body, s.error_message FROM submissions s WHERE s.id = ? AND s.connection_id = ?`,
      )
      .get(submissionId, connectionId);
    if (!row || row.kind !== 'DSE')
      throw new AppError(
        'not_found',
        'Ese documento soporte no fue enviado desde esta conexión, así que no hay datos para corregirlo.',
      );
    if (row.state !== 'rejected') {
      throw new AppError(
        'invalid_input',
        row.state === 'accepted'
          ? 'El documento fue aceptado por la DIAN: no se corrige enviándolo de nuevo.'
          : 'Solo se corrige y envía de nuevo un documento soporte que la DIAN rechazó; este todavía no tiene un resultado definitivo.',
      );
    }
    this.refuseSecond(connectionId, submissionId, null);
    let request: unknown;
    try {
      request = JSON.parse(row.request_body.toString('utf8'));
    } catch {
      request = null;
    }
    if (request === null || typeof request !== 'object' || Array.isArray(request)) {
      throw new AppError(
        'internal',
        'La solicitud guardada de ese documento no se puede leer. Copie la información de soporte y escriba el documento de nuevo.',
      );
    }
    const { kind: _kind, request_body: _body, error_message, ...side } = row;
    return { rejected: side, reason: error_message, request: request as Record<string, unknown> };
  }

  link(connectionId: number, rejectedSubmissionId: number, key: string): boolean {
    const rejected = this.db
      .prepare<[number, number], { state: string; kind: string; idempotency_key: string }>(
        'SELECT state, kind, idempotency_key FROM submissions WHERE id = ? AND connection_id = ?',
      )
      .get(rejectedSubmissionId, connectionId);
    if (!rejected || rejected.kind !== 'DSE' || rejected.state !== 'rejected') {
      throw new AppError('invalid_input', 'El documento que se corrige no es un documento soporte rechazado de esta conexión.');
    }
    if (rejected.idempotency_key === key) {
      throw new AppError('invalid_input', 'La corrección debe enviarse con una clave nueva, no con la del documento rechazado.');
    }
    this.refuseSecond(connectionId, rejectedSubmissionId, key);
    const result = this.db
      .prepare(
        `INSERT INTO dse_corrections (connection_id, correction_key, rejected_submission_id, created_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (connection_id, correction_key) DO NOTHING`,
      )
      .run(connectionId, key, rejectedSubmissionId, this.now().toISOString());
    return result.changes > 0;
  }

  /**
   * A rejected DSE is corrected once: while one of its corrections is on its way or accepted, a
   * second one would be a second document for the same purchase. A correction rejected by the DIAN,
   * or refused before anything was created (failed), or linked but never sent, leaves room for
   * another. `key` is the correction being linked now (linking it again is not a second one).
   */
  private refuseSecond(connectionId: number, rejectedSubmissionId: number, key: string | null): void {
    const standing = this.db
      .prepare<[number, number, string], SideRow>(
        `SELECT ${SIDE} FROM dse_corrections l
         JOIN submissions s ON s.connection_id = l.connection_id AND s.kind = 'DSE' AND s.idempotency_key = l.correction_key
         WHERE l.rejected_submission_id = ? AND l.connection_id = ? AND l.correction_key <> ?
           AND (s.state = 'accepted' OR s.state IN ${STATE_LISTS_SQL.open})
         ORDER BY s.id LIMIT 1`,
      )
      .get(rejectedSubmissionId, connectionId, key ?? '');
    if (!standing) return;
    const name = standing.number ?? `el envío ${standing.submission_id}`;
    throw new AppError(
      'conflict',
      standing.state === 'accepted'
        ? `Este documento soporte ya fue corregido por ${name}, que la DIAN aceptó. No se corrige dos veces: se crearía un segundo documento para la misma compra.`
        : `Este documento soporte ya tiene una corrección en camino (${name}), que aún no tiene respuesta definitiva. Espere su resultado en «Pendientes»; no se corrige dos veces.`,
      { correction_submission_id: standing.submission_id },
    );
  }

  /** Links of one submission. A correction refused before anything was created (failed) is not shown. */
  of(connectionId: number, submissionId: number): { corrects: CorrectionSide | null; corrected_by: CorrectionSide[] } {
    const corrects =
      this.db
        .prepare<[number, number], SideRow>(
          `SELECT ${SIDE} FROM submissions c
           JOIN dse_corrections l ON l.connection_id = c.connection_id AND l.correction_key = c.idempotency_key
           JOIN submissions s ON s.id = l.rejected_submission_id
           WHERE c.id = ? AND c.connection_id = ? AND c.kind = 'DSE'`,
        )
        .get(submissionId, connectionId) ?? null;
    const correctedBy = this.db
      .prepare<[number, number], SideRow>(
        `SELECT ${SIDE} FROM dse_corrections l
         JOIN submissions s ON s.connection_id = l.connection_id AND s.kind = 'DSE' AND s.idempotency_key = l.correction_key
         WHERE l.rejected_submission_id = ? AND l.connection_id = ? AND s.state != 'failed'
         ORDER BY s.id`,
      )
      .all(submissionId, connectionId);
    return { corrects, corrected_by: correctedBy };
  }
}
