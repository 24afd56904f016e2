// FE (electronic sales invoice) resources of the external API v1: "Resources and their fields".
import { z } from 'zod';
import { DianResult } from './dian';
import { IsoDate, LIMITS, MoneyString } from './common';

/** Identification types of DIAN (Resolución 000042 de 2020, tabla 13.2.1). The real type must be sent. */
export const IDENTIFICATION_TYPES = [
  { code: '11', label: 'Registro civil de nacimiento' },
  { code: '12', label: 'Tarjeta de identidad' },
  { code: '13', label: 'Cédula de ciudadanía' },
  { code: '21', label: 'Tarjeta de extranjería' },
  { code: '22', label: 'Cédula de extranjería' },
  { code: '31', label: 'NIT' },
  { code: '41', label: 'Pasaporte' },
  { code: '42', label: 'Documento de identificación extranjero' },
  { code: '47', label: 'PEP (Permiso especial de permanencia)' },
  { code: '48', label: 'PPT (Permiso por protección temporal)' },
  { code: '50', label: 'NIT de otro país' },
  { code: '91', label: 'NUIP' },
] as const;
export const IDENTIFICATION_TYPE_CODES = IDENTIFICATION_TYPES.map((t) => t.code) as [string, ...string[]];
export const IdentificationType = z.enum(IDENTIFICATION_TYPE_CODES);

export const FeReceptor = z.object({
  tipo_doc: z.string().min(1),
  numero_doc: z.string().min(1),
  nombre: z.string().min(1),
  email: z.string(),
  direccion: z.string(),
});
export type FeReceptor = z.infer<typeof FeReceptor>;

export const FeItem = z.object({
  desc: z.string().min(1),
  cant: z.number().positive(),
  unit: z.number().nonnegative(),
  iva: z.number().nonnegative(),
  iva_incluido: z.boolean(),
  unit_input: z.number().nonnegative(),
  codigo_impuesto: z.string().optional(),
  tax_code: z.string().optional(),
});
export type FeItem = z.infer<typeof FeItem>;

export const PaymentForm = z.enum(['contado', 'credito']);

export const FePayment = z.object({
  form: PaymentForm,
  method_id: z.number().int(),
  means_code: z.string(),
  due_date: z.union([IsoDate, z.literal('')]),
});
export type FePayment = z.infer<typeof FePayment>;

export const FeAiu = z.object({
  enabled: z.boolean(),
  contract_base: z.number().nonnegative().optional(),
  administracion_percent: z.number().nonnegative().optional(),
  imprevistos_percent: z.number().nonnegative().optional(),
  utilidad_percent: z.number().nonnegative().optional(),
  tax_rate: z.number().nonnegative().optional(),
  iva_base_mode: z.string().optional(),
});
export type FeAiu = z.infer<typeof FeAiu>;

export const FeWithholding = z.object({
  type: z.string().min(1),
  base_mode: z.string().min(1),
  percent: z.number().nonnegative(),
});
export type FeWithholding = z.infer<typeof FeWithholding>;

export const FeCurrency = z.object({
  commercial_currency: z.enum(['COP', 'USD']),
  applied_rate: z.number().positive().nullable(),
  official_trm: z.number().positive().nullable(),
  rate_date: IsoDate,
});
export type FeCurrency = z.infer<typeof FeCurrency>;

/** Body of `POST /companies/{company_id}/fe/facturas`, as this client sends it. */
export const FeCreateRequest = z.object({
  receptor: FeReceptor,
  items: z.array(FeItem).min(1),
  subtotal: z.number(),
  impuestos: z.number(),
  total: z.number(),
  es_contingencia: z.boolean().optional(),
  fecha_emision: IsoDate,
  payment: FePayment,
  aiu: FeAiu.optional(),
  withholdings: z.array(FeWithholding),
  currency: FeCurrency.optional(),
  observaciones: z.string().max(LIMITS.observacionesMax).optional(),
  attachment_tokens: z.array(z.string()),
  draft_key: z.string().min(1).max(LIMITS.draftKeyMax),
});
export type FeCreateRequest = z.infer<typeof FeCreateRequest>;

export const FeCreateResponse = z.object({
  ok: z.boolean(),
  factura_id: z.number().int(),
  cufe: z.string(),
  estado: z.string(),
  enviado: z.boolean(),
});
export type FeCreateResponse = z.infer<typeof FeCreateResponse>;

export const FeTercero = z.object({
  id: z.number().int(),
  nombre: z.string(),
  tipo_documento: z.string(),
  numero_documento: z.string(),
  email: z.string(),
});

export const FeDocumentItem = z.object({
  id: z.number().int(),
  descripcion: z.string(),
  cantidad: MoneyString,
  valor_unitario: MoneyString,
  descuento: MoneyString,
  base_imponible: MoneyString,
  impuesto: MoneyString,
  tipo_impuesto: z.string(),
  codigo_impuesto: z.string(),
});

export const FeDocument = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  tipo_dian: z.enum(['01', '91']),
  prefijo: z.string(),
  consecutivo: z.number().int(),
  estado_dian: z.string(),
  cufe: z.string(),
  es_habilitacion: z.boolean(),
  subtotal: MoneyString,
  impuestos: MoneyString,
  total: MoneyString,
  moneda: z.string(),
  /** date-time without zone */
  fecha_emision: z.string(),
  fecha_vencimiento: z.string().nullable(),
  xml_path: z.string(),
  track_id: z.string().nullable(),
  zip_key: z.string().optional(),
  tercero: FeTercero,
  items: z.array(FeDocumentItem),
});
export type FeDocument = z.infer<typeof FeDocument>;

export const FeDetailResponse = z.object({ ok: z.literal(true), doc: FeDocument });

/** Sandbox decision ("Response body shape: not shown"): a page of documents and its position. */
export const FeListResponse = z.object({
  ok: z.literal(true),
  docs: z.array(FeDocument),
  page: z.number().int().min(1),
  per_page: z.number().int().min(1),
  total: z.number().int().min(0),
  total_pages: z.number().int().min(0),
});
export type FeListResponse = z.infer<typeof FeListResponse>;

export const FE_LIST_ESTADOS = ['aprobado', 'rechazado', 'pendiente'] as const;
export const FeListQuery = z.object({
  page: z.number().int().min(1).optional(),
  per_page: z.number().int().min(1).optional(),
  tipo: z.enum(['01', '91']).optional(),
  estado: z.enum(FE_LIST_ESTADOS).optional(),
  q: z.string().optional(),
});
export type FeListQuery = z.infer<typeof FeListQuery>;

export const Tercero = z.object({
  id: z.number().int(),
  nombre: z.string(),
  tipo_documento: z.string(),
  numero_documento: z.string(),
  email: z.string(),
  direccion: z.string(),
});
export type Tercero = z.infer<typeof Tercero>;

export const TercerosResponse = z.object({ ok: z.literal(true), terceros: z.array(Tercero) });

export const PaymentMethod = z.object({
  id: z.number().int(),
  payment_form: PaymentForm,
  label: z.string(),
  payment_means_code: z.string(),
  payment_means_name: z.string(),
  is_active: z.boolean(),
  is_default: z.boolean(),
});
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/** Sandbox decision ("Envelope of the response: not shown"). */
export const PaymentMethodsResponse = z.object({ ok: z.literal(true), payment_methods: z.array(PaymentMethod) });

export const AcquirerLookupRequest = z.object({
  identification_type: z.string().min(1),
  identification_number: z.string().min(1),
  force_refresh: z.boolean().optional(),
});
export type AcquirerLookupRequest = z.infer<typeof AcquirerLookupRequest>;

/** Sandbox decision ("Fields of the acquirer record in the response: not shown"). */
export const Acquirer = z.object({
  identification_type: z.string(),
  identification_number: z.string(),
  dv: z.string().nullable(),
  nombre: z.string(),
  email: z.string(),
  direccion: z.string(),
});
export type Acquirer = z.infer<typeof Acquirer>;
export const AcquirerResponse = z.object({ ok: z.literal(true), acquirer: Acquirer });

/**
 * Sandbox decisions ("Error bodies specific to this operation: not shown"; "other fields of the
 * creation response: not shown"). Every FE create answer carries the FeCreateResponse fields plus
 * `idempotent` (true when a known `draft_key` answered) and the number (`prefijo`, `consecutivo`,
 * `numero`). A rejected invoice answers 422 with `ok` false and `error`; an invoice whose result is
 * not yet final answers 202 with `pending` true (poll the detail endpoint).
 */
export const FeCreateSandboxResponse = FeCreateResponse.extend({
  idempotent: z.boolean(),
  prefijo: z.string(),
  consecutivo: z.number().int(),
  numero: z.string(),
});
export const FeCreateRejectedResponse = FeCreateSandboxResponse.extend({
  ok: z.literal(false),
  error: z.string(),
  dian: DianResult.optional(),
});
export const FeCreatePendingResponse = FeCreateSandboxResponse.extend({
  ok: z.literal(true),
  pending: z.literal(true),
  request_status: z.string(),
  message: z.string(),
});
