// The FE form's values as the user types them (numbers are es-CO text until they are read), and the
// defaults of a new invoice.
import { registerKey } from '#shared/registers/keys';
import { keyRegister, randomUuid } from '#renderer/rpc/key-register';
import type { FeWithholdingType } from '#shared/rpc/methods/fe';

export interface FeItemValues {
  /** stable React key of the line (not sent) */
  key: string;
  desc: string;
  cant: string;
  /** the unit value as typed: the base unit value, or the price with tax when `iva_incluido` */
  unit: string;
  /** rate in percent, as the tax select gives it */
  iva: string;
  iva_incluido: boolean;
  /**
   * The catalog code the line was sold from (not sent): a second scan of it adds 1 to this line. Kept
   * in the draft with the line, so a rescan is +1 after leaving Facturas or restarting too.
   */
  product?: string;
}

export interface FeWithholdingValues {
  type: string;
  percent: string;
}

export interface FeFormValues {
  receptor: { tipo_doc: string; numero_doc: string; nombre: string; email: string; direccion: string };
  items: FeItemValues[];
  fecha_emision: string;
  /**
   * `received`: the cash the buyer handed over, as typed (not sent; kept for the change and the
   * ticket). `split`: a sale paid by several means, each with its amount (empty: `method_id` pays it all).
   */
  payment: {
    form: 'contado' | 'credito';
    method_id: string;
    due_date: string;
    received: string;
    split: { method_id: string; amount: string }[];
  };
  aiu: {
    enabled: boolean;
    contract_base: string;
    administracion_percent: string;
    imprevistos_percent: string;
    utilidad_percent: string;
    tax_rate: string;
    iva_base_mode: 'AIU_TOTAL' | 'UTILIDAD';
  };
  withholdings: FeWithholdingValues[];
  currency: { commercial_currency: 'COP' | 'USD'; applied_rate: string; official_trm: string; rate_date: string };
  observaciones: string;
  es_contingencia: boolean;
  /** A contingency invoice typed after the sale: the paper ticket's number and the time it was made. */
  contingencia: { talonario: string; hora: string };
}

let keySeq = 0;
export function lineKey(): string {
  keySeq += 1;
  return `line-${Date.now().toString(36)}-${keySeq}`;
}

export function emptyItem(): FeItemValues {
  return { key: lineKey(), desc: '', cant: '1', unit: '', iva: '19', iva_incluido: false };
}

export function defaultValues(today: string): FeFormValues {
  return {
    receptor: { tipo_doc: '13', numero_doc: '', nombre: '', email: '', direccion: '' },
    items: [emptyItem()],
    fecha_emision: today,
    payment: { form: 'contado', method_id: '', due_date: '', received: '', split: [] },
    aiu: {
      enabled: false,
      contract_base: '',
      administracion_percent: '',
      imprevistos_percent: '',
      utilidad_percent: '',
      tax_rate: '19',
      iva_base_mode: 'AIU_TOTAL',
    },
    withholdings: [],
    currency: { commercial_currency: 'COP', applied_rate: '', official_trm: '', rate_date: today },
    observaciones: '',
    es_contingencia: false,
    contingencia: { talonario: '', hora: '' },
  };
}

/** A draft saved by an older version or edited by hand is merged over the defaults, never trusted blindly. */
export function valuesFromDraft(data: Record<string, unknown>, today: string): FeFormValues {
  const base = defaultValues(today);
  const d = data as Partial<FeFormValues>;
  const items =
    Array.isArray(d.items) && d.items.length > 0
      ? d.items.map((item) => ({ ...emptyItem(), ...item, key: lineKey() }))
      : base.items;
  return {
    ...base,
    ...d,
    receptor: { ...base.receptor, ...d.receptor },
    items,
    payment: { ...base.payment, ...d.payment, split: Array.isArray(d.payment?.split) ? d.payment.split : [] },
    aiu: { ...base.aiu, ...d.aiu },
    withholdings: Array.isArray(d.withholdings) ? d.withholdings : [],
    currency: { ...base.currency, ...d.currency },
    contingencia: { ...base.contingencia, ...d.contingencia },
    // The issue date is always today's when the form opens again (DIAN rule since 2024-05-01).
    fecha_emision: d.es_contingencia ? (d.fecha_emision ?? today) : today,
  };
}

/**
 * The idempotency key of one invoice: created once per form, kept in its draft ("6. Create FE"),
 * naming this register (`fe-K7QM2X9A-<uuid>`) once the shell knows which one it is.
 */
export function newDraftKey(): string {
  const register = keyRegister();
  return register ? registerKey('fe', register, randomUuid()) : `fe-${randomUuid()}`;
}

export type WithholdingTypes = readonly FeWithholdingType[];
