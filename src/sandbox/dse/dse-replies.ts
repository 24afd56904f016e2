// The bodies of the DSE create answers ("7. Create, sign and send DSE", Responses table).
import type { DseDocument } from '#shared/api/index';
import { isTerminalDseState } from '#shared/api/index';
import { DIAN_ACCEPTED } from '../authority/outcomes';
import { dianRejection, type RuleViolation } from '../authority/rules';
import { json, type Reply } from '../http/reply';

/** What replay and 502 answers carry of the document (the contract requires at least id and estado_dian). */
export function partial(doc: DseDocument): Record<string, unknown> {
  return { id: doc.id, estado_dian: doc.estado_dian, prefijo: doc.prefijo, consecutivo: doc.consecutivo, cuds: doc.cuds };
}

export function acceptedReply(doc: DseDocument, extra: Record<string, unknown>): Reply {
  return json(201, {
    ok: true,
    pending: false,
    idempotent: false,
    documento: { ...doc, ...extra },
    dian: {
      ...DIAN_ACCEPTED,
      status_message: `El documento soporte ${doc.prefijo}${doc.consecutivo}, ha sido autorizado (simulado).`,
    },
  });
}

/** Sandbox decision ("body of 422: not shown"): the error envelope with the document and the `dian` result. */
export function rejectedReply(
  doc: DseDocument,
  extra: Record<string, unknown>,
  violations: readonly RuleViolation[] = [],
): Reply {
  return json(422, {
    ok: false,
    pending: false,
    idempotent: false,
    error: `Documento soporte ${doc.prefijo}${doc.consecutivo} rechazado por la DIAN: ${doc.last_status_error ?? 'rechazo simulado'}`,
    documento: { ...doc, ...extra },
    dian: dianRejection(doc.last_status_error ?? 'Rechazo simulado', violations),
  });
}

export function uncertainReply(doc: DseDocument): Reply {
  return json(502, {
    ok: false,
    pending: true,
    idempotent: false,
    error:
      'El resultado de la transmisión a la DIAN es incierto; el documento queda reservado y no se reenvía. Consulte el documento por su id.',
    documento: partial(doc),
  });
}

/** 202: "same key and payload, reservation exists without terminal document". */
export function reservationReply(doc: DseDocument | undefined): Reply {
  return json(202, {
    ok: true,
    idempotent: true,
    pending: true,
    request_status: 'creating',
    message:
      'La solicitud con esta Idempotency-Key ya está reservada y aún no tiene un resultado definitivo; consulte más tarde con la misma clave o por id.',
    ...(doc ? { documento: partial(doc) } : {}),
  });
}

/** Replay of a known key: 200 accepted, 422 rejected, 202 while not terminal. */
export function replayReply(doc: DseDocument): Reply {
  if (!isTerminalDseState(doc.estado_dian)) return reservationReply(doc);
  if (doc.estado_dian === 'rechazado') {
    return json(422, {
      ok: false,
      pending: false,
      idempotent: true,
      error: `Documento soporte ${doc.prefijo}${doc.consecutivo} rechazado por la DIAN: ${doc.last_status_error ?? ''}`.trim(),
      documento: partial(doc),
    });
  }
  return json(200, { ok: true, idempotent: true, pending: false, documento: partial(doc) });
}
