// 8. Get DSE by id: the full document and `pending` (sandbox decision: true for every non-terminal state).
import { isTerminalDseState } from '#shared/api/index';
import { docIdParam } from '../fe/fe-read';
import { errorReply, json, type Reply } from '../http/reply';
import type { RouteRequest } from '../http/server';

export async function getDse(r: RouteRequest): Promise<Reply> {
  const id = docIdParam(r.params.doc_id);
  if (typeof id !== 'number') return id;
  // A document being signed is read once its signing is done (dse-signing.ts).
  await r.ctx.dseSigning.settled(id);
  const row = r.ctx.dse.byId(r.company.id, id);
  if (!row) return errorReply(404, 'not_found', `El documento soporte ${id} no existe en esta empresa`);
  return json(200, { ok: true, pending: !isTerminalDseState(row.doc.estado_dian), documento: { ...row.doc, ...row.extra } });
}
