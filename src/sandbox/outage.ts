// Outages on demand (issue 16, item 6): the service refusing connections, answering 503, or the
// simulated tax authority unavailable, for a period or until lifted. Driven from code through
// RunningSandbox.outage() (tests, the web bridge's test host) and described in docs/SANDBOX.md, "Outages".
import type { Outcome } from './authority/outcomes';

export const OUTAGE_MODES = ['none', 'refuse', 'unavailable', 'authority'] as const;
export type OutageMode = (typeof OUTAGE_MODES)[number];

export class OutageState {
  private mode: OutageMode = 'none';
  private until: number | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly onChange: (mode: OutageMode) => Promise<void> | void = () => undefined) {}

  /** The mode in force now (a period that has run out is over). */
  get current(): OutageMode {
    if (this.until !== null && Date.now() >= this.until) return 'none';
    return this.mode;
  }

  /** Starts `mode` (for `forMs` of real time, else until changed); 'none' lifts any outage. */
  async set(mode: OutageMode, forMs?: number): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.mode = mode;
    this.until = mode !== 'none' && forMs !== undefined ? Date.now() + forMs : null;
    await this.onChange(mode);
    if (this.until !== null) {
      this.timer = setTimeout(() => void this.set('none'), forMs);
      this.timer.unref();
    }
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /**
   * The tax authority unavailable: a document that would be accepted is created and stays pending
   * (`en_proceso`), accepted after settle-ms, as an uncertain transmission is.
   */
  outcome(outcome: Outcome): Outcome {
    return this.current === 'authority' && outcome === 'accept' ? 'uncertain_then_accept' : outcome;
  }
}

export const UNAVAILABLE_BODY = JSON.stringify({
  ok: false,
  error: 'Servicio temporalmente no disponible (interrupción simulada del sandbox); reintente más tarde',
  code: 'service_unavailable',
});
