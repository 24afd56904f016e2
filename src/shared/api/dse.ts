// DSE (electronic support document) resources of the external API v1: "DSE create request",
// "DSE document", "DSE response envelope fields". These are the canonical names this client sends;
// the sandbox also accepts the contract's aliases (see src/shared/dse/normalize.ts).
import { z } from 'zod';
import { IsoDate, MoneyString } from './common';
import { DianResult } from './dian';

export const DSE_STATES = [
  'firmado',
  'sending',
  'enviado',
  'en_proceso',
  'en_proceso_http',
  'send_unknown',
  'aceptado',
  'rechazado',
] as const;
export const DseState = z.enum(DSE_STATES);
export type DseState = z.infer<typeof DseState>;
export const DSE_TERMINAL_STATES: readonly DseState[] = ['aceptado', 'rechazado'];
export function isTerminalDseState(state: string): boolean {
  return state === 'aceptado' || state === 'rechazado';
}

export const DseProveedor = z.object({
  tipo_documento: z.string().min(1),
  nit: z.string().min(1),
  dv: z.string().optional(),
  nombre: z.string().min(1),
  nombre_comercial: z.string().optional(),
  regimen: z.string().optional(),
  dian_tax_scheme_code: z.string().optional(),
  direccion: z.string().optional(),
  municipio: z.string().optional(),
  codigo_municipio: z.string().optional(),
  departamento: z.string().optional(),
  codigo_departamento: z.string().optional(),
  pais: z.string().optional(),
  email: z.string().optional(),
  telefono: z.string().optional(),
  codigo_postal: z.string().optional(),
});
export type DseProveedor = z.infer<typeof DseProveedor>;

export const DseItem = z.object({
  codigo: z.string().regex(/^\d{8}$/, 'código UNSPSC de 8 dígitos'),
  descripcion: z.string().min(1),
  cantidad: z.number().positive(),
  unidad_medida: z.string().optional(),
  precio_unitario: z.number().nonnegative(),
  porcentaje_iva: z.number().nonnegative().optional(),
  cost_center_id: z.number().int().optional(),
  cost_center_code: z.string().optional(),
});
export type DseItem = z.infer<typeof DseItem>;

export const WITHHOLDING_CODES = [
  { code: '05', key: 'reteiva', name: 'ReteIVA' },
  { code: '06', key: 'reterenta', name: 'ReteRenta' },
  { code: '07', key: 'reteica', name: 'ReteICA' },
] as const;
export const BASE_MODES = ['subtotal', 'impuestos', 'total'] as const;
export const BaseMode = z.enum(BASE_MODES);
export type BaseMode = z.infer<typeof BaseMode>;

export const DseRetencion = z.object({
  retention_key: z.string().min(1),
  dian_tax_code: z.string().min(1),
  tax_name: z.string().min(1),
  base_mode: BaseMode.optional(),
  base_amount: z.number().optional(),
  percent: z.number().optional(),
  amount: z.number().optional(),
  enabled: z.boolean().optional(),
  display_order: z.number().int().optional(),
});
export type DseRetencion = z.infer<typeof DseRetencion>;

/** Body of `POST /companies/{company_id}/dse/documentos` as this client sends it. */
export const DseCreateRequest = z.object({
  fecha_documento: IsoDate,
  hora: z.string().optional(),
  moneda: z.string().optional(),
  proveedor: DseProveedor,
  items: z.array(DseItem).min(1),
  forma_generacion: z.enum(['1', '2']),
  fecha_inicio_periodo: IsoDate.optional(),
  fecha_fin_periodo: IsoDate.optional(),
  forma_pago: z.enum(['1', '2']),
  medio_pago_codigo: z.string().regex(/^\d{1,3}$/, 'código numérico de 1 a 3 dígitos'),
  fecha_vencimiento: IsoDate.optional(),
  fecha_vencimiento_contable: IsoDate.optional(),
  retenciones: z.array(DseRetencion),
});
export type DseCreateRequest = z.infer<typeof DseCreateRequest>;

/** DSE document: the full form of endpoint 8; the partial forms on replay and 502 carry fewer fields. */
export const DseDocument = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  prefijo: z.string(),
  consecutivo: z.number().int(),
  document_date: IsoDate,
  accounting_due_date: z.string().nullable(),
  moneda: z.string(),
  subtotal: MoneyString,
  impuestos: MoneyString,
  total: MoneyString,
  total_retenciones: MoneyString,
  es_habilitacion: z.number().int(),
  xml_path: z.string(),
  estado_dian: DseState,
  cuds: z.string(),
  zip_key: z.string(),
  last_status_error: z.string().nullable(),
  accounting_status: z.string(),
  third_party_id: z.number().int(),
  cost_center_id: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DseDocument = z.infer<typeof DseDocument>;

/**
 * A DSE document as the client reads it from any conforming server: a state it may not know (the
 * moves among non-terminal states are "not shown"), `zip_key` absent or null.
 */
export const DseDocumentAsRead = DseDocument.extend({ estado_dian: z.string(), zip_key: z.string().nullable() });
export type DseDocumentAsRead = z.infer<typeof DseDocumentAsRead>;

/** Create (201) carries these; replay and 502 may carry only `id` and `estado_dian`. */
export const DsePartialDocument = DseDocument.partial().extend({
  id: z.number().int(),
  estado_dian: DseState,
});
export type DsePartialDocument = z.infer<typeof DsePartialDocument>;

/** Every DSE create answer (201, 200, 202, 422, 502) parses with this; the status tells which. */
export const DseCreateEnvelope = z.object({
  ok: z.boolean(),
  pending: z.boolean().optional(),
  idempotent: z.boolean().optional(),
  documento: DsePartialDocument.optional(),
  dian: DianResult.optional(),
  message: z.string().optional(),
  request_status: z.string().optional(),
  error: z.string().optional(),
});
export type DseCreateEnvelope = z.infer<typeof DseCreateEnvelope>;

export const DseGetResponse = z.object({
  ok: z.literal(true),
  pending: z.boolean(),
  documento: DseDocument,
});
export type DseGetResponse = z.infer<typeof DseGetResponse>;

// The answers of "7. Create, sign and send DSE", one schema per status of the Responses table.

/** 201: new document processed and not classified rejected. */
export const DseCreatedResponse = z.object({
  ok: z.literal(true),
  pending: z.literal(false),
  idempotent: z.literal(false),
  documento: DseDocument,
  dian: DianResult,
});

/** 200: replay of a key whose document already exists. */
export const DseReplayResponse = z.object({
  ok: z.literal(true),
  idempotent: z.literal(true),
  pending: z.literal(false),
  documento: DsePartialDocument,
});

/** 202: same key and payload, reservation without a terminal document. `documento` is a sandbox extra. */
export const DseReservedResponse = z.object({
  ok: z.literal(true),
  idempotent: z.literal(true),
  pending: z.literal(true),
  message: z.string(),
  request_status: z.string(),
  documento: DsePartialDocument.optional(),
});

/**
 * 422: classified rejected, also on replay. Sandbox decision ("body of 422: not shown"): the error
 * envelope with `pending` false, `idempotent`, the (partial on replay) `documento` and, when new, `dian`.
 */
export const DseRejectedResponse = z.object({
  ok: z.literal(false),
  error: z.string(),
  pending: z.literal(false),
  idempotent: z.boolean(),
  documento: DsePartialDocument,
  dian: DianResult.optional(),
});

/** 502: transport or tax-authority result uncertain. */
export const DseUncertainResponse = z.object({
  ok: z.literal(false),
  error: z.string(),
  pending: z.literal(true),
  idempotent: z.literal(false),
  documento: DsePartialDocument,
});
