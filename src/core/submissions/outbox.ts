// The contingency outbox's rows: sales recorded while the service could not be reached,
// transmitted later in the order they were made. The submission ledger decides what may enter (only
// a submission it proves was never sent); this file only keeps the queue, its references and windows.
import type { DocumentKind } from '#shared/rpc/methods/submissions';
import { sql, type Kysely } from 'kysely';
import { contingencyLocalRef } from '#shared/registers/keys';
import type { ReferenceCounter } from '../registers/reference-counter';
import type { Engine } from '../store/engine';
import type { Schema } from '../store/schema';
import type { TicketAssignment, TicketProblem } from './contingency-tickets';
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
  ticket_problem: TicketProblem | null;
}

export interface OutboxMeta {
  last_check_at: string | null;
  reachable: boolean | null;
}

/**
 * "CONT-000012": the local reference printed on a contingency document until its number is known,
 * as made before registers (and where no register is named); a register's is "CONT-K7QM2X9A-000012".
 */
export function localRefOf(id: number): string {
  return `CONT-${String(id).padStart(6, '0')}`;
}

type Db = Kysely<Schema>;

/** The highest number of the register's local references in `db` ("CONT-K7QM2X9A-000012": 12), 0 for none. */
export async function lastRefNumber(db: Db, registerId: string): Promise<number> {
  const prefix = `CONT-${registerId}-`;
  const row = await db
    .selectFrom('outbox')
    .select(sql<string | number | null>`max(CAST(substr(local_ref, ${prefix.length + 1}) AS BIGINT))`.as('top'))
    .where('local_ref', 'like', `${prefix}%`)
    .executeTakeFirst();
  return Number(row?.top ?? 0);
}

/** An entry with the connection of its submission. */
function entries(db: Db) {
  return db
    .selectFrom('outbox as o')
    .innerJoin('submissions as s', 's.id', 'o.submission_id')
    .selectAll('o')
    .select('s.connection_id');
}

export class OutboxStore {
  constructor(
    private readonly engine: Engine,
    private readonly now: () => Date,
    private readonly defaultWindowHours: number,
    /** On a shop copy, the register's highest local reference number on the shop's database (see nextRefNumber). */
    private readonly refFloor = 0,
    /** The data folder's count of the register's references (absent where a test builds the queue alone). */
    private readonly references: ReferenceCounter | null = null,
  ) {}

  /** The transmission window of the next sale queued: the one set in Ajustes, or the default. */
  async windowHours(db: Db = this.engine.db): Promise<number> {
    const row = await db.selectFrom('outbox_meta').select('window_hours').executeTakeFirst();
    return row?.window_hours ?? this.defaultWindowHours;
  }

  /**
   * Sets the window of the sales queued from now on. A sale already queued keeps the deadline it was
   * given (what its warnings and its printout said).
   */
  async setWindowHours(hours: number): Promise<void> {
    await this.engine.db
      .insertInto('outbox_meta')
      .values({ singleton: 1, window_hours: hours, last_check_at: null, reachable: null })
      .onConflict((conflict) =>
        conflict.column('singleton').doUpdateSet((eb) => ({ window_hours: eb.ref('excluded.window_hours') })),
      )
      .execute();
  }

  /**
   * Queues a submission, inside the caller's durable commit `db` (with its reference, deadline and,
   * for an FE, its contingency ticket: the number exists only in this row, so it is given once or not at all).
   */
  async enqueue(
    db: Db,
    submissionId: number,
    kind: DocumentKind,
    originalHash: string,
    soldAt: Date,
    assignment: TicketAssignment | null = null,
    registerId: string | null = null,
  ): Promise<OutboxRow> {
    const ticket = assignment?.ticket ?? null;
    const { id } = await db
      .insertInto('outbox')
      .values({
        submission_id: submissionId,
        kind,
        local_ref: `CONT-pending-${submissionId}`,
        original_hash: originalHash,
        queued_at: soldAt.toISOString(),
        deadline_at: deadlineOf(soldAt, await this.windowHours(db)).toISOString(),
        ticket_resolution: ticket?.numbering.resolution ?? null,
        ticket_prefix: ticket?.numbering.prefix ?? null,
        ticket_number: ticket?.number ?? null,
        ticket_json: ticket ? JSON.stringify(ticket) : null,
        ticket_problem: assignment?.problem ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('outbox')
      .set({ local_ref: registerId ? contingencyLocalRef(registerId, await this.nextRefNumber(db, registerId)) : localRefOf(id) })
      .where('id', '=', id)
      .execute();
    return (await this.get(id, db))!;
  }

  /**
   * The number of the register's next local reference, inside the caller's commit: past the highest
   * its queued sales took in this store, and past `refFloor` (on a shop copy: the highest the shop's
   * database held for this register when the copy was taken). Numbered per register, not by the
   * row's id, so that the sales a register queues on its copy never take a reference it took on the
   * shop's database. On PostgreSQL the register's lock is held until the commit (two sales of one
   * register queued at once through two connections of the pool).
   */
  private async nextRefNumber(db: Db, registerId: string): Promise<number> {
    if (this.engine.kind === 'postgres')
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`contingency-ref:${registerId}`}))`.execute(db);
    const kept = this.references?.last(registerId) ?? 0;
    const next = Math.max(await lastRefNumber(db, registerId), this.refFloor, kept) + 1;
    this.references?.take(registerId, next);
    return next;
  }

  async get(id: number, db: Db = this.engine.db): Promise<OutboxRow | undefined> {
    return (await entries(db).where('o.id', '=', id).executeTakeFirst()) as OutboxRow | undefined;
  }

  async bySubmission(submissionId: number): Promise<OutboxRow | undefined> {
    return (await entries(this.engine.db).where('o.submission_id', '=', submissionId).executeTakeFirst()) as
      OutboxRow | undefined;
  }

  /** Whether this submission waits in the outbox (queued, not transmitted yet). */
  async isQueued(submissionId: number): Promise<boolean> {
    const row = await this.engine.db
      .selectFrom('outbox')
      .select('id')
      .where('submission_id', '=', submissionId)
      .where('transmitted_at', 'is', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** What waits, oldest sale first (the order of transmission), of every connection. */
  async queued(): Promise<OutboxRow[]> {
    return (await entries(this.engine.db).where('o.transmitted_at', 'is', null).orderBy('o.id').execute()) as OutboxRow[];
  }

  /** How many sales wait, of every connection. */
  async count(): Promise<number> {
    const { n } = await this.engine.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('transmitted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  /**
   * Whether a sale of one connection waits: a new sale of that connection queues behind it. Asked
   * before every sale, so the database stops at the first one (EXISTS) instead of counting them all.
   */
  async waitingFor(connectionId: number): Promise<boolean> {
    const { waiting } = await this.engine.db
      .selectNoFrom((eb) =>
        eb
          .exists(
            eb
              .selectFrom('outbox as o')
              .innerJoin('submissions as s', 's.id', 'o.submission_id')
              .select(sql<number>`1`.as('one'))
              .where('o.transmitted_at', 'is', null)
              .where('s.connection_id', '=', connectionId),
          )
          .as('waiting'),
      )
      .executeTakeFirstOrThrow();
    // SQLite answers 1 or 0, PostgreSQL true or false.
    return Boolean(waiting);
  }

  /** The document left the outbox: its submission got an answer that is not "in doubt". */
  async transmitted(id: number): Promise<void> {
    const at = this.now().toISOString();
    await this.engine.transaction(
      (db) => db.updateTable('outbox').set({ transmitted_at: at, last_error: null }).where('id', '=', id).execute(),
      { durable: true },
    );
  }

  async failedAttempt(id: number, message: string): Promise<void> {
    await this.engine.db.updateTable('outbox').set({ last_error: message }).where('id', '=', id).execute();
  }

  async warned(id: number, level: DeadlineLevel): Promise<void> {
    await this.engine.db.updateTable('outbox').set({ warned: level }).where('id', '=', id).execute();
  }

  /** What the last try of this connection's service found. */
  async checked(connectionId: number, reachable: boolean): Promise<void> {
    await this.engine.db
      .insertInto('outbox_checks')
      .values({ connection_id: connectionId, last_check_at: this.now().toISOString(), reachable: reachable ? 1 : 0 })
      .onConflict((conflict) =>
        conflict
          .column('connection_id')
          .doUpdateSet((eb) => ({ last_check_at: eb.ref('excluded.last_check_at'), reachable: eb.ref('excluded.reachable') })),
      )
      .execute();
  }

  /** The last check of one connection's service (null: never checked). */
  async meta(connectionId: number | null): Promise<OutboxMeta> {
    const row =
      connectionId === null
        ? undefined
        : await this.engine.db
            .selectFrom('outbox_checks')
            .select(['last_check_at', 'reachable'])
            .where('connection_id', '=', connectionId)
            .executeTakeFirst();
    return { last_check_at: row?.last_check_at ?? null, reachable: row ? row.reachable === 1 : null };
  }
}
