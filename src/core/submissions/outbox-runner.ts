// The periodic probe of the contingency outbox: while documents wait, the service is tried every
// `probeMs` by transmitting the oldest one of each connection (a refused connection sends nothing, so
// the try itself is the probe); as soon as it answers, that connection's queue goes out in order.
// Deadline warnings are checked on the same beat. The beat re-arms itself whatever the last one found
// (an empty queue, a failure), for as long as the runner runs.
//
// Sales in doubt because the service failed (a 503 from a gateway, a time-out) are the poller's, on a
// back-off that grows to 10 minutes over a long outage; the beat probes them too, so that they are
// confirmed within a beat of the service's return, in sale order: each connection's are resent (same
// key, same bytes) oldest first, stopping at the first still in doubt. One whose own check falls
// within the next beat is left to the poller.
import type { Logger } from '../log/logger';
import type { Timers } from '../poller/timers';
import type { Submissions } from './submissions';

export const DEFAULT_PROBE_MS = 15_000;

export class OutboxRunner {
  private timer: unknown = null;
  private running = false;
  private stopping = false;
  private inFlight: Promise<void> | null = null;

  constructor(
    private readonly submissions: Submissions,
    private readonly timers: Timers,
    private readonly logger: Logger,
    private readonly probeMs = DEFAULT_PROBE_MS,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    void this.tick();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.stopping = true;
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    await this.inFlight;
    await this.submissions.transmitting;
  }

  /** Whether a next beat is armed (tests: the runner never stops beating while it runs). */
  get armed(): boolean {
    return this.timer !== null;
  }

  /** Resolves when no beat is running (tests with a controlled clock wait on this). */
  async whenIdle(): Promise<void> {
    while (this.inFlight) await this.inFlight;
  }

  /** One beat: deadline warnings, then a pass if anything waits. Tests call it directly. */
  tick(): Promise<void> {
    // The beat's own promise is stored before it can settle (a `.then` runs later), so a beat that
    // finds nothing to do still clears itself and arms the next one.
    this.inFlight ??= this.beat().then(() => {
      this.inFlight = null;
      this.arm();
    });
    return this.inFlight;
  }

  private async beat(): Promise<void> {
    try {
      // Deadlines are those of queued sales: with none queued, the queue's part of a beat is one
      // count (most beats, every 15 s, are of an empty queue).
      if ((await this.submissions.outbox.count()) > 0) {
        await this.submissions.checkDeadlines();
        await this.submissions.transmitOutbox();
      }
    } catch (error) {
      this.logger.error('contingency outbox pass failed', { error: String(error) });
    }
    try {
      await this.probeUncertain();
    } catch (error) {
      this.logger.error('probe of submissions in doubt failed', { error: String(error) });
    }
  }

  private async probeUncertain(): Promise<void> {
    const soon = this.timers.now() + this.probeMs;
    const stopped = new Set<number>();
    for (const row of await this.submissions.ledger.uncertainScheduled()) {
      if (this.stopping) return;
      if (stopped.has(row.connection_id) || row.due_at <= soon) continue;
      const after = await this.submissions.check(row.id);
      if (after.state === 'in_doubt' || after.state === 'sending') stopped.add(row.connection_id);
    }
  }

  private arm(): void {
    if (!this.running) return;
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      void this.tick();
    }, this.probeMs);
  }
}
