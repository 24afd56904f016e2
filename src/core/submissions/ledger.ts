// The submission ledger's rows, on either engine (store/engine.ts). Two durable commits per attempt:
// the write-ahead record before the first byte is sent, the outcome after the answer
// (engine.transaction with `durable`: SQLite at synchronous=FULL and checkpointed, PostgreSQL with
// synchronous_commit on). A method given `within` joins that caller's transaction instead (the
// contingency queue's commit of a sale, its ticket and its outbox row).
import { sql, type InferResult, type Kysely, type RawBuilder } from 'kysely';
import { TICKET_PROBLEM_TEXT, type TicketProblem } from './contingency-tickets';
import { z } from 'zod';
import { DianRejection } from '#shared/api/dian';
import { SubmissionFieldError } from '#shared/api/field-errors';
import {
  OPEN_SUBMISSION_STATES,
  type DocumentKind,
  type Submission,
  type SubmissionState,
} from '#shared/rpc/methods/submissions';
import { ErrorCode } from '#shared/rpc/errors';
import type { Engine } from '../store/engine';
import type { Schema } from '../store/schema';
import { backoffDelay } from '../poller/backoff';
import type { SubmissionClaims } from './claims';

type ClaimWithRow = ReturnType<SubmissionClaims['takenWithRow']>;
type ClaimReleased = ReturnType<SubmissionClaims['releasedWithOutcome']>;
type ClaimRenewed = ReturnType<SubmissionClaims['renewedWithAttempt']>;
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
  /** The next scheduled check (poll_schedule), if any. */
  due_at: number | null;
  /** Attempts that provably never left (refused, unresolvable); migration 0018. */
  unreachable_attempts: number;
  /** The contingency outbox's entry of this submission, if it has one (migration 0018). */
  outbox_ref: string | null;
  outbox_deadline_at: string | null;
  outbox_transmitted_at: string | null;
  /** an FE's contingency ticket number ("CT12") and, without one, why (migration 0023) */
  outbox_ticket: string | null;
  outbox_ticket_problem: TicketProblem | null;
  /** JSON list of the fields a refused answer named (SubmissionFieldError[]); migration 0019. */
  field_errors: string | null;
  /** JSON of the tax authority's rejection as data (DianRejection); migration 0024. */
  rejection: string | null;
  /** The contingency ticket an FE names (contingency-tickets.ts, ticketRef), unique per company while it holds it. */
  ticket_ref: string | null;
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

type Db = Kysely<Schema>;

const OPEN_STATES: readonly string[] = OPEN_SUBMISSION_STATES;

/**
 * How a column kept beside the row (in its schedule or its outbox entry: one of each per submission at
 * most) is reached: through rows()'s joins, by a correlated subquery in a write's RETURNING (both
 * engines allow them there: a statement that writes a submission returns it whole, without reading it
 * again), or not at all where the write knows it is empty.
 */
type Reach = <T>(from: 'poll_schedule' | 'outbox', column: (table: string) => RawBuilder<T>) => RawBuilder<T | null>;

const JOINED: Reach = (from, column) => column(from === 'outbox' ? 'o' : 'p');
const CORRELATED: Reach = (from, column) =>
  sql`(SELECT ${column(from)} FROM ${sql.table(from)} WHERE ${sql.ref(`${from}.submission_id`)} = submissions.id)`;
const EMPTY: Reach = () => sql`NULL`;
/** After an outcome: the schedule is written (or deleted) by the same commit, which knows it. */
const OUTBOX_ONLY: Reach = (from, column) => (from === 'outbox' ? CORRELATED(from, column) : EMPTY(from, column));

/** The columns kept beside a submission's row, as (alias, column): the one list rows() and every RETURNING read. */
function beside(reach: Reach) {
  const column =
    <T>(name: string) =>
    (table: string) =>
      sql.ref<T>(`${table}.${name}`);
  return [
    reach('poll_schedule', column<number>('due_at')).as('due_at'),
    reach('outbox', column<string>('local_ref')).as('outbox_ref'),
    reach('outbox', column<string>('deadline_at')).as('outbox_deadline_at'),
    reach('outbox', column<string | null>('transmitted_at')).as('outbox_transmitted_at'),
    reach(
      'outbox',
      (table) => sql<string | null>`${sql.ref(`${table}.ticket_prefix`)} || ${sql.ref(`${table}.ticket_number`)}`,
    ).as('outbox_ticket'),
    reach('outbox', column<TicketProblem | null>('ticket_problem')).as('outbox_ticket_problem'),
  ];
}

/** The ledger's own names for what the schema keeps as text. */
type Narrowed = { kind: DocumentKind; state: SubmissionState };

/** The rows with their schedule and their outbox entry. */
function rows(db: Db) {
  return db
    .selectFrom('submissions as s')
    .leftJoin('poll_schedule as p', 'p.submission_id', 's.id')
    .leftJoin('outbox as o', 'o.submission_id', 's.id')
    .selectAll('s')
    .select(beside(JOINED))
    .$narrowType<Narrowed>();
}

/** The ledger's proof in SQL that nothing of a submission ever left (outcome.ts nothingSent, as a filter). */
const NEVER_SENT = sql<boolean>`state = 'in_doubt' AND attempts = unreachable_attempts AND document_id IS NULL`;

export class SubmissionLedger {
  constructor(
    private readonly engine: Engine,
    private readonly now: () => Date,
  ) {}

  /** `work` in one durable commit, or inside the caller's transaction `within`. */
  private durably<T>(work: (db: Db) => Promise<T>, within?: Db): Promise<T> {
    return within ? work(within) : this.engine.transaction(work, { durable: true });
  }

  /**
   * One statement in its own durable commit. On PostgreSQL it runs alone in autocommit: a transaction
   * of its own, committed with the WAL flushed (every pool connection has synchronous_commit on), in
   * one round trip instead of BEGIN, the statement and COMMIT. On SQLite, engine.transaction's
   * durable commit (synchronous=FULL, then checkpointed).
   */
  private durableStatement<T>(statement: (db: Db) => Promise<T>): Promise<T> {
    return this.engine.kind === 'postgres' ? statement(this.engine.db) : this.durably(statement);
  }

  async get(id: number, db: Db = this.engine.db): Promise<SubmissionRow | undefined> {
    return rows(db).where('s.id', '=', id).executeTakeFirst();
  }

  private async must(id: number): Promise<SubmissionRow> {
    const row = await this.get(id);
    if (!row) throw new Error(`submission ${id} vanished after its commit`);
    return row;
  }

  async byKey(baseUrl: string, companyId: number, kind: DocumentKind, key: string): Promise<SubmissionRow | undefined> {
    return rows(this.engine.db)
      .where('s.base_url', '=', baseUrl)
      .where('s.company_id', '=', companyId)
      .where('s.kind', '=', kind)
      .where('s.idempotency_key', '=', key)
      .executeTakeFirst();
  }

  /**
   * The newest submission of the same data (content hash) for this connection identity, unless it was
   * refused before anything was created (`failed`): that one may be sent again under a new key.
   */
  async bySameContent(
    baseUrl: string,
    companyId: number,
    kind: DocumentKind,
    contentHash: string,
  ): Promise<SubmissionRow | undefined> {
    return rows(this.engine.db)
      .where('s.base_url', '=', baseUrl)
      .where('s.company_id', '=', companyId)
      .where('s.kind', '=', kind)
      .where('s.content_hash', '=', contentHash)
      .where('s.state', '<>', 'failed')
      .orderBy('s.id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async list(options: { open?: boolean; limit?: number } = {}): Promise<SubmissionRow[]> {
    return rows(this.engine.db)
      .$if(options.open === true, (query) => query.where('s.state', 'in', OPEN_STATES))
      .orderBy('s.id', 'desc')
      .limit(options.limit ?? 100)
      .execute();
  }

  /** The newest submission of a connection that created this document (by its id on the server), if any. */
  async byDocument(connectionId: number, kind: DocumentKind, documentId: number): Promise<number | null> {
    const row = await this.engine.db
      .selectFrom('submissions')
      .select('id')
      .where('connection_id', '=', connectionId)
      .where('kind', '=', kind)
      .where('document_id', '=', documentId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /** What each attempt of a submission recorded (its events, written by the ledger's triggers), in order. */
  async events(id: number) {
    return this.engine.db
      .selectFrom('submission_events')
      .select([
        'at',
        'state',
        'attempts',
        'http_status',
        'estado_dian',
        'document_id',
        'response_body',
        'error_code',
        'error_message',
      ])
      .where('submission_id', '=', id)
      .orderBy('id')
      .execute();
  }

  /** Every unresolved submission, oldest first (the order they are resumed in). */
  async open(): Promise<SubmissionRow[]> {
    return rows(this.engine.db).where('s.state', 'in', OPEN_STATES).orderBy('s.id').execute();
  }

  /**
   * The write-ahead record of a new operation: committed to disk before anything is sent. A `queued`
   * one is not sent now (the contingency outbox holds older sales): no attempt, nothing sent, and the
   * ledger can prove it (0 attempts, 0 unreachable). `claim`: the row is written already claimed by
   * this process (claims.ts takenWithRow), in the same commit.
   */
  async insert(
    entry: NewSubmission,
    queued?: { code: string; message: string },
    claim?: ClaimWithRow | null,
  ): Promise<SubmissionRow> {
    const at = this.now().toISOString();
    // The row as written: a new submission has no schedule and no outbox entry yet.
    return this.durableStatement((db) =>
      this.insertRow(db, entry, at, queued, claim)
        .returningAll()
        .returning(beside(EMPTY))
        .$narrowType<Narrowed>()
        .executeTakeFirstOrThrow(),
    );
  }

  /** The row of a new operation (inside the caller's transaction): sending now, or queued unsent. */
  private insertRow(
    db: Db,
    entry: NewSubmission,
    at: string,
    queued?: { code: string; message: string },
    claim?: ClaimWithRow | null,
  ) {
    return db.insertInto('submissions').values({
      ...claim,
      connection_id: entry.connectionId,
      base_url: entry.baseUrl,
      company_id: entry.companyId,
      kind: entry.kind,
      idempotency_key: entry.key,
      endpoint_path: entry.endpointPath,
      request_body: entry.body,
      payload_hash: entry.payloadHash,
      state: queued ? 'in_doubt' : 'sending',
      attempts: queued ? 0 : 1,
      counterpart: entry.counterpart,
      created_at: at,
      updated_at: at,
      last_attempt_at: queued ? null : at,
      credential: entry.credential ?? null,
      content_hash: entry.contentHash ?? null,
      error_code: queued?.code ?? null,
      error_message: queued?.message ?? null,
      ticket_ref: entry.ticketRef ?? null,
    });
  }

  /**
   * The write-ahead record of a repeated attempt (same key, same bytes). `renewal` extends this
   * process's claim in the same commit (claims.ts renewedWithAttempt); null, and nothing written, when
   * the claim is no longer its own: then nothing may be sent.
   */
  async markSending(id: number, renewal?: ClaimRenewed | null): Promise<SubmissionRow | null> {
    const at = this.now().toISOString();
    const row = await this.durableStatement((db) =>
      db
        .updateTable('submissions')
        .set((eb) => ({
          state: 'sending',
          attempts: eb('attempts', '+', 1),
          updated_at: at,
          last_attempt_at: at,
          ...renewal?.set,
        }))
        .where('id', '=', id)
        .$call((query) => (renewal ? query.where(renewal.mine) : query))
        .returningAll()
        .returning(beside(CORRELATED))
        .$narrowType<Narrowed>()
        .executeTakeFirst(),
    );
    if (!row && !renewal) throw new Error(`submission ${id} vanished before its attempt`);
    return row ?? null;
  }

  /**
   * The outcome of an attempt and, for an unresolved one, when to look again; one durable commit.
   * `release` ends this process's claim in that same commit (claims.ts releasedWithOutcome).
   */
  async record(id: number, outcome: Outcome, release?: ClaimReleased | null): Promise<SubmissionRow> {
    const now = this.now();
    const at = now.toISOString();
    const written = (db: Db, reach: Reach) =>
      db
        .updateTable('submissions')
        .set((eb) => ({
          state: outcome.state,
          http_status: outcome.httpStatus,
          document_id: eb.fn.coalesce(eb.val(outcome.documentId ?? null), 'document_id'),
          document_number: eb.fn.coalesce(eb.val(outcome.documentNumber ?? null), 'document_number'),
          fiscal_key: eb.fn.coalesce(eb.val(outcome.fiscalKey ?? null), 'fiscal_key'),
          estado_dian: eb.fn.coalesce(eb.val(outcome.estadoDian ?? null), 'estado_dian'),
          response_body: outcome.responseBody,
          field_errors: outcome.fieldErrors && outcome.fieldErrors.length > 0 ? JSON.stringify(outcome.fieldErrors) : null,
          rejection: eb.fn.coalesce(eb.val(outcome.rejection ? JSON.stringify(outcome.rejection) : null), 'rejection'),
          error_code: outcome.error?.code ?? null,
          error_message: outcome.error?.message ?? null,
          updated_at: at,
          unreachable_attempts: eb('unreachable_attempts', '+', outcome.unreachable ? 1 : 0),
          ...release,
        }))
        .where('id', '=', id)
        .returningAll()
        .returning(beside(reach))
        .$narrowType<Narrowed>();
    const vanished = () => new Error(`submission ${id} vanished before its outcome`);
    if (outcome.state !== 'in_doubt' && outcome.state !== 'pending') {
      // Nothing more to look at: the schedule goes in the same commit.
      if (this.engine.kind === 'postgres') {
        // One statement (a data-modifying WITH runs whether or not it is read): one autocommit round trip.
        const db = this.engine.db;
        const update = written(db, OUTBOX_ONLY);
        const unscheduled = db.deleteFrom('poll_schedule').where('submission_id', '=', id);
        const { rows } = await sql<InferResult<typeof update>[number]>`WITH unscheduled AS (${unscheduled}) ${update}`.execute(
          db,
        );
        if (!rows[0]) throw vanished();
        return rows[0];
      }
      return this.durably(async (db) => {
        // The RETURNING says whether there is a schedule to delete (a first attempt's outcome has none).
        const row = await written(db, CORRELATED).executeTakeFirst();
        if (!row) throw vanished();
        if (row.due_at !== null) await db.deleteFrom('poll_schedule').where('submission_id', '=', id).execute();
        return { ...row, due_at: null };
      });
    }
    return this.durably(async (db) => {
      const row = await written(db, OUTBOX_ONLY).executeTakeFirst();
      if (!row) throw vanished();
      return { ...row, due_at: await this.scheduleNext(db, id, now.getTime(), outcome.stopPolling === true) };
    });
  }

  /** A submission written before migration 0014 takes the credentials of its first check as its own. */
  async adoptCredential(id: number, credential: string): Promise<SubmissionRow> {
    await this.durably((db) =>
      db.updateTable('submissions').set({ credential }).where('id', '=', id).where('credential', 'is', null).execute(),
    );
    return this.must(id);
  }

  /**
   * The user confirmed, after looking in the provider's portal, that a held submission created no
   * document: it now belongs to the credentials that will send it.
   */
  async reassignCredential(id: number, credential: string): Promise<SubmissionRow> {
    const at = this.now().toISOString();
    await this.durably((db) =>
      db
        .updateTable('submissions')
        .set({ credential, error_code: null, error_message: null, updated_at: at })
        .where('id', '=', id)
        .execute(),
    );
    return this.must(id);
  }

  /**
   * An unresolved submission that may not be sent now (other credentials): the reason is shown on the
   * submission, its state is kept, and it is looked at again later.
   */
  async hold(id: number, error: { code: string; message: string }): Promise<SubmissionRow> {
    const now = this.now();
    await this.durably(async (db) => {
      await db
        .updateTable('submissions')
        .set({ error_code: error.code, error_message: error.message, updated_at: now.toISOString() })
        .where('id', '=', id)
        .execute();
      await this.scheduleNext(db, id, now.getTime());
      await db.updateTable('poll_schedule').set({ last_error: error.message }).where('submission_id', '=', id).execute();
    });
    return this.must(id);
  }

  /**
   * How many unresolved submissions of a connection were sent with other credentials (a sale that
   * provably never left is not counted: it goes with whatever token the connection holds).
   */
  async unresolvedUnder(connectionId: number, credential: string): Promise<number> {
    const { n } = await this.engine.db
      .selectFrom('submissions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('connection_id', '=', connectionId)
      .where('state', 'in', OPEN_STATES)
      .where((eb) => eb.or([eb('credential', 'is', null), eb('credential', '<>', credential)]))
      .where(sql<boolean>`NOT (${NEVER_SENT} AND http_status IS NULL)`)
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  /** How many submissions of a connection are unresolved. */
  async openOf(connectionId: number): Promise<number> {
    const { n } = await this.engine.db
      .selectFrom('submissions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('connection_id', '=', connectionId)
      .where('state', 'in', OPEN_STATES)
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  /** How many submissions of a connection are unresolved and may have reached the server. */
  async sentOpenOf(connectionId: number): Promise<number> {
    const { n } = await this.engine.db
      .selectFrom('submissions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('connection_id', '=', connectionId)
      .where('state', 'in', OPEN_STATES)
      .where(sql<boolean>`NOT (${NEVER_SENT} AND http_status IS NULL)`)
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  /** A check that learnt nothing new (network down, state unchanged): look again later. */
  async postpone(id: number, error: string | null): Promise<void> {
    const now = this.now().getTime();
    await this.durably(async (db) => {
      await this.scheduleNext(db, id, now);
      await db.updateTable('poll_schedule').set({ last_error: error }).where('submission_id', '=', id).execute();
    });
  }

  /**
   * A submission the contingency outbox transmits: the poller leaves it alone (its check is due
   * never); the outbox sends it in its turn.
   */
  async park(id: number, within?: Db): Promise<void> {
    await this.durably((db) => parkRow(db, id), within);
  }

  /**
   * Replaces the body of a submission the ledger proves was never sent (every attempt refused before
   * a byte left): the key was never seen by the server, so its first real request may carry other
   * bytes (an FE turned into a contingency invoice, naming the ticket `ticketRef`). Refused, returning
   * false, for any other row.
   */
  async rewriteUnsent(
    id: number,
    body: Buffer,
    payloadHash: string,
    ticketRef: string | null,
    error: { code: string; message: string },
    within?: Db,
  ): Promise<boolean> {
    const at = this.now().toISOString();
    const changed = await this.durably(
      (db) =>
        db
          .updateTable('submissions')
          .set({
            request_body: body,
            payload_hash: payloadHash,
            ticket_ref: ticketRef,
            error_code: error.code,
            error_message: error.message,
            updated_at: at,
          })
          .where('id', '=', id)
          .where(NEVER_SENT)
          .returning('id')
          .executeTakeFirst(),
      within,
    );
    return changed !== undefined;
  }

  /**
   * Moves a submission the ledger proves was never sent to its connection's new address (same
   * company). Null, and nothing changed, for any other row or when that address already has its key.
   */
  async moveUnsent(id: number, baseUrl: string): Promise<SubmissionRow | null> {
    const at = this.now().toISOString();
    try {
      const moved = await this.durably((db) =>
        db
          .updateTable('submissions')
          .set({ base_url: baseUrl, updated_at: at })
          .where('id', '=', id)
          .where(NEVER_SENT)
          .where('http_status', 'is', null)
          .returning('id')
          .executeTakeFirst(),
      );
      return moved ? await this.must(id) : null;
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
  async redateUnsent(
    oldId: number,
    outboxId: number,
    entry: NewSubmission,
    queued: { code: string; message: string },
    closing: string,
  ): Promise<SubmissionRow | null> {
    const at = this.now().toISOString();
    const id = await this.durably(async (db) => {
      const closed = await db
        .updateTable('submissions')
        .set({ state: 'failed', error_code: 'conflict', error_message: closing, updated_at: at })
        .where('id', '=', oldId)
        .where(NEVER_SENT)
        .where('http_status', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!closed) return null;
      await db.deleteFrom('poll_schedule').where('submission_id', '=', oldId).execute();
      const { id: newId } = await this.insertRow(db, entry, at, queued).returning('id').executeTakeFirstOrThrow();
      await db
        .updateTable('outbox')
        .set((eb) => ({ replaced_id: eb.ref('submission_id'), submission_id: newId }))
        .where('id', '=', outboxId)
        .execute();
      await parkRow(db, newId);
      return newId;
    });
    return id === null ? null : this.must(id);
  }

  /**
   * Submissions in doubt because the service, or the way to it, was down (a time-out, a dropped
   * connection, a gateway's 502/503/504, a 429), on the poller's schedule: in sale order, with their
   * next check. A 500 (the service's own fault, not an outage) keeps the poller's cautious back-off.
   */
  async uncertainScheduled(): Promise<{ id: number; connection_id: number; due_at: number }[]> {
    return this.engine.db
      .selectFrom('submissions as s')
      .innerJoin('poll_schedule as p', 'p.submission_id', 's.id')
      .select(['s.id', 's.connection_id', 'p.due_at'])
      .where('s.state', '=', 'in_doubt')
      .where('s.document_id', 'is', null)
      .where('s.error_code', 'in', ['api_uncertain', 'api_unreachable'])
      .where((eb) => eb.or([eb('s.http_status', 'is', null), eb('s.http_status', 'in', [429, 502, 503, 504])]))
      .where('p.due_at', '<', NEVER_DUE)
      .orderBy('s.id')
      .execute();
  }

  /** The earliest scheduled check, if any. */
  async nextDue(): Promise<{ submission_id: number; due_at: number } | undefined> {
    return this.engine.db
      .selectFrom('poll_schedule')
      .select(['submission_id', 'due_at'])
      .where('due_at', '<', NEVER_DUE)
      .orderBy('due_at')
      .limit(1)
      .executeTakeFirst();
  }

  async due(at: number): Promise<number[]> {
    const due = await this.engine.db
      .selectFrom('poll_schedule')
      .select('submission_id')
      .where('due_at', '<=', at)
      .orderBy('due_at')
      .execute();
    return due.map((row) => row.submission_id);
  }

  /** How many scheduled checks this submission has had since its first unresolved answer (-1: none). */
  async checksOf(id: number): Promise<number> {
    const row = await this.engine.db
      .selectFrom('poll_schedule')
      .select('checks')
      .where('submission_id', '=', id)
      .executeTakeFirst();
    return row?.checks ?? -1;
  }

  /** First look 5 s after the first unresolved answer; each further look waits one step longer. Returns the due time. */
  private async scheduleNext(db: Db, id: number, nowMs: number, stop = false): Promise<number> {
    const current = await db.selectFrom('poll_schedule').select('checks').where('submission_id', '=', id).executeTakeFirst();
    const checks = current ? current.checks + 1 : 0;
    const due = stop ? NEVER_DUE : nowMs + backoffDelay(checks);
    await db
      .insertInto('poll_schedule')
      .values({ submission_id: id, due_at: due, checks })
      .onConflict((conflict) =>
        conflict
          .column('submission_id')
          .doUpdateSet((eb) => ({ due_at: eb.ref('excluded.due_at'), checks: eb.ref('excluded.checks') })),
      )
      .execute();
    return due;
  }
}

/** Out of the poller's way: its check is due never (the outbox sends it in its turn). */
async function parkRow(db: Db, id: number): Promise<void> {
  await db
    .insertInto('poll_schedule')
    .values({ submission_id: id, due_at: NEVER_DUE, checks: 0 })
    .onConflict((conflict) => conflict.column('submission_id').doUpdateSet((eb) => ({ due_at: eb.ref('excluded.due_at') })))
    .execute();
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
