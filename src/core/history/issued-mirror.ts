// An issued document is in the history as soon as its outcome names it: each
// recorded outcome with a document id is read from the API and written to the mirror, FE as DSE, so
// Historial never waits for "Sincronizar". A 'history.changed' event follows each write, so a screen
// showing the list refreshes after the row is there (not on 'document.changed', which comes first).
import { clientFor } from '../api/for-connection';
import type { ServiceParts } from '../parts';
import type { SubmissionRow } from '../submissions/ledger';
import { isTerminalEstado } from '../submissions/states';
import type { Submissions } from '../submissions/submissions';
import { feRow } from './mirror';
import type { HistorySync } from './sync';

export class IssuedMirror {
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly parts: ServiceParts,
    private readonly history: HistorySync,
  ) {}

  /** Follows every recorded outcome; returns the function that stops following. */
  attach(submissions: Submissions): () => void {
    return submissions.onRecorded((row) => {
      if (row.document_id === null) return;
      const work = (async () => {
        if (await this.wanted(row)) await this.mirror(row);
      })().catch((error: unknown) =>
        // The next sync (or the next outcome of this submission) writes it; nothing is lost.
        this.parts.logger.warn(`${row.kind} mirror failed`, { submission: row.id, error: String(error) }),
      );
      this.inFlight.add(work);
      void work.finally(() => this.inFlight.delete(work));
    });
  }

  /** Resolves when every mirror write started so far has finished (close, tests). */
  async whenIdle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all(this.inFlight);
  }

  private async wanted(row: SubmissionRow): Promise<boolean> {
    if (row.document_id === null) return false;
    // A DSE is read by the poller until final; its mirror row is written once it is.
    if (row.kind === 'DSE') return isTerminalEstado(row.estado_dian);
    // An FE is mirrored in every state the service gives it (en proceso, aceptado, rechazado), unless
    // the mirror already holds it in that state.
    const known = await this.history.mirror.known(row.connection_id, 'FE', row.document_id);
    return !known || known.estado_dian !== row.estado_dian;
  }

  private async mirror(row: SubmissionRow): Promise<void> {
    const documentId = row.document_id!;
    if (row.kind === 'DSE') {
      if (!(await this.history.mirrorDse(row.id))) return;
    } else {
      const connection = this.parts.connections.resolve(row.connection_id);
      const doc = await clientFor(this.parts.connections, connection, this.parts.fetch).getFeDoc(documentId);
      await this.history.mirror.upsert({ ...feRow(connection.id, doc, this.parts.clock().toISOString()), submission_id: row.id });
    }
    this.parts.events.emit('history.changed', { kind: row.kind, document_id: documentId });
  }
}
