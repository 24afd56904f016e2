// The periodic probe of the contingency outbox (issue 16, item 2): while documents wait, the service
// is tried every `probeMs` by transmitting the oldest one (a refused connection sends nothing, so the
// try itself is the probe); as soon as it answers, the whole outbox goes out in order. Deadline
// warnings are checked on the same beat.
import type { Logger } from '../log/logger';
import type { Timers } from '../poller/timers';
import type { Submissions } from './submissions';

export const DEFAULT_PROBE_MS = 15_000;

export class OutboxRunner {
  private timer: unknown = null;
  private running = false;
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
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    await this.inFlight;
    await this.submissions.transmitting;
  }

  /** One beat: deadline warnings, then a pass if anything waits. Tests call it directly. */
  tick(): Promise<void> {
    this.inFlight ??= (async () => {
      try {
        this.submissions.checkDeadlines();
        if (this.submissions.outbox.count() > 0) await this.submissions.transmitOutbox();
      } catch (error) {
        this.logger.error('contingency outbox pass failed', { error: String(error) });
      } finally {
        this.inFlight = null;
        this.arm();
      }
    })();
    return this.inFlight;
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
