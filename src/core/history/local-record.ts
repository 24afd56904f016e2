// A local record of every rejected document, so the Historial shows it even when the server's answer
// gives nothing to mirror (a DSE 422 without `documento`: "body of 422: not shown"; an FE refused
// with no `factura_id`; a server whose detail is not reachable just then). It is built from the
// request the ledger kept, marked `registro_local`, and never replaces what the server said: a
// document the mirror already holds is left alone, and a later sync or mirror of the same id
// overwrites the local record with the server's document.
import { colombiaToday } from '#shared/dates';
import { dec, sum, toMoneyString, ZERO, type Dec } from '#shared/money';
import { isObject, type Json } from '../api/records';
import type { SubmissionRow } from '../submissions/ledger';
import type { HistoryMirror, MirrorRow } from './mirror';

/** The mirror id of a rejected document the server gave no id for: the submission's, negated. */
export function localRemoteId(row: Pick<SubmissionRow, 'id' | 'document_id'>): number {
  return row.document_id ?? -row.id;
}

export async function recordRejected(mirror: HistoryMirror, row: SubmissionRow, syncedAt: string): Promise<boolean> {
  if (row.state !== 'rejected') return false;
  const remoteId = localRemoteId(row);
  if (await mirror.known(row.connection_id, row.kind, remoteId)) return false;
  // The server's document already took this rejection's place (HistoryMirror.adoptLocalRecords).
  if (await mirror.linked(row.connection_id, row.kind, row.id)) return false;
  return mirror.upsert(rejectedRow(row, syncedAt));
}

export function rejectedRow(row: SubmissionRow, syncedAt: string): MirrorRow {
  const request = parse(row.request_body);
  const parts = row.kind === 'FE' ? feParts(request) : dseParts(request);
  const totalText = toMoneyString(parts.total);
  const consecutivo = Number(/(\d+)$/.exec(row.document_number ?? '')?.[1] ?? 0);
  return {
    connection_id: row.connection_id,
    kind: row.kind,
    remote_id: localRemoteId(row),
    tipo_dian: row.kind === 'FE' ? '01' : '05',
    number: row.document_number ?? '',
    prefijo: row.document_number ? row.document_number.replace(/\d+$/, '') : '',
    consecutivo: Number.isSafeInteger(consecutivo) ? consecutivo : 0,
    estado_dian: 'rechazado',
    fiscal_key: row.fiscal_key ?? '',
    issue_date: parts.date ?? colombiaToday(new Date(row.created_at)),
    counterpart_name: parts.name,
    counterpart_doc: parts.doc,
    subtotal: toMoneyString(parts.subtotal),
    impuestos: toMoneyString(parts.impuestos),
    total: totalText,
    total_cents: parts.total.times(100).toDecimalPlaces(0).toNumber(),
    moneda: parts.moneda,
    items_text: parts.items.join('\n'),
    document_json: JSON.stringify({
      registro_local: true,
      estado_dian: row.estado_dian ?? 'rechazado',
      ...(row.document_id !== null ? { id: row.document_id } : {}),
      motivo: row.error_message ?? 'Rechazado por el servicio.',
      nota: 'Registro local de Factura Desk: el servicio no devolvió el documento rechazado; los valores son los de la solicitud enviada.',
    }),
    submission_id: row.id,
    synced_at: syncedAt,
  };
}

interface Parts {
  name: string;
  doc: string;
  date: string | undefined;
  items: string[];
  subtotal: Dec;
  impuestos: Dec;
  total: Dec;
  moneda: string;
}

function feParts(request: Json): Parts {
  const receptor = isObject(request.receptor) ? request.receptor : {};
  const items = Array.isArray(request.items) ? request.items.filter(isObject) : [];
  const currency = isObject(request.currency) ? request.currency : {};
  return {
    name: text(receptor.nombre),
    doc: text(receptor.numero_doc),
    date: date(request.fecha_emision),
    items: items.map((item) => text(item.desc)),
    subtotal: amount(request.subtotal),
    impuestos: amount(request.impuestos),
    total: amount(request.total),
    moneda: text(currency.commercial_currency) || 'COP',
  };
}

/** DSE totals are the server's; for a local record they are computed as the contract states them. */
function dseParts(request: Json): Parts {
  const proveedor = isObject(request.proveedor) ? request.proveedor : {};
  const items = Array.isArray(request.items) ? request.items.filter(isObject) : [];
  const bases = items.map((item) => amount(item.cantidad).times(amount(item.precio_unitario)).toDecimalPlaces(2));
  const taxes = items.map((item, i) => bases[i]!.times(amount(item.porcentaje_iva)).dividedBy(100).toDecimalPlaces(2));
  const subtotal = sum(bases);
  const impuestos = sum(taxes);
  return {
    name: text(proveedor.nombre),
    doc: text(proveedor.nit),
    date: date(request.fecha_documento ?? request.fecha),
    items: items.map((item) => text(item.descripcion)),
    subtotal,
    impuestos,
    total: subtotal.plus(impuestos),
    moneda: text(request.moneda) || 'COP',
  };
}

function parse(body: Buffer): Json {
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    return isObject(value) ? value : {};
  } catch {
    return {};
  }
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const date = (value: unknown): string | undefined =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
const amount = (value: unknown): Dec => (typeof value === 'number' && Number.isFinite(value) ? dec(String(value)) : ZERO);
