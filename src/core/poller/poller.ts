// One scheduler for every unresolved submission (pending DSE documents, reservations, submissions in
// doubt): a single timer armed for the earliest `poll_schedule.due_at`, never one timer per document.
// The schedule lives in SQLite, so it survives restarts; back-off is the ledger's (5 s, 15 s, 30 s,
// 60 s, then longer, capped). State changes reach the renderer as 'document.changed' events, which
// the submissions service emits when it records an outcome.
import type { Logger } from '../log/logger';
import type { Submissions } from '../submissions/submissions';
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

  /** Runs every check that is due now; resolves when they are done. Used by the timer and by tests. */
  async runDue(): Promise<void> {
    if (this.inFlight) return this.inFlight;
    this.disarm();
    this.inFlight = this.checkDue().finally(() => {
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
        const wait = Math.min(Math.max(0, next.due_at - this.timers.now()), MAX_SLEEP_MS);
        this.timer = this.timers.setTimeout(() => {
          this.timer = null;
          // The ledger out of reach (the shop database lost mid-day): said in the log, never an
          // unhandled rejection; the next outcome or the next start arms the timer again.
          this.runDue().catch((error: unknown) => this.logger.error('poller checks not read', { error: String(error) }));
        }, wait);
      })
      .catch((error: unknown) => this.logger.error('poller schedule not read', { error: String(error) }))
      .finally(() => {
        if (this.arming === arming) this.arming = null;
      });
    this.arming = arming;
  }

  private disarm(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }
}
