// History sync: FE documents page by page from the list endpoint (detail when the list does not carry
// the full document), and every DSE this app created, by id. Each page is one transaction together
// with the cursor, so an interrupted sync resumes at the page it stopped at and keeps what it saved.
import type { ServiceParts } from '../parts';
import { DseCreateRequest, FeDocument } from '../../shared/api';
import { AppError } from '../../shared/rpc/errors';
import type { SyncStatus, SyncSummary } from '../../shared/rpc/methods/history';
import type { ApiClient } from '../api/client';
import { clientFor } from '../api/for-connection';
import type { ActiveConnection } from '../connections/connections';
import { dseRow, feRow, HistoryMirror, type MirrorRow } from './mirror';

export const SYNC_PAGE_SIZE = 100;


interface SyncStateRow {
  next_page: number;
  total_pages: number | null;
  total_documents: number | null;
  started_at: string | null;
  finished_at: string | null;
  last_error: string | null;
}

export interface HistorySyncOptions extends ServiceParts {
  pageSize?: number;
}

export class HistorySync {
  readonly mirror: HistoryMirror;
  private running: Promise<SyncSummary> | null = null;

  constructor(private readonly options: HistorySyncOptions) {
    this.mirror = new HistoryMirror(options.store.db);
  }

  /** One sync at a time; a second caller joins the one running. */
  sync(): Promise<SyncSummary> {
    this.running ??= this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  status(): SyncStatus {
    const connection = this.options.connections.requireActive();
    const state = this.state(connection.id);
    return {
      running: this.running !== null,
      documents: this.mirror.count(connection.id),
      next_page: state?.next_page ?? 1,
      total_pages: state?.total_pages ?? null,
      started_at: state?.started_at ?? null,
      finished_at: state?.finished_at ?? null,
      last_error: state?.last_error ?? null,
    };
  }

  /** Mirrors one DSE the app created (after its outcome, or during a sync). */
  async mirrorDse(submissionId: number): Promise<boolean> {
    const row = this.options.store.db
      .prepare<[number], { connection_id: number; document_id: number | null; request_body: Buffer }>(
        "SELECT connection_id, document_id, request_body FROM submissions WHERE id = ? AND kind = 'DSE'",
      )
      .get(submissionId);
    if (!row || row.document_id === null) return false;
    const connection = this.options.connections.resolve(row.connection_id);
    const { documento } = await (await this.client(connection)).getDse(row.document_id);
    const request = DseCreateRequest.safeParse(JSON.parse(row.request_body.toString('utf8')));
    const supplier = request.success
      ? { nombre: request.data.proveedor.nombre, nit: request.data.proveedor.nit, items: request.data.items.map((i) => i.descripcion) }
      : { nombre: '', nit: '', items: [] };
    this.mirror.upsert(dseRow(connection.id, documento, supplier, submissionId, this.now()));
    return true;
  }

  private async run(): Promise<SyncSummary> {
    const connection = this.options.connections.requireActive();
    const api = await this.client(connection);
    const progress = this.options.events;
    progress.emit('sync.progress', { phase: 'started', done: 0, total: null });
    let feDocuments = 0;
    let fePages = 0;
    try {
      const state = this.state(connection.id);
      let page = state && state.finished_at === null ? state.next_page : 1;
      this.begin(connection.id, page);
      for (;;) {
        const { docs, total, total_pages } = await api.listFeDocs({ page, per_page: this.options.pageSize ?? SYNC_PAGE_SIZE });
        const rows: MirrorRow[] = [];
        for (const listed of docs) {
          const full = FeDocument.safeParse(listed);
          if (full.success) rows.push(feRow(connection.id, full.data, this.now()));
          else if (this.mirror.known(connection.id, 'FE', listed.id)?.estado_dian !== listed.estado_dian || !listed.estado_dian) {
            rows.push(feRow(connection.id, await api.getFeDoc(listed.id), this.now()));
          }
        }
        const last = docs.length === 0 || (total_pages !== undefined && page >= total_pages);
        this.options.store.db.transaction(() => {
          for (const row of rows) this.mirror.upsert(row);
          this.options.store.db
            .prepare(
              `UPDATE history_sync_state SET next_page = ?, total_pages = ?, total_documents = ?, last_error = NULL,
                 finished_at = ? WHERE connection_id = ?`,
            )
            .run(last ? 1 : page + 1, total_pages ?? null, total ?? null, last ? this.now() : null, connection.id);
        })();
        feDocuments += docs.length;
        fePages += 1;
        progress.emit('sync.progress', { phase: 'page', done: feDocuments, total: total ?? null });
        if (last) break;
        page += 1;
      }
      const dseDocuments = await this.syncDse(connection);
      const summary: SyncSummary = {
        fe_documents: feDocuments,
        fe_pages: fePages,
        dse_documents: dseDocuments,
        total_documents: this.mirror.count(connection.id),
        finished_at: this.now(),
      };
      progress.emit('sync.progress', { phase: 'done', done: summary.total_documents, total: summary.total_documents });
      return summary;
    } catch (error) {
      const message = error instanceof AppError ? error.message : 'Error inesperado durante la sincronización.';
      this.options.store.db.prepare('UPDATE history_sync_state SET last_error = ? WHERE connection_id = ?').run(message, connection.id);
      progress.emit('sync.progress', { phase: 'failed', done: feDocuments, total: null, message });
      this.options.logger.warn('history sync stopped', { error: error instanceof Error ? error.message : String(error) });
      throw error instanceof AppError
        ? new AppError(error.code, `La sincronización se detuvo: ${error.message} Lo ya sincronizado se conserva.`, error.details)
        : error;
    }
  }

  /** Every DSE this app created on this connection that the mirror lacks or holds as non-terminal. */
  private async syncDse(connection: ActiveConnection): Promise<number> {
    const rows = this.options.store.db
      .prepare<[number, number], { id: number; document_id: number }>(
        `SELECT s.id, s.document_id FROM submissions s
         LEFT JOIN history_documents h ON h.connection_id = ? AND h.kind = 'DSE' AND h.remote_id = s.document_id
         WHERE s.connection_id = ? AND s.kind = 'DSE' AND s.document_id IS NOT NULL
           AND (h.id IS NULL OR h.estado_dian NOT IN ('aceptado', 'rechazado'))`,
      )
      .all(connection.id, connection.id);
    let mirrored = 0;
    for (const row of rows) if (await this.mirrorDse(row.id)) mirrored += 1;
    return mirrored;
  }

  private begin(connectionId: number, page: number): void {
    this.options.store.db
      .prepare(
        `INSERT INTO history_sync_state (connection_id, next_page, started_at) VALUES (?, ?, ?)
         ON CONFLICT (connection_id) DO UPDATE SET next_page = excluded.next_page, started_at = excluded.started_at, finished_at = NULL`,
      )
      .run(connectionId, page, this.now());
  }

  private state(connectionId: number): SyncStateRow | undefined {
    return this.options.store.db.prepare<[number], SyncStateRow>('SELECT * FROM history_sync_state WHERE connection_id = ?').get(connectionId);
  }

  private async client(connection: ActiveConnection): Promise<ApiClient> {
    // Fail before any request when there is no token (the sync state is then left as it was).
    await this.options.connections.tokenFor(connection);
    return clientFor(this.options.connections, connection, this.options.fetch);
  }

  private now(): string {
    return this.options.clock().toISOString();
  }
}
