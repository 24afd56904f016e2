// Links between a rejected DSE and the new documents that correct it (migration 0012). The link is
// written under the correction's Idempotency-Key before that key is first sent, and read back through
// the ledger (the submission with that key; ledger-reads/dse-corrections.ts), so nothing here duplicates
// the ledger's state. On either engine.
import { AppError } from '#shared/rpc/errors';
import type { CorrectionSide } from '#shared/rpc/methods/dse-corrections';
import type { Engine } from '../store/engine';
import { correctionLinks, correctionSource, standingCorrection } from '../ledger-reads/dse-corrections';
import type { Kysely } from 'kysely';
import type { Schema } from '../store/schema';

export class DseCorrections {
  constructor(
    private readonly engine: Engine,
    private readonly now: () => Date,
  ) {}

  /** The rejected submission and its exact request, or a Spanish refusal saying why it cannot be corrected. */
  async start(
    connectionId: number,
    submissionId: number,
  ): Promise<{ rejected: CorrectionSide; reason: string | null; request: Record<string, unknown> }> {
    const row = await correctionSource(this.engine.db, connectionId, submissionId);
    if (!row || row.kind !== 'DSE')
      throw new AppError(
        'not_found',
        'Ese documento soporte no fue enviado desde esta conexión, así que no hay datos para corregirlo.',
      );
    if (row.side.state !== 'rejected') {
      throw new AppError(
        'invalid_input',
        row.side.state === 'accepted'
          ? 'El documento fue aceptado por la DIAN: no se corrige enviándolo de nuevo.'
          : 'Solo se corrige y envía de nuevo un documento soporte que la DIAN rechazó; este todavía no tiene un resultado definitivo.',
      );
    }
    await this.refuseSecond(this.engine.db, connectionId, submissionId, null);
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
    return { rejected: row.side, reason: row.error_message, request: request as Record<string, unknown> };
  }

  /** Links the correction's key to the rejected submission (before the key is first sent); false when it was linked already. */
  async link(connectionId: number, rejectedSubmissionId: number, key: string): Promise<boolean> {
    return this.engine.transaction(async (trx) => {
      const rejected = await correctionSource(trx, connectionId, rejectedSubmissionId);
      if (!rejected || rejected.kind !== 'DSE' || rejected.side.state !== 'rejected') {
        throw new AppError('invalid_input', 'El documento que se corrige no es un documento soporte rechazado de esta conexión.');
      }
      if (rejected.idempotency_key === key) {
        throw new AppError(
          'invalid_input',
          'La corrección debe enviarse con una clave nueva, no con la del documento rechazado.',
        );
      }
      await this.refuseSecond(trx, connectionId, rejectedSubmissionId, key);
      const result = await trx
        .insertInto('dse_corrections')
        .values({
          connection_id: connectionId,
          correction_key: key,
          rejected_submission_id: rejectedSubmissionId,
          created_at: this.now().toISOString(),
        })
        .onConflict((conflict) => conflict.columns(['connection_id', 'correction_key']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    });
  }

  /**
   * A rejected DSE is corrected once: while one of its corrections is on its way or accepted, a
   * second one would be a second document for the same purchase. A correction rejected by the DIAN,
   * or refused before anything was created (failed), or linked but never sent, leaves room for
   * another. `key` is the correction being linked now (linking it again is not a second one).
   */
  private async refuseSecond(
    db: Kysely<Schema>,
    connectionId: number,
    rejectedSubmissionId: number,
    key: string | null,
  ): Promise<void> {
    const standing = await standingCorrection(db, connectionId, rejectedSubmissionId, key ?? '');
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
  of(connectionId: number, submissionId: number): Promise<{ corrects: CorrectionSide | null; corrected_by: CorrectionSide[] }> {
    return correctionLinks(this.engine.db, connectionId, submissionId);
  }
}
