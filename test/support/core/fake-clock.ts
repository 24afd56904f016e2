// A controlled clock for the poller: time moves only when the test says so.
import type { Timers } from '#core/poller/timers';

export class FakeClock implements Timers {
  private nowMs: number;
  private nextHandle = 1;
  private readonly pending = new Map<number, { at: number; callback: () => void }>();

  constructor(start: string | number = '2026-11-20T15:00:00Z') {
    this.nowMs = typeof start === 'number' ? start : Date.parse(start);
  }

  now(): number {
    return this.nowMs;
  }

  date = (): Date => new Date(this.nowMs);

  setTimeout(callback: () => void, ms: number): unknown {
    const handle = this.nextHandle++;
    this.pending.set(handle, { at: this.nowMs + ms, callback });
    return handle;
  }

  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number);
  }

  /** How many timers are armed (the poller must never hold more than one). */
  get armed(): number {
    return this.pending.size;
  }

  /** When the earliest armed timer falls due, if any. */
  nextAt(): number | null {
    const times = [...this.pending.values()].map((t) => t.at);
    return times.length > 0 ? Math.min(...times) : null;
  }

  /**
   * Moves time forward by `ms`, one due timer at a time, awaiting `settle` after each so that the work
   * a timer starts (and the timer it re-arms) completes before time moves on.
   */
  async run(ms: number, settle: () => Promise<void>): Promise<void> {
    const target = this.nowMs + ms;
    for (let at = this.nextAt(); at !== null && at <= target; at = this.nextAt()) {
      this.advance(at - this.nowMs);
      await settle();
    }
    this.advance(target - this.nowMs);
  }

  /** Moves time forward, firing every timer that falls due, in order. */
  advance(ms: number): void {
    const target = this.nowMs + ms;
    for (;;) {
      const due = [...this.pending.entries()].filter(([, t]) => t.at <= target).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.pending.delete(due[0]);
      this.nowMs = Math.max(this.nowMs, due[1].at);
      due[1].callback();
    }
    this.nowMs = target;
  }
}
