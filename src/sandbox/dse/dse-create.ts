// 7. Create, sign and send DSE: Idempotency-Key rules, validation, reservation, server numbering,
// signing (dse-signing.ts), the `sending` barrier, transmission and classification (dse-transmit.ts)
// ("DSE moves shown by the processing flow").
import { LIMITS } from '#shared/api/index';
import { dseBodyIdempotencyKey, validateDseRequest } from '#shared/dse/index';
import { outcomeFor } from '../authority/outcomes';
import type { AuthorityInput } from '../authority/rules';
import { colombiaNow } from '../clock';
import { payloadHash } from '../http/body';
import { commitInGroup } from '../storage/database';
import type { DseReservation } from '../storage/dse-store';
import { errorReply, validationReply, type Reply } from '../http/reply';
import type { RouteRequest } from '../http/server';
import { xmlPathOf } from '../xml/write';
import { buildDseDocument } from './dse-document';
import { reservationReply, replayReply } from './dse-replies';
import { transmit, transmitNow } from './dse-transmit';

function idempotencyKey(r: RouteRequest): string | Reply {
  const header = r.headers['idempotency-key'];
  const headerKey = Array.isArray(header) ? header[0] : header;
  const alias = dseBodyIdempotencyKey(r.body);
  if (alias && (typeof alias.value !== 'string' || alias.value.trim() === '')) {
    return validationReply([
      { field: alias.name, message: `${alias.name}: debe ser un texto no vacío (alias del encabezado Idempotency-Key)` },
    ]);
  }
  const aliasKey = alias?.value as string | undefined;
  if (headerKey !== undefined && aliasKey !== undefined && headerKey !== aliasKey) {
    return validationReply([
      { field: alias?.name ?? 'request_key', message: `${alias?.name}: no coincide con el encabezado Idempotency-Key` },
    ]);
  }
  const key = headerKey ?? aliasKey;
  if (key === undefined || key.trim() === '') {
    return validationReply([{ field: 'Idempotency-Key', message: 'Idempotency-Key: el encabezado es obligatorio' }]);
  }
  if (key.length > LIMITS.idempotencyKeyMax) {
    return validationReply([
      { field: 'Idempotency-Key', message: `Idempotency-Key: admite hasta ${LIMITS.idempotencyKeyMax} caracteres` },
    ]);
  }
  return key;
}

/** Same key: the existing reservation or document answers; a different payload is a 409. */
async function answerExisting(r: RouteRequest, existing: DseReservation, hash: string): Promise<Reply> {
  if (existing.payload_hash !== hash)
    return errorReply(409, 'key_conflict', 'Idempotency-Key ya usada con un contenido distinto');
  if (existing.document_id !== null) await r.ctx.dseSigning.settled(existing.document_id);
  const row = existing.document_id === null ? undefined : r.ctx.dse.byId(r.company.id, existing.document_id);
  return row ? replayReply(row.doc) : reservationReply(undefined);
}

export async function createDse(r: RouteRequest): Promise<Reply> {
  const { ctx, company, client } = r;
  const key = idempotencyKey(r);
  if (typeof key !== 'string') return key;
  const hash = payloadHash(r.body);
  const existing = ctx.dse.reservation(company.id, client.id, key);
  if (existing) return answerExisting(r, existing, hash);
  const now = colombiaNow(ctx.clock);
  const result = validateDseRequest(r.body, { today: now.date, nowTime: now.time, costCenters: company.cost_centers });
  if (!result.ok) return validationReply(result.errors);
  const request = result.value;
  // Sandbox addition: `tasa_cambio`, COP per unit of `moneda`, written as PaymentExchangeRate.
  const rawRate = (r.body as Record<string, unknown>).tasa_cambio;
  if (rawRate !== undefined && (typeof rawRate !== 'number' || !(rawRate > 0))) {
    return validationReply([
      { field: 'tasa_cambio', message: 'tasa_cambio: debe ser un número positivo (pesos por unidad de la moneda del documento)' },
    ]);
  }
  const exchangeRate = typeof rawRate === 'number' ? String(rawRate) : null;
  const outcome = ctx.outage.outcome(outcomeFor(request.proveedor.nit));
  if (outcome === 'fail_first_attempt' && ctx.faults.firstAttempt('dse', company.id, client.id, key)) {
    return errorReply(
      500,
      'internal',
      'Error interno simulado del sandbox (primer intento de esta Idempotency-Key); reintente con la misma clave y el mismo contenido',
    );
  }
  const quotaExhausted = (): Reply | null => {
    const left = ctx.companies.quotaLeft(company, 'dse', now.date.slice(0, 4));
    return left !== null && left <= 0
      ? errorReply(400, 'quota_exhausted', `Cuota anual del plan DSE agotada (${company.dse.quota} documentos por año)`)
      : null;
  };
  // Reserve, number and record in one transaction: a concurrent request with the same key finds the
  // reservation and its document, never a half-made one (its reads wait for the signing below).
  // What the DIAN knows besides the XML: the software PIN and the reception date.
  const authority: AuthorityInput = {
    kind: 'DSE',
    key: company.software.pin,
    pin: company.software.pin,
    today: now.date,
    itemCount: request.items.length,
  };
  // Committed with the other writes of this turn (commitInGroup), so the key and the quota are read
  // again inside: a request with the same key, or one that used the last of the quota, may be in the
  // same group, ahead of this one.
  const created = await commitInGroup(ctx.db, () => {
    const reserved = ctx.dse.reservation(company.id, client.id, key);
    if (reserved) return { reserved };
    const refused = quotaExhausted();
    if (refused) return { refused };
    ctx.dse.reserve(company.id, client.id, key, hash, now.stamp);
    const p = request.proveedor;
    const tercero = ctx.companies.upsertTercero(company.id, {
      nombre: p.nombre,
      tipo_documento: p.tipo_documento,
      numero_documento: p.nit,
      email: p.email,
      direccion: p.direccion,
    });
    const number = ctx.companies.takeNumber(company.id, 'dse');
    const row = ctx.dse.insert(company.id, now.date.slice(0, 4), (id) =>
      buildDseDocument(
        company,
        request,
        {
          id,
          number,
          thirdPartyId: tercero.id,
          stamp: now.stamp,
          xmlPath: (model) => xmlPathOf(ctx.xmlDir, company.id, model),
        },
        exchangeRate,
      ),
    );
    ctx.dse.attach(company.id, client.id, key, row.doc.id);
    return { ...row, json: ctx.dse.markUnsigned(company.id, row.doc.id, row.model, authority) };
  });
  if ('reserved' in created && created.reserved) return answerExisting(r, created.reserved, hash);
  if ('refused' in created && created.refused) return created.refused;
  // Signed and checked by the tax authority's rules off the event loop when the sandbox has signing
  // threads; then `firmado` -> `sending` -> the transmission's outcome, in one transaction unless the
  // transmission takes time (then `sending` is recorded first).
  const sending = { ...created.doc, estado_dian: 'sending' as const };
  const { violations, transmitted } = await ctx.dseSigning.sign(created.doc.id, company.id, created.model, authority, {
    transmit: (found) => transmitNow(ctx, sending, created.extra, outcome, found),
    json: created.json,
  });
  return transmitted ?? transmit(ctx, sending, created.extra, outcome, violations);
}
