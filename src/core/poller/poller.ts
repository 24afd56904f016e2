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

  constructor(
    private readonly submissions: Submissions,
    private readonly timers: Timers,
    private readonly logger: Logger,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    // A new unresolved outcome may be due sooner than what the timer waits for.
    this.unsubscribe = this.submissions.onRecorded(() => this.arm());
    this.arm();
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

  /** Resolves when no check is running (tests with a controlled clock wait on this). */
  async whenIdle(): Promise<void> {
    while (this.inFlight) await this.inFlight;
  }

  /** When the next check is due (tests and the status screen). */
  get nextDueAt(): number | null {
    return this.submissions.ledger.nextDue()?.due_at ?? null;
  }

  private async checkDue(): Promise<void> {
    for (const id of this.submissions.ledger.due(this.timers.now())) {
      if (!this.running) return;
      try {
        await this.submissions.check(id);
      } catch (error) {
        this.logger.error('poller check failed', { submission: id, error: String(error) });
        this.submissions.ledger.postpone(id, 'error interno');
      }
    }
  }

  private arm(): void {
    if (!this.running || this.inFlight) return;
    this.disarm();
    const next = this.submissions.ledger.nextDue();
    if (!next) return;
    const wait = Math.min(Math.max(0, next.due_at - this.timers.now()), MAX_SLEEP_MS);
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      void this.runDue();
    }, wait);
  }

  private disarm(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }
}
