// 6. Create FE: validation, `draft_key` idempotency (unique per company), quota, numbering, CUFE,
// signed XML, and the simulated tax authority's outcome.
import type { FeDocument } from '#shared/api/index';
import { validateFeRequest } from '#shared/fe/index';
import { outcomeFor, sleep } from '../authority/outcomes';
import { dianRejection, rejectionText, type AuthorityInput, type RuleViolation } from '../authority/rules';
import { colombiaNow } from '../clock';
import type { SandboxContext } from '../context';
import { payloadHash } from '../http/body';
import { errorReply, json, validationReply, type Reply } from '../http/reply';
import type { RouteRequest } from '../http/server';
import type { FeRow } from '../storage/fe-store';
import { contingencyOf } from './fe-contingency';
import { buildFeDocument, type FeReceiverPlace } from './fe-document';

/** The magic 222222222 rejection: its rule, pointing at the customer's number (README, "Magic outcomes"). */
const MAGIC_VIOLATION: RuleViolation = {
  code: 'SBX-SIM01',
  message: 'Rechazo simulado del sandbox: el número de identificación 222222222 del adquirente siempre se rechaza.',
  field: 'receptor.numero_doc',
};
/** The same, in the DIAN's wording. */
const MAGIC_REJECTION = rejectionText([MAGIC_VIOLATION]);

function created(doc: FeDocument, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    factura_id: doc.id,
    cufe: doc.cufe,
    estado: doc.estado_dian,
    enviado: doc.estado_dian !== 'sending',
    prefijo: doc.prefijo,
    consecutivo: doc.consecutivo,
    numero: `${doc.prefijo}${doc.consecutivo}`,
    ...extra,
  };
}

/**
 * Sandbox decisions ("Error bodies specific to this operation: not shown"): accepted 201; rejected
 * 422 `{ok: false, error, estado: "rechazado", ...}`; uncertain 202 `{ok: true, pending: true,
 * estado: "en_proceso"}` settling after settle-ms; a repeat of a known `draft_key` answers the same
 * invoice (200, 202 while not terminal, 422 when rejected) with `idempotent: true`, and 409 when the
 * payload differs.
 */
function replyFor(doc: FeDocument, idempotent: boolean, violations?: readonly RuleViolation[]): Reply {
  const state = doc.estado_dian;
  if (state === 'aceptado') return json(idempotent ? 200 : 201, { ok: true, idempotent, ...created(doc) });
  if (state === 'rechazado') {
    const reason = (doc as FeDocument & { last_status_error?: string }).last_status_error ?? MAGIC_REJECTION;
    return json(422, {
      ok: false,
      idempotent,
      error: `Factura rechazada por la DIAN: ${reason}`,
      ...created(doc),
      ...(violations ? { dian: dianRejection(reason, violations) } : {}),
    });
  }
  return json(202, {
    ok: true,
    idempotent,
    pending: true,
    request_status: 'creating',
    message: 'La factura existe y su resultado ante la DIAN aún no es definitivo; consulte el detalle con factura_id',
    ...created(doc),
  });
}

function replay(row: FeRow, hash: string): Reply {
  if (row.payload_hash !== hash)
    return errorReply(409, 'key_conflict', 'draft_key ya usado con un contenido distinto en esta empresa');
  return replyFor(row.doc, true);
}

export async function createFe(r: RouteRequest): Promise<Reply> {
  const { ctx, company, client } = r;
  const body = r.body as Record<string, unknown>;
  const hash = payloadHash(body);
  const draftKey = typeof body.draft_key === 'string' && body.draft_key.trim() !== '' ? body.draft_key : null;
  if (draftKey) {
    const existing = ctx.fe.byDraftKey(company.id, draftKey);
    if (existing) return replay(existing, hash);
  }
  const now = colombiaNow(ctx.clock);
  const result = validateFeRequest(body, {
    today: now.date,
    paymentMethods: company.payment_methods,
    withholdingTypes: company.fe.withholding_types,
  });
  if (!result.ok) return validationReply(result.errors);
  const request = result.value;
  const place = receiverPlace(body.receptor);
  if (typeof place === 'string') return validationReply([{ field: place, message: `${place}: debe ser un texto` }]);
  const outcome = ctx.outage.outcome(outcomeFor(request.receptor.numero_doc));
  if (outcome === 'fail_first_attempt' && draftKey && ctx.faults.firstAttempt('fe', company.id, '', draftKey)) {
    return errorReply(
      500,
      'internal',
      'Error interno simulado del sandbox (primer intento de este draft_key); reintente con el mismo draft_key',
    );
  }
  const left = ctx.companies.quotaLeft(company, 'fe', now.date.slice(0, 4));
  if (left !== null && left <= 0) {
    return errorReply(400, 'quota_exhausted', `Cuota anual del plan FE agotada (${company.fe.quota} documentos por año)`);
  }

  let violations: RuleViolation[] = [];
  const doc = ctx.db
    .transaction(() => {
      // Inside the transaction: a ticket's number is judged against the invoices received before it.
      const contingency = contingencyOf(ctx, company, request);
      const authority: AuthorityInput = {
        kind: 'FE',
        key: company.fe.technical_key,
        pin: company.software.pin,
        today: now.date,
        contingency: request.es_contingencia,
        ...(contingency ? { contingencyFacts: contingency.facts } : {}),
        itemCount: request.items.length,
      };
      const tercero = ctx.companies.upsertTercero(company.id, {
        nombre: request.receptor.nombre,
        tipo_documento: request.receptor.tipo_doc,
        numero_documento: request.receptor.numero_doc,
        email: request.receptor.email,
        direccion: request.receptor.direccion,
      });
      // A type 03 invoice carries its ticket's contingency number, not one of the server's.
      const number = contingency?.issue.ticket ? 0 : ctx.companies.takeNumber(company.id, 'fe');
      return ctx.fe.insert(
        company.id,
        { draftKey, payloadHash: hash, clientId: client.id, year: now.date.slice(0, 4), habilitacion: company.habilitacion },
        (id) =>
          buildFeDocument(company, request, tercero, {
            id,
            number,
            date: now.date,
            time: now.time,
            place,
            ...(contingency ? { contingency: contingency.issue } : {}),
            // FE creation is one synchronous transaction (numbering, signature, record): signed here.
            xmlPath: (model) => {
              const signed = ctx.xml.signHere({ companyId: company.id, model, authority });
              violations = signed.violations;
              return signed.xmlPath;
            },
          }).doc,
      );
    })
    .immediate();
  return transmitFe(ctx, doc, outcome, violations);
}

/**
 * Sandbox addition to `receptor`: optional `codigo_municipio`, `municipio`, `codigo_departamento`,
 * `departamento` (DIVIPOLA), written in the customer's address and checked by the tax authority's
 * rules (SBX-DIR01). Returns the first field that is not a string, or null when none is given.
 */
function receiverPlace(raw: unknown): FeReceiverPlace | null | string {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const names = ['codigo_municipio', 'municipio', 'codigo_departamento', 'departamento'] as const;
  for (const name of names) if (r[name] !== undefined && typeof r[name] !== 'string') return `receptor.${name}`;
  const text = (name: (typeof names)[number]) => ((r[name] as string | undefined) ?? '').trim();
  if (names.every((name) => text(name) === '')) return null;
  return {
    cityCode: text('codigo_municipio'),
    city: text('municipio'),
    departmentCode: text('codigo_departamento'),
    department: text('departamento'),
  };
}

async function transmitFe(
  ctx: SandboxContext,
  doc: FeDocument,
  outcome: ReturnType<typeof outcomeFor>,
  violations: RuleViolation[],
): Promise<Reply> {
  const settle = (to: string) => ({ at: Date.now() + ctx.settleMs, to });
  // Sandbox decision: an invoice that breaks a rule is rejected at once (422, with `dian`), whatever
  // its receiver; the magic outcomes apply to invoices that meet every rule.
  if (violations.length > 0) {
    const reason = rejectionText(violations);
    ctx.fe.setRejected(doc.id, reason);
    return replyFor({ ...doc, estado_dian: 'rechazado', last_status_error: reason } as FeDocument, false, violations);
  }
  switch (outcome) {
    case 'reject':
      ctx.fe.setRejected(doc.id, MAGIC_REJECTION);
      return replyFor({ ...doc, estado_dian: 'rechazado', last_status_error: MAGIC_REJECTION } as FeDocument, false, [
        MAGIC_VIOLATION,
      ]);
    case 'uncertain_then_accept':
    case 'uncertain_then_reject':
      ctx.fe.setState(doc.id, 'en_proceso', settle(outcome === 'uncertain_then_accept' ? 'aceptado' : 'rechazado'));
      ctx.settler.schedule();
      return replyFor({ ...doc, estado_dian: 'en_proceso' }, false);
    case 'drop_connection':
      ctx.fe.setState(doc.id, 'aceptado');
      return { destroy: true };
    case 'slow_accept':
      await sleep(ctx.settleMs);
      ctx.fe.setState(doc.id, 'aceptado');
      return replyFor({ ...doc, estado_dian: 'aceptado' }, false);
    default:
      ctx.fe.setState(doc.id, 'aceptado');
      return replyFor({ ...doc, estado_dian: 'aceptado' }, false);
  }
}
