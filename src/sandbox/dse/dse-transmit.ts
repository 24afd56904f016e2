// The simulated transmission of a signed DSE (state `sending`) and its classification ("DSE moves
// shown by the processing flow"), and the settler's move for an uncertain one.
import type { DseDocument } from '../../shared/api';
import { outcomeFor, sleep, type Outcome } from '../authority/outcomes';
import { rejectionText, type RuleViolation } from '../authority/rules';
import { colombiaNow } from '../clock';
import type { SandboxContext } from '../context';
import type { Reply } from '../http/reply';
import { acceptedReply, rejectedReply, uncertainReply } from './dse-replies';

/** The magic 222222222 / 444444444 rejection, in the DIAN's wording (README, "Magic outcomes"). */
const MAGIC_REJECTION =
  'Regla: SBX-SIM01, Rechazo: Rechazo simulado del sandbox: el número de identificación 222222222 (o 444444444) del proveedor siempre se rechaza.';

export async function transmit(
  ctx: SandboxContext,
  doc: DseDocument,
  extra: Record<string, unknown>,
  outcome: Outcome,
  violations: readonly RuleViolation[] = [],
): Promise<Reply> {
  const stamp = () => colombiaNow(ctx.clock).stamp;
  // A document that breaks a rule of the simulated tax authority is rejected with its rules, whatever
  // its supplier; the magic outcomes apply to documents that meet every rule (README, "Rules").
  if (violations.length > 0) {
    const patch = {
      estado_dian: 'rechazado' as const,
      accounting_status: 'not_posted',
      last_status_error: rejectionText(violations),
      updated_at: stamp(),
    };
    ctx.dse.update(doc.id, patch);
    return rejectedReply({ ...doc, ...patch }, extra, violations);
  }
  const accept = (): DseDocument => {
    const patch = { estado_dian: 'aceptado' as const, accounting_status: 'posted', updated_at: stamp() };
    ctx.dse.update(doc.id, patch);
    return { ...doc, ...patch };
  };
  switch (outcome) {
    case 'reject': {
      const patch = {
        estado_dian: 'rechazado' as const,
        accounting_status: 'not_posted',
        last_status_error: MAGIC_REJECTION,
        updated_at: stamp(),
      };
      ctx.dse.update(doc.id, patch);
      return rejectedReply({ ...doc, ...patch }, extra);
    }
    case 'uncertain_then_accept':
    case 'uncertain_then_reject': {
      const patch = {
        estado_dian: 'en_proceso_http' as const,
        last_status_error: 'Respuesta de la DIAN sin confirmar (simulado)',
        updated_at: stamp(),
      };
      ctx.dse.update(doc.id, patch, {
        at: Date.now() + ctx.settleMs,
        to: outcome === 'uncertain_then_accept' ? 'aceptado' : 'rechazado',
      });
      ctx.settler.schedule();
      return uncertainReply({ ...doc, ...patch });
    }
    case 'drop_connection':
      accept();
      return { destroy: true };
    case 'slow_accept':
      await sleep(ctx.settleMs);
      return acceptedReply(accept(), extra);
    default:
      return acceptedReply(accept(), extra);
  }
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
