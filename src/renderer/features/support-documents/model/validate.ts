// Runs the shared DSE rules (the very code the sandbox runs) over the form and puts each Spanish
// message on the control it belongs to; also the live preview of lines, withholdings and totals.
import { DseCreateRequest } from '#shared/api/index';
import { FieldErrors, type FieldError } from '#shared/api/fields';
import {
  computeDseAmounts,
  readDseItems,
  readDseWithholdings,
  validateDseRequest,
  type DseCostCenter,
  type DseDocumentAmounts,
  type DseLine,
  type DseWithholding,
} from '#shared/dse/index';
import { sum, ZERO, type Dec } from '#shared/money';
import type { DseFormValues } from './form-values';
import { toRawRequest, type Raw } from './to-request';

export interface WithholdingPreview {
  row: number;
  enabled: boolean;
  /** computed by the shared rules; null when the row breaks one */
  value: DseWithholding | null;
}

export interface DsePreview {
  lines: (DseLine | null)[];
  amounts: DseDocumentAmounts;
  withholdings: WithholdingPreview[];
  total_retenciones: Dec;
  neto_pagar: Dec;
  invalidLines: number;
}

export interface DseValidation {
  /** form path ("items.3.codigo", "proveedor.nit", "retenciones") -> Spanish message */
  errors: Record<string, string>;
  /** every broken withholding rule of the contract, by its number (1-9) */
  brokenRules: Set<number>;
  /** the request to submit, when every rule holds */
  request: DseCreateRequest | null;
  preview: DsePreview;
}

const WITHHOLDING_FIELD: Record<string, string> = {
  retention_key: 'code',
  dian_tax_code: 'code',
  tax_name: 'code',
  base_mode: 'base_mode',
  base_amount: 'base_amount',
  base: 'base_amount',
  percent: 'percent',
  amount: 'amount',
};

/** "items[3].codigo" -> "items.3.codigo"; withholdings are renumbered to the form's rows. */
export function formPathOf(field: string, withholdingRows: readonly number[]): string {
  const w = /^retenciones\[(\d+)\]\.?(\w*)/.exec(field);
  if (w) {
    const row = withholdingRows[Number(w[1])] ?? Number(w[1]);
    return `retenciones.${row}.${WITHHOLDING_FIELD[w[2] ?? ''] ?? 'code'}`;
  }
  const path = field.replace(/\[(\d+)\]/g, '.$1');
  if (path === 'proveedor.numero_documento') return 'proveedor.nit';
  if (path === 'payment_due_date') return 'fecha_vencimiento';
  return path;
}

/**
 * The form field that shows a server path (the contract's "items[0].codigo" or an RPC input path
 * "items.0.codigo"), or null when the form holds no such value. Withholdings are renumbered to the
 * form's rows as they were sent.
 */
export function dseFieldOf(serverPath: string, values: DseFormValues, today: string): string | null {
  const bracketed = serverPath.replace(/^request\./, '').replace(/\.(\d+)(?=\.|$)/g, '[$1]');
  const path = formPathOf(bracketed, toRawRequest(values, today).withholdingRows);
  const value = path
    .split('.')
    .reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), values);
  return value === undefined ? null : path;
}

/** The request's parts the form shows no control for, in the user's words. */
const DSE_LABELS: Record<string, string> = {
  proveedor: 'Proveedor',
  items: 'Líneas del documento',
  retenciones: 'Retenciones',
  cost_centers: 'Centros de costo',
  subtotal: 'Subtotal',
  total: 'Total',
};

export function dseLabelOf(serverPath: string): string | undefined {
  return DSE_LABELS[serverPath.replace(/^request\./, '').replace(/[.[].*$/, '')];
}

/** A shared rule's message under its control (the form names the field itself), capitalised. */
export function messageOf(error: FieldError): string {
  return error.message.charAt(0).toUpperCase() + error.message.slice(1);
}

function withholdingRule(field: string, values: DseFormValues, withholdingRows: readonly number[]): number | null {
  const m = /^retenciones(?:\[(\d+)\]\.(\w+))?$/.exec(field);
  if (!m) return null;
  if (m[1] === undefined) return 9;
  const row = values.retenciones[withholdingRows[Number(m[1])] ?? -1];
  switch (m[2]) {
    case 'retention_key':
      return 3;
    case 'dian_tax_code':
    case 'tax_name':
      return 4;
    case 'base_amount':
    case 'base':
      return 5;
    case 'percent':
      return row && row.percent.trim().startsWith('-') ? 6 : null;
    case 'amount':
      return row && row.percent.trim() !== '' && !row.amount.trim().startsWith('-') ? 7 : null;
    default:
      return null;
  }
}

function preview(
  body: Raw,
  values: DseFormValues,
  withholdingRows: readonly number[],
  costCenters: readonly DseCostCenter[],
): DsePreview {
  const items = body.items as Raw[];
  const lines = items.map((item) => readDseItems([item], costCenters, new FieldErrors())?.[0] ?? null);
  const amounts = computeDseAmounts(lines.filter((l): l is DseLine => l !== null));
  const sent = body.retenciones as Raw[];
  const withholdings: WithholdingPreview[] = values.retenciones.map((w, row) => {
    const index = withholdingRows.indexOf(row);
    const value = index < 0 ? null : (readDseWithholdings([sent[index]], amounts, new FieldErrors())?.[0] ?? null);
    return { row, enabled: w.enabled, value };
  });
  const total = sum(withholdings.map((w) => w.value?.amount ?? ZERO));
  return {
    lines,
    amounts,
    withholdings,
    total_retenciones: total,
    neto_pagar: amounts.total.minus(total),
    invalidLines: lines.filter((l) => l === null).length,
  };
}

export function validateDseForm(
  values: DseFormValues,
  ctx: { today: string; nowTime: string; costCenters: readonly DseCostCenter[] },
): DseValidation {
  const { body, withholdingRows, parseErrors } = toRawRequest(values, ctx.today);
  const result = validateDseRequest(body, { today: ctx.today, nowTime: ctx.nowTime, costCenters: ctx.costCenters });
  const errors: Record<string, string> = {};
  const brokenRules = new Set<number>();
  const shown = preview(body, values, withholdingRows, ctx.costCenters);
  if (!result.ok) {
    const list = [...result.errors];
    // The shared request rules judge withholdings only once every line is valid; while a line is
    // still wrong, the same withholding rules run on the lines that are valid, so they stay visible.
    if (!list.some((e) => e.field.startsWith('retenciones')) && shown.invalidLines > 0) {
      const extra = new FieldErrors();
      readDseWithholdings(body.retenciones, shown.amounts, extra);
      list.push(...extra.list);
    }
    for (const error of list) {
      const path = formPathOf(error.field, withholdingRows);
      errors[path] ??= messageOf(error);
      const rule = withholdingRule(error.field, values, withholdingRows);
      if (rule !== null) brokenRules.add(rule);
    }
  }
  // A number that could not be read says so, rather than "is required".
  Object.assign(errors, parseErrors);
  let request: DseCreateRequest | null = null;
  if (result.ok && Object.keys(parseErrors).length === 0) {
    const parsed = DseCreateRequest.safeParse(body);
    if (parsed.success) request = parsed.data;
    else errors.body = 'Los datos no tienen la forma que espera el servicio. Revise los campos.';
  }
  return { errors, brokenRules, request, preview: shown };
}
