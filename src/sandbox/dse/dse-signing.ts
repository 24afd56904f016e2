// Signing a DSE after its numbering transaction ("reservation -> signing -> firmado -> sending").
// The reservation, the server number and the document are committed first; the XML is then built
// and signed off the event loop (see xml/signing.ts) and the document moves to `sending` (and on to
// its transmission's outcome when that needs no waiting) in a second transaction. Until then the
// document is "unsigned" (table dse_unsigned, with its UBL model) and nobody reads it half-made: a
// replay of its key or a GET of its id waits for the signing, and a signing that was interrupted (a
// crashed thread, a killed process) is finished by the next reader or at start-up, then transmitted
// as it would have been.
import type { SandboxContext } from '../context';
import { commitInGroup } from '../storage/database';
import type { AuthorityInput, RuleViolation } from '../authority/rules';
import type { UblInvoice } from '../xml/ubl-model';

export interface DseSigningHooks {
  /** a document whose interrupted signing was finished: transmit it (no request is waiting for it) */
  resumed(id: number, violations: RuleViolation[]): void;
}

export class DseSigning {
  private readonly inFlight = new Map<number, Promise<RuleViolation[]>>();

  constructor(
    private readonly ctx: Pick<SandboxContext, 'db' | 'dse' | 'xml' | 'log'>,
    private readonly hooks: DseSigningHooks,
  ) {}

  /**
   * Signs a document just recorded as unsigned and moves it to `sending`. Call it in the same turn
   * as the numbering transaction's commit, so that no reader can find the document before the
   * signing is registered. `transmit`, when given, runs inside the same transaction as that move:
   * it may record the transmission's outcome at once (returning true: the document then goes
   * `firmado` -> its outcome in one commit, `sending` never being left on disk); returning false
   * leaves the document `sending`. A reader waiting for the signing reads the document after it.
   * `json`: what `markUnsigned` returned, sent to a signing thread instead of the model.
   */
  sign<T>(
    id: number,
    companyId: number,
    model: UblInvoice,
    authority: AuthorityInput,
    options: { transmit?: (violations: RuleViolation[]) => T | null; json?: string } = {},
  ): Promise<{ violations: RuleViolation[]; transmitted: T | null }> {
    const { transmit, json } = options;
    let transmitted: T | null = null;
    return this.track(
      id,
      this.ctx.xml.sign({ companyId, model, authority, ...(json === undefined ? {} : { json }) }).then(async (signed) => {
        await this.signed(id, () => (transmitted = transmit ? transmit(signed.violations) : null) !== null);
        return signed.violations;
      }),
    ).then((violations) => ({ violations, transmitted }));
  }

  /** Resolves once the document is signed (at once when it already is). */
  async settled(id: number): Promise<void> {
    const running = this.inFlight.get(id);
    if (running) await running.catch(() => undefined);
    if (!this.inFlight.has(id) && this.ctx.dse.unsigned(id)) await this.resume(id);
  }

  /** Finishes every signing a previous run left unsigned (call before serving requests). */
  resumeAll(): void {
    for (const id of this.ctx.dse.unsignedIds()) {
      this.resume(id).catch((error: unknown) => {
        this.ctx.log(`no se pudo firmar el documento soporte ${id}: ${error instanceof Error ? error.message : String(error)}`);
      });
    }
  }

  private resume(id: number): Promise<RuleViolation[]> {
    const running = this.inFlight.get(id);
    if (running) return running;
    const pending = this.ctx.dse.unsigned(id);
    if (!pending) return Promise.resolve([]);
    return this.track(
      id,
      this.ctx.xml.sign(pending).then(async (signed) => {
        await this.signed(id);
        this.hooks.resumed(id, signed.violations);
        return signed.violations;
      }),
    );
  }

  private track(id: number, signing: Promise<RuleViolation[]>): Promise<RuleViolation[]> {
    const done = signing.finally(() => this.inFlight.delete(id));
    this.inFlight.set(id, done);
    return done;
  }

  /**
   * `firmado` -> `sending`: the barrier before the (simulated) network call; or, when `transmitted`
   * records the outcome of a transmission that needs no waiting, straight to that outcome in the
   * same commit (nothing can happen between the two, so the barrier has nothing to guard). The
   * transaction is grouped with the other writes of the same turn (commitInGroup); the document's
   * readers, waiting for the signing, read it after that commit.
   */
  private signed(id: number, transmitted?: () => boolean): Promise<void> {
    return commitInGroup(this.ctx.db, () => {
      this.ctx.dse.markSigned(id);
      if (!transmitted?.()) this.ctx.dse.update(id, { estado_dian: 'sending' });
    });
  }
}
