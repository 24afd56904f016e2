// Outages on demand: the service refusing connections, answering 503 (its own JSON, or a gateway's
// HTML page), or the simulated tax authority unavailable, for a period or until lifted. Driven from
// code through RunningSandbox.outage(), from the app's Ajustes (the embedded sandbox), and from the
// standalone sandbox's admin port (admin.ts); described in docs/SANDBOX.md, "Outages".
import { SimulatedOutage, type OutageStatus } from '../shared/rpc/methods/sandbox';
import type { Outcome } from './authority/outcomes';
import { realClock, type Clock } from './clock';

/** One simulated outage, on the server's clock (ms); `to` null while it lasts. */
export interface OutagePeriod {
  mode: Exclude<OutageMode, 'none'>;
  from: number;
  to: number | null;
}

export const OUTAGE_MODES = SimulatedOutage.options;
export type OutageMode = SimulatedOutage;

export class OutageState {
  private mode: OutageMode = 'none';
  private until: number | null = null;
  private timer: NodeJS.Timeout | null = null;
  /**
   * The outages simulated since the start, on the server's clock: when the problem was solved is
   * what the contingency rules measure the 48 hours from (docs/SANDBOX.md, "Contingency"). Kept in
   * memory, as the simulation itself is.
   */
  private readonly history: OutagePeriod[] = [];

  constructor(
    private readonly onChange: (mode: OutageMode) => Promise<void> | void = () => undefined,
    private readonly clock: Clock = realClock(),
  ) {}

  /** Every simulated outage so far; a timed one ends at its own time. */
  get periods(): readonly OutagePeriod[] {
    return this.history.map((p) => ({ ...p }));
  }

  /** The mode in force now (a period that has run out is over). */
  get current(): OutageMode {
    if (this.until !== null && Date.now() >= this.until) return 'none';
    return this.mode;
  }

  /** The mode in force and, for a timed one, when it ends by itself. */
  get status(): OutageStatus {
    const mode = this.current;
    return { mode, until: mode !== 'none' && this.until !== null ? new Date(this.until).toISOString() : null };
  }

  /** Starts `mode` (for `forMs` of real time, else until changed); 'none' lifts any outage. */
  async set(mode: OutageMode, forMs?: number): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const at = this.clock.now().getTime();
    const open = this.history.at(-1);
    if (open && (open.to === null || open.to > at)) open.to = at;
    if (mode !== 'none') this.history.push({ mode, from: at, to: forMs !== undefined ? at + forMs : null });
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

/**
 * What a reverse proxy (nginx, a cloud load balancer) answers when the service behind it is down:
 * an HTML page, not the API's JSON. A client must not take it for an answer of the API.
 */
export const GATEWAY_BODY =
  '<html>\r\n<head><title>503 Service Temporarily Unavailable</title></head>\r\n<body>\r\n' +
  '<center><h1>503 Service Temporarily Unavailable</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';
