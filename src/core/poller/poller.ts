// One scheduler for every unresolved submission (pending DSE documents, reservations, submissions in
// doubt): a single timer armed for the earliest `poll_schedule.due_at`, never one timer per document.
// The schedule lives in SQLite, so it survives restarts; back-off is the ledger's (5 s, 15 s, 30 s,
// 60 s, then longer, capped). State changes reach the renderer as 'document.changed' events, which
// the submissions service emits when it records an outcome.
import type { Logger } from '../log/logger';
import type { Submissions } from '../submissions/submissions';
import { backoffDelay } from './backoff';
import type { Timers } from './timers';

/** Never sleep longer than this: a clock jump (suspend, manual change) is noticed within it. */
const MAX_SLEEP_MS = 60_000;

export class Poller {
  private timer: unknown = null;
  private running = false;
  private inFlight: Promise<void> | null = null;
  private unsubscribe: (() => void) | null = null;
  /** The schedule's read in flight for the timer (the newest one arms it, older ones give way). */
  private arming: Promise<void> | null = null;
  private armings = 0;
  /** Rounds in a row whose due checks could not be read (the ledger out of reach); 0 once one is. */
  private failedRounds = 0;

  constructor(
    private readonly submissions: Submissions,
    private readonly timers: Timers,
    private readonly logger: Logger,
  ) {}

  /** Starts scheduling; resolves once the schedule is read and the timer armed for its earliest check. */
  async start(): Promise<void> {
    if (this.running) return this.whenIdle();
    this.running = true;
    // A new unresolved outcome may be due sooner than what the timer waits for.
    this.unsubscribe = this.submissions.onRecorded(() => this.arm());
    this.arm();
    await this.whenIdle();
  }

  /** Stops scheduling and waits for the check in flight, so nothing is cut half-way. */
  async stop(): Promise<void> {
    this.running = false;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.disarm();
    await this.inFlight;
  }

  /**
   * Runs every check that is due now; resolves when they are done. Used by the timer and by tests.
   * A ledger out of reach (the shop database lost mid-day) is logged, never thrown: the timer is
   * armed again all the same, and waits the back-off before the next try.
   */
  async runDue(): Promise<void> {
    if (this.inFlight) return this.inFlight;
    this.disarm();
    this.inFlight = this.checkDue()
      .then(
        () => {
          this.failedRounds = 0;
        },
        (error: unknown) => {
          this.failedRounds += 1;
          this.logger.error('poller checks not read', { error: String(error), retryInMs: this.retryDelay() });
        },
      )
      .finally(() => {
        this.inFlight = null;
        this.arm();
      });
    return this.inFlight;
  }

  /** Resolves when no check is running and the timer is armed (tests with a controlled clock wait on this). */
  async whenIdle(): Promise<void> {
    while (this.inFlight || this.arming) await (this.inFlight ?? this.arming);
  }

  /** When the next check is due (tests and the status screen). */
  async nextDueAt(): Promise<number | null> {
    return (await this.submissions.ledger.nextDue())?.due_at ?? null;
  }

  private async checkDue(): Promise<void> {
    for (const id of await this.submissions.ledger.due(this.timers.now())) {
      if (!this.running) return;
      try {
        await this.submissions.check(id);
      } catch (error) {
        this.logger.error('poller check failed', { submission: id, error: String(error) });
        await this.submissions.ledger
          .postpone(id, 'error interno')
          .catch((failed: unknown) => this.logger.error('poller postpone failed', { submission: id, error: String(failed) }));
      }
    }
  }

  /** Arms the one timer for the earliest due check; a later call (a newer outcome) supersedes this one's read. */
  private arm(): void {
    if (!this.running || this.inFlight) return;
    const turn = ++this.armings;
    const arming = this.submissions.ledger
      .nextDue()
      .then((next) => {
        if (turn !== this.armings || !this.running || this.inFlight) return;
        this.disarm();
        if (!next) return;
        // After a round that could not read its checks, not again before the back-off: a check
        // already due would otherwise be tried at once, over and over.
        const earliest = this.failedRounds > 0 ? this.retryDelay() : 0;
        this.armTimer(Math.min(Math.max(earliest, next.due_at - this.timers.now()), MAX_SLEEP_MS));
      })
      .catch((error: unknown) => {
        // The schedule out of reach: what is due is unknown, so a round is tried after the back-off
        // (it reads the ledger again, and arms the timer again whatever it finds).
        if (turn !== this.armings || !this.running || this.inFlight) return;
        this.logger.error('poller schedule not read', { error: String(error), retryInMs: this.retryDelay() });
        this.disarm();
        this.armTimer(this.retryDelay());
      })
      .finally(() => {
        if (this.arming === arming) this.arming = null;
      });
    this.arming = arming;
  }

  private armTimer(wait: number): void {
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      void this.runDue();
    }, wait);
  }

  /** The wait before trying a ledger that could not be read again: the checks' own back-off, within MAX_SLEEP_MS. */
  private retryDelay(): number {
    return Math.min(backoffDelay(Math.max(0, this.failedRounds - 1)), MAX_SLEEP_MS);
  }

  private disarm(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }
}
