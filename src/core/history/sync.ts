// History sync: FE documents page by page from the list endpoint (detail when the list does not carry
// the full document), and every DSE this app created, by id. Each page is one transaction together
// with the cursor, so an interrupted sync resumes at the page it stopped at and keeps what it saved.
// On either engine (store/engine.ts).
import type { ServiceParts } from '../parts';
import { DseCreateRequest } from '#shared/api/index';
import { AppError } from '#shared/rpc/errors';
import type { SyncStatus, SyncSummary } from '#shared/rpc/methods/history';
import type { ApiClient, FeListPage } from '../api/client';
import { clientFor } from '../api/for-connection';
import type { ActiveConnection } from '../connections/connections';
import { isTerminalEstado } from '../submissions/states';
import type { LedgerReads } from '../ledger-reads/ledger-reads';
import type { Engine } from '../store/engine';
import type { SubmissionRow } from '../submissions/ledger';
import { recordRejected } from './local-record';
import { dseRow, feRow, HistoryMirror, type MirrorRow } from './mirror';
import { linkedNext, PAGE_SIZES, PageWalk, syncWarning, type EndReason } from './paging';
import { collectGarbage } from '../memory';

/** Failures of one document's detail that do not stop a pass (the service answered, about that document). */
const PER_DOCUMENT_FAILURES = new Set(['api_not_found', 'api_unexpected']);

interface SyncStateRow {
  next_page: number;
  total_pages: number | null;
  total_documents: number | null;
  started_at: string | null;
  finished_at: string | null;
  last_error: string | null;
  warning: string | null;
}

export interface HistorySyncOptions extends Omit<ServiceParts, 'store'> {
  /** The store's engine: the mirror and the sync's cursor. */
  engine: Engine;
  /** The ledger's reads (which DSEs to mirror, and their requests). */
  reads: LedgerReads;
  /** A fixed page size (tests); without it the sizes of PAGE_SIZES are tried until one is accepted. */
  pageSize?: number;
}

export class HistorySync {
  readonly mirror: HistoryMirror;
  private running: Promise<SyncSummary> | null = null;
  /** Per connection, the index in PAGE_SIZES of the size its server accepted (learnt once per run of the app). */
  private readonly sizeIndex = new Map<number, number>();

  /** Local records being written (recordRejected), waited for by whenIdle. */
  private readonly recording = new Set<Promise<void>>();

  constructor(private readonly options: HistorySyncOptions) {
    this.mirror = new HistoryMirror(options.engine);
  }

  /** One sync at a time; a second caller joins the one running. */
  sync(): Promise<SyncSummary> {
    this.running ??= this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  async status(): Promise<SyncStatus> {
    const connection = this.options.connections.requireActive();
    const state = await this.state(connection.id);
    return {
      running: this.running !== null,
      documents: await this.mirror.count(connection.id),
      next_page: state?.next_page ?? 1,
      total_pages: state?.total_pages ?? null,
      started_at: state?.started_at ?? null,
      finished_at: state?.finished_at ?? null,
      last_error: state?.last_error ?? null,
      warning: state?.warning ?? null,
    };
  }

  /** Mirrors one DSE the app created (after its outcome, or during a sync). */
  async mirrorDse(submissionId: number): Promise<boolean> {
    const row = await this.options.reads.dse(submissionId);
    if (!row || row.document_id === null) return false;
    const connection = this.options.connections.resolve(row.connection_id);
    const { documento } = await (await this.client(connection)).getDse(row.document_id);
    const request = DseCreateRequest.safeParse(JSON.parse(row.request_body.toString('utf8')));
    const supplier = request.success
      ? {
          nombre: request.data.proveedor.nombre,
          nit: request.data.proveedor.nit,
          items: request.data.items.map((i) => i.descripcion),
        }
      : { nombre: '', nit: '', items: [] };
    await this.mirror.upsert(dseRow(connection.id, documento, supplier, submissionId, this.now()));
    return true;
  }

  /** Keeps a local record of a rejected submission in the Historial (local-record.ts); never rejects. */
  recordRejected(row: SubmissionRow): Promise<void> {
    const work = recordRejected(this.mirror, row, this.now()).then(
      () => undefined,
      (error: unknown) => {
        this.options.logger.warn('local record of a rejected document failed', { submission: row.id, error: String(error) });
      },
    );
    this.recording.add(work);
    void work.finally(() => this.recording.delete(work));
    return work;
  }

  /** Resolves when every local record started so far is written (close, tests). */
  async whenIdle(): Promise<void> {
    while (this.recording.size > 0) await Promise.all(this.recording);
  }

  private async run(): Promise<SyncSummary> {
    const connection = this.options.connections.requireActive();
    const api = await this.client(connection);
    const progress = this.options.events;
    progress.emit('sync.progress', { phase: 'started', done: 0, total: null });
    let feDocuments = 0;
    let fePages = 0;
    let skipped = 0;
    try {
      const state = await this.state(connection.id);
      let page = state && state.finished_at === null ? state.next_page : 1;
      let sizeIndex = this.sizeIndex.get(connection.id) ?? 0;
      let walk = new PageWalk(page);
      // The query of the next page when the server names one that page numbers do not give (a
      // cursor, an offset): from then on the walk follows the server's links to their end.
      let following: Record<string, string> | null = null;
      let last: FeListPage | null = null;
      let end: EndReason | null = null;
      await this.begin(connection.id, page);
      for (;;) {
        const size = this.options.pageSize ?? PAGE_SIZES[sizeIndex];
        const sized = size !== undefined ? { per_page: size } : {};
        let result: FeListPage;
        try {
          result = await api.listFeDocs(following ? { ...sized, ...following } : { page, ...sized });
        } catch (error) {
          const status = error instanceof AppError ? error.details?.status : undefined;
          // A 422 is how some frameworks refuse a query parameter: like a 400 here.
          const refused = status === 400 || status === 422;
          if (fePages > 0 && !walk.linked && (refused || status === 404)) {
            // A page past the end refused: the page before was the last one.
            end = 'empty';
            await this.finish(connection.id);
            break;
          }
          if (fePages === 0 && refused && this.options.pageSize === undefined && sizeIndex < PAGE_SIZES.length - 1) {
            // "per_page: the server restricts the range": ask again with a smaller size (or none),
            // from page 1, since the page numbers of another size mean other documents.
            sizeIndex += 1;
            this.sizeIndex.set(connection.id, sizeIndex);
            page = 1;
            walk = new PageWalk(page);
            await this.begin(connection.id, page);
            continue;
          }
          throw error;
        }
        const { rows, failed } = await this.rowsOf(api, connection.id, result);
        skipped += failed;
        // Once the server's links are followed, each page's own link leads on, and its absence ends the walk.
        if (following !== null || linkedNext(result, page) !== null) {
          following = result.next?.query ?? null;
          end = walk.afterLink(result, following !== null);
        } else end = walk.after(page, result, size);
        if (end === 'bound') this.options.logger.warn('history sync stopped at the page bound', { page });
        const cursor = {
          // A walk that follows the server's links starts again at page 1 when interrupted: a cursor
          // may not outlive the run, and writing the same documents again changes nothing.
          next_page: end || walk.linked ? 1 : page + 1,
          total_pages: result.totalPages ?? null,
          total_documents: result.total ?? null,
          last_error: null,
          finished_at: end ? this.now() : null,
        };
        await this.options.engine.transaction(async (trx) => {
          await this.mirror.upsertAll(await this.mirror.adoptLocalRecords(trx, rows), trx);
          await trx.updateTable('history_sync_state').set(cursor).where('connection_id', '=', connection.id).execute();
        });
        feDocuments += result.entries.length;
        fePages += 1;
        last = result;
        // A long pass gives back the garbage of every 100 pages read (core/memory.ts).
        if (fePages % 100 === 0) collectGarbage();
        progress.emit('sync.progress', { phase: 'page', done: feDocuments, total: result.total ?? null });
        if (end) break;
        page += 1;
      }
      const warning = syncWarning(walk, end, last, skipped);
      if (warning) this.options.logger.warn('history sync incomplete', { end, seen: walk.seenCount, skipped });
      await this.options.engine.db
        .updateTable('history_sync_state')
        .set({ warning })
        .where('connection_id', '=', connection.id)
        .execute();
      const dseDocuments = await this.syncDse(connection);
      const summary: SyncSummary = {
        fe_documents: feDocuments,
        fe_pages: fePages,
        dse_documents: dseDocuments,
        total_documents: await this.mirror.count(connection.id),
        finished_at: this.now(),
        warning,
      };
      progress.emit('sync.progress', { phase: 'done', done: summary.total_documents, total: summary.total_documents });
      if (fePages >= 10) collectGarbage();
      return summary;
    } catch (error) {
      const message = error instanceof AppError ? error.message : 'Error inesperado durante la sincronización.';
      await this.options.engine.db
        .updateTable('history_sync_state')
        .set({ last_error: message })
        .where('connection_id', '=', connection.id)
        .execute()
        // The refusal the user reads is the sync's own; a store that cannot take the note is logged.
        .catch((noted: unknown) => this.options.logger.warn('sync error not recorded', { error: String(noted) }));
      progress.emit('sync.progress', { phase: 'failed', done: feDocuments, total: null, message });
      this.options.logger.warn('history sync stopped', { error: error instanceof Error ? error.message : String(error) });
      throw error instanceof AppError
        ? new AppError(error.code, `La sincronización se detuvo: ${error.message} Lo ya sincronizado se conserva.`, error.details)
        : error;
    }
  }

  /** Every DSE this app created on this connection that the mirror lacks, holds as non-terminal, or holds only as a local record. */
  private async syncDse(connection: ActiveConnection): Promise<number> {
    const ids = await this.options.reads.dsesToMirror(connection.id);
    let mirrored = 0;
    for (const id of ids) if (await this.mirrorDse(id)) mirrored += 1;
    return mirrored;
  }

  /**
   * The history rows of one page: an entry that carries the whole document is used as it is; any
   * other is read through the detail endpoint when it is new, when its listed state differs from
   * the stored one, or when it lists no state and the stored one is not final (a final state does
   * not change, so a list without `estado_dian` costs no request per known document). A document
   * whose detail fails (a 404 in a sync race, a 500, a body not understood) is skipped and counted:
   * it is still missing or stale, so the next pass asks for it again; only a failure of the whole
   * service (unreachable, token refused) stops the pass.
   */
  private async rowsOf(
    api: ApiClient,
    connectionId: number,
    result: FeListPage,
  ): Promise<{ rows: { row: MirrorRow; draftKey?: string }[]; failed: number }> {
    const rows: { row: MirrorRow; draftKey?: string }[] = [];
    let failed = 0;
    for (const entry of result.entries) {
      const draftKey = entry.draftKey;
      if (entry.document) {
        rows.push({ row: feRow(connectionId, entry.document, this.now()), ...(draftKey ? { draftKey } : {}) });
        continue;
      }
      const known = await this.mirror.known(connectionId, 'FE', entry.id);
      const stale =
        known === undefined ||
        known.local ||
        (entry.estado_dian !== undefined ? entry.estado_dian !== known.estado_dian : !isTerminalEstado(known.estado_dian));
      if (!stale) continue;
      try {
        rows.push({ row: feRow(connectionId, await api.getFeDoc(entry.id), this.now()), ...(draftKey ? { draftKey } : {}) });
      } catch (error) {
        if (!(error instanceof AppError) || !PER_DOCUMENT_FAILURES.has(error.code)) throw error;
        failed += 1;
        this.options.logger.warn('history sync skipped a document', { id: entry.id, code: error.code });
      }
    }
    return { rows, failed };
  }

  private async finish(connectionId: number): Promise<void> {
    await this.options.engine.db
      .updateTable('history_sync_state')
      .set({ next_page: 1, last_error: null, finished_at: this.now() })
      .where('connection_id', '=', connectionId)
      .execute();
  }

  private async begin(connectionId: number, page: number): Promise<void> {
    const started = { next_page: page, started_at: this.now() };
    await this.options.engine.db
      .insertInto('history_sync_state')
      .values({ connection_id: connectionId, ...started })
      .onConflict((conflict) => conflict.column('connection_id').doUpdateSet({ ...started, finished_at: null }))
      .execute();
  }

  private state(connectionId: number): Promise<SyncStateRow | undefined> {
    return this.options.engine.db
      .selectFrom('history_sync_state')
      .select(['next_page', 'total_pages', 'total_documents', 'started_at', 'finished_at', 'last_error', 'warning'])
      .where('connection_id', '=', connectionId)
      .executeTakeFirst();
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
