// 7. Create, sign and send DSE: Idempotency-Key rules, validation, reservation, server numbering,
// signing, the `sending` barrier, transmission and classification ("DSE moves shown by the
// processing flow").
import type { DseDocument } from '../../shared/api';
import { LIMITS } from '../../shared/api';
import { dseBodyIdempotencyKey, validateDseRequest } from '../../shared/dse';
import { outcomeFor, sleep, type Outcome } from '../authority/outcomes';
import { colombiaNow } from '../clock';
import type { SandboxContext } from '../context';
import { payloadHash } from '../http/body';
import { errorReply, validationReply, type Reply } from '../http/reply';
import type { RouteRequest } from '../http/server';
import { writeSignedXml } from '../xml/write';
import { buildDseDocument } from './dse-document';
import { acceptedReply, reservationReply, replayReply, rejectedReply, uncertainReply } from './dse-replies';

function idempotencyKey(r: RouteRequest): string | Reply {
  const header = r.headers['idempotency-key'];
  const headerKey = Array.isArray(header) ? header[0] : header;
  const alias = dseBodyIdempotencyKey(r.body);
  if (alias && (typeof alias.value !== 'string' || alias.value.trim() === '')) {
    return validationReply([{ field: alias.name, message: `${alias.name}: debe ser un texto no vacío (alias del encabezado Idempotency-Key)` }]);
  }
  const aliasKey = alias?.value as string | undefined;
  if (headerKey !== undefined && aliasKey !== undefined && headerKey !== aliasKey) {
    return validationReply([{ field: alias?.name ?? 'request_key', message: `${alias?.name}: no coincide con el encabezado Idempotency-Key` }]);
  }
  const key = headerKey ?? aliasKey;
  if (key === undefined || key.trim() === '') {
    return validationReply([{ field: 'Idempotency-Key', message: 'Idempotency-Key: el encabezado es obligatorio' }]);
  }
  if (key.length > LIMITS.idempotencyKeyMax) {
    return validationReply([{ field: 'Idempotency-Key', message: `Idempotency-Key: admite hasta ${LIMITS.idempotencyKeyMax} caracteres` }]);
  }
  return key;
}

export async function createDse(r: RouteRequest): Promise<Reply> {
  const { ctx, company, client } = r;
  const key = idempotencyKey(r);
  if (typeof key !== 'string') return key;
  const hash = payloadHash(r.body);
  // Same key: the existing reservation or document answers; a different payload is a 409.
  const existing = ctx.dse.reservation(company.id, client.id, key);
  if (existing) {
    if (existing.payload_hash !== hash) return errorReply(409, 'key_conflict', 'Idempotency-Key ya usada con un contenido distinto');
    const row = existing.document_id === null ? undefined : ctx.dse.byId(company.id, existing.document_id);
    return row ? replayReply(row.doc) : reservationReply(undefined);
  }
  const now = colombiaNow(ctx.clock);
  const result = validateDseRequest(r.body, { today: now.date, nowTime: now.time, costCenters: company.cost_centers });
  if (!result.ok) return validationReply(result.errors);
  const request = result.value;
  const outcome = outcomeFor(request.proveedor.nit);
  if (outcome === 'fail_first_attempt' && ctx.faults.firstAttempt('dse', company.id, client.id, key)) {
    return errorReply(500, 'internal', 'Error interno simulado del sandbox (primer intento de esta Idempotency-Key); reintente con la misma clave y el mismo contenido');
  }
  const left = ctx.companies.quotaLeft(company, 'dse', now.date.slice(0, 4));
  if (left !== null && left <= 0) {
    return errorReply(400, 'quota_exhausted', `Cuota anual del plan DSE agotada (${company.dse.quota} documentos por año)`);
  }
  // Reserve, number, sign and record in one transaction: a concurrent request with the same key
  // finds the reservation and its document, never a half-made one.
  const row = ctx.db.transaction(() => {
    ctx.dse.reserve(company.id, client.id, key, hash, now.stamp);
    const p = request.proveedor;
    const tercero = ctx.companies.upsertTercero(company.id, { nombre: p.nombre, tipo_documento: p.tipo_documento, numero_documento: p.nit, email: p.email, direccion: p.direccion });
    const number = ctx.companies.takeNumber(company.id, 'dse');
    const created = ctx.dse.insert(company.id, now.date.slice(0, 4), (id) =>
      buildDseDocument(company, request, {
        id, number, thirdPartyId: tercero.id, stamp: now.stamp,
        xmlPath: (model) => writeSignedXml(ctx.xmlDir, company.id, model, ctx.certificate),
      }),
    );
    ctx.dse.attach(company.id, client.id, key, created.doc.id);
    // The barrier before the network call: `firmado` -> `sending`.
    ctx.dse.update(created.doc.id, { estado_dian: 'sending' });
    return { ...created, doc: { ...created.doc, estado_dian: 'sending' as const } };
  }).immediate();
  return transmit(ctx, row.doc, row.extra, outcome);
}

async function transmit(ctx: SandboxContext, doc: DseDocument, extra: Record<string, unknown>, outcome: Outcome): Promise<Reply> {
  const stamp = () => colombiaNow(ctx.clock).stamp;
  const accept = (): DseDocument => {
    const patch = { estado_dian: 'aceptado' as const, accounting_status: 'posted', updated_at: stamp() };
    ctx.dse.update(doc.id, patch);
    return { ...doc, ...patch };
  };
  switch (outcome) {
    case 'reject': {
      const patch = { estado_dian: 'rechazado' as const, accounting_status: 'not_posted', last_status_error: 'Regla DSAJ24b: el proveedor no es válido (rechazo simulado)', updated_at: stamp() };
      ctx.dse.update(doc.id, patch);
      return rejectedReply({ ...doc, ...patch }, extra);
    }
    case 'uncertain_then_accept':
    case 'uncertain_then_reject': {
      const patch = { estado_dian: 'en_proceso_http' as const, last_status_error: 'Respuesta de la DIAN sin confirmar (simulado)', updated_at: stamp() };
      ctx.dse.update(doc.id, patch, { at: Date.now() + ctx.settleMs, to: outcome === 'uncertain_then_accept' ? 'aceptado' : 'rechazado' });
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

/** The settler's move for an uncertain DSE once settle-ms has passed. */
export function settleDse(ctx: Pick<SandboxContext, 'dse' | 'clock'>, id: number, to: string): void {
  const stamp = colombiaNow(ctx.clock).stamp;
  if (to === 'aceptado') ctx.dse.update(id, { estado_dian: 'aceptado', accounting_status: 'posted', last_status_error: null, updated_at: stamp });
  else ctx.dse.update(id, { estado_dian: 'rechazado', accounting_status: 'not_posted', last_status_error: 'Regla DSAJ24b: el proveedor no es válido (rechazo simulado)', updated_at: stamp });
}
