// Exactly-once submissions (DESIGN.md, "Rules that hold everywhere"): the key and the exact bytes
// are committed before the first byte is sent; after any doubt the same bytes go again with the same
// key, or the DSE is queried by id. Never a new key, never a changed body, for one operation.
//
// This file is the exactly-once ledger's side: the write-ahead record, the send with the key, the
// outcome's commit and the resumption of uncertain submissions. What the service could not receive
// goes to the contingency queue (contingency-queue.ts), which reaches this side only through the
// narrow `LedgerAccess` documented at its top; `Submissions` hands it exactly those functions.
import type { ServiceParts } from '../parts';
import { createHash, randomUUID } from 'node:crypto';
import { HEADER_SAFE, LIMITS, type DseCreateRequest, type FeCreateRequest } from '#shared/api/index';
import { AppError } from '#shared/rpc/errors';
import { OPEN_SUBMISSION_STATES, type DocumentKind, type Submission } from '#shared/rpc/methods/submissions';
import { ApiClient } from '../api/client';
import { TransportFailure, type ApiAnswer } from '../api/http';
import type { ActiveConnection } from '../connections/connections';
import { redact } from '../log/logger';
import { crashPoint } from './crash';
import { SubmissionLedger, toSubmission, type Outcome, type SubmissionRow } from './ledger';
import { outcomeOfAnswer, outcomeOfTransport } from './outcome';
import { boundUnknownState, isUnknownState, ledgerStateOf } from './states';
import { supportInfo } from './support';
import { DEFAULT_WINDOW_HOURS } from './deadlines';
import { nothingSent } from './outcome';
import { ContingencyQueue, QUEUED, type LedgerAccess, type OutboxPass } from './contingency-queue';
import type { ReferenceCounter } from '../registers/reference-counter';
import { isTicketTaken, ticketOfRequest, ticketRef, type TicketId, type TicketSource } from './contingency-tickets';
import type { OutboxStore } from './outbox';
import { leaseFor, processOwner, SubmissionClaims } from './claims';
import { DEFAULT_READ_TIMEOUT_MS, DEFAULT_WRITE_TIMEOUT_MS } from '../api/client';
import type { Engine } from '../store/engine';
import { registerKey, type KeyKind } from '#shared/registers/keys';

export type { OutboxPass } from './contingency-queue';

export interface SubmissionsOptions extends ServiceParts {
  /** Where the submissions' claims are taken (claims.ts). */
  engine: Engine;
  writeTimeoutMs?: number;
  readTimeoutMs?: number;
  /** The transmission window of a contingency document, in hours (default 48). */
  contingencyWindowHours?: number;
  /**
   * This register's id (registers/registers.ts), which the keys drawn here carry
   * (shared/registers/keys.ts); absent where a test builds the ledger alone: keys without a register.
   */
  registerId?: () => Promise<string>;
  /** Where contingency tickets are numbered from (default the numbering; a shop copy: its register's blocks). */
  ticketsFrom?: TicketSource;
  /** On a shop copy, the register's highest local reference number on the shop's database (outbox.ts). */
  localRefFloor?: number;
  /** The data folder's count of the register's local references (registers/reference-counter.ts). */
  references?: ReferenceCounter;
}

export type FeSubmitRequest = Omit<FeCreateRequest, 'draft_key'> & { draft_key?: string | undefined };

const RESPONSE_BODY_LIMIT = 4000;
const CREDENTIALS_CHANGED =
  'Este envío se hizo con otro token. Para no crear un documento duplicado, Factura Desk no lo reenviará con el token actual. ' +
  'Vuelva a ingresar en Ajustes el token con el que se envió y se confirmará solo; si ese token ya no existe, busque la clave de envío ' +
  'en el portal de su proveedor: si el documento no existe, envíelo con el token actual desde «Pendientes» (o con «release ID --confirmar» ' +
  'en la línea de comandos); si existe, no haga nada más.';
const OPEN = new Set<string>(OPEN_SUBMISSION_STATES);

export class Submissions {
  readonly ledger: SubmissionLedger;
  /** Sales the service could not receive, transmitted later in order (contingency-queue.ts). */
  readonly contingency: ContingencyQueue;
  /** The certificate problem of each connection's last attempt, if it was one: what the outbox pass says. */
  private readonly refusedCertificates = new Map<number, string>();
  private readonly locks = new Map<number, Promise<unknown>>();
  /** This process's claims on the submissions it resolves (claims.ts). */
  readonly claims: SubmissionClaims;
  private readonly listeners = new Set<(row: SubmissionRow) => void | Promise<void>>();
  private resumed: Promise<void> | null = null;
  /** Submissions whose claim this process gave up in their outcome's commit (commit, `last`): `locked` releases nothing more. */
  private readonly releasedWithOutcome = new Set<number>();

  constructor(private readonly options: SubmissionsOptions) {
    this.ledger = new SubmissionLedger(options.engine, options.clock);
    this.claims = new SubmissionClaims(options.engine, {
      owner: processOwner(),
      clock: options.clock,
      leaseMs: leaseFor({
        writeTimeoutMs: options.writeTimeoutMs ?? DEFAULT_WRITE_TIMEOUT_MS,
        readTimeoutMs: options.readTimeoutMs ?? DEFAULT_READ_TIMEOUT_MS,
      }),
      // SQLite has one writer per folder (FolderLock): a claim left by another owner is a dead process's.
      singleWriter: options.engine.kind === 'sqlite',
    });
    this.contingency = new ContingencyQueue(this.ledgerAccess(), {
      ...options,
      windowHours: options.contingencyWindowHours ?? DEFAULT_WINDOW_HOURS,
    });
  }

  /** The ledger as the contingency queue sees it: these functions and nothing else. */
  private ledgerAccess(): LedgerAccess {
    const ledger = this.ledger;
    return {
      row: (id) => this.require(id),
      nothingSent: (row) => nothingSent(row),
      sendInTurn: (id) => this.check(id, true),
      park: (id) => ledger.park(id),
      postpone: (id, error) => ledger.postpone(id, error),
      rewriteUnsent: (id, body, payloadHash, ref, error, within) =>
        ledger.rewriteUnsent(id, body, payloadHash, ref, error, within),
      redateUnsent: (oldId, outboxId, entry, queued, closing) => ledger.redateUnsent(oldId, outboxId, entry, queued, closing),
      announce: (row) => this.notify(row),
      refusedCertificate: (connectionId) => this.refusedCertificates.get(connectionId),
    };
  }

  /** The contingency outbox's rows (the queue's store). */
  get outbox(): OutboxStore {
    return this.contingency.outbox;
  }

  /** The outbox pass in flight, if any. */
  get transmitting(): Promise<OutboxPass> | null {
    return this.contingency.transmitting;
  }

  /**
   * Called after every recorded outcome (the poller re-arms, history mirrors the document). A
   * listener that returns a promise (a local write, such as the Historial's record of a rejection)
   * is waited for before the outcome is reported, so the caller that reads next sees it; one that
   * reaches the network keeps its work to itself (IssuedMirror).
   */
  onRecorded(listener: (row: SubmissionRow) => void | Promise<void>): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Resumes, once per process and before anything new is submitted, every unresolved submission
   * that has no scheduled check: one a crash left half-sent. Those with a schedule (pending, or in
   * doubt after an answer) are left to the poller at their due time, so that a restart with 1,000
   * pending DSE does not query them all at once past their back-off. Later calls wait for the same pass.
   */
  ensureResumed(): Promise<void> {
    this.resumed ??= this.resumeUnscheduled().then(
      () => undefined,
      (error: unknown) => this.options.logger.error('resume on start failed', { error: String(error) }),
    );
    return this.resumed;
  }

  private async resumeUnscheduled(): Promise<void> {
    for (const row of await this.ledger.open()) if (row.due_at == null) await this.check(row.id);
  }

  /** Checks every unresolved submission now, scheduled or not (the user's or the CLI's `resume`). */
  /** A new key of this register for one document (`fe-K7QM2X9A-<uuid>`, shared/registers/keys.ts). */
  async newKey(kind: KeyKind): Promise<string> {
    const register = await this.options.registerId?.();
    return register ? registerKey(kind, register, randomUUID()) : `${kind}-${randomUUID()}`;
  }

  async resumeAll(): Promise<Submission[]> {
    await this.transmitOutbox();
    const results: Submission[] = [];
    for (const row of await this.ledger.open()) results.push(await this.check(row.id));
    return results;
  }

  async submitDse(request: DseCreateRequest, key?: string): Promise<Submission> {
    const idempotencyKey = key ?? (await this.newKey('dse'));
    if (idempotencyKey.length > LIMITS.idempotencyKeyMax) {
      throw new AppError('invalid_input', `La clave de envío admite como máximo ${LIMITS.idempotencyKeyMax} caracteres.`);
    }
    if (!HEADER_SAFE.test(idempotencyKey)) {
      // It goes in a header: such a request would fail before being sent and stay "in doubt" for ever.
      throw new AppError(
        'invalid_input',
        'La clave de envío solo admite letras, números y signos ASCII visibles (sin espacios, tildes ni saltos de línea).',
      );
    }
    const json = JSON.stringify(request);
    return this.submit('DSE', '/dse/documentos', idempotencyKey, json, request.proveedor.nombre, sha256(json), null);
  }

  async submitFe(request: FeSubmitRequest): Promise<Submission> {
    const draftKey = request.draft_key ?? (await this.newKey('fe'));
    if (draftKey.length > LIMITS.draftKeyMax) {
      throw new AppError('invalid_input', `La clave del borrador admite como máximo ${LIMITS.draftKeyMax} caracteres.`);
    }
    const body = JSON.stringify({ ...request, draft_key: draftKey });
    // The paper ticket a contingency invoice names, read from the request as given (not re-parsed).
    const ticket = ticketOfRequest(request as Record<string, unknown>);
    return this.submit('FE', '/fe/facturas', draftKey, body, request.receptor.nombre, feContentHash(request), ticket);
  }

  /**
   * The newest submission of the same data on the active connection, whatever its key (failed ones
   * aside: nothing was created). The command line asks before drawing a new key.
   */
  async findSame(kind: DocumentKind, request: DseCreateRequest | FeSubmitRequest): Promise<Submission | null> {
    const connection = this.options.connections.requireActive();
    const hash = kind === 'DSE' ? sha256(JSON.stringify(request)) : feContentHash(request as FeSubmitRequest);
    const row = await this.ledger.bySameContent(connection.baseUrl, connection.companyId, kind, hash);
    return row ? toSubmission(row) : null;
  }

  /**
   * Resolves one submission now: query the document when its id is known, else resend the same bytes
   * with the same key, but only under the credentials that first sent them. The contract scopes an
   * Idempotency-Key to the company AND the API client: the same key under another client's token is a
   * new operation, so a submission whose token was replaced is held.
   */
  async check(id: number, fromOutbox = false): Promise<Submission> {
    return this.locked(
      id,
      () => this.get(id),
      async () => {
        const row = await this.followConnection(await this.require(id));
        if (!OPEN.has(row.state)) return toSubmission(row);
        if (!fromOutbox && (await this.contingency.isQueued(id))) {
          // Its turn comes in the outbox's order; the poller leaves it alone.
          await this.ledger.park(id);
          return toSubmission(await this.require(id));
        }
        try {
          const connection = this.connectionOf(row);
          const token = await this.options.connections.tokenFor(connection);
          const credential = this.options.connections.fingerprint(token);
          // A sale the ledger proves never left has its key on no server: it goes with the token the
          // connection holds now (the user replaced a revoked one during the outage), not held.
          const current =
            row.credential === null
              ? await this.ledger.adoptCredential(id, credential)
              : row.credential !== credential && nothingSent(row)
                ? await this.ledger.reassignCredential(id, credential)
                : row;
          const sameCredentials = current.credential === credential;
          if (current.document_id !== null && (current.kind === 'DSE' || current.state === 'pending' || !sameCredentials)) {
            return toSubmission(await this.query(current, connection, token));
          }
          if (!sameCredentials) return toSubmission(await this.hold(current));
          return toSubmission(await this.withNumber(await this.attempt(current, connection, token), connection, token));
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          // No token, no connection, network down for a query: nothing learnt; look again later.
          await this.ledger.postpone(id, error.message);
          const postponed = await this.require(id);
          await this.notify(postponed);
          return { ...toSubmission(postponed), error: { code: error.code, message: error.message } };
        }
      },
    );
  }

  /**
   * Sends a held submission (other credentials, no document id) under the current token with the
   * same key and bytes, once the user has confirmed in the provider's portal that the document was
   * not created. Never automatic: only this explicit call, and only for a submission still held.
   */
  async release(id: number): Promise<Submission> {
    const busy = () =>
      Promise.reject(new AppError('conflict', 'Otro equipo está resolviendo este envío ahora; no se envió nada.'));
    return this.locked(id, busy, async () => {
      const row = await this.require(id);
      if (!OPEN.has(row.state) || row.error_code !== 'credentials_changed') {
        throw new AppError('conflict', 'Este envío no está retenido por un cambio de token; no se envió nada.');
      }
      if (row.document_id !== null) {
        throw new AppError('conflict', 'Este envío ya tiene número de documento: se consulta, no se reenvía. No se envió nada.');
      }
      const connection = this.connectionOf(row);
      const token = await this.options.connections.tokenFor(connection);
      const credential = this.options.connections.fingerprint(token);
      if (credential === row.credential)
        return toSubmission(await this.withNumber(await this.attempt(row, connection, token), connection, token));
      this.options.logger.warn('held submission released by the user under new credentials', { submission: id, kind: row.kind });
      const released = await this.ledger.reassignCredential(id, credential);
      return toSubmission(await this.withNumber(await this.attempt(released, connection, token), connection, token));
    });
  }

  /** How many unresolved submissions of a connection would be held if its token became `token`. */
  unresolvedUnderOtherCredentials(connectionId: number, token: string): Promise<number> {
    return this.ledger.unresolvedUnder(connectionId, this.options.connections.fingerprint(token));
  }

  private async hold(row: SubmissionRow): Promise<SubmissionRow> {
    const held = await this.ledger.hold(row.id, { code: 'credentials_changed', message: CREDENTIALS_CHANGED });
    this.options.logger.warn('submission held: other credentials', { submission: row.id, kind: row.kind });
    await this.notify(held);
    return held;
  }

  async get(id: number): Promise<Submission> {
    return toSubmission(await this.require(id));
  }

  /** The submission of `key` on the active connection, if the ledger has one. */
  async byKey(kind: DocumentKind, key: string): Promise<Submission | null> {
    const connection = this.options.connections.requireActive();
    const row = await this.ledger.byKey(connection.baseUrl, connection.companyId, kind, key);
    return row ? toSubmission(row) : null;
  }

  async list(options: { open?: boolean; limit?: number } = {}): Promise<Submission[]> {
    return (await this.ledger.list(options)).map(toSubmission);
  }

  async supportInfo(id: number) {
    return supportInfo(await this.require(id), this.options.clock());
  }

  private async submit(
    kind: DocumentKind,
    path: string,
    key: string,
    json: string,
    counterpart: string,
    contentHash: string,
    ticket: TicketId | null,
  ): Promise<Submission> {
    await this.ensureResumed();
    const connection = this.options.connections.requireActive();
    // The token is read before anything is committed: without one, nothing is written or sent. The
    // same value then goes in the request (one read per submission, from the vault's memory when known).
    const token = await this.options.connections.tokenFor(connection);
    const body = Buffer.from(json, 'utf8');
    const payloadHash = createHash('sha256').update(body).digest('hex');
    const credential = this.options.connections.fingerprint(token);
    const existing = await this.ledger.byKey(connection.baseUrl, connection.companyId, kind, key);
    if (existing) {
      if (existing.payload_hash !== payloadHash && (await this.contingency.originalHashOf(existing.id)) !== payloadHash) {
        throw new AppError(
          'conflict',
          'Esa clave de envío ya se usó con otros datos. Use otra clave para una operación distinta.',
          {
            submission_id: existing.id,
          },
        );
      }
      return this.check(existing.id);
    }
    if (ticket) await this.contingency.refuseTakenTicket(ticket, key, connection);
    crashPoint('before-ledger-commit');
    // Older sales of this connection wait in the contingency outbox: this one waits behind them
    // (order), unsent. Another connection's queue is not this sale's business.
    const behindQueue = await this.contingency.waitsBehind(connection.id);
    let row: SubmissionRow;
    try {
      row = await this.ledger.insert(
        {
          connectionId: connection.id,
          baseUrl: connection.baseUrl,
          companyId: connection.companyId,
          kind,
          key,
          endpointPath: `/companies/${connection.companyId}${path}`,
          body,
          payloadHash,
          counterpart,
          credential,
          contentHash,
          ticketRef: ticket ? ticketRef(ticket) : null,
        },
        behindQueue ? QUEUED : undefined,
        // A sale sent now is written claimed by this process: no separate claim before its first attempt.
        behindQueue ? null : this.claims.takenWithRow(),
      );
    } catch (error) {
      // Another process wrote an invoice naming this ticket since the check: the database refused
      // this one, and nothing of it was stored.
      if (ticket && isTicketTaken(error)) throw await this.contingency.takenTicketError(ticket, key, connection);
      throw error;
    }
    crashPoint('after-ledger-commit');
    if (behindQueue) return toSubmission(await this.contingency.enqueue(row, payloadHash));
    return this.locked(
      row.id,
      () => this.get(row.id),
      async () => {
        const sent = await this.attempt(row, connection, token, true);
        // The service could not be reached and the ledger proves nothing left: a contingency sale.
        if (nothingSent(sent)) return toSubmission(await this.contingency.enqueue(sent, payloadHash));
        return toSubmission(await this.withNumber(sent, connection, token));
      },
      true,
    );
  }

  /**
   * Transmits the contingency outbox in the order of the sales (ContingencyQueue.transmit); one pass
   * at a time, a call during a pass waits for it.
   */
  transmitOutbox(): Promise<OutboxPass> {
    return this.contingency.transmit();
  }

  get transmittingNow(): boolean {
    return this.contingency.transmittingNow;
  }

  /** Gives each warning of a transmission window once (24 h, 4 h, missed), as events and in the log. */
  checkDeadlines(): Promise<void> {
    return this.contingency.checkDeadlines();
  }

  /** The transmission window of the sales queued from now on (Ajustes › Contingencia). */
  setOutboxWindow(hours: number) {
    return this.contingency.setWindow(hours);
  }

  /** What the banner and the outbox screen show. */
  outboxStatus() {
    return this.contingency.status();
  }

  /**
   * One attempt: write-ahead (for a repeat), the identical bytes, then the outcome, durably. The first
   * attempt of a new submission comes with its write-ahead record already committed (`first`), and
   * that record holds this process's claim for a whole lease: nothing to renew before sending, and
   * an outcome that leaves nothing more to do releases it in its own commit.
   */
  private async attempt(row: SubmissionRow, connection: ActiveConnection, token: string, first = false): Promise<SubmissionRow> {
    // A repeat renews this process's claim in its write-ahead commit: nothing is sent without it.
    const current = first ? row : await this.ledger.markSending(row.id, this.claims.renewedWithAttempt());
    if (!current) throw new ClaimLost();
    const api = this.client(connection, token);
    const hooks = { onDispatched: () => crashPoint('while-sending'), onHeaders: () => crashPoint('after-server-commit') };
    const context = { kind: row.kind, companyId: row.company_id, mayExist: current.attempts > 1 };
    let outcome: Outcome;
    try {
      const answer =
        row.kind === 'DSE'
          ? await api.createDse(row.request_body, row.idempotency_key, hooks)
          : await api.createFe(row.request_body, hooks);
      outcome = outcomeOfAnswer(answer, { ...context, sanitisedBody: sanitise(answer, token) });
      this.refusedCertificates.delete(row.connection_id);
    } catch (error) {
      if (!(error instanceof TransportFailure)) throw error;
      outcome = outcomeOfTransport(error);
      if (error.tls) this.refusedCertificates.set(row.connection_id, error.tls.message);
      else this.refusedCertificates.delete(row.connection_id);
    }
    crashPoint('before-outcome-commit');
    return this.commit(current, outcome, first);
  }

  /**
   * Endpoint 8 (or the FE detail) for a document whose id is known. A submission already final
   * keeps its state (the first final answer stands); the query only adds what it lacked.
   */
  private async query(row: SubmissionRow, connection: ActiveConnection, token: string): Promise<SubmissionRow> {
    await this.keepClaim(row.id);
    const api = this.client(connection, token);
    const documentId = row.document_id!;
    const final = row.state === 'accepted' || row.state === 'rejected' ? row.state : null;
    if (row.kind === 'DSE') {
      const { documento } = await api.getDse(documentId);
      const state = final ?? ledgerStateOf(documento.estado_dian);
      return this.commit(row, {
        state,
        httpStatus: row.http_status,
        documentNumber: documento.consecutivo > 0 ? `${documento.prefijo}${documento.consecutivo}` : undefined,
        fiscalKey: documento.cuds || undefined,
        estadoDian: final ? undefined : documento.estado_dian,
        responseBody: row.response_body,
        error: final
          ? errorOf(row)
          : state === 'rejected'
            ? { code: 'api_rejected', message: documento.last_status_error ?? 'La DIAN rechazó el documento.' }
            : null,
      });
    }
    const doc = await api.getFeDoc(documentId);
    const state = final ?? ledgerStateOf(doc.estado_dian);
    return this.commit(row, {
      state,
      httpStatus: row.http_status,
      documentNumber: doc.consecutivo > 0 ? `${doc.prefijo}${doc.consecutivo}` : undefined,
      fiscalKey: doc.cufe || undefined,
      estadoDian: final ? undefined : doc.estado_dian,
      responseBody: row.response_body,
      error: final
        ? errorOf(row)
        : state === 'rejected'
          ? { code: 'api_rejected', message: 'La DIAN rechazó la factura.' }
          : null,
    });
  }

  /**
   * An FE answer may carry the `factura_id` without the invoice's number ("other fields of the
   * creation response: not shown"), and a DSE replay only the document's id and state: the number is
   * read at once by id (FE detail, endpoint 8). If that fails, the submission stays as recorded and
   * the poller, the mirror or the next sync bring the number.
   */
  private async withNumber(row: SubmissionRow, connection: ActiveConnection, token: string): Promise<SubmissionRow> {
    if (row.document_id === null || row.document_number !== null || row.state === 'in_doubt' || row.state === 'sending')
      return row;
    // A pending DSE is queried by the poller on its back-off anyway.
    if (row.kind === 'DSE' && row.state === 'pending') return row;
    try {
      return await this.query(row, connection, token);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      this.options.logger.warn('document number not read', { submission: row.id, code: error.code });
      return row;
    }
  }

  /**
   * Records an outcome; `before` is the row as this attempt last read it (it holds the submission's
   * lock). `last`: nothing follows the commit under the claim but what a final outcome allows (the
   * listeners), so a final outcome that needs no number read (withNumber) releases the claim in the
   * outcome's own commit. Any other keeps it until `locked` gives it up.
   */
  private async commit(before: SubmissionRow, answered: Outcome, last = false): Promise<SubmissionRow> {
    const id = before.id;
    const outcome = isUnknownState(answered) ? boundUnknownState(answered, await this.ledger.checksOf(id)) : answered;
    const numberToRead =
      (outcome.documentId ?? before.document_id) !== null && (outcome.documentNumber ?? before.document_number) === null;
    const release = last && !OPEN.has(outcome.state) && !numberToRead ? this.claims.releasedWithOutcome() : null;
    const after = await this.ledger.record(id, outcome, release);
    if (release) this.releasedWithOutcome.add(id);
    if (after.state !== before.state || after.estado_dian !== before.estado_dian || after.document_id !== before.document_id) {
      this.options.events.emit('document.changed', {
        kind: after.kind,
        submission_id: after.id,
        document_id: after.document_id,
        estado: after.estado_dian ?? after.state,
      });
    }
    this.options.logger.info('submission outcome', {
      submission: id,
      kind: after.kind,
      state: after.state,
      status: after.http_status,
      document: after.document_id,
    });
    await this.notify(after);
    return after;
  }

  private async notify(row: SubmissionRow): Promise<void> {
    const waits: Promise<void>[] = [];
    for (const listener of this.listeners) {
      try {
        const result = listener(row);
        if (result) waits.push(result.catch((error: unknown) => this.listenerFailed(error)));
      } catch (error) {
        this.listenerFailed(error);
      }
    }
    await Promise.all(waits);
  }

  private listenerFailed(error: unknown): void {
    this.options.logger.error('submission listener failed', { error: String(error) });
  }

  /**
   * A sale that provably never left follows its connection to the address the user gave it since
   * (the same company at the provider's new address): no server ever saw its key. A connection now
   * of another company keeps it where it was, and connectionOf says why.
   */
  private async followConnection(row: SubmissionRow): Promise<SubmissionRow> {
    if (!nothingSent(row)) return row;
    let connection: ActiveConnection;
    try {
      connection = this.options.connections.resolve(row.connection_id);
    } catch {
      return row;
    }
    if (connection.baseUrl === row.base_url || connection.companyId !== row.company_id) return row;
    const moved = await this.ledger.moveUnsent(row.id, connection.baseUrl);
    if (moved) this.options.logger.warn('unsent submission follows its connection to a new address', { submission: row.id });
    return moved ?? row;
  }

  private connectionOf(row: SubmissionRow): ActiveConnection {
    let connection: ActiveConnection;
    try {
      connection = this.options.connections.resolve(row.connection_id);
    } catch {
      throw new AppError(
        'no_connection',
        'La conexión con la que se envió este documento ya no existe. Vuelva a crearla para confirmarlo.',
      );
    }
    if (connection.companyId !== row.company_id && nothingSent(row)) {
      throw new AppError(
        'no_connection',
        `Esta venta se hizo para la empresa ${row.company_id} y la conexión «${connection.label}» ahora es de la empresa ` +
          `${connection.companyId}: no se enviará a otra empresa. Vuelva a poner la empresa ${row.company_id} en Ajustes › Conexión ` +
          '(o cree una conexión para ella) y la venta se transmitirá; mientras tanto sigue en la cola.',
      );
    }
    if (connection.baseUrl !== row.base_url || connection.companyId !== row.company_id) {
      throw new AppError(
        'no_connection',
        'La conexión con la que se envió este documento cambió de URL o de empresa; no se reenviará a otro destino.',
      );
    }
    return connection;
  }

  private client(connection: ActiveConnection, token: string): ApiClient {
    return new ApiClient(
      {
        endpoint: connection.endpoint,
        companyId: connection.companyId,
        token: async () => token,
        onUnauthorized: () => this.options.connections.tokenRefused(connection),
        trustedCa: connection.trustedCa,
      },
      { fetch: this.options.fetch, writeTimeoutMs: this.options.writeTimeoutMs, readTimeoutMs: this.options.readTimeoutMs },
    );
  }

  private async require(id: number): Promise<SubmissionRow> {
    const row = await this.ledger.get(id);
    if (!row) throw new AppError('not_found', 'El envío no existe.');
    return row;
  }

  /**
   * One attempt per submission at a time: in this process (the poller, the resume and the user may
   * race) by a chain of promises, across processes by the submission's claim (claims.ts), taken
   * before `work` and released after its outcome's commit. `busy` answers instead of `work` when
   * another process holds the claim, or took it over while this one was away.
   */
  private async locked<T>(id: number, busy: () => Promise<T>, work: () => Promise<T>, takenWithRow = false): Promise<T> {
    const claimed = async (): Promise<T> => {
      if (!takenWithRow && !(await this.claims.take(id))) return busy();
      try {
        return await work();
      } catch (error) {
        if (error instanceof ClaimLost) return busy();
        throw error;
      } finally {
        // Released already in the outcome's commit (commit, `last`); a release that fails leaves a
        // lease that runs out by itself.
        if (!this.releasedWithOutcome.delete(id))
          await this.claims
            .release(id)
            .catch((error: unknown) =>
              this.options.logger.warn('submission claim not released', { submission: id, error: String(error) }),
            );
      }
    };
    const previous = this.locks.get(id) ?? Promise.resolve();
    const next = previous.then(claimed, claimed);
    const settled = next.catch(() => undefined);
    this.locks.set(id, settled);
    try {
      return await next;
    } finally {
      if (this.locks.get(id) === settled) this.locks.delete(id);
    }
  }

  /** Before a network call: the claim lasts longer than the call may wait, or nothing is sent. */
  private async keepClaim(id: number): Promise<void> {
    if (!(await this.claims.renew(id))) throw new ClaimLost();
  }
}

/** Another process took the submission's claim over (this one's lease ran out): it resolves it now. */
class ClaimLost extends Error {}

function errorOf(row: SubmissionRow): { code: string; message: string } | null {
  return row.error_code && row.error_message ? { code: row.error_code, message: row.error_message } : null;
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The FE body without its key: the same invoice under another draft_key has the same hash. */
function feContentHash(request: FeSubmitRequest): string {
  const { draft_key: _key, ...content } = request;
  return sha256(JSON.stringify(content));
}

function sanitise(answer: ApiAnswer, token: string): string | null {
  if (!answer.text) return null;
  // Pieces of the token too (a server may quote its prefix): this copy is kept for support.
  return redact(answer.text, [token], { fragments: true }).slice(0, RESPONSE_BODY_LIMIT);
}
