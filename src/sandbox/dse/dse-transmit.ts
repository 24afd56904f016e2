// The simulated transmission of a signed DSE (state `sending`) and its classification ("DSE moves
// shown by the processing flow"), and the settler's move for an uncertain one.
import type { DseDocument } from '#shared/api/index';
import { outcomeFor, sleep, type Outcome } from '../authority/outcomes';
import { rejectionText, type RuleViolation } from '../authority/rules';
import { colombiaNow } from '../clock';
import type { SandboxContext } from '../context';
import type { Reply } from '../http/reply';
import { acceptedReply, rejectedReply, uncertainReply } from './dse-replies';

/** The magic 222222222 / 444444444 rejection: its rule, pointing at the supplier's number (README, "Magic outcomes"). */
const MAGIC_VIOLATION: RuleViolation = {
  code: 'SBX-SIM01',
  message: 'Rechazo simulado del sandbox: el número de identificación 222222222 (o 444444444) del proveedor siempre se rechaza.',
  field: 'proveedor.nit',
};
/** The same, in the DIAN's wording. */
const MAGIC_REJECTION = rejectionText([MAGIC_VIOLATION]);

/**
 * The transmission's outcome when it needs no waiting: the state recorded and the answer. `null` for
 * a slow transmission (magic 777777777), which stays `sending` while it lasts. Synchronous, so that
 * the signing's own transaction can record it (dse-signing.ts): one commit per DSE instead of two.
 * `doc` is the stored document as it is (the store writes the patched copy without reading it back).
 */
export function transmitNow(
  ctx: SandboxContext,
  doc: DseDocument,
  extra: Record<string, unknown>,
  outcome: Outcome,
  violations: readonly RuleViolation[] = [],
): Reply | null {
  // A document that breaks a rule of the simulated tax authority is rejected with its rules, whatever
  // its supplier; the magic outcomes apply to documents that meet every rule (README, "Rules").
  if (violations.length > 0) {
    const patch = {
      estado_dian: 'rechazado' as const,
      accounting_status: 'not_posted',
      last_status_error: rejectionText(violations),
      updated_at: colombiaNow(ctx.clock).stamp,
    };
    return rejectedReply(ctx.dse.update(doc.id, patch, undefined, doc), extra, violations);
  }
  switch (outcome) {
    case 'reject': {
      const patch = {
        estado_dian: 'rechazado' as const,
        accounting_status: 'not_posted',
        last_status_error: MAGIC_REJECTION,
        updated_at: colombiaNow(ctx.clock).stamp,
      };
      return rejectedReply(ctx.dse.update(doc.id, patch, undefined, doc), extra, [MAGIC_VIOLATION]);
    }
    case 'uncertain_then_accept':
    case 'uncertain_then_reject': {
      const patch = {
        estado_dian: 'en_proceso_http' as const,
        last_status_error: 'Respuesta de la DIAN sin confirmar (simulado)',
        updated_at: colombiaNow(ctx.clock).stamp,
      };
      const settle = { at: Date.now() + ctx.settleMs, to: outcome === 'uncertain_then_accept' ? 'aceptado' : 'rechazado' };
      const updated = ctx.dse.update(doc.id, patch, settle, doc);
      ctx.settler.schedule();
      return uncertainReply(updated);
    }
    case 'drop_connection':
      accept(ctx, doc.id, doc);
      return { destroy: true };
    case 'slow_accept':
      return null;
    default:
      return acceptedReply(accept(ctx, doc.id, doc), extra);
  }
}

/** `known`: the document as stored, when the caller has it (else it is read). */
function accept(ctx: SandboxContext, id: number, known?: DseDocument): DseDocument {
  const patch = { estado_dian: 'aceptado' as const, accounting_status: 'posted', updated_at: colombiaNow(ctx.clock).stamp };
  return ctx.dse.update(id, patch, undefined, known);
}

/** The transmission of a document recorded `sending`, and its classification. */
export async function transmit(
  ctx: SandboxContext,
  doc: DseDocument,
  extra: Record<string, unknown>,
  outcome: Outcome,
  violations: readonly RuleViolation[] = [],
): Promise<Reply> {
  const now = transmitNow(ctx, doc, extra, outcome, violations);
  if (now) return now;
  await sleep(ctx.settleMs);
  // read again: the transmission lasted
  return acceptedReply(accept(ctx, doc.id), extra);
}

/**
 * Transmits a stored document whose signing was finished after its request had gone (a crashed
 * signing thread, a restart): the same outcome its supplier would have had, with no one to answer.
 */
export function transmitStored(ctx: SandboxContext, id: number, violations: readonly RuleViolation[] = []): void {
  const row = ctx.dse.byIdAnyCompany(id);
  if (!row || row.doc.estado_dian !== 'sending') return;
  const nit = (row.extra.proveedor as { nit?: string } | undefined)?.nit ?? '';
  transmit(ctx, row.doc, row.extra, outcomeFor(nit), violations).catch((error: unknown) => {
    ctx.log(`no se pudo transmitir el documento soporte ${id}: ${error instanceof Error ? error.message : String(error)}`);
  });
}

/** The settler's move for an uncertain DSE once settle-ms has passed. */
export function settleDse(ctx: Pick<SandboxContext, 'dse' | 'clock'>, id: number, to: string): void {
  const stamp = colombiaNow(ctx.clock).stamp;
  if (to === 'aceptado')
    ctx.dse.update(id, { estado_dian: 'aceptado', accounting_status: 'posted', last_status_error: null, updated_at: stamp });
  else
    ctx.dse.update(id, {
      estado_dian: 'rechazado',
      accounting_status: 'not_posted',
      last_status_error: MAGIC_REJECTION,
      updated_at: stamp,
    });
}
