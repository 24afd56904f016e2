// The contingency outbox's rows: sales recorded while the service could not be reached,
// transmitted later in the order they were made. The submission ledger decides what may enter (only
// a submission it proves was never sent); this file only keeps the queue, its references and windows.
import type { DocumentKind } from '#shared/rpc/methods/submissions';
import type { Store } from '../store/store';
import type { TicketAssignment } from './contingency-tickets';
import { deadlineOf, type DeadlineLevel } from './deadlines';

export interface OutboxRow {
  id: number;
  submission_id: number;
  replaced_id: number | null;
  kind: DocumentKind;
  local_ref: string;
  original_hash: string;
  queued_at: string;
  deadline_at: string;
  warned: DeadlineLevel | 'none';
  transmitted_at: string | null;
  last_error: string | null;
  /** The connection its submission belongs to (each connection's queue runs on its own). */
  connection_id: number;
  /** An FE's contingency ticket (contingency-tickets.ts), as JSON; null for a DSE or without a number */
  ticket_json: string | null;
  /** why a queued FE has no ticket number */
  ticket_problem: 'missing' | 'not_in_force' | 'used_up' | null;
}

export interface OutboxMeta {
  last_check_at: string | null;
  reachable: boolean | null;
}

/** "CONT-000012": the local reference printed on a contingency document until its number is known. */
export function localRefOf(id: number): string {
  return `CONT-${String(id).padStart(6, '0')}`;
}

export class OutboxStore {
  constructor(
    private readonly store: Store,
    private readonly now: () => Date,
    private readonly defaultWindowHours: number,
  ) {}

  /** The transmission window of the next sale queued: the one set in Ajustes, or the default. */
  get windowHours(): number {
    const row = this.db.prepare<[], { window_hours: number | null }>('SELECT window_hours FROM outbox_meta').get();
    return row?.window_hours ?? this.defaultWindowHours;
  }

  /**
   * Sets the window of the sales queued from now on. A sale already queued keeps the deadline it was
   * given (what its warnings and its printout said).
   */
  setWindowHours(hours: number): void {
    this.db
      .prepare(
        `INSERT INTO outbox_meta (singleton, window_hours) VALUES (1, ?)
           ON CONFLICT (singleton) DO UPDATE SET window_hours = excluded.window_hours`,
      )
      .run(hours);
  }

  private get db() {
    return this.store.db;
  }

  /**
   * Queues a submission (in the same durable commit as its reference, deadline and, for an FE, its
   * contingency ticket: the number exists only in this row, so it is given once or not at all).
   */
  enqueue(
    submissionId: number,
    kind: DocumentKind,
    originalHash: string,
    soldAt: Date,
    assignment: TicketAssignment | null = null,
  ): OutboxRow {
    const id = this.store.durably(() => {
      const ticket = assignment?.ticket ?? null;
      const result = this.db
        .prepare(
          `INSERT INTO outbox (submission_id, kind, local_ref, original_hash, queued_at, deadline_at,
                               ticket_resolution, ticket_prefix, ticket_number, ticket_json, ticket_problem)
             VALUES (?, ?, 'CONT-pending-' || ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          submissionId,
          kind,
          submissionId,
          originalHash,
          soldAt.toISOString(),
          deadlineOf(soldAt, this.windowHours).toISOString(),
          ticket?.numbering.resolution ?? null,
          ticket?.numbering.prefix ?? null,
          ticket?.number ?? null,
          ticket ? JSON.stringify(ticket) : null,
          assignment?.problem ?? null,
        );
      const rowId = Number(result.lastInsertRowid);
      this.db.prepare('UPDATE outbox SET local_ref = ? WHERE id = ?').run(localRefOf(rowId), rowId);
      return rowId;
    });
    return this.get(id)!;
  }

  get(id: number): OutboxRow | undefined {
    return this.db.prepare<[number], OutboxRow>(`${SELECT_ENTRY} WHERE o.id = ?`).get(id);
  }

  bySubmission(submissionId: number): OutboxRow | undefined {
    return this.db.prepare<[number], OutboxRow>(`${SELECT_ENTRY} WHERE o.submission_id = ?`).get(submissionId);
  }

  /** Whether this submission waits in the outbox (queued, not transmitted yet). */
  isQueued(submissionId: number): boolean {
    return (
      this.db
        .prepare<[number], { n: number }>('SELECT count(*) AS n FROM outbox WHERE submission_id = ? AND transmitted_at IS NULL')
        .get(submissionId)!.n > 0
    );
  }

  /** What waits, oldest sale first (the order of transmission), of every connection. */
  queued(): OutboxRow[] {
    return this.db.prepare<[], OutboxRow>(`${SELECT_ENTRY} WHERE o.transmitted_at IS NULL ORDER BY o.id`).all();
  }

  /** How many sales wait, of every connection. */
  count(): number {
    return this.db.prepare<[], { n: number }>('SELECT count(*) AS n FROM outbox WHERE transmitted_at IS NULL').get()!.n;
  }

  /** How many sales of one connection wait: a new sale of that connection queues behind them. */
  countFor(connectionId: number): number {
    return this.db
      .prepare<[number], { n: number }>(
        `SELECT count(*) AS n FROM outbox o JOIN submissions s ON s.id = o.submission_id
           WHERE o.transmitted_at IS NULL AND s.connection_id = ?`,
      )
      .get(connectionId)!.n;
  }

  /** The document left the outbox: its submission got an answer that is not "in doubt". */
  transmitted(id: number): void {
    this.store.durably(() => {
      this.db.prepare('UPDATE outbox SET transmitted_at = ?, last_error = NULL WHERE id = ?').run(this.now().toISOString(), id);
    });
  }

  failedAttempt(id: number, message: string): void {
    this.db.prepare('UPDATE outbox SET last_error = ? WHERE id = ?').run(message, id);
  }

  /** A DSE re-dated under a new key: the entry keeps its place and now transmits the new submission. */
  replaceSubmission(id: number, submissionId: number): void {
    this.db.prepare('UPDATE outbox SET replaced_id = submission_id, submission_id = ? WHERE id = ?').run(submissionId, id);
  }

  warned(id: number, level: DeadlineLevel): void {
    this.db.prepare('UPDATE outbox SET warned = ? WHERE id = ?').run(level, id);
  }

  /** What the last try of this connection's service found. */
  checked(connectionId: number, reachable: boolean): void {
    this.db
      .prepare(
        `INSERT INTO outbox_checks (connection_id, last_check_at, reachable) VALUES (?, ?, ?)
           ON CONFLICT (connection_id) DO UPDATE SET last_check_at = excluded.last_check_at, reachable = excluded.reachable`,
      )
      .run(connectionId, this.now().toISOString(), reachable ? 1 : 0);
  }

  /** The last check of one connection's service (null: never checked). */
  meta(connectionId: number | null): OutboxMeta {
    const row =
      connectionId === null
        ? undefined
        : this.db
            .prepare<[number], { last_check_at: string; reachable: number }>(
              'SELECT last_check_at, reachable FROM outbox_checks WHERE connection_id = ?',
            )
            .get(connectionId);
    return { last_check_at: row?.last_check_at ?? null, reachable: row ? row.reachable === 1 : null };
  }
}

const SELECT_ENTRY = 'SELECT o.*, s.connection_id FROM outbox o JOIN submissions s ON s.id = o.submission_id';
