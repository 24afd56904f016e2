// The form's validation: the shared zod schema of the request and the shared FE rules
// (validateFeRequest, the very code the sandbox runs), their field paths mapped onto the form's.
import type { FeCreateRequest, PaymentMethod } from '#shared/api/fe';
import { LIMITS } from '#shared/api/common';
import { formatDate, isIsoDate } from '#shared/dates';
import { computeFeTotals } from '#shared/fe/index';
import { validateFeRequest } from '#shared/fe/request';
import { fieldIssues } from '#shared/rpc/errors';
import { userSentence } from '#renderer/forms/server-fields';
import { formPayments } from '../counter/sale-payments';
import { buildRequest, computeFormTotals, lineInput, readNumber, aiuInput } from './calc';
import type { NumberingResolution } from '#shared/rpc/methods/history';
import type { FeFormValues, WithholdingTypes } from './model';

export interface ValidationContext {
  today: string;
  paymentMethods: readonly PaymentMethod[];
  withholdingTypes: WithholdingTypes;
  /** The shop's contingency numbering (Datos del emisor), which numbers a contingency invoice's ticket. */
  contingencyNumbering: NumberingResolution | null;
}

export type FormErrors = Record<string, string>;

/** "items[2].unit_input" or "items.2.unit_input" -> the form field "items.2.unit". */
export function formPath(apiPath: string): string {
  const path = apiPath
    .replace(/^request\./, '')
    .replace(/\[(\d+)\]/g, '.$1')
    .replace(/^(items\.\d+)\.(unit_input|codigo_impuesto|tax_code)$/, '$1.unit')
    .replace(/^(items\.\d+)\.iva_incluido$/, '$1.iva');
  if (/^payment\.means_code$/.test(path)) return 'payment.method_id';
  if (/^(subtotal|impuestos|total|body|attachment_tokens|draft_key)$/.test(path)) return 'root.totals';
  return path;
}

/** A rule's message as a sentence under its field (the field travels apart from the message). */
export const sentence = userSentence;

const FORM_FIELDS = [
  /^receptor\.(tipo_doc|numero_doc|nombre|email|direccion)$/,
  /^items\.\d+\.(desc|cant|unit|iva)$/,
  /^payment\.(form|method_id|due_date)$/,
  /^aiu\.(contract_base|administracion_percent|imprevistos_percent|utilidad_percent|tax_rate|iva_base_mode)$/,
  /^withholdings\.\d+\.(type|percent)$/,
  /^currency\.(commercial_currency|applied_rate|official_trm|rate_date)$/,
  /^(observaciones|fecha_emision|es_contingencia)$/,
  /^contingencia\.(talonario|hora)$/,
];

/** The form field that shows a server path, or null: a field the form has no control for, or a line it no longer has. */
export function feFieldOf(apiPath: string, values: FeFormValues): string | null {
  const path = formPath(apiPath);
  if (!FORM_FIELDS.some((re) => re.test(path))) return null;
  const row = /^(items|withholdings)\.(\d+)\./.exec(path);
  if (row && Number(row[2]) >= values[row[1] as 'items' | 'withholdings'].length) return null;
  return path;
}

/** The request's fields the form has no control for, in the user's words. */
const FE_LABELS: Record<string, string> = {
  subtotal: 'Subtotal',
  impuestos: 'Impuestos',
  total: 'Total',
  draft_key: 'Clave de envío',
  attachment_tokens: 'Adjuntos',
  items: 'Líneas de la factura',
  receptor: 'Cliente',
  payment: 'Pago',
  withholdings: 'Retenciones',
  es_contingencia: 'Factura de contingencia',
};

export function feLabelOf(apiPath: string): string | undefined {
  const path = apiPath.replace(/^request\./, '');
  return FE_LABELS[path] ?? FE_LABELS[path.replace(/[.[].*$/, '')];
}

/**
 * A contingency invoice typed after the sale carries the paper ticket it replaces (docs/CLIENT-DECISIONS.md,
 * "Contingency"): its number in the shop's contingency numbering, and the day and time of the sale.
 */
function contingencyTicket(values: FeFormValues, numbering: NumberingResolution | null, errors: FormErrors): void {
  if (!numbering) {
    add(
      errors,
      'es_contingencia',
      'Para una factura de contingencia configure primero la numeración de contingencia (talonario) en Ajustes › Datos del emisor',
    );
    return;
  }
  const text = values.contingencia.talonario.trim();
  const number = /^\d{1,12}$/.test(text) ? Number(text) : null;
  if (number === null) add(errors, 'contingencia.talonario', 'Escriba el número del talonario de la venta (solo dígitos)');
  else if (number < numbering.rango_desde || number > numbering.rango_hasta)
    add(
      errors,
      'contingencia.talonario',
      `El talonario de contingencia va del ${numbering.prefijo}${numbering.rango_desde} al ${numbering.prefijo}${numbering.rango_hasta}`,
    );
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(values.contingencia.hora))
    add(errors, 'contingencia.hora', 'Escriba la hora de la venta (por ejemplo 14:30)');
  if (isIsoDate(values.fecha_emision) && (values.fecha_emision < numbering.desde || values.fecha_emision > numbering.hasta))
    add(
      errors,
      'fecha_emision',
      `La resolución de contingencia rige del ${formatDate(numbering.desde)} al ${formatDate(numbering.hasta)}: la fecha de la venta debe estar en ese periodo`,
    );
}

function add(errors: FormErrors, path: string, message: string): void {
  errors[path] ??= sentence(message);
}

/** The request's shared zod schema (shared/api/fe.ts), which validateForm judges the built request with. */
export type FeRequestSchema = typeof FeCreateRequest;

let requestSchema: Promise<FeRequestSchema> | null = null;

/**
 * The request's schema, loaded with its module the first time the form is judged (or warmed once the
 * first screen is up), not with the first screen's code: that module builds the whole FE contract's
 * schemas when it is evaluated (~140 zod constructors), which cost the first screen's start tens of
 * milliseconds of CPU before anything is judged. The same schema, from its one home.
 */
export function loadFeRequestSchema(): Promise<FeRequestSchema> {
  requestSchema ??= import('#shared/api/fe').then((module) => module.FeCreateRequest);
  return requestSchema;
}

/** Checks what only the form knows (typed numbers, configured withholdings), then the shared rules and the request's schema. */
export function validateForm(values: FeFormValues, ctx: ValidationContext, schema: FeRequestSchema): FormErrors {
  const errors: FormErrors = {};
  values.items.forEach((item, i) => {
    if (readNumber(item.cant) === null) add(errors, `items.${i}.cant`, 'Escriba la cantidad (por ejemplo 2 o 1,5)');
    if (readNumber(item.unit) === null)
      add(errors, `items.${i}.unit`, 'Escriba el valor unitario (por ejemplo 12.500 o 12.500,50)');
  });
  const typed = (path: string, text: string, required: boolean) => {
    if (text.trim() === '' ? required : readNumber(text) === null) add(errors, path, 'Escriba un número (por ejemplo 10 o 2,5)');
  };
  if (values.aiu.enabled) {
    typed('aiu.contract_base', values.aiu.contract_base, false);
    for (const name of ['administracion_percent', 'imprevistos_percent', 'utilidad_percent', 'tax_rate'] as const)
      typed(`aiu.${name}`, values.aiu[name], true);
  }
  values.withholdings.forEach((w, i) => {
    if (!ctx.withholdingTypes.some((t) => t.type === w.type))
      add(errors, `withholdings.${i}.type`, 'Elija un tipo de retención configurado');
    const percent = readNumber(w.percent);
    if (percent === null || Number(percent) < 0 || Number(percent) > 100)
      add(errors, `withholdings.${i}.percent`, 'El porcentaje debe estar entre 0 y 100');
  });
  if (values.currency.commercial_currency === 'USD') {
    typed('currency.applied_rate', values.currency.applied_rate, true);
    typed('currency.official_trm', values.currency.official_trm, false);
    if (!values.currency.rate_date) add(errors, 'currency.rate_date', 'Indique la fecha de la TRM');
  }
  const date = (path: string, text: string) => {
    if (text !== '' && !isIsoDate(text)) add(errors, path, 'Escriba la fecha como dd/mm/aaaa (por ejemplo 20/12/2026)');
  };
  if (values.payment.form === 'credito') date('payment.due_date', values.payment.due_date);
  if (values.currency.commercial_currency === 'USD') date('currency.rate_date', values.currency.rate_date);
  if (values.es_contingencia) {
    date('fecha_emision', values.fecha_emision);
    contingencyTicket(values, ctx.contingencyNumbering, errors);
  }
  if (!values.payment.method_id && values.payment.split.length === 0) add(errors, 'payment.method_id', 'Elija el medio de pago');
  // How the buyer pays at the counter: the split adds up to the amount payable, the cash covers its part.
  if (values.payment.form === 'contado' && (values.payment.split.length > 0 || values.payment.received.trim() !== '')) {
    const due = computeFormTotals(values, ctx.withholdingTypes).netoPagar;
    const { problem } = formPayments(values, ctx.paymentMethods, due);
    if (problem) add(errors, problem.path, problem.message);
  }
  if (values.payment.form === 'credito' && !values.payment.due_date)
    add(errors, 'payment.due_date', 'La fecha de vencimiento es obligatoria para pagos a crédito');
  if (values.observaciones.length > LIMITS.observacionesMax)
    add(errors, 'observaciones', `Admite hasta ${LIMITS.observacionesMax} caracteres`);
  if (
    values.receptor.tipo_doc === '31' &&
    values.receptor.numero_doc.trim() !== '' &&
    !/^\d{1,15}$/.test(values.receptor.numero_doc.trim())
  ) {
    add(errors, 'receptor.numero_doc', 'El NIT se escribe solo con dígitos y sin el dígito de verificación');
  }

  const totals = computeFeTotals(values.items.map(lineInput), aiuInput(values));
  const request = buildRequest(values, totals, {
    draftKey: 'validation',
    withholdingTypes: ctx.withholdingTypes,
    paymentMethods: ctx.paymentMethods,
    contingencyNumbering: ctx.contingencyNumbering,
  });
  // Withholdings were checked above against the connection's configured types; the shared rule only
  // knows the sandbox's base modes, so it does not judge them here.
  const shared = validateFeRequest(
    { ...request, withholdings: [] },
    { today: ctx.today, paymentMethods: ctx.paymentMethods, withholdingTypes: [] },
  );
  if (!shared.ok) for (const e of shared.errors) add(errors, formPath(e.field), e.message);
  const parsed = schema.safeParse(request);
  if (!parsed.success) for (const issue of fieldIssues(parsed.error)) add(errors, formPath(issue.path), issue.message);
  return errors;
}
