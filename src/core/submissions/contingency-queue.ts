// The contingency queue: sales the service could not receive, kept and transmitted later in the
// order they were made (docs/SUBMISSION.md, "When the service cannot be reached"). It enqueues a sale
// the ledger proves never left, gives a queued FE its paper ticket number, re-dates a per-operation
// DSE held past midnight, warns as deadlines come near, says what waits (the banner and the outbox
// screen) and transmits each connection's queue in order.
//
// It reaches the exactly-once ledger (submissions.ts) only through `LedgerAccess`, below:
//   row(id)                       the ledger's row of a submission
//   nothingSent(row)              the ledger's proof that nothing of it ever left
//   sendInTurn(id)                resolves it now with its own key and bytes (the queue's turn)
//   park(id) / postpone(id, e)    out of the poller's way / back on the poller's back-off
//   rewriteUnsent(...)            a provably unsent body replaced (an FE made a contingency invoice)
//   redateUnsent(...)             a provably unsent DSE under a new key, taking over its queue entry
//   announce(row)                 tells the ledger's listeners (poller, history, screens)
//   refusedCertificate(id)        the certificate a connection's last attempt refused, if any
// Each of these either writes nothing or proves in SQL that the key was never sent: the queue can
// never make the ledger send one operation twice.
import { createHash, randomUUID } from 'node:crypto';
import { colombiaToday } from '#shared/dates';
import { redateDseRequest } from '#shared/dse/redate';
import { contingencyTicketNumber, parseContingencyReference } from '#shared/fe/contingency-reference';
import { AppError } from '#shared/rpc/errors';
import { registerKey, registerOf } from '#shared/registers/keys';
import type { Submission } from '#shared/rpc/methods/submissions';
import type { ServiceParts } from '../parts';
import { ContingencyBook } from '../history/issuer';
import { crashPoint } from './crash';
import {
  lockNumbering,
  nextTicket,
  TICKET_PROBLEM_TEXT,
  ticketHolder,
  ticketLabel,
  ticketRef,
  withContingencyReference,
  type ContingencyTicket,
  type TicketAssignment,
  type TicketCompany,
  type TicketId,
  type TicketSource,
} from './contingency-tickets';
import { deadlineLevel, deadlineMessage, isNewWarning, timeLeftText, type DeadlineLevel } from './deadlines';
import type { NewSubmission, SubmissionRow } from './ledger';
import { OutboxStore } from './outbox';
import type { ReferenceCounter } from '../registers/reference-counter';
import type { Kysely } from 'kysely';
import type { Engine } from '../store/engine';
import type { Schema } from '../store/schema';

/** What the contingency queue may ask of the exactly-once ledger, and nothing else. */
export interface LedgerAccess {
  /** The ledger's row of a submission (`not_found` when it has none). */
  row(id: number): Promise<SubmissionRow>;
  /** The ledger's proof that nothing of this submission ever left (every attempt refused before a byte). */
  nothingSent(row: SubmissionRow): boolean;
  /** Resolves a queued submission now, in its turn: the same key and bytes, or a query by id. */
  sendInTurn(id: number): Promise<Submission>;
  /** The poller leaves it alone: the queue sends it in its turn. */
  park(id: number): Promise<void>;
  /** On the poller's back-off from now on (it may have reached the server). */
  postpone(id: number, error: string | null): Promise<void>;
  /**
   * Replaces the body of a provably unsent submission inside the queue's commit `within`; false,
   * nothing changed, for any other.
   */
  rewriteUnsent(
    id: number,
    body: Buffer,
    payloadHash: string,
    ticketRef: string | null,
    error: { code: string; message: string },
    within: Kysely<Schema>,
  ): Promise<boolean>;
  /** A provably unsent DSE under a new key, taking over queue entry `outboxId`; null, nothing changed, otherwise. */
  redateUnsent(
    oldId: number,
    outboxId: number,
    entry: NewSubmission,
    queued: { code: string; message: string },
    closing: string,
  ): Promise<SubmissionRow | null>;
  /** Tells the ledger's listeners (the poller, the history, the screens) that a submission changed. */
  announce(row: SubmissionRow): Promise<void>;
  /** The certificate refused on this connection's last attempt, when that is what stopped it. */
  refusedCertificate(connectionId: number): string | undefined;
}

export interface ContingencyQueueOptions extends ServiceParts {
  /** Where the queue's rows are (the ledger's engine). */
  engine: Engine;
  /** The transmission window of a contingency document, in hours. */
  windowHours: number;
  /** This register's id, named by the references and keys the queue makes (shared/registers/keys.ts). */
  registerId?: () => Promise<string>;
  /** Where contingency tickets are numbered from (ticket-blocks.ts); default the numbering. */
  ticketsFrom?: TicketSource;
  /** On a shop copy, the register's highest local reference number on the shop's database (outbox.ts). */
  localRefFloor?: number;
  /** The data folder's count of the register's local references (registers/reference-counter.ts). */
  references?: ReferenceCounter;
}

/** One pass over the contingency outbox: what went out, what stopped it. */
export interface OutboxPass {
  transmitted: number;
  failed: number;
  queued: number;
  reachable: boolean | null;
  message: string | null;
}

/** The error a sale queued without an attempt (behind older ones) carries until its turn. */
export const QUEUED = {
  code: 'api_unreachable',
  message:
    'Sin conexión con el servicio: el documento quedó en la cola de contingencia y se transmitirá en orden, con la misma clave, cuando el servicio responda.',
};
const QUEUED_UNTIL_FIXED =
  'El documento quedó en la cola de contingencia y se transmitirá en orden, con la misma clave, cuando se resuelva.';
const UNREACHABLE_AGAIN = 'El servicio sigue sin responder; la cola se transmitirá en la próxima comprobación.';

export class ContingencyQueue {
  readonly outbox: OutboxStore;
  /** where the connection's contingency numbering is read, when a queued FE takes its ticket */
  private readonly issuers: ContingencyBook;
  /** The outbox pass in flight, if any. */
  transmitting: Promise<OutboxPass> | null = null;

  constructor(
    private readonly ledger: LedgerAccess,
    private readonly options: ContingencyQueueOptions,
  ) {
    this.outbox = new OutboxStore(
      options.engine,
      options.clock,
      options.windowHours,
      options.localRefFloor,
      options.references ?? null,
    );
    this.issuers = new ContingencyBook(options.engine, options.clock);
  }

  /** Whether this submission waits in the queue (its turn comes in the queue's order). */
  isQueued(submissionId: number): Promise<boolean> {
    return this.outbox.isQueued(submissionId);
  }

  /** The hash of the body as the counter first sent it, for a queued sale whose body was rewritten. */
  async originalHashOf(submissionId: number): Promise<string | undefined> {
    return (await this.outbox.bySubmission(submissionId))?.original_hash;
  }

  /** Whether a new sale of this connection must wait behind older ones (order), unsent. */
  async waitsBehind(connectionId: number): Promise<boolean> {
    return this.outbox.waitingFor(connectionId);
  }

  /**
   * An invoice typed after a sale on paper names its ticket; a ticket another invoice of the company
   * already names (queued by the app, or typed before) would be the same sale twice: refused before
   * anything is stored. The ledger's unique index refuses it too, for a writer that got past this.
   */
  async refuseTakenTicket(ticket: TicketId, key: string, company: TicketCompany): Promise<void> {
    const holder = await ticketHolder(this.options.engine.db, company, ticket, key);
    if (!holder) return;
    throw this.ticketTaken(ticket, holder);
  }

  /** The refusal of a ticket the ledger's index found taken as the row was written (another process's sale). */
  async takenTicketError(ticket: TicketId, key: string, company: TicketCompany): Promise<AppError> {
    const holder = await ticketHolder(this.options.engine.db, company, ticket, key);
    return this.ticketTaken(ticket, holder ?? { id: null, number: null });
  }

  private ticketTaken(ticket: TicketId, holder: { id: number | null; number: string | null }): AppError {
    const printed = contingencyTicketNumber(ticket.prefix, ticket.number);
    return new AppError(
      'conflict',
      `El talonario ${printed} ya está en otra factura de esta empresa${holder.number ? ` (${holder.number})` : ''}: ` +
        'una venta se factura una sola vez. Revise el número del talonario de papel, o busque esa venta en el Historial.',
      holder.id === null ? undefined : { submission_id: holder.id },
    );
  }

  /**
   * Puts a submission the ledger proves was never sent in the contingency outbox. An FE becomes a
   * contingency invoice (`es_contingencia` true, its sale date kept): its key was never seen by the
   * server, so its first real request may carry these bytes. A DSE keeps its bytes.
   */
  async enqueue(row: SubmissionRow, originalHash: string): Promise<SubmissionRow> {
    const soldAt = new Date(row.created_at);
    const request = row.kind === 'FE' ? (JSON.parse(row.request_body.toString('utf8')) as Record<string, unknown>) : null;
    const reference = parseContingencyReference(typeof request?.observaciones === 'string' ? request.observaciones : null);
    const numbered = request !== null && (request.es_contingencia !== true || !reference);
    // The local reference names the register that made the sale (its key says which), read before the commit.
    const register = registerOf(row.idempotency_key) ?? (await this.options.registerId?.()) ?? null;
    // One durable commit: the numbering read, the FE's contingency ticket number, the body that refers
    // to it and the outbox row that holds it; a crash leaves all of them or none (never a number given
    // twice or lost), and the number comes from the numbering the same transaction read.
    const entry = await this.options.engine.transaction(
      async (trx) => {
        let assignment: TicketAssignment | null = null;
        if (request !== null && numbered) {
          const numbering = await this.issuers.contingencyNumbering(row.connection_id, trx);
          if (numbering && this.options.engine.kind === 'postgres') await lockNumbering(trx, numbering);
          assignment = await nextTicket(
            trx,
            numbering,
            soldAt,
            { baseUrl: row.base_url, companyId: row.company_id },
            this.options.ticketsFrom ?? 'numbering',
          );
          const ticket = assignment.ticket;
          const body = Buffer.from(JSON.stringify(withContingencyReference(request, ticket)), 'utf8');
          // A refused certificate stays named on the sale: the shop has something to fix, not a wait.
          const certificate = row.attempts > 0 ? this.ledger.refusedCertificate(row.connection_id) : undefined;
          const queued = certificate ? { code: QUEUED.code, message: `${certificate} ${QUEUED_UNTIL_FIXED}` } : QUEUED;
          const ref = ticket ? ticketRef({ ...ticket.numbering, number: ticket.number }) : null;
          if (!(await this.ledger.rewriteUnsent(row.id, body, sha256(body), ref, queued, trx))) return null;
        }
        return this.outbox.enqueue(trx, row.id, row.kind, originalHash, soldAt, assignment, register);
      },
      { durable: true },
    );
    if (!entry) return row;
    crashPoint('after-outbox-commit');
    await this.ledger.park(row.id);
    // The sale's own attempt was a check of the service (refused); one queued behind others was not.
    if (row.attempts > 0) await this.outbox.checked(row.connection_id, false);
    this.options.logger.warn('service unreachable: sale queued in the contingency outbox', {
      submission: row.id,
      kind: row.kind,
      ref: entry.local_ref,
    });
    this.options.events.emit('outbox.changed', { phase: 'queued', queued: await this.outbox.count(), transmitted: 0 });
    const queued = await this.ledger.row(row.id);
    await this.ledger.announce(queued);
    return queued;
  }

  /**
   * Transmits the contingency outbox in the order of the sales, each with its own key and bytes (the
   * same request every time, so exactly once). Stops at the first document still in doubt (the
   * service down again, or an answer that proves nothing): the next pass starts with it. One pass at
   * a time; a call during a pass waits for it.
   */
  transmit(): Promise<OutboxPass> {
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
    const pass: OutboxPass = { transmitted: 0, failed: 0, queued: await this.outbox.count(), reachable: null, message: null };
    if (pass.queued === 0) return pass;
    events.emit('outbox.changed', { phase: 'started', queued: pass.queued, transmitted: 0 });
    const stopped = new Set<number>();
    const reached = new Set<number>();
    for (;;) {
      const entry = (await this.outbox.queued()).find((queued) => !stopped.has(queued.connection_id));
      if (!entry) break;
      const connectionId = entry.connection_id;
      let row = await this.ledger.row(entry.submission_id);
      if (row.kind === 'DSE' && this.heldPastMidnight(row, entry.queued_at)) {
        // Proven unsent: a new key with today's date. Otherwise the same key is asked first.
        if (this.ledger.nothingSent(row)) row = (await this.redate(row, entry.id)) ?? row;
      }
      const result = await this.ledger.sendInTurn(row.id);
      const after = await this.ledger.row(row.id);
      if (this.ledger.nothingSent(after)) {
        // Still nothing left (refused again, no token to send with, the connection moved to another
        // company): it keeps its place, and so does every later sale of its connection.
        await this.ledger.park(row.id);
        const refused = result.error === null || result.error.code === 'api_unreachable';
        const certificate = this.ledger.refusedCertificate(connectionId);
        const message = refused ? (certificate ?? UNREACHABLE_AGAIN) : (result.error?.message ?? UNREACHABLE_AGAIN);
        if (refused) await this.outbox.checked(connectionId, false);
        if (refused && pass.reachable !== true) pass.reachable = false;
        pass.message ??= message;
        await this.outbox.failedAttempt(entry.id, message);
        stopped.add(connectionId);
        continue;
      }
      // It may have reached the server: the outbox holds only what provably never left. One still in
      // doubt is now an ordinary submission in doubt (same key, same bytes, the poller's back-off).
      if (after.state === 'in_doubt' || after.state === 'sending')
        await this.ledger.postpone(row.id, result.error?.message ?? null);
      if (after.http_status !== null) {
        pass.reachable = true;
        reached.add(connectionId);
      }
      await this.outbox.transmitted(entry.id);
      const failed = after.state === 'failed' || after.state === 'conflict' || after.state === 'rejected';
      if (failed) pass.failed += 1;
      pass.transmitted += 1;
      events.emit('outbox.changed', {
        phase: 'progress',
        queued: await this.outbox.count(),
        transmitted: pass.transmitted,
        ...(failed ? { message: `${entry.local_ref}: ${after.error_message ?? 'el servicio no aceptó el documento.'}` } : {}),
      });
    }
    for (const connectionId of reached) await this.outbox.checked(connectionId, true);
    pass.queued = await this.outbox.count();
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
  private async redate(row: SubmissionRow, outboxId: number): Promise<SubmissionRow | null> {
    const today = colombiaToday(this.options.clock());
    const request = JSON.parse(row.request_body.toString('utf8')) as Record<string, unknown>;
    // Every date rule of the day (document, period, cash and credit due dates) in one shared place.
    const json = JSON.stringify(redateDseRequest(request, today));
    const body = Buffer.from(json, 'utf8');
    // The new key names the register that made the sale, whichever register transmits the queue.
    const register = registerOf(row.idempotency_key) ?? (await this.options.registerId?.());
    const key = register ? registerKey('dse', register, randomUUID()) : `dse-${randomUUID()}`;
    const replaced = await this.ledger.redateUnsent(
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
        payloadHash: sha256(body),
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
  async checkDeadlines(): Promise<void> {
    const now = this.options.clock();
    for (const entry of await this.outbox.queued()) {
      const level = deadlineLevel(now, new Date(entry.deadline_at));
      if (!isNewWarning(level, entry.warned)) continue;
      await this.outbox.warned(entry.id, level);
      const message = deadlineMessage(level, entry.local_ref, new Date(entry.deadline_at), await this.outbox.windowHours())!;
      this.options.logger.warn('contingency deadline', { ref: entry.local_ref, level });
      this.options.events.emit('outbox.changed', {
        phase: 'warning',
        queued: await this.outbox.count(),
        transmitted: 0,
        message,
      });
    }
  }

  /** The transmission window of the sales queued from now on (Ajustes › Contingencia). */
  async setWindow(hours: number) {
    await this.outbox.setWindowHours(hours);
    return this.status();
  }

  /** What the banner and the outbox screen show. */
  async status() {
    const now = this.options.clock();
    const queued = await this.outbox.queued();
    const windowHours = await this.outbox.windowHours();
    // The banner speaks of the connection in use; with none, of the one whose sale waits first.
    const shown = this.options.connections.active()?.id ?? queued[0]?.connection_id ?? null;
    const meta = await this.outbox.meta(shown);
    const labels = new Map<number, string>();
    const labelOf = (id: number) => {
      if (!labels.has(id)) labels.set(id, this.connectionLabel(id));
      return labels.get(id)!;
    };
    const items = [];
    for (const entry of queued) {
      const row = await this.ledger.row(entry.submission_id);
      const deadline = new Date(entry.deadline_at);
      const level: DeadlineLevel = deadlineLevel(now, deadline);
      items.push({
        submission_id: entry.submission_id,
        kind: entry.kind,
        local_ref: entry.local_ref,
        counterpart: row.counterpart,
        queued_at: entry.queued_at,
        deadline_at: entry.deadline_at,
        level,
        time_left: timeLeftText(deadline.getTime() - now.getTime()),
        message: deadlineMessage(level, entry.local_ref, deadline, windowHours),
        last_error: entry.last_error,
        connection_label: labelOf(entry.connection_id),
        ticket: entry.ticket_json ? ticketLabel(JSON.parse(entry.ticket_json) as ContingencyTicket) : null,
        ticket_problem: entry.ticket_problem ? TICKET_PROBLEM_TEXT[entry.ticket_problem] : null,
      });
    }
    const unnumbered = items.find((item) => item.ticket_problem)?.ticket_problem ?? null;
    const numbering = shown === null ? null : ((await this.issuers.contingencyWarnings(shown))[0]?.text ?? null);
    return {
      numbering_notice: unnumbered ?? numbering,
      queued: items.length,
      last_check_at: meta.last_check_at,
      reachable: meta.reachable,
      transmitting: this.transmittingNow,
      window_hours: windowHours,
      items,
    };
  }

  private connectionLabel(id: number): string {
    try {
      return this.options.connections.resolve(id).label;
    } catch {
      return 'Conexión eliminada';
    }
  }
}

function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}
