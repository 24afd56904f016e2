// From what the user typed to the shared FE calculations (src/shared/fe), so that the screen shows
// exactly what the server will compute, and to the request body whose subtotal, impuestos and total
// are always the computed ones ("FE create request": consistent with the lines).
import type { FeCreateRequest, PaymentMethod } from '#shared/api/fe';
import {
  computeFeLine,
  FE_WITHHOLDING_BASE_MODES,
  feTotalsOfLines,
  formatContingencyReference,
  observacionesWithReference,
  ticketReference,
  toCop,
  type FeAiuInput,
  type FeLine,
  type FeLineInput,
  type FeTotals,
  type FeWithholdingBaseMode,
  type FeWithholdingInput,
} from '#shared/fe/index';
import { dec, toRequestNumber, ZERO, type Dec } from '#shared/money';
import { LIMITS } from '#shared/api/common';
import type { FeSubmitInput } from '#shared/rpc/methods/fe';
import type { NumberingResolution } from '#shared/rpc/methods/history';
import { parseUserNumber } from '#shared/user-number';
import type { FeFormValues, FeItemValues, WithholdingTypes } from './model';
import { saleReceptor } from '../counter/consumidor-final';
import { invoiceMethodId } from '../counter/sale-payments';
import type { z } from 'zod';

/** A typed number, or null when the text is empty or not a number. */
export function readNumber(text: string): string | null {
  return parseUserNumber(text);
}

function numberOr0(text: string): string {
  return readNumber(text) ?? '0';
}

export function lineInput(item: FeItemValues): FeLineInput {
  const typed = numberOr0(item.unit);
  return {
    cant: numberOr0(item.cant),
    iva: numberOr0(item.iva),
    iva_incluido: item.iva_incluido,
    unit: typed,
    unit_input: typed,
  };
}

export function aiuInput(values: FeFormValues): FeAiuInput | undefined {
  const a = values.aiu;
  if (!a.enabled) return undefined;
  const base = readNumber(a.contract_base);
  return {
    enabled: true,
    ...(base !== null ? { contract_base: base } : {}),
    administracion_percent: numberOr0(a.administracion_percent),
    imprevistos_percent: numberOr0(a.imprevistos_percent),
    utilidad_percent: numberOr0(a.utilidad_percent),
    tax_rate: numberOr0(a.tax_rate),
    iva_base_mode: a.iva_base_mode,
  };
}

function isKnownBaseMode(mode: string): mode is FeWithholdingBaseMode {
  return (FE_WITHHOLDING_BASE_MODES as readonly string[]).includes(mode);
}

/**
 * Withholdings whose amount the app can compute: their base mode is one the shared calculation
 * knows (subtotal, impuestos, total). Others are sent as configured and computed by the provider.
 */
export function computableWithholdings(values: FeFormValues, types: WithholdingTypes): FeWithholdingInput[] {
  return values.withholdings.flatMap((w) => {
    const type = types.find((t) => t.type === w.type);
    return type && isKnownBaseMode(type.base_mode)
      ? [{ type: w.type, base_mode: type.base_mode, percent: numberOr0(w.percent) }]
      : [];
  });
}

export interface FormTotals extends FeTotals {
  currency: 'COP' | 'USD';
  /** COP equivalents of a USD invoice at the applied rate; null for COP or without a rate */
  cop: { subtotal: Dec; impuestos: Dec; total: Dec } | null;
}

/**
 * computeFeLine of a typed line, remembered by what was typed: a keystroke changes one line, and the
 * other lines of a long invoice are not parsed and computed again (parsing a typed number builds a
 * decimal; 200 lines of that per keystroke was the form's largest share of script time). Results
 * are immutable, so lines typed alike share one. Bounded: cleared when it grows past `limit`.
 */
export class LineCalculator {
  private readonly results = new Map<string, FeLine>();

  constructor(private readonly limit = 4096) {}

  line(item: FeItemValues): FeLine {
    const key = `${item.cant}\u0000${item.unit}\u0000${item.iva}\u0000${item.iva_incluido ? 1 : 0}`;
    const known = this.results.get(key);
    if (known) return known;
    const line = computeFeLine(lineInput(item));
    if (this.results.size >= this.limit) this.results.clear();
    this.results.set(key, line);
    return line;
  }
}

export function computeFormTotals(
  values: FeFormValues,
  types: WithholdingTypes,
  calculator: LineCalculator = new LineCalculator(),
): FormTotals {
  const lines = values.items.map((item) => calculator.line(item));
  const totals = feTotalsOfLines(lines, aiuInput(values), computableWithholdings(values, types));
  const currency = values.currency.commercial_currency;
  const rate = readNumber(values.currency.applied_rate);
  const cop =
    currency === 'USD' && rate !== null && dec(rate).gt(ZERO)
      ? {
          subtotal: toCop(totals.subtotal, rate, 'USD'),
          impuestos: toCop(totals.impuestos, rate, 'USD'),
          total: toCop(totals.total, rate, 'USD'),
        }
      : null;
  return { ...totals, currency, cop };
}

function requestNumber(text: string): number {
  return Number(numberOr0(text));
}

/** The paper ticket a contingency invoice typed after the sale replaces, when the form holds a whole one. */
function typedTicket(values: FeFormValues, numbering: NumberingResolution | null) {
  const number = values.contingencia.talonario.trim();
  if (!numbering || !/^\d{1,12}$/.test(number) || !/^\d{2}:\d{2}$/.test(values.contingencia.hora)) return null;
  return ticketReference(numbering, Number(number), values.fecha_emision, `${values.contingencia.hora}:00`);
}

/** The body `fe.submit` sends; totals always the computed ones. */
export interface RequestContext {
  draftKey: string;
  withholdingTypes: WithholdingTypes;
  paymentMethods: readonly PaymentMethod[];
  /** The shop's contingency numbering: a contingency invoice carries its ticket's reference. */
  contingencyNumbering?: NumberingResolution | null;
}

export function buildRequest(values: FeFormValues, totals: FeTotals, ctx: RequestContext): z.input<typeof FeSubmitInput> {
  const { draftKey, withholdingTypes: types, paymentMethods } = ctx;
  // A split payment names on the invoice the means with the largest amount (docs/CLIENT-DECISIONS.md).
  const methodId = invoiceMethodId(values);
  const method = paymentMethods.find((m) => String(m.id) === methodId);
  // No customer chosen: the sale is to «consumidor final».
  const r = saleReceptor(values.receptor);
  const items: FeCreateRequest['items'] = values.items.map((item, i) => {
    const line = totals.lines[i]!;
    const typed = requestNumber(item.unit);
    return {
      desc: item.desc.trim(),
      cant: requestNumber(item.cant),
      // The base unit value; derived from the typed price when it includes the tax.
      unit: item.iva_incluido ? Number(line.unitValue.toDecimalPlaces(6).toFixed()) : typed,
      iva: requestNumber(item.iva),
      iva_incluido: item.iva_incluido,
      unit_input: typed,
    };
  });
  const aiu = aiuInput(values);
  const currency = values.currency;
  const request: z.input<typeof FeSubmitInput> = {
    receptor: {
      tipo_doc: r.tipo_doc,
      numero_doc: r.numero_doc.trim(),
      nombre: r.nombre.trim(),
      email: r.email.trim(),
      direccion: r.direccion.trim(),
    },
    items,
    subtotal: toRequestNumber(totals.subtotal),
    impuestos: toRequestNumber(totals.impuestos),
    total: toRequestNumber(totals.total),
    es_contingencia: values.es_contingencia,
    fecha_emision: values.fecha_emision,
    payment: {
      form: values.payment.form,
      method_id: Number(methodId),
      // "FE payment": the means code comes from the chosen method of the company's catalog.
      means_code: method?.payment_means_code ?? '',
      due_date: values.payment.form === 'credito' ? values.payment.due_date : '',
    },
    aiu: aiu
      ? {
          enabled: true,
          ...(aiu.contract_base !== undefined ? { contract_base: Number(aiu.contract_base) } : {}),
          administracion_percent: Number(aiu.administracion_percent),
          imprevistos_percent: Number(aiu.imprevistos_percent),
          utilidad_percent: Number(aiu.utilidad_percent),
          tax_rate: Number(aiu.tax_rate),
          iva_base_mode: aiu.iva_base_mode,
        }
      : { enabled: false },
    withholdings: values.withholdings.map((w) => ({
      type: w.type,
      base_mode: types.find((t) => t.type === w.type)?.base_mode ?? '',
      percent: requestNumber(w.percent),
    })),
    attachment_tokens: [],
    draft_key: draftKey,
  };
  if (currency.commercial_currency === 'USD') {
    const applied = readNumber(currency.applied_rate);
    const trm = readNumber(currency.official_trm);
    request.currency = {
      commercial_currency: 'USD',
      applied_rate: applied !== null ? Number(applied) : null,
      official_trm: trm !== null ? Number(trm) : null,
      rate_date: currency.rate_date,
    };
  }
  const observaciones = values.observaciones.trim();
  if (observaciones) request.observaciones = observaciones;
  const reference = values.es_contingencia ? typedTicket(values, ctx.contingencyNumbering ?? null) : null;
  if (reference)
    request.observaciones = observacionesWithReference(
      observaciones,
      formatContingencyReference(reference),
      LIMITS.observacionesMax,
    );
  return request;
}
