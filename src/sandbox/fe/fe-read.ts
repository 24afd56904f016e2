// Endpoints 1-5: FE list and detail, third parties, payment methods, acquirer lookup.
import { FE_LIST_ESTADOS } from '#shared/api/index';
import { FieldErrors, isRawObject, pick, readBoolean, readCode } from '#shared/api/fields';
import { nitCheckDigit } from '#shared/fiscal/nit';
import { ACQUIRER_UNAVAILABLE_NUMBER } from '../authority/outcomes';
import { errorReply, json, validationReply, type Reply } from '../http/reply';
import type { RouteRequest } from '../http/server';

/** Sandbox decision ("the server restricts the range"): per_page defaults to 20 and is clamped to 1..100. */
export const PER_PAGE = { default: 20, min: 1, max: 100 } as const;

const MAX_PAGE = 1_000_000;

function positiveInt(value: string | null, field: string, errors: FieldErrors, min: number): number | undefined {
  if (value === null || value === '') return undefined;
  if (!/^-?\d+$/.test(value)) return (errors.add(field, 'debe ser un número entero'), undefined);
  const n = Number(value);
  if (n < min) return (errors.add(field, `el mínimo es ${min}`), undefined);
  // Sandbox decision: a page beyond MAX_PAGE is a 400 (a huge one made SQLite's OFFSET fail with a 500).
  if (!Number.isSafeInteger(n) || n > MAX_PAGE) return (errors.add(field, `el máximo es ${MAX_PAGE}`), undefined);
  return n;
}

export function listFe(r: RouteRequest): Reply {
  const errors = new FieldErrors();
  const page = positiveInt(r.query.get('page'), 'page', errors, 1) ?? 1;
  const rawPerPage = r.query.get('per_page');
  let perPage: number = PER_PAGE.default;
  if (rawPerPage !== null && rawPerPage !== '') {
    if (!/^-?\d+$/.test(rawPerPage)) errors.add('per_page', 'debe ser un número entero');
    else perPage = Math.min(PER_PAGE.max, Math.max(PER_PAGE.min, Number(rawPerPage)));
  }
  const tipo = r.query.get('tipo') || undefined;
  if (tipo !== undefined && tipo !== '01' && tipo !== '91') errors.add('tipo', 'debe ser 01 (factura) o 91 (nota crédito)');
  const estado = r.query.get('estado') || undefined;
  if (estado !== undefined && !(FE_LIST_ESTADOS as readonly string[]).includes(estado))
    errors.add('estado', 'debe ser aprobado, rechazado o pendiente');
  if (!errors.empty) return validationReply(errors.list);
  const q = r.query.get('q') ?? undefined;
  const { docs, total } = r.ctx.fe.list(r.company.id, {
    page,
    per_page: perPage,
    ...(tipo ? { tipo: tipo as '01' | '91' } : {}),
    ...(estado ? { estado: estado as (typeof FE_LIST_ESTADOS)[number] } : {}),
    ...(q ? { q } : {}),
  });
  return json(200, { ok: true, docs, page, per_page: perPage, total, total_pages: Math.ceil(total / perPage) });
}

export function docIdParam(value: string | undefined): number | Reply {
  if (!value || !/^\d{1,15}$/.test(value)) {
    return validationReply([{ field: 'doc_id', message: 'doc_id: debe ser un identificador entero' }]);
  }
  return Number(value);
}

export function getFe(r: RouteRequest): Reply {
  const id = docIdParam(r.params.doc_id);
  if (typeof id !== 'number') return id;
  const row = r.ctx.fe.byId(r.company.id, id);
  if (!row) return errorReply(404, 'not_found', `La factura ${id} no existe en esta empresa`);
  return json(200, { ok: true, doc: row.doc });
}

export function listTerceros(r: RouteRequest): Reply {
  return json(200, { ok: true, terceros: r.ctx.companies.terceros(r.company.id) });
}

/** Sandbox decision ("Envelope of the response: not shown"): `{ok: true, payment_methods: [...]}`, inactive ones included. */
export function listPaymentMethods(r: RouteRequest): Reply {
  return json(200, { ok: true, payment_methods: r.company.payment_methods });
}

/**
 * 5. Acquirer lookup. Sandbox decisions ("Fields of the acquirer record: not shown"): the simulated
 * registry knows the company's third parties; an unknown number answers 404; 502502502 answers 502.
 */
export function getAcquirer(r: RouteRequest): Reply {
  const body = r.body as Record<string, unknown>;
  const errors = new FieldErrors();
  const typeField = pick(body, ['identification_type', 'tipo_doc', 'tipo_documento']);
  const numberField = pick(body, ['identification_number', 'numero_doc', 'numero_documento']);
  const type = typeField ? readCode(typeField.value, typeField.name, errors) : undefined;
  const number = numberField ? readCode(numberField.value, numberField.name, errors) : undefined;
  readBoolean(body.force_refresh, 'force_refresh', errors);
  if (!type) errors.add(typeField?.name ?? 'identification_type', 'es obligatorio (alias tipo_doc, tipo_documento)');
  if (!number) errors.add(numberField?.name ?? 'identification_number', 'es obligatorio (alias numero_doc, numero_documento)');
  if (!errors.empty || !type || !number || !isRawObject(body)) return validationReply(errors.list);
  if (number === ACQUIRER_UNAVAILABLE_NUMBER) {
    return errorReply(
      502,
      'acquirer_unavailable',
      'La consulta del adquirente ante la DIAN no dio una respuesta satisfactoria (simulado)',
    );
  }
  const known = r.ctx.companies.findTercero(r.company.id, number);
  if (!known) return errorReply(404, 'not_found', `No se encontró el adquirente ${type} ${number}`);
  return json(200, {
    ok: true,
    acquirer: {
      identification_type: known.tipo_documento,
      identification_number: known.numero_documento,
      dv:
        known.tipo_documento === '31' && /^\d{1,15}$/.test(known.numero_documento) ? nitCheckDigit(known.numero_documento) : null,
      nombre: known.nombre,
      email: known.email,
      direccion: known.direccion,
    },
  });
}
