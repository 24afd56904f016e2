// What the counter prints for a contingency invoice before the service has numbered it:
// the sale as this app recorded it, from the ledger's exact request. The server's FE
// document does not exist yet, so its resource is built from the request by the same line rule the
// form and the sandbox use (shared/fe): the values are the sale's. It has no number and no CUFE:
// the printout carries the local reference instead, and says that both come with the transmission.
import { toColombia } from '#shared/dates';
import { computeFeLine } from '#shared/fe/index';
import { dec, toMoneyString, ZERO } from '#shared/money';
import { AppError } from '#shared/rpc/errors';
import type { HistoryDetail } from '#shared/rpc/methods/history';
import { isObject, type Json } from '../api/records';
import type { Submissions } from '../submissions/submissions';
import type { IssuerProfiles } from './issuer';

export interface ContingencyDetailParts {
  submissions: Submissions;
  issuers: IssuerProfiles;
}

const NOT_CONTINGENCY =
  'Esa venta no es una factura de contingencia de esta conexión. Imprímala desde el historial cuando el servicio la haya confirmado.';

export async function contingencyDetail(
  parts: ContingencyDetailParts,
  connection: { id: number; companyId: number },
  submissionId: number,
): Promise<HistoryDetail> {
  const submission = await parts.submissions.get(submissionId);
  if (submission.connection_id !== connection.id || submission.kind !== 'FE' || !submission.contingency) {
    throw new AppError('not_found', NOT_CONTINGENCY);
  }
  const row = await parts.submissions.ledger.get(submissionId);
  const request = parseObject(row?.request_body.toString('utf8') ?? '');
  if (!request) throw new AppError('not_found', NOT_CONTINGENCY);
  const receptor = isObject(request.receptor) ? request.receptor : {};
  const currency = isObject(request.currency) ? request.currency : {};
  const sold = toColombia(new Date(submission.created_at));
  const saleDate = typeof request.fecha_emision === 'string' ? request.fecha_emision : sold.date;
  const items = Array.isArray(request.items) ? request.items.filter(isObject).map(documentItem) : [];
  const subtotal = toMoneyString(amount(request.subtotal));
  const impuestos = toMoneyString(amount(request.impuestos));
  const total = toMoneyString(amount(request.total));
  const moneda = text(currency.commercial_currency) || 'COP';
  const tercero = {
    nombre: text(receptor.nombre),
    tipo_documento: text(receptor.tipo_doc),
    numero_documento: text(receptor.numero_doc),
    email: text(receptor.email),
  };
  return {
    entry: {
      // Not a Historial row: the document exists only in this app until it is transmitted.
      id: 0,
      kind: 'FE',
      remote_id: 0,
      tipo_dian: '01',
      number: submission.contingency.local_ref,
      estado_dian: '',
      fiscal_key: '',
      issue_date: saleDate,
      counterpart_name: tercero.nombre,
      counterpart_doc: tercero.numero_documento,
      subtotal,
      impuestos,
      total,
      moneda,
      submission_id: submission.id,
      synced_at: submission.updated_at,
      submission_state: submission.state,
      following: true,
    },
    document: {
      es_contingencia: true,
      fecha_emision: `${saleDate}T${sold.time}`,
      subtotal,
      impuestos,
      total,
      moneda,
      tercero,
      items,
    },
    submission,
    request,
    events: [],
    support: null,
    issuer: await parts.issuers.get(connection.id),
    company_id: connection.companyId,
  };
}

/** One request item as the FE document resource shows it ("FE document": items), by the shared line rule. */
function documentItem(item: Json): Record<string, unknown> {
  const line = computeFeLine({
    cant: numberText(item.cant),
    unit: item.unit === undefined ? undefined : numberText(item.unit),
    unit_input: item.unit_input === undefined ? undefined : numberText(item.unit_input),
    iva: numberText(item.iva),
    iva_incluido: item.iva_incluido === true,
    codigo_impuesto: typeof item.codigo_impuesto === 'string' ? item.codigo_impuesto : undefined,
    tax_code: typeof item.tax_code === 'string' ? item.tax_code : undefined,
  });
  return {
    descripcion: text(item.desc),
    cantidad: toMoneyString(line.quantity),
    valor_unitario: toMoneyString(line.unitValue),
    descuento: '0.00',
    base_imponible: toMoneyString(line.base),
    impuesto: toMoneyString(line.taxAmount),
    tipo_impuesto: line.tax?.name ?? 'No aplica',
    codigo_impuesto: line.tax?.code ?? 'ZZ',
  };
}

function parseObject(json: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(json);
    return isObject(value) ? value : null;
  } catch {
    return null;
  }
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const numberText = (value: unknown): string => (typeof value === 'number' && Number.isFinite(value) ? String(value) : '0');
const amount = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? dec(String(value)) : ZERO);
