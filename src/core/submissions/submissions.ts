// Exactly-once submissions (DESIGN.md, "Rules that hold everywhere"): the key and the exact bytes
// are committed before the first byte is sent; after any doubt the same bytes go again with the same
// key, or the DSE is queried by id. Never a new key, never a changed body, for one operation.
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
import { boundUnknownState, ledgerStateOf } from './states';
import { supportInfo } from './support';
import { colombiaToday } from '#shared/dates';
import {
  DEFAULT_WINDOW_HOURS,
  deadlineLevel,
  deadlineMessage,
  isNewWarning,
  timeLeftText,
  type DeadlineLevel,
} from './deadlines';
import { nothingSent } from './outcome';
import { OutboxStore } from './outbox';
import { IssuerProfiles } from '../history/issuer';
import { contingencyTicketNumber, parseContingencyReference } from '#shared/fe/contingency-reference';
import {
  nextTicket,
  TICKET_PROBLEM_TEXT,
  ticketLabel,
  withContingencyReference,
  type ContingencyTicket,
  type TicketAssignment,
  ticketHolder,
} from './contingency-tickets';
import { redateDseRequest } from '#shared/dse/redate';

export interface SubmissionsOptions extends ServiceParts {
  writeTimeoutMs?: number;
  readTimeoutMs?: number;
  /** The transmission window of a contingency document, in hours (default 48). */
  contingencyWindowHours?: number;
}

/** One pass over the contingency outbox: what went out, what stopped it. */
export interface OutboxPass {
  transmitted: number;
  failed: number;
  queued: number;
  reachable: boolean | null;
  message: string | null;
}

export type FeSubmitRequest = Omit<FeCreateRequest, 'draft_key'> & { draft_key?: string | undefined };

const RESPONSE_BODY_LIMIT = 4000;
const CREDENTIALS_CHANGED =
  'Este envío se hizo con otro token. Para no crear un documento duplicado, Factura Desk no lo reenviará con el token actual. ' +
  'Vuelva a ingresar en Ajustes el token con el que se envió y se confirmará solo; si ese token ya no existe, busque la clave de envío ' +
  'en el portal de su proveedor: si el documento no existe, envíelo con el token actual desde «Pendientes» (o con «release ID --confirmar» ' +
  'en la línea de comandos); si existe, no haga nada más.';
const OPEN = new Set<string>(OPEN_SUBMISSION_STATES);
const QUEUED = {
  code: 'api_unreachable',
  message:
    'Sin conexión con el servicio: el documento quedó en la cola de contingencia y se transmitirá en orden, con la misma clave, cuando el servicio responda.',
};
const QUEUED_UNTIL_FIXED =
  'El documento quedó en la cola de contingencia y se transmitirá en orden, con la misma clave, cuando se resuelva.';
const UNREACHABLE_AGAIN = 'El servicio sigue sin responder; la cola se transmitirá en la próxima comprobación.';

export class Submissions {
  readonly ledger: SubmissionLedger;
  readonly outbox: OutboxStore;
  /** The certificate problem of each connection's last attempt, if it was one: what the outbox pass says. */
  private readonly refusedCertificates = new Map<number, string>();
  /** where the connection's contingency numbering is read, when a queued FE takes its ticket */
  private readonly issuers: IssuerProfiles;
  /** The outbox pass in flight, if any. */
  transmitting: Promise<OutboxPass> | null = null;
  private readonly locks = new Map<number, Promise<unknown>>();
  private readonly listeners = new Set<(row: SubmissionRow) => void>();
  private resumed: Promise<void> | null = null;

  constructor(private readonly options: SubmissionsOptions) {
    this.ledger = new SubmissionLedger(options.store, options.clock);
    this.outbox = new OutboxStore(options.store, options.clock, options.contingencyWindowHours ?? DEFAULT_WINDOW_HOURS);
    this.issuers = new IssuerProfiles(options.store.db, options.clock);
  }

  /** Called after every recorded outcome (the poller re-arms, history mirrors the document). */
  onRecorded(listener: (row: SubmissionRow) => void): () => void {
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
    for (const row of this.ledger.open()) if (row.due_at == null) await this.check(row.id);
  }

  /** Checks every unresolved submission now, scheduled or not (the user's or the CLI's `resume`). */
  async resumeAll(): Promise<Submission[]> {
    await this.transmitOutbox();
    const results: Submission[] = [];
    for (const row of this.ledger.open()) results.push(await this.check(row.id));
    return results;
  }

  async submitDse(request: DseCreateRequest, key?: string): Promise<Submission> {
    const idempotencyKey = key ?? `dse-${randomUUID()}`;
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
    return this.submit('DSE', '/dse/documentos', idempotencyKey, json, request.proveedor.nombre, sha256(json));
  }

  async submitFe(request: FeSubmitRequest): Promise<Submission> {
    const draftKey = request.draft_key ?? `fe-${randomUUID()}`;
    if (draftKey.length > LIMITS.draftKeyMax) {
      throw new AppError('invalid_input', `La clave del borrador admite como máximo ${LIMITS.draftKeyMax} caracteres.`);
    }
    const body = JSON.stringify({ ...request, draft_key: draftKey });
    return this.submit('FE', '/fe/facturas', draftKey, body, request.receptor.nombre, feContentHash(request));
  }

  /**
   * The newest submission of the same data on the active connection, whatever its key (failed ones
   * aside: nothing was created). The command line asks before drawing a new key.
   */
  findSame(kind: DocumentKind, request: DseCreateRequest | FeSubmitRequest): Submission | null {
    const connection = this.options.connections.requireActive();
    const hash = kind === 'DSE' ? sha256(JSON.stringify(request)) : feContentHash(request as FeSubmitRequest);
    const row = this.ledger.bySameContent(connection.baseUrl, connection.companyId, kind, hash);
    return row ? toSubmission(row) : null;
  }

  /**
   * Resolves one submission now: query the document when its id is known, else resend the same bytes
   * with the same key, but only under the credentials that first sent them. The contract scopes an
   * Idempotency-Key to the company AND the API client: the same key under another client's token is a
   * new operation, so a submission whose token was replaced is held.
   */
  async check(id: number, fromOutbox = false): Promise<Submission> {
    return this.locked(id, async () => {
      const row = this.followConnection(this.require(id));
      if (!OPEN.has(row.state)) return toSubmission(row);
      if (!fromOutbox && this.outbox.isQueued(id)) {
        // Its turn comes in the outbox's order; the poller leaves it alone.
        this.ledger.park(id);
        return toSubmission(this.require(id));
      }
      try {
        const connection = this.connectionOf(row);
        const token = await this.options.connections.tokenFor(connection);
        const credential = this.options.connections.fingerprint(token);
        // A sale the ledger proves never left has its key on no server: it goes with the token the
        // connection holds now (the user replaced a revoked one during the outage), not held.
        const current =
          row.credential === null
            ? this.ledger.adoptCredential(id, credential)
            : row.credential !== credential && nothingSent(row)
              ? this.ledger.reassignCredential(id, credential)
              : row;
        const sameCredentials = current.credential === credential;
        if (current.document_id !== null && (current.kind === 'DSE' || current.state === 'pending' || !sameCredentials)) {
          return toSubmission(await this.query(current, connection, token));
        }
        if (!sameCredentials) return toSubmission(this.hold(current));
        return toSubmission(await this.withNumber(await this.attempt(current, connection, token), connection, token));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // No token, no connection, network down for a query: nothing learnt; look again later.
        this.ledger.postpone(id, error.message);
        this.notify(this.require(id));
        return { ...toSubmission(this.require(id)), error: { code: error.code, message: error.message } };
      }
    });
  }

  /**
   * Sends a held submission (other credentials, no document id) under the current token with the
   * same key and bytes, once the user has confirmed in the provider's portal that the document was
   * not created. Never automatic: only this explicit call, and only for a submission still held.
   */
  async release(id: number): Promise<Submission> {
    return this.locked(id, async () => {
      const row = this.require(id);
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
      const released = this.ledger.reassignCredential(id, credential);
      return toSubmission(await this.withNumber(await this.attempt(released, connection, token), connection, token));
    });
  }

  /** How many unresolved submissions of a connection would be held if its token became `token`. */
  unresolvedUnderOtherCredentials(connectionId: number, token: string): number {
    return this.ledger.unresolvedUnder(connectionId, this.options.connections.fingerprint(token));
  }

  private hold(row: SubmissionRow): SubmissionRow {
    const held = this.ledger.hold(row.id, { code: 'credentials_changed', message: CREDENTIALS_CHANGED });
    this.options.logger.warn('submission held: other credentials', { submission: row.id, kind: row.kind });
    this.notify(held);
    return held;
  }

  get(id: number): Submission {
    return toSubmission(this.require(id));
  }

  /** The submission of `key` on the active connection, if the ledger has one. */
  byKey(kind: DocumentKind, key: string): Submission | null {
    const connection = this.options.connections.requireActive();
    const row = this.ledger.byKey(connection.baseUrl, connection.companyId, kind, key);
    return row ? toSubmission(row) : null;
  }

  list(options: { open?: boolean; limit?: number } = {}): Submission[] {
    return this.ledger.list(options).map(toSubmission);
  }

  supportInfo(id: number) {
    return supportInfo(this.require(id), this.options.clock());
  }

  private async submit(
    kind: DocumentKind,
    path: string,
    key: string,
    json: string,
    counterpart: string,
    contentHash: string,
  ): Promise<Submission> {
    await this.ensureResumed();
    const connection = this.options.connections.requireActive();
    // The token is read before anything is committed: without one, nothing is written or sent. The
    // same value then goes in the request (one read per submission, from the vault's memory when known).
    const token = await this.options.connections.tokenFor(connection);
    const body = Buffer.from(json, 'utf8');
    const payloadHash = createHash('sha256').update(body).digest('hex');
    const credential = this.options.connections.fingerprint(token);
    const existing = this.ledger.byKey(connection.baseUrl, connection.companyId, kind, key);
    if (existing) {
      const queuedAs = this.outbox.bySubmission(existing.id);
      if (existing.payload_hash !== payloadHash && queuedAs?.original_hash !== payloadHash) {
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
    if (kind === 'FE') this.refuseTakenTicket(json, key, connection);
    crashPoint('before-ledger-commit');
    // Older sales of this connection wait in the contingency outbox: this one waits behind them
    // (order), unsent. Another connection's queue is not this sale's business.
    const behindQueue = this.outbox.countFor(connection.id) > 0;
    const row = this.ledger.insert(
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
      },
      behindQueue ? QUEUED : undefined,
    );
    crashPoint('after-ledger-commit');
    if (behindQueue) return toSubmission(this.toOutbox(row, payloadHash));
    return this.locked(row.id, async () => {
      const sent = await this.attempt(row, connection, token, true);
      // The service could not be reached and the ledger proves nothing left: a contingency sale.
      if (nothingSent(sent)) return toSubmission(this.toOutbox(sent, payloadHash));
      return toSubmission(await this.withNumber(sent, connection, token));
    });
  }

  /**
   * An invoice typed after a sale on paper names its ticket; a ticket another invoice of the company
   * already names (queued by the app, or typed before) would be the same sale twice: refused before
   * anything is stored.
   */
  private refuseTakenTicket(json: string, key: string, company: { baseUrl: string; companyId: number }): void {
    const request = JSON.parse(json) as Record<string, unknown>;
    if (request.es_contingencia !== true) return;
    const reference = parseContingencyReference(typeof request.observaciones === 'string' ? request.observaciones : null);
    if (reference?.type !== '3') return;
    const ticket = { ...reference.numbering, number: reference.number };
    const holder = ticketHolder(this.options.store.db, company, ticket, key);
    if (!holder) return;
    const printed = contingencyTicketNumber(ticket.prefix, ticket.number);
    throw new AppError(
      'conflict',
      `El talonario ${printed} ya está en otra factura de esta empresa${holder.number ? ` (${holder.number})` : ''}: ` +
        'una venta se factura una sola vez. Revise el número del talonario de papel, o busque esa venta en el Historial.',
      { submission_id: holder.id },
    );
  }

  /**
   * Puts a submission the ledger proves was never sent in the contingency outbox. An FE becomes a
   * contingency invoice (`es_contingencia` true, its sale date kept): its key was never seen by the
   * server, so its first real request may carry these bytes. A DSE keeps its bytes.
   */
  private toOutbox(row: SubmissionRow, originalHash: string): SubmissionRow {
    const soldAt = new Date(row.created_at);
    // One durable commit: the FE's contingency ticket number, the body that refers to it and the
    // outbox row that holds it; a crash leaves all of them or none (never a number given twice or lost).
    const entry = this.options.store.durably(() => {
      let assignment: TicketAssignment | null = null;
      if (row.kind === 'FE') {
        const request = JSON.parse(row.request_body.toString('utf8')) as Record<string, unknown>;
        const reference = parseContingencyReference(typeof request.observaciones === 'string' ? request.observaciones : null);
        if (request.es_contingencia !== true || !reference) {
          assignment = nextTicket(this.options.store.db, this.issuers.contingencyNumbering(row.connection_id), soldAt, {
            baseUrl: row.base_url,
            companyId: row.company_id,
          });
          const body = Buffer.from(JSON.stringify(withContingencyReference(request, assignment.ticket)), 'utf8');
          // A refused certificate stays named on the sale: the shop has something to fix, not a wait.
          const certificate = row.attempts > 0 ? this.refusedCertificates.get(row.connection_id) : undefined;
          const queued = certificate ? { code: QUEUED.code, message: `${certificate} ${QUEUED_UNTIL_FIXED}` } : QUEUED;
          if (!this.ledger.rewriteUnsent(row.id, body, createHash('sha256').update(body).digest('hex'), queued)) return null;
        }
      }
      return this.outbox.enqueue(row.id, row.kind, originalHash, soldAt, assignment);
    });
    if (!entry) return row;
    crashPoint('after-outbox-commit');
    this.ledger.park(row.id);
    // The sale's own attempt was a check of the service (refused); one queued behind others was not.
    if (row.attempts > 0) this.outbox.checked(row.connection_id, false);
    this.options.logger.warn('service unreachable: sale queued in the contingency outbox', {
      submission: row.id,
      kind: row.kind,
      ref: entry.local_ref,
    });
    this.options.events.emit('outbox.changed', { phase: 'queued', queued: this.outbox.count(), transmitted: 0 });
    const queued = this.require(row.id);
    this.notify(queued);
    return queued;
  }

  /**
   * Transmits the contingency outbox in the order of the sales, each with its own key and bytes (the
   * same request every time, so exactly once). Stops at the first document still in doubt (the
   * service down again, or an answer that proves nothing): the next pass starts with it. One pass at
   * a time; a call during a pass waits for it.
   */
  transmitOutbox(): Promise<OutboxPass> {
    this.transmitting ??= this.runOutbox().finally(() => {
      this.transmitting = null;
    });
    return this.transmitting;
  }

  get transmittingNow(): boolean {
    return this.transmitting !== null;
  }

  /**
   * Each connection's queue in its own order: a connection whose service is still down stops its own
   * queue for this pass and no other; the pass goes on with the next connection's oldest sale.
   */
  private async runOutbox(): Promise<OutboxPass> {
    const events = this.options.events;
    const pass: OutboxPass = { transmitted: 0, failed: 0, queued: this.outbox.count(), reachable: null, message: null };
    if (pass.queued === 0) return pass;
    events.emit('outbox.changed', { phase: 'started', queued: pass.queued, transmitted: 0 });
    const stopped = new Set<number>();
    const reached = new Set<number>();
    for (;;) {
      const entry = this.outbox.queued().find((queued) => !stopped.has(queued.connection_id));
      if (!entry) break;
      const connectionId = entry.connection_id;
      let row = this.require(entry.submission_id);
      if (row.kind === 'DSE' && this.heldPastMidnight(row, entry.queued_at)) {
        // Proven unsent: a new key with today's date. Otherwise the same key is asked first.
        if (nothingSent(row)) row = this.redate(row, entry.id) ?? row;
      }
      const result = await this.check(row.id, true);
      const after = this.require(row.id);
      if (nothingSent(after)) {
        // Still nothing left (refused again, no token to send with, the connection moved to another
        // company): it keeps its place, and so does every later sale of its connection.
        this.ledger.park(row.id);
        const refused = result.error === null || result.error.code === 'api_unreachable';
        const certificate = this.refusedCertificates.get(connectionId);
        const message = refused ? (certificate ?? UNREACHABLE_AGAIN) : (result.error?.message ?? UNREACHABLE_AGAIN);
        if (refused) this.outbox.checked(connectionId, false);
        if (refused && pass.reachable !== true) pass.reachable = false;
        pass.message ??= message;
        this.outbox.failedAttempt(entry.id, message);
        stopped.add(connectionId);
        continue;
      }
      // It may have reached the server: the outbox holds only what provably never left. One still in
      // doubt is now an ordinary submission in doubt (same key, same bytes, the poller's back-off).
      if (after.state === 'in_doubt' || after.state === 'sending') this.ledger.postpone(row.id, result.error?.message ?? null);
      if (after.http_status !== null) {
        pass.reachable = true;
        reached.add(connectionId);
      }
      this.outbox.transmitted(entry.id);
      const failed = after.state === 'failed' || after.state === 'conflict' || after.state === 'rejected';
      if (failed) pass.failed += 1;
      pass.transmitted += 1;
      events.emit('outbox.changed', {
        phase: 'progress',
        queued: this.outbox.count(),
        transmitted: pass.transmitted,
        ...(failed ? { message: `${entry.local_ref}: ${after.error_message ?? 'el servicio no aceptó el documento.'}` } : {}),
      });
    }
    for (const connectionId of reached) this.outbox.checked(connectionId, true);
    pass.queued = this.outbox.count();
    if (pass.queued === 0) pass.message = null;
    events.emit('outbox.changed', {
      phase: pass.queued === 0 ? 'done' : 'failed',
      queued: pass.queued,
      transmitted: pass.transmitted,
      ...(pass.message ? { message: pass.message } : {}),
    });
    this.options.logger.info('contingency outbox pass', {
      transmitted: pass.transmitted,
      failed: pass.failed,
      queued: pass.queued,
    });
    return pass;
  }

  /**
   * A per-operation DSE (forma_generacion 1, the default) sold on an earlier day in Colombia than
   * today and dated another day than today: held in the outbox past midnight.
   */
  private heldPastMidnight(row: SubmissionRow, soldAt: string): boolean {
    const today = colombiaToday(this.options.clock());
    if (colombiaToday(new Date(soldAt)) === today) return false;
    const request = JSON.parse(row.request_body.toString('utf8')) as Record<string, unknown>;
    const mode = request.forma_generacion ?? '1';
    const date = request.fecha_documento ?? request.fecha;
    return mode === '1' && typeof date === 'string' && date !== today;
  }

  /** The same DSE with today's date under a new key; the old key was never seen by the server. */
  private redate(row: SubmissionRow, outboxId: number): SubmissionRow | null {
    const today = colombiaToday(this.options.clock());
    const request = JSON.parse(row.request_body.toString('utf8')) as Record<string, unknown>;
    // Every date rule of the day (document, period, cash and credit due dates) in one shared place.
    const json = JSON.stringify(redateDseRequest(request, today));
    const body = Buffer.from(json, 'utf8');
    const key = `dse-${randomUUID()}`;
    const replaced = this.ledger.redateUnsent(
      row.id,
      outboxId,
      {
        connectionId: row.connection_id,
        baseUrl: row.base_url,
        companyId: row.company_id,
        kind: 'DSE',
        key,
        endpointPath: row.endpoint_path,
        body,
        payloadHash: createHash('sha256').update(body).digest('hex'),
        counterpart: row.counterpart,
        credential: row.credential,
        contentHash: sha256(json),
      },
      QUEUED,
      `Re-fechado al ${today} con una clave nueva: este envío nunca salió (el servicio no respondía) y un documento soporte por operación debe llevar la fecha del día.`,
    );
    if (replaced) this.options.logger.warn('queued DSE re-dated under a new key', { from: row.id, to: replaced.id });
    return replaced;
  }

  /** Gives each warning of a transmission window once (24 h, 4 h, missed), as events and in the log. */
  checkDeadlines(): void {
    const now = this.options.clock();
    for (const entry of this.outbox.queued()) {
      const level = deadlineLevel(now, new Date(entry.deadline_at));
      if (!isNewWarning(level, entry.warned)) continue;
      this.outbox.warned(entry.id, level);
      const message = deadlineMessage(level, entry.local_ref, new Date(entry.deadline_at), this.outbox.windowHours)!;
      this.options.logger.warn('contingency deadline', { ref: entry.local_ref, level });
      this.options.events.emit('outbox.changed', { phase: 'warning', queued: this.outbox.count(), transmitted: 0, message });
    }
  }

  /** The transmission window of the sales queued from now on (Ajustes › Contingencia). */
  setOutboxWindow(hours: number) {
    this.outbox.setWindowHours(hours);
    return this.outboxStatus();
  }

  /** What the banner and the outbox screen show. */
  outboxStatus() {
    const now = this.options.clock();
    const queued = this.outbox.queued();
    // The banner speaks of the connection in use; with none, of the one whose sale waits first.
    const shown = this.options.connections.active()?.id ?? queued[0]?.connection_id ?? null;
    const meta = this.outbox.meta(shown);
    const labels = new Map<number, string>();
    const labelOf = (id: number) => {
      if (!labels.has(id)) labels.set(id, this.connectionLabel(id));
      return labels.get(id)!;
    };
    const items = queued.map((entry) => {
      const row = this.require(entry.submission_id);
      const deadline = new Date(entry.deadline_at);
      const level: DeadlineLevel = deadlineLevel(now, deadline);
      return {
        submission_id: entry.submission_id,
        kind: entry.kind,
        local_ref: entry.local_ref,
        counterpart: row.counterpart,
        queued_at: entry.queued_at,
        deadline_at: entry.deadline_at,
        level,
        time_left: timeLeftText(deadline.getTime() - now.getTime()),
        message: deadlineMessage(level, entry.local_ref, deadline, this.outbox.windowHours),
        last_error: entry.last_error,
        connection_label: labelOf(entry.connection_id),
        ticket: entry.ticket_json ? ticketLabel(JSON.parse(entry.ticket_json) as ContingencyTicket) : null,
        ticket_problem: entry.ticket_problem ? TICKET_PROBLEM_TEXT[entry.ticket_problem] : null,
      };
    });
    const unnumbered = items.find((item) => item.ticket_problem)?.ticket_problem ?? null;
    const numbering = shown === null ? null : (this.issuers.contingencyWarnings(shown)[0]?.text ?? null);
    return {
      numbering_notice: unnumbered ?? numbering,
      queued: items.length,
      last_check_at: meta.last_check_at,
      reachable: meta.reachable,
      transmitting: this.transmittingNow,
      window_hours: this.outbox.windowHours,
      items,
    };
  }

  /**
   * One attempt: write-ahead (for a repeat), the identical bytes, then the outcome, durably. The first
   * attempt of a new submission comes with its write-ahead record already committed (`first`).
   */
  private async attempt(row: SubmissionRow, connection: ActiveConnection, token: string, first = false): Promise<SubmissionRow> {
    const current = first ? row : this.ledger.markSending(row.id);
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
    return this.commit(current, outcome);
  }

  /**
   * Endpoint 8 (or the FE detail) for a document whose id is known. A submission already final
   * keeps its state (the first final answer stands); the query only adds what it lacked.
   */
  private async query(row: SubmissionRow, connection: ActiveConnection, token: string): Promise<SubmissionRow> {
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

  /** Records an outcome; `before` is the row as this attempt last read it (it holds the submission's lock). */
  private commit(before: SubmissionRow, answered: Outcome): SubmissionRow {
    const id = before.id;
    const outcome = boundUnknownState(answered, this.ledger.checksOf(id));
    const after = this.ledger.record(id, outcome);
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
    this.notify(after);
    return after;
  }

  private notify(row: SubmissionRow): void {
    for (const listener of this.listeners) {
      try {
        listener(row);
      } catch (error) {
        this.options.logger.error('submission listener failed', { error: String(error) });
      }
    }
  }

  private connectionLabel(id: number): string {
    try {
      return this.options.connections.resolve(id).label;
    } catch {
      return 'Conexión eliminada';
    }
  }

  /**
   * A sale that provably never left follows its connection to the address the user gave it since
   * (the same company at the provider's new address): no server ever saw its key. A connection now
   * of another company keeps it where it was, and connectionOf says why.
   */
  private followConnection(row: SubmissionRow): SubmissionRow {
    if (!nothingSent(row)) return row;
    let connection: ActiveConnection;
    try {
      connection = this.options.connections.resolve(row.connection_id);
    } catch {
      return row;
    }
    if (connection.baseUrl === row.base_url || connection.companyId !== row.company_id) return row;
    const moved = this.ledger.moveUnsent(row.id, connection.baseUrl);
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

  private require(id: number): SubmissionRow {
    const row = this.ledger.get(id);
    if (!row) throw new AppError('not_found', 'El envío no existe.');
    return row;
  }

  /** One attempt per submission at a time in this process (poller, resume and the user may race). */
  private async locked<T>(id: number, work: () => Promise<T>): Promise<T> {
    const previous = this.locks.get(id) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.catch(() => undefined);
    this.locks.set(id, settled);
    try {
      return await next;
    } finally {
      if (this.locks.get(id) === settled) this.locks.delete(id);
    }
  }
}

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
