// Validation and normalisation of an FE create request ("FE create request"), shared by the sandbox
// and the FE form. Returns the normalised request with its computed totals, or field-named errors.
import type { PaymentMethod } from '../api/fe';
import { LIMITS } from '../api/common';
import { FieldErrors, isRawObject, readBoolean, readDate, readNumber, readString, type FieldError } from '../api/fields';
import type { FeAiuInput } from './aiu';
import {
  readAiu,
  readCurrency,
  readItems,
  readPayment,
  readReceptor,
  readWithholdings,
  type FeCurrencyInput,
  type FeItemInput,
  type FePaymentInput,
  type FeReceptorInput,
} from './request-parts';
import { agreesWithin, computeFeTotals, totalsTolerance, type FeTotals, type FeWithholdingInput } from './totals';

export interface FeRequestContext {
  /** Colombia's current date, YYYY-MM-DD */
  today: string;
  paymentMethods: readonly PaymentMethod[];
  /** withholding `type` values the company's FE configuration accepts */
  withholdingTypes: readonly string[];
}

export interface FeRequest {
  receptor: FeReceptorInput;
  items: FeItemInput[];
  es_contingencia: boolean;
  fecha_emision: string;
  payment: FePaymentInput;
  aiu: FeAiuInput | undefined;
  withholdings: FeWithholdingInput[];
  currency: FeCurrencyInput;
  observaciones: string | null;
  draft_key: string | null;
  totals: FeTotals;
}

export type FeRequestResult = { ok: true; value: FeRequest } | { ok: false; errors: FieldError[] };

export function validateFeRequest(raw: unknown, ctx: FeRequestContext): FeRequestResult {
  const errors = new FieldErrors();
  if (!isRawObject(raw)) {
    errors.add('body', 'el cuerpo debe ser un objeto JSON');
    return { ok: false, errors: errors.list };
  }
  const receptor = readReceptor(raw.receptor, errors);
  const items = readItems(raw.items, errors);
  const contingencia = readBoolean(raw.es_contingencia, 'es_contingencia', errors) ?? false;
  const fecha = readDate(raw.fecha_emision, 'fecha_emision', errors) ?? ctx.today;
  // Sandbox decision modelled on DIAN's rule (since 2024-05-01): the issue date is Colombia's current
  // date; only a contingency invoice may carry an earlier one, never a future one.
  if (fecha > ctx.today) errors.add('fecha_emision', `no puede ser posterior a la fecha actual (${ctx.today})`);
  else if (fecha < ctx.today && !contingencia) {
    errors.add(
      'fecha_emision',
      `debe ser la fecha actual en Colombia (${ctx.today}); solo una factura de contingencia puede llevar una anterior`,
    );
  }
  const payment = readPayment(raw.payment, ctx.paymentMethods, fecha, errors);
  const aiu = readAiu(raw.aiu, errors);
  const withholdings = readWithholdings(raw.withholdings, ctx.withholdingTypes, errors);
  const currency = readCurrency(raw.currency, errors);
  const observaciones = readString(raw.observaciones, 'observaciones', errors) ?? null;
  if (observaciones && observaciones.length > LIMITS.observacionesMax) {
    errors.add('observaciones', `admite hasta ${LIMITS.observacionesMax} caracteres`);
  }
  const draftKey = readString(raw.draft_key, 'draft_key', errors);
  if (draftKey !== undefined && (draftKey.trim() === '' || draftKey.length > LIMITS.draftKeyMax)) {
    errors.add('draft_key', `debe tener entre 1 y ${LIMITS.draftKeyMax} caracteres`);
  }
  // Sandbox decision: no public upload endpoint exists, so no attachment token can be valid.
  if (raw.attachment_tokens !== undefined && raw.attachment_tokens !== null) {
    if (!Array.isArray(raw.attachment_tokens)) errors.add('attachment_tokens', 'debe ser una lista ([] en integraciones)');
    else if (raw.attachment_tokens.length > 0)
      errors.add('attachment_tokens', 'token de adjunto desconocido: no existe un endpoint público de carga, envíe []');
  }
  if (!receptor || !items || !payment || !errors.empty) return { ok: false, errors: errors.list };

  const totals = computeFeTotals(items, aiu, withholdings);
  const tolerance = totalsTolerance(items.length);
  for (const name of ['subtotal', 'impuestos', 'total'] as const) {
    const client = readNumber(raw[name], name, errors);
    if (client !== undefined && !agreesWithin(client, totals[name], tolerance)) {
      errors.add(name, `no es consistente con las líneas (calculado ${totals[name].toFixed(2)}, recibido ${client.toFixed()})`);
    }
  }
  if (!totals.total.gt(0)) errors.add('total', 'la factura debe tener un total mayor que 0');
  if (totals.totalRetenciones.gt(totals.total)) errors.add('withholdings', 'la suma de las retenciones supera el total');
  if (!errors.empty) return { ok: false, errors: errors.list };
  return {
    ok: true,
    value: {
      receptor,
      items,
      es_contingencia: contingencia,
      fecha_emision: fecha,
      payment,
      aiu,
      withholdings,
      currency,
      observaciones,
      draft_key: draftKey ?? null,
      totals,
    },
  };
}
