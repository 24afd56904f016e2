// The submission ledger's rows. Two durable commits per attempt: the write-ahead record before the
// first byte is sent, the outcome after the answer (Store.durably: synchronous=FULL). Its statements
// are prepared once per ledger and reused (each submission runs several).
import { TICKET_PROBLEM_TEXT, type TicketProblem } from './contingency-tickets';
import type { Statement } from 'better-sqlite3';
import { z } from 'zod';
import { DianRejection } from '#shared/api/dian';
import { SubmissionFieldError } from '#shared/api/field-errors';
import type { DocumentKind, Submission, SubmissionState } from '#shared/rpc/methods/submissions';
import { ErrorCode } from '#shared/rpc/errors';
import type { Store } from '../store/store';
import { backoffDelay } from '../poller/backoff';
import { OPEN_STATES_SQL } from './states';

export interface SubmissionRow {
  id: number;
  connection_id: number;
  base_url: string;
  company_id: number;
  kind: DocumentKind;
  idempotency_key: string;
  endpoint_path: string;
  request_body: Buffer;
  payload_hash: string;
  state: SubmissionState;
  attempts: number;
  counterpart: string | null;
  http_status: number | null;
  document_id: number | null;
  document_number: string | null;
  fiscal_key: string | null;
  estado_dian: string | null;
  response_body: string | null;
  error_code: string | null;
  error_message: string | null;
  created_at: string;
  updated_at: string;
  last_attempt_at: string | null;
  /** Fingerprint of the token that sent the submission (Vault.fingerprint); null before migration 0014. */
  credential: string | null;
  /** SHA-256 of the request without its key; null for FE rows written before migration 0014. */
  content_hash: string | null;
  due_at?: number | null;
  /** Attempts that provably never left (refused, unresolvable); migration 0018. */
  unreachable_attempts?: number;
  /** The contingency outbox's entry of this submission, if it has one (migration 0018). */
  outbox_ref?: string | null;
  outbox_deadline_at?: string | null;
  outbox_transmitted_at?: string | null;
  /** an FE's contingency ticket number ("CT12") and, without one, why (migration 0023) */
  outbox_ticket?: string | null;
  outbox_ticket_problem?: TicketProblem | null;
  /** JSON list of the fields a refused answer named (SubmissionFieldError[]); migration 0019. */
  field_errors?: string | null;
  /** JSON of the tax authority's rejection as data (DianRejection); migration 0024. */
  rejection?: string | null;
  /** The contingency ticket an FE names (contingency-tickets.ts, ticketRef), unique per company while it holds it. */
  ticket_ref?: string | null;
}

export interface NewSubmission {
  connectionId: number;
  baseUrl: string;
  companyId: number;
  kind: DocumentKind;
  key: string;
  endpointPath: string;
  body: Buffer;
  payloadHash: string;
  counterpart: string | null;
  /** Fingerprint of the token the first attempt is sent with. */
  credential?: string | null;
  contentHash?: string | null;
  /** The contingency ticket an FE names (ticketRef): the database refuses a second holder. */
  ticketRef?: string | null;
}

/** What one attempt established. Fields left undefined keep what the ledger already knew. */
export interface Outcome {
  state: SubmissionState;
  httpStatus: number | null;
  documentId?: number;
  documentNumber?: string;
  fiscalKey?: string;
  estadoDian?: string;
  responseBody: string | null;
  error: { code: string; message: string } | null;
  /** The fields a 400 answer named, read from its whole body (not the stored, cut copy). */
  fieldErrors?: readonly SubmissionFieldError[];
  /** A rejection's rules, read from the answer's `dian` object; undefined keeps what the ledger knew. */
  rejection?: DianRejection;
  /** An unresolved outcome that is not to be looked at again automatically (a state nobody knows, checked enough). */
  stopPolling?: boolean;
  /** The attempt provably never left (address refused or unresolvable): counted in `unreachable_attempts`. */
  unreachable?: boolean;
}

/** The due time of a check that only the user (or a repeated answer) asks for: later than any clock. */
export const NEVER_DUE = 8_640_000_000_000_000;

const SELECT = `SELECT s.*, p.due_at, o.local_ref AS outbox_ref, o.deadline_at AS outbox_deadline_at, o.transmitted_at AS outbox_transmitted_at,
  o.ticket_prefix || o.ticket_number AS outbox_ticket, o.ticket_problem AS outbox_ticket_problem
  FROM submissions s LEFT JOIN poll_schedule p ON p.submission_id = s.id LEFT JOIN outbox o ON o.submission_id = s.id`;

export class SubmissionLedger {
  private readonly statements = new Map<string, Statement<unknown[], unknown>>();

  constructor(
    private readonly store: Store,
    private readonly now: () => Date,
  ) {}

  /** The prepared statement for `sql`, prepared on first use (the schema is migrated before the ledger exists). */
  private statement<P extends unknown[], R = unknown>(sql: string): Statement<P, R> {
    let prepared = this.statements.get(sql);
    if (!prepared) {
      prepared = this.store.db.prepare<unknown[], unknown>(sql);
      this.statements.set(sql, prepared);
    }
    return prepared as unknown as Statement<P, R>;
  }

  get(id: number): SubmissionRow | undefined {
    return this.statement<[number], SubmissionRow>(`${SELECT} WHERE s.id = ?`).get(id);
  }

  byKey(baseUrl: string, companyId: number, kind: DocumentKind, key: string): SubmissionRow | undefined {
    return this.statement<[string, number, string, string], SubmissionRow>(
      `${SELECT} WHERE s.base_url = ? AND s.company_id = ? AND s.kind = ? AND s.idempotency_key = ?`,
    ).get(baseUrl, companyId, kind, key);
  }

  /**
   * The newest submission of the same data (content hash) for this connection identity, unless it was
   * refused before anything was created (`failed`): that one may be sent again under a new key.
   */
  bySameContent(baseUrl: string, companyId: number, kind: DocumentKind, contentHash: string): SubmissionRow | undefined {
    return this.statement<[string, number, string, string], SubmissionRow>(
      `${SELECT} WHERE s.base_url = ? AND s.company_id = ? AND s.kind = ? AND s.content_hash = ? AND s.state <> 'failed'
         ORDER BY s.id DESC LIMIT 1`,
    ).get(baseUrl, companyId, kind, contentHash);
  }

  list(options: { open?: boolean; limit?: number } = {}): SubmissionRow[] {
    const where = options.open ? `WHERE s.state IN ${OPEN_STATES_SQL}` : '';
    return this.statement<[number], SubmissionRow>(`${SELECT} ${where} ORDER BY s.id DESC LIMIT ?`).all(options.limit ?? 100);
  }

  /** Every unresolved submission, oldest first (the order they are resumed in). */
  open(): SubmissionRow[] {
    return this.statement<[], SubmissionRow>(`${SELECT} WHERE s.state IN ${OPEN_STATES_SQL} ORDER BY s.id`).all();
  }

  /**
   * The write-ahead record of a new operation: committed to disk before anything is sent. A `queued`
   * one is not sent now (the contingency outbox holds older sales): no attempt, nothing sent, and the
   * ledger can prove it (0 attempts, 0 unreachable).
   */
  insert(entry: NewSubmission, queued?: { code: string; message: string }): SubmissionRow {
    const at = this.now().toISOString();
    const id = this.store.durably(() => this.insertRow(entry, at, queued));
    return this.get(id)!;
  }

  /** The row of a new operation (inside the caller's transaction): sending now, or queued unsent. */
  private insertRow(entry: NewSubmission, at: string, queued?: { code: string; message: string }): number {
    const result = this.statement(
      `INSERT INTO submissions (connection_id, base_url, company_id, kind, idempotency_key, endpoint_path,
           request_body, payload_hash, state, attempts, counterpart, created_at, updated_at, last_attempt_at, credential, content_hash,
           error_code, error_message, ticket_ref)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      entry.connectionId,
      entry.baseUrl,
      entry.companyId,
      entry.kind,
      entry.key,
      entry.endpointPath,
      entry.body,
      entry.payloadHash,
      queued ? 'in_doubt' : 'sending',
      queued ? 0 : 1,
      entry.counterpart,
      at,
      at,
      queued ? null : at,
      entry.credential ?? null,
      entry.contentHash ?? null,
      queued?.code ?? null,
      queued?.message ?? null,
      entry.ticketRef ?? null,
    );
    return Number(result.lastInsertRowid);
  }

  /** The write-ahead record of a repeated attempt (same key, same bytes). */
  markSending(id: number): SubmissionRow {
    const at = this.now().toISOString();
    this.store.durably(() => {
      this.statement(
        `UPDATE submissions SET state = 'sending', attempts = attempts + 1, updated_at = ?, last_attempt_at = ? WHERE id = ?`,
      ).run(at, at, id);
    });
    return this.get(id)!;
  }

  /** The outcome of an attempt and, for an unresolved one, when to look again; one durable commit. */
  record(id: number, outcome: Outcome): SubmissionRow {
    const now = this.now();
    const at = now.toISOString();
    this.store.durably(() => {
      this.statement(
        `UPDATE submissions SET state = ?, http_status = ?,
             document_id = COALESCE(?, document_id), document_number = COALESCE(?, document_number),
             fiscal_key = COALESCE(?, fiscal_key), estado_dian = COALESCE(?, estado_dian),
             response_body = ?, field_errors = ?, rejection = COALESCE(?, rejection), error_code = ?, error_message = ?, updated_at = ?,
             unreachable_attempts = unreachable_attempts + ?
           WHERE id = ?`,
      ).run(
        outcome.state,
        outcome.httpStatus,
        outcome.documentId ?? null,
        outcome.documentNumber ?? null,
        outcome.fiscalKey ?? null,
        outcome.estadoDian ?? null,
        outcome.responseBody,
        outcome.fieldErrors && outcome.fieldErrors.length > 0 ? JSON.stringify(outcome.fieldErrors) : null,
        outcome.rejection ? JSON.stringify(outcome.rejection) : null,
        outcome.error?.code ?? null,
        outcome.error?.message ?? null,
        at,
        outcome.unreachable ? 1 : 0,
        id,
      );
      if (outcome.state === 'in_doubt' || outcome.state === 'pending')
        this.scheduleNext(id, now.getTime(), outcome.stopPolling === true);
      else this.statement('DELETE FROM poll_schedule WHERE submission_id = ?').run(id);
    });
    return this.get(id)!;
  }

  /** A submission written before migration 0014 takes the credentials of its first check as its own. */
  adoptCredential(id: number, credential: string): SubmissionRow {
    this.store.durably(() => {
      this.statement('UPDATE submissions SET credential = ? WHERE id = ? AND credential IS NULL').run(credential, id);
    });
    return this.get(id)!;
  }

  /**
   * The user confirmed, after looking in the provider's portal, that a held submission created no
   * document: it now belongs to the credentials that will send it.
   */
  reassignCredential(id: number, credential: string): SubmissionRow {
    this.store.durably(() => {
      this.statement(
        'UPDATE submissions SET credential = ?, error_code = NULL, error_message = NULL, updated_at = ? WHERE id = ?',
      ).run(credential, this.now().toISOString(), id);
    });
    return this.get(id)!;
  }

  /**
   * An unresolved submission that may not be sent now (other credentials): the reason is shown on the
   * submission, its state is kept, and it is looked at again later.
   */
  hold(id: number, error: { code: string; message: string }): SubmissionRow {
    this.store.durably(() => {
      this.statement('UPDATE submissions SET error_code = ?, error_message = ?, updated_at = ? WHERE id = ?').run(
        error.code,
        error.message,
        this.now().toISOString(),
        id,
      );
      this.scheduleNext(id, this.now().getTime());
      this.statement('UPDATE poll_schedule SET last_error = ? WHERE submission_id = ?').run(error.message, id);
    });
    return this.get(id)!;
  }

  /**
   * How many unresolved submissions of a connection were sent with other credentials (a sale that
   * provably never left is not counted: it goes with whatever token the connection holds).
   */
  unresolvedUnder(connectionId: number, credential: string): number {
    return this.statement<[number, string], { n: number }>(
      `SELECT count(*) AS n FROM submissions WHERE connection_id = ? AND state IN ${OPEN_STATES_SQL}
         AND (credential IS NULL OR credential <> ?)
         AND NOT (state = 'in_doubt' AND attempts = unreachable_attempts AND document_id IS NULL AND http_status IS NULL)`,
    ).get(connectionId, credential)!.n;
  }

  /** How many submissions of a connection are unresolved. */
  openOf(connectionId: number): number {
    return this.statement<[number], { n: number }>(
      `SELECT count(*) AS n FROM submissions WHERE connection_id = ? AND state IN ${OPEN_STATES_SQL}`,
    ).get(connectionId)!.n;
  }

  /** How many submissions of a connection are unresolved and may have reached the server. */
  sentOpenOf(connectionId: number): number {
    return this.statement<[number], { n: number }>(
      `SELECT count(*) AS n FROM submissions WHERE connection_id = ? AND state IN ${OPEN_STATES_SQL}
         AND NOT (state = 'in_doubt' AND attempts = unreachable_attempts AND document_id IS NULL AND http_status IS NULL)`,
    ).get(connectionId)!.n;
  }

  /** A check that learnt nothing new (network down, state unchanged): look again later. */
  postpone(id: number, error: string | null): void {
    this.store.durably(() => {
      this.scheduleNext(id, this.now().getTime());
      this.statement('UPDATE poll_schedule SET last_error = ? WHERE submission_id = ?').run(error, id);
    });
  }

  /**
   * A submission the contingency outbox transmits: the poller leaves it alone (its check is due
   * never); the outbox sends it in its turn.
   */
  park(id: number): void {
    this.store.durably(() => {
      this.statement(
        `INSERT INTO poll_schedule (submission_id, due_at, checks) VALUES (?, ${NEVER_DUE}, 0)
           ON CONFLICT (submission_id) DO UPDATE SET due_at = excluded.due_at`,
      ).run(id);
    });
  }

  /**
   * Replaces the body of a submission the ledger proves was never sent (every attempt refused before
   * a byte left): the key was never seen by the server, so its first real request may carry other
   * bytes (an FE turned into a contingency invoice, naming the ticket `ticketRef`). Refused, returning
   * false, for any other row.
   */
  rewriteUnsent(
    id: number,
    body: Buffer,
    payloadHash: string,
    ticketRef: string | null,
    error: { code: string; message: string },
  ): boolean {
    return this.store.durably(() => {
      const result = this.statement(
        `UPDATE submissions SET request_body = ?, payload_hash = ?, ticket_ref = ?, error_code = ?, error_message = ?, updated_at = ?
           WHERE id = ? AND state = 'in_doubt' AND attempts = unreachable_attempts AND document_id IS NULL`,
      ).run(body, payloadHash, ticketRef, error.code, error.message, this.now().toISOString(), id);
      return result.changes === 1;
    });
  }

  /**
   * Moves a submission the ledger proves was never sent to its connection's new address (same
   * company). Null, and nothing changed, for any other row or when that address already has its key.
   */
  moveUnsent(id: number, baseUrl: string): SubmissionRow | null {
    try {
      const moved = this.store.durably(
        () =>
          this.statement(
            `UPDATE submissions SET base_url = ?, updated_at = ?
               WHERE id = ? AND state = 'in_doubt' AND attempts = unreachable_attempts AND document_id IS NULL
                 AND http_status IS NULL`,
          ).run(baseUrl, this.now().toISOString(), id).changes === 1,
      );
      return moved ? this.get(id)! : null;
    } catch {
      return null;
    }
  }

  /**
   * A queued DSE the ledger proves was never sent, re-dated under a new key: in one
   * durable commit the new submission is written (queued, no attempt), the outbox entry moves to it,
   * and the old one is closed as `failed` (nothing was created under its key). Null, and nothing
   * changed, when the old row no longer proves that nothing was sent.
   */
  redateUnsent(
    oldId: number,
    outboxId: number,
    entry: NewSubmission,
    queued: { code: string; message: string },
    closing: string,
  ): SubmissionRow | null {
    const at = this.now().toISOString();
    const id = this.store.durably(() => {
      const closed = this.statement(
        `UPDATE submissions SET state = 'failed', error_code = 'conflict', error_message = ?, updated_at = ?
           WHERE id = ? AND state = 'in_doubt' AND attempts = unreachable_attempts AND document_id IS NULL AND http_status IS NULL`,
      ).run(closing, at, oldId);
      if (closed.changes !== 1) return null;
      this.statement('DELETE FROM poll_schedule WHERE submission_id = ?').run(oldId);
      const newId = this.insertRow(entry, at, queued);
      this.statement('UPDATE outbox SET replaced_id = submission_id, submission_id = ? WHERE id = ?').run(newId, outboxId);
      this.statement(
        `INSERT INTO poll_schedule (submission_id, due_at, checks) VALUES (?, ${NEVER_DUE}, 0)
           ON CONFLICT (submission_id) DO UPDATE SET due_at = excluded.due_at`,
      ).run(newId);
      return newId;
    });
    return id === null ? null : this.get(id)!;
  }

  /**
   * Submissions in doubt because the service, or the way to it, was down (a time-out, a dropped
   * connection, a gateway's 502/503/504, a 429), on the poller's schedule: in sale order, with their
   * next check. A 500 (the service's own fault, not an outage) keeps the poller's cautious back-off.
   */
  uncertainScheduled(): { id: number; connection_id: number; due_at: number }[] {
    return this.statement<[], { id: number; connection_id: number; due_at: number }>(
      `SELECT s.id, s.connection_id, p.due_at FROM submissions s JOIN poll_schedule p ON p.submission_id = s.id
         WHERE s.state = 'in_doubt' AND s.document_id IS NULL AND s.error_code IN ('api_uncertain', 'api_unreachable')
           AND (s.http_status IS NULL OR s.http_status IN (429, 502, 503, 504))
           AND p.due_at < ${NEVER_DUE}
         ORDER BY s.id`,
    ).all();
  }

  /** The earliest scheduled check, if any. */
  nextDue(): { submission_id: number; due_at: number } | undefined {
    return this.statement<[], { submission_id: number; due_at: number }>(
      `SELECT submission_id, due_at FROM poll_schedule WHERE due_at < ${NEVER_DUE} ORDER BY due_at LIMIT 1`,
    ).get();
  }

  due(at: number): number[] {
    return this.statement<[number], { submission_id: number }>(
      'SELECT submission_id FROM poll_schedule WHERE due_at <= ? ORDER BY due_at',
    )
      .all(at)
      .map((row) => row.submission_id);
  }

  /** How many scheduled checks this submission has had since its first unresolved answer (-1: none). */
  checksOf(id: number): number {
    return (
      this.statement<[number], { checks: number }>('SELECT checks FROM poll_schedule WHERE submission_id = ?').get(id)?.checks ??
      -1
    );
  }

  /** First look 5 s after the first unresolved answer; each further look waits one step longer. */
  private scheduleNext(id: number, nowMs: number, stop = false): void {
    const current = this.statement<[number], { checks: number }>('SELECT checks FROM poll_schedule WHERE submission_id = ?').get(
      id,
    );
    const checks = current ? current.checks + 1 : 0;
    this.statement(
      `INSERT INTO poll_schedule (submission_id, due_at, checks) VALUES (?, ?, ?)
         ON CONFLICT (submission_id) DO UPDATE SET due_at = excluded.due_at, checks = excluded.checks`,
    ).run(id, stop ? NEVER_DUE : nowMs + backoffDelay(checks), checks);
  }
}

export function toSubmission(row: SubmissionRow): Submission {
  const code = ErrorCode.safeParse(row.error_code);
  const fieldErrors = fieldErrorsOf(row);
  const rejection = rejectionOf(row);
  return {
    id: row.id,
    kind: row.kind,
    connection_id: row.connection_id,
    company_id: row.company_id,
    idempotency_key: row.idempotency_key,
    payload_hash: row.payload_hash,
    state: row.state,
    attempts: row.attempts,
    counterpart: row.counterpart,
    http_status: row.http_status,
    document_id: row.document_id,
    document_number: row.document_number,
    fiscal_key: row.fiscal_key,
    estado_dian: row.estado_dian,
    error: code.success && row.error_message ? { code: code.data, message: row.error_message } : null,
    created_at: row.created_at,
    updated_at: row.updated_at,
    next_check_at: row.due_at && row.due_at < NEVER_DUE ? new Date(row.due_at).toISOString() : null,
    contingency: row.outbox_ref
      ? {
          local_ref: row.outbox_ref,
          deadline_at: row.outbox_deadline_at!,
          transmitted_at: row.outbox_transmitted_at ?? null,
          ticket: row.outbox_ticket ?? null,
          ticket_problem: row.outbox_ticket_problem ? TICKET_PROBLEM_TEXT[row.outbox_ticket_problem] : null,
        }
      : null,
    ...(fieldErrors.length > 0 ? { field_errors: fieldErrors } : {}),
    ...(rejection ? { rejection } : {}),
  };
}

/** The recorded field errors of a submission; a row that is not valid JSON of that shape names none. */
function fieldErrorsOf(row: SubmissionRow): SubmissionFieldError[] {
  if (!row.field_errors) return [];
  try {
    const parsed = z.array(SubmissionFieldError).safeParse(JSON.parse(row.field_errors));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** The recorded rejection of a submission; none for rows without one (or not of that shape). */
function rejectionOf(row: SubmissionRow): DianRejection | null {
  if (!row.rejection) return null;
  try {
    const parsed = DianRejection.safeParse(JSON.parse(row.rejection));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
