// Claims on submissions (docs/CLIENT-DECISIONS.md "Claims on the shared ledger"): on PostgreSQL
// several processes share one ledger, and only the holder of a submission's claim transmits, polls,
// re-dates or resolves it. A claim is a lease: an owner and an expiry, taken by one conditional
// UPDATE … RETURNING (the database decides between two processes racing for it), renewed before
// every network call for longer than that call may wait, and released after the outcome's commit.
// A crashed owner's lease runs out, and another process resumes the submission with its same key.
// Leases are measured on the database's clock where there is one to share (PostgreSQL's now()): a
// register whose own clock runs ahead never sees another's live lease as expired. SQLite has one
// process per folder, whose clock is the only one.
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { sql, type Expression } from 'kysely';
import type { Engine } from '../store/engine';
import { isDiskFault, storeUnavailable } from '../store/store';

export interface ClaimOptions {
  /** Who claims: one id per process (its ledger instance). */
  owner: string;
  /** The process's clock: what leases are measured on for SQLite (PostgreSQL measures them on its own). */
  clock: () => Date;
  /** How long a claim holds after it is taken or renewed; longer than any network wait it covers. */
  leaseMs: number;
  /**
   * The store has a single writer (SQLite under FolderLock): the folder's lock is this process's
   * claim on every submission, so nothing is written (a claim another owner left was left by a
   * process that no longer runs, and never makes this one wait). Three row writes per submission
   * saved: 2.1 ms of its 10 ms outside HTTP, measured on the bench's sandbox.
   */
  singleWriter?: boolean;
}

/**
 * This computer, as a claim's owner names it: a hash of its host name and, where the system keeps
 * one, its machine id (Linux's /etc/machine-id). Read once per process.
 */
let machine: string | null = null;
function thisMachine(): string {
  if (machine === null) {
    let id = '';
    try {
      id = readFileSync('/etc/machine-id', 'utf8').trim();
    } catch {
      // Windows and macOS: the host name alone.
    }
    machine = createHash('sha256').update(`${hostname()}\n${id}`).digest('hex').slice(0, 16);
  }
  return machine;
}

/**
 * A claim owner's name for this process: its computer, its pid and a random part (a pid is reused).
 * Another process of the same computer can then tell that the owner is gone (its pid runs no more)
 * and take its claims over at once instead of waiting for their leases: a register restarted after
 * a crash resolves its own submission in doubt straight away, as on SQLite.
 */
export function processOwner(): string {
  return `${thisMachine()}/${process.pid}/${randomUUID()}`;
}

/** Whether `owner` (a processOwner name) is a process of this computer that runs no more. */
function deadHere(owner: string): boolean {
  const [where, pid] = owner.split('/');
  if (where !== thisMachine() || pid === undefined || !/^\d+$/.test(pid)) return false;
  const number = Number(pid);
  if (number === process.pid) return false;
  try {
    process.kill(number, 0);
    return false;
  } catch (error) {
    // EPERM: a process of another user runs with that pid, so it may be the owner.
    return (error as { code?: string }).code === 'ESRCH';
  }
}

/** A lease lasting twice the longest network wait of an attempt, plus a margin for the commits around it. */
export function leaseFor(timeouts: { writeTimeoutMs: number; readTimeoutMs: number }): number {
  return 2 * Math.max(timeouts.writeTimeoutMs, timeouts.readTimeoutMs) + 30_000;
}

export class SubmissionClaims {
  constructor(
    private readonly engine: Engine,
    private readonly options: ClaimOptions,
  ) {}

  get owner(): string {
    return this.options.owner;
  }

  /** Now in epoch milliseconds on the clock leases are measured on (see the top of this file). */
  private now(): Expression<number> {
    return this.engine.kind === 'postgres'
      ? sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint`
      : sql<number>`${this.options.clock().getTime()}`;
  }

  /**
   * Takes the claim on a submission, or keeps this owner's: true when it is this owner's until a
   * lease from now; false when another owner holds an unexpired one (nothing changed).
   */
  async take(id: number): Promise<boolean> {
    if (this.options.singleWriter) return true;
    const now = this.now();
    const taken = await this.written(
      this.engine.db
        .updateTable('submissions')
        .set((eb) => ({ claimed_by: this.options.owner, claimed_until: eb(now, '+', this.options.leaseMs) }))
        .where('id', '=', id)
        .where((eb) =>
          eb.or([eb('claimed_by', 'is', null), eb('claimed_by', '=', this.options.owner), eb('claimed_until', '<=', now)]),
        )
        .returning('id')
        .executeTakeFirst(),
    );
    if (taken !== undefined) return true;
    // Held by a process of this computer that runs no more (it crashed): taken over from that owner now.
    const held = await this.engine.db.selectFrom('submissions').select('claimed_by').where('id', '=', id).executeTakeFirst();
    if (!held?.claimed_by || !deadHere(held.claimed_by)) return false;
    const takenOver = await this.written(
      this.engine.db
        .updateTable('submissions')
        .set((eb) => ({ claimed_by: this.options.owner, claimed_until: eb(now, '+', this.options.leaseMs) }))
        .where('id', '=', id)
        .where('claimed_by', '=', held.claimed_by)
        .returning('id')
        .executeTakeFirst(),
    );
    return takenOver !== undefined;
  }

  /**
   * The claim as a new submission's write-ahead row carries it (ledger.insert): this owner's, a lease
   * from now, taken in the same commit as the row (no other process can hold the claim on a row not
   * yet written). Null where the store has a single writer.
   */
  takenWithRow(): { claimed_by: string; claimed_until: Expression<number> } | null {
    if (this.options.singleWriter) return null;
    return { claimed_by: this.options.owner, claimed_until: sql<number>`${this.now()} + ${this.options.leaseMs}` };
  }

  /**
   * The release as an outcome's update carries it (ledger.record): this owner's claim ends in the
   * outcome's own commit; another owner's is left as it is. Null where the store has a single writer.
   */
  releasedWithOutcome(): { claimed_by: Expression<string | null>; claimed_until: Expression<number | null> } | null {
    if (this.options.singleWriter) return null;
    const mine = sql<boolean>`claimed_by = ${this.options.owner}`;
    return {
      claimed_by: sql<string | null>`CASE WHEN ${mine} THEN NULL ELSE claimed_by END`,
      claimed_until: sql<number | null>`CASE WHEN ${mine} THEN NULL ELSE claimed_until END`,
    };
  }

  /**
   * Extends this owner's claim by a lease from now, before a network call; false when the claim is
   * no longer its own (another process took it over after it expired): then nothing may be sent.
   */
  async renew(id: number): Promise<boolean> {
    if (this.options.singleWriter) return true;
    const renewed = await this.written(
      this.engine.db
        .updateTable('submissions')
        .set((eb) => ({ claimed_until: eb(this.now(), '+', this.options.leaseMs) }))
        .where('id', '=', id)
        .where('claimed_by', '=', this.options.owner)
        .returning('id')
        .executeTakeFirst(),
    );
    return renewed !== undefined;
  }

  /**
   * The renewal as a repeated attempt's write-ahead update carries it (ledger.markSending): a lease
   * from now, written only where the claim is still this owner's (`mine`), in the same commit as the
   * attempt. Null where the store has a single writer.
   */
  renewedWithAttempt(): { set: { claimed_until: Expression<number> }; mine: Expression<boolean> } | null {
    if (this.options.singleWriter) return null;
    return {
      set: { claimed_until: sql<number>`${this.now()} + ${this.options.leaseMs}` },
      mine: sql<boolean>`claimed_by = ${this.options.owner}`,
    };
  }

  /** Gives the claim up after the outcome's commit; another owner's claim is left as it is. */
  async release(id: number): Promise<void> {
    if (this.options.singleWriter) return;
    await this.written(
      this.engine.db
        .updateTable('submissions')
        .set({ claimed_by: null, claimed_until: null })
        .where('id', '=', id)
        .where('claimed_by', '=', this.options.owner)
        .execute(),
    );
  }

  /** Who holds a submission's claim now, if anyone (an expired lease is nobody's). */
  async holder(id: number): Promise<string | null> {
    const row = await this.engine.db
      .selectFrom('submissions')
      .select((eb) => ['claimed_by', eb('claimed_until', '>', this.now()).as('live')])
      .where('id', '=', id)
      .executeTakeFirst();
    // SQLite answers the comparison 1 or 0, PostgreSQL true or false.
    return row?.claimed_by && row.live ? row.claimed_by : null;
  }

  /** A claim's write on a full or read-only disk fails with the store's Spanish message, as every commit does. */
  private async written<T>(query: Promise<T>): Promise<T> {
    try {
      return await query;
    } catch (error) {
      throw isDiskFault(error) ? storeUnavailable(error) : error;
    }
  }
}
