// Settles uncertain transmissions (magic 333333333 and 444444444) once their settle time has passed:
// on a timer, and before every request so that a read never sees a state that should have changed.
// Settle times are real epoch milliseconds stored with the document, so they survive a restart.
import type { DseStore } from '../storage/dse-store';
import type { FeStore } from '../storage/fe-store';

export interface SettleHooks {
  /** moves an FE document to its settled state */
  settleFe(id: number, to: string): void;
  /** moves a DSE document to its settled state */
  settleDse(id: number, to: string): void;
}

export class Settler {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  /**
   * The earliest settle time recorded, as schedule() last read it (Infinity: none pending); until
   * then nothing can be due, so settleDue() need not ask the database before every request. 0 until
   * the first schedule(): ask.
   */
  private earliest = 0;

  constructor(
    private readonly fe: FeStore,
    private readonly dse: DseStore,
    private readonly hooks: SettleHooks,
    private readonly log: (message: string) => void = () => undefined,
  ) {}

  settleDue(): void {
    const now = Date.now();
    if (now < this.earliest) return;
    for (const { id, to } of this.fe.dueSettlements(now)) this.hooks.settleFe(id, to);
    for (const { id, to } of this.dse.dueSettlements(now)) this.hooks.settleDse(id, to);
  }

  /**
   * Re-arms the timer for the earliest pending settlement. Call it after recording a settle time
   * (every writer of settle_at does, in the same turn): settleDue() trusts what it read last.
   */
  schedule(): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const next = [this.fe.nextSettlement(), this.dse.nextSettlement()].filter((t): t is number => t !== null);
    this.earliest = next.length === 0 ? Infinity : Math.min(...next);
    if (next.length === 0) return;
    const delay = Math.max(0, Math.min(...next) - Date.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.stopped) return;
      try {
        this.settleDue();
      } catch (error) {
        // A timer must never take the server down; the next request retries the settlement.
        this.log(`no se pudo asentar un documento: ${error instanceof Error ? error.message : String(error)}`);
      }
      this.schedule();
    }, delay);
    this.timer.unref();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
