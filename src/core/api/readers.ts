// Tolerant readers of the answers whose shape the contract leaves open ("not shown"), or fixes
// loosely. Each requires what the contract guarantees for the record and nothing of the envelope;
// harmless differences (an id written as "42", money as a number, `zip_key: null`) are accepted.
// Every guess is listed in docs/CLIENT-DECISIONS.md ("Tolerant reading").
import type { Acquirer, AcquirerLookupRequest, DseDocumentAsRead, FeDocument, PaymentMethod } from '#shared/api/index';
import { canonicalEstado, isTerminalEstado } from '../submissions/states';
import {
  findCount,
  findNext,
  findRecord,
  findRecords,
  firstOf,
  integerOf,
  isEmptyList,
  isObject,
  moneyOf,
  textOf,
  type Json,
  type NextPage,
} from './records';

/** A list answer the reader could not place: no records, and not an empty list either. */
export class UnrecognisedBody extends Error {
  constructor(what: string) {
    super(`unrecognised ${what}`);
    this.name = 'UnrecognisedBody';
  }
}

function listOf(body: unknown, isRecord: (value: Json) => boolean, what: string): { records: Json[]; array: unknown[] | null } {
  const found = findRecords(body, isRecord);
  if (found) return found;
  if (isEmptyList(body)) return { records: [], array: null };
  throw new UnrecognisedBody(what);
}

/** A non-empty text (a number written as such too), trimmed. */
const nonEmpty = (v: unknown) => {
  const text = textOf(v)?.trim();
  return text ? text : undefined;
};

// ---- 4. Payment methods -------------------------------------------------------------------------

const hasId = (r: Json) => integerOf(r.id) !== undefined;
const isPaymentMethodRecord = (r: Json) =>
  hasId(r) && (textOf(r.payment_means_code) !== undefined || textOf(r.payment_form) !== undefined);

/** `contado`/`credito` also as `Contado`, `crédito`, or the fiscal ids 1 and 2 ("FE payment"). */
export function paymentFormOf(value: unknown): 'contado' | 'credito' | undefined {
  const text = textOf(value)
    ?.normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();
  if (text === 'contado' || text === '1') return 'contado';
  if (text === 'credito' || text === '2') return 'credito';
  return undefined;
}

export function readPaymentMethods(body: unknown): PaymentMethod[] {
  const { records } = listOf(body, isPaymentMethodRecord, 'payment methods');
  return records.flatMap((r) => {
    const id = integerOf(r.id)!;
    const form = paymentFormOf(r.payment_form);
    const code = textOf(r.payment_means_code);
    // A method without its form or its means code cannot be offered on an invoice.
    if (!form || code === undefined) return [];
    const name = textOf(r.payment_means_name) ?? '';
    return [
      {
        id,
        payment_form: form,
        label: textOf(r.label) ?? (name || code),
        payment_means_code: code,
        payment_means_name: name,
        is_active: typeof r.is_active === 'boolean' ? r.is_active : true,
        is_default: typeof r.is_default === 'boolean' ? r.is_default : false,
      },
    ];
  });
}

// ---- 1. FE list ---------------------------------------------------------------------------------

const FE_FIELDS = ['consecutivo', 'prefijo', 'cufe', 'estado_dian', 'estado', 'tipo_dian', 'fecha_emision', 'numero', 'total'];
const isFeRecord = (r: Json) => hasId(r) && FE_FIELDS.some((name) => r[name] !== undefined && r[name] !== null);

export interface FeListEntry {
  id: number;
  /** The state as listed, canonical when known; absent when the list does not carry it. */
  estado_dian?: string;
  /** The whole document when the entry carries everything a history row needs. */
  document?: FeDocument;
  /** The operation's key when the server lists it (an extra field): links a local record to it. */
  draftKey?: string;
}

export interface FeListPage {
  entries: FeListEntry[];
  /** Paging metadata when the server gives it (under any usual name, at any shallow depth). */
  total?: number;
  totalPages?: number;
  /** Where the next page is, when the server says (a cursor or a link), and whether more follow. */
  next?: NextPage;
}

export function readFeListPage(body: unknown): FeListPage {
  const { records, array } = listOf(body, isFeRecord, 'FE list');
  const entries = records.map((r) => {
    const estado = estadoOf(r);
    const document = readFeDocument(r, { complete: true }) ?? undefined;
    const draftKey = firstOf(r, ['draft_key', 'idempotency_key', 'request_key'], nonEmpty);
    return {
      id: integerOf(r.id)!,
      ...(estado ? { estado_dian: estado } : {}),
      ...(document ? { document } : {}),
      ...(draftKey ? { draftKey } : {}),
    };
  });
  return {
    entries,
    // Not `count`: many servers give under it the number of entries on this page.
    total: findCount(body, ['total', 'total_count', 'totalCount', 'total_items'], array),
    totalPages: findCount(body, ['total_pages', 'totalPages', 'last_page', 'lastPage', 'pages', 'page_count'], array),
    next: findNext(body, array),
  };
}

function estadoOf(r: Json): string | undefined {
  const raw = firstOf(r, ['estado_dian', 'estado'], (v) => (typeof v === 'string' && v.trim() !== '' ? v : undefined));
  return raw === undefined ? undefined : canonicalEstado(raw);
}

// ---- 2. FE document -----------------------------------------------------------------------------

/**
 * An FE document read loosely. `complete` asks for everything a history row shows (number, date,
 * totals, state); without it (the detail endpoint, which the contract fixes) only `id` and the
 * state are required and the rest falls back to empty values.
 */
export function readFeDocument(raw: unknown, options: { complete: boolean }): FeDocument | null {
  if (!isObject(raw)) return null;
  const id = integerOf(raw.id);
  const estado = estadoOf(raw);
  if (id === undefined || estado === undefined) return null;
  const prefijo = textOf(raw.prefijo);
  const consecutivo = integerOf(raw.consecutivo);
  const total = moneyOf(raw.total);
  const subtotal = moneyOf(raw.subtotal);
  const impuestos = moneyOf(raw.impuestos);
  const fecha =
    typeof raw.fecha_emision === 'string' && /^\d{4}-\d{2}-\d{2}/.test(raw.fecha_emision) ? raw.fecha_emision : undefined;
  const tercero = isObject(raw.tercero) ? raw.tercero : undefined;
  if (
    options.complete &&
    (prefijo === undefined || consecutivo === undefined || !total || !subtotal || !impuestos || !fecha || !tercero)
  ) {
    return null;
  }
  const items = Array.isArray(raw.items) ? raw.items.filter(isObject) : [];
  return {
    id,
    company_id: integerOf(raw.company_id) ?? 0,
    tipo_dian: textOf(raw.tipo_dian) === '91' ? '91' : '01',
    prefijo: prefijo ?? '',
    consecutivo: consecutivo ?? 0,
    estado_dian: estado,
    cufe: textOf(raw.cufe) ?? '',
    es_habilitacion: raw.es_habilitacion === true || raw.es_habilitacion === 1,
    subtotal: subtotal ?? '0.00',
    impuestos: impuestos ?? '0.00',
    total: total ?? '0.00',
    moneda: textOf(raw.moneda) ?? 'COP',
    fecha_emision: fecha ?? '',
    fecha_vencimiento: typeof raw.fecha_vencimiento === 'string' ? raw.fecha_vencimiento : null,
    xml_path: textOf(raw.xml_path) ?? '',
    track_id: typeof raw.track_id === 'string' ? raw.track_id : null,
    ...(typeof raw.zip_key === 'string' ? { zip_key: raw.zip_key } : {}),
    tercero: {
      id: integerOf(tercero?.id) ?? 0,
      nombre: textOf(tercero?.nombre) ?? '',
      tipo_documento: textOf(tercero?.tipo_documento) ?? '',
      numero_documento: textOf(tercero?.numero_documento) ?? '',
      email: textOf(tercero?.email) ?? '',
    },
    items: items.map((item, index) => ({
      id: integerOf(item.id) ?? index + 1,
      descripcion: textOf(item.descripcion) ?? '',
      cantidad: moneyOf(item.cantidad) ?? '0.00',
      valor_unitario: moneyOf(item.valor_unitario) ?? '0.00',
      descuento: moneyOf(item.descuento) ?? '0.00',
      base_imponible: moneyOf(item.base_imponible) ?? '0.00',
      impuesto: moneyOf(item.impuesto) ?? '0.00',
      tipo_impuesto: textOf(item.tipo_impuesto) ?? '',
      codigo_impuesto: textOf(item.codigo_impuesto) ?? '',
    })),
  };
}

/** Endpoint 2: `{ok: true, doc}` by contract; the document is also found when wrapped otherwise. */
export function readFeDetail(body: unknown): FeDocument {
  const raw = isObject(body) && isObject(body.doc) ? body.doc : findRecord(body, isFeRecord);
  const doc = readFeDocument(raw, { complete: false });
  if (!doc) throw new UnrecognisedBody('FE detail');
  return doc;
}

// ---- 5. Acquirer lookup -------------------------------------------------------------------------

// Field names are compared without case, `_` or `-` (`ReceiverName`, `receiver_name`).
const NAME_FIELDS = [
  'nombre',
  'name',
  'razon_social',
  'razonsocial',
  'business_name',
  'nombre_completo',
  'legal_name',
  'registration_name',
  'receiver_name',
  'customer_name',
  'nombre_razon_social',
];
const GIVEN_NAME_FIELDS = ['nombres', 'primer_nombre', 'first_name', 'given_name', 'firstname'];
const MIDDLE_NAME_FIELDS = ['segundo_nombre', 'middle_name'];
const FAMILY_NAME_FIELDS = ['apellidos', 'primer_apellido', 'last_name', 'family_name', 'surname', 'lastname'];
const SECOND_FAMILY_FIELDS = ['segundo_apellido', 'second_last_name'];
const EMAIL_FIELDS = ['email', 'correo', 'correo_electronico', 'mail', 'e_mail', 'receiver_email', 'email_address'];
const EMAIL_LIST_FIELDS = ['emails', 'correos', 'email_addresses', 'receiver_emails'];
const ADDRESS_FIELDS = ['direccion', 'address', 'domicilio', 'receiver_address', 'direccion_fiscal'];
const NUMBER_FIELDS = [
  'identification_number',
  'numero_doc',
  'numero_documento',
  'nit',
  'document_number',
  'numero_identificacion',
  'receiver_id',
];
const TYPE_FIELDS = ['identification_type', 'tipo_doc', 'tipo_documento', 'document_type', 'tipo_identificacion'];
const keyOf = (name: string) => name.toLowerCase().replace(/[_-]/g, '');

/** The first of `names` (compared without case, `_` or `-`) holding a value `read` accepts. */
function fieldOf<T>(record: Json, names: readonly string[], read: (value: unknown) => T | undefined): T | undefined {
  const byKey = new Map(Object.entries(record).map(([key, value]) => [keyOf(key), value]));
  for (const name of names) {
    const value = read(byKey.get(keyOf(name)));
    if (value !== undefined) return value;
  }
  return undefined;
}

/** A name whole, or made of given and family names (`nombres` + `apellidos`, `primer_nombre`...). */
function acquirerName(record: Json): string | undefined {
  const whole = fieldOf(record, NAME_FIELDS, nonEmpty);
  if (whole) return whole;
  const parts = [GIVEN_NAME_FIELDS, MIDDLE_NAME_FIELDS, FAMILY_NAME_FIELDS, SECOND_FAMILY_FIELDS]
    .map((names) => fieldOf(record, names, nonEmpty))
    .filter((part): part is string => part !== undefined);
  return parts.length > 0 ? parts.join(' ').replace(/\s+/g, ' ') : undefined;
}

/** An e-mail given alone or only in a list (`emails: ['a@b.co']` or `[{email|address|value}]`): the first. */
function acquirerEmail(record: Json): string | undefined {
  const single = fieldOf(record, EMAIL_FIELDS, nonEmpty);
  if (single) return single;
  const list = fieldOf(record, EMAIL_LIST_FIELDS, (v) => (Array.isArray(v) ? v : undefined)) ?? [];
  for (const entry of list) {
    const text = isObject(entry) ? fieldOf(entry, ['email', 'address', 'value', 'correo'], nonEmpty) : nonEmpty(entry);
    if (text) return text;
  }
  return undefined;
}

const isAcquirerRecord = (r: Json) =>
  acquirerName(r) !== undefined || acquirerEmail(r) !== undefined || fieldOf(r, ADDRESS_FIELDS, nonEmpty) !== undefined;

/**
 * "Fields of the acquirer record in the response: not shown": the record is the shallowest object
 * with a name, an e-mail or an address, under any usual spelling; its identification read under the
 * request's own names and their aliases. What it lacks is taken from the request (type, number) or
 * left empty: the form names what the user still has to type.
 */
export function readAcquirer(body: unknown, request: AcquirerLookupRequest): Acquirer {
  const record = findRecord(body, isAcquirerRecord);
  if (!record) throw new UnrecognisedBody('acquirer');
  return {
    identification_type: fieldOf(record, TYPE_FIELDS, nonEmpty) ?? request.identification_type,
    identification_number: fieldOf(record, NUMBER_FIELDS, nonEmpty) ?? request.identification_number,
    dv: fieldOf(record, ['dv', 'digito_verificacion', 'check_digit'], nonEmpty) ?? null,
    nombre: acquirerName(record) ?? '',
    email: acquirerEmail(record) ?? '',
    direccion: fieldOf(record, ADDRESS_FIELDS, nonEmpty) ?? '',
  };
}

// ---- 7/8. DSE document --------------------------------------------------------------------------

/** The document fields a DSE answer carries, read loosely (create, replay, 422 and 502 carry fewer). */
export interface DsePartial {
  id: number;
  estado_dian: string;
  prefijo?: string;
  consecutivo?: number;
  cuds?: string;
}

/** `documento` of a DSE answer: needs `id` and `estado_dian`; the rest only when well formed. */
export function readDsePartial(raw: unknown): DsePartial | null {
  if (!isObject(raw)) return null;
  const id = integerOf(raw.id);
  const estado =
    typeof raw.estado_dian === 'string' && raw.estado_dian.trim() !== '' ? canonicalEstado(raw.estado_dian) : undefined;
  if (id === undefined || estado === undefined) return null;
  const prefijo = textOf(raw.prefijo);
  const consecutivo = integerOf(raw.consecutivo);
  const cuds = typeof raw.cuds === 'string' && raw.cuds !== '' ? raw.cuds : undefined;
  return {
    id,
    estado_dian: estado,
    ...(prefijo !== undefined ? { prefijo } : {}),
    ...(consecutivo !== undefined ? { consecutivo } : {}),
    ...(cuds ? { cuds } : {}),
  };
}

/** Endpoint 8: `{ok, pending, documento}`; each field of the full form read loosely, defaults when missing. */
export function readDseGet(body: unknown): { pending: boolean; documento: DseDocumentAsRead } {
  const raw = isObject(body) && isObject(body.documento) ? body.documento : findRecord(body, (r) => readDsePartial(r) !== null);
  const partial = readDsePartial(raw);
  if (!partial || !isObject(raw)) throw new UnrecognisedBody('DSE document');
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    pending: isObject(body) && typeof body.pending === 'boolean' ? body.pending : !isTerminalEstado(partial.estado_dian),
    documento: {
      id: partial.id,
      company_id: integerOf(raw.company_id) ?? 0,
      prefijo: partial.prefijo ?? '',
      consecutivo: partial.consecutivo ?? 0,
      document_date: typeof raw.document_date === 'string' ? raw.document_date.slice(0, 10) : '',
      accounting_due_date: text(raw.accounting_due_date),
      moneda: textOf(raw.moneda) ?? 'COP',
      subtotal: moneyOf(raw.subtotal) ?? '0.00',
      impuestos: moneyOf(raw.impuestos) ?? '0.00',
      total: moneyOf(raw.total) ?? '0.00',
      total_retenciones: moneyOf(raw.total_retenciones) ?? '0.00',
      es_habilitacion: integerOf(raw.es_habilitacion) ?? (raw.es_habilitacion === true ? 1 : 0),
      xml_path: textOf(raw.xml_path) ?? '',
      estado_dian: partial.estado_dian,
      cuds: partial.cuds ?? '',
      zip_key: text(raw.zip_key),
      last_status_error: text(raw.last_status_error),
      accounting_status: textOf(raw.accounting_status) ?? '',
      third_party_id: integerOf(raw.third_party_id) ?? 0,
      cost_center_id: integerOf(raw.cost_center_id) ?? null,
      created_at: text(raw.created_at) ?? '',
      updated_at: text(raw.updated_at) ?? '',
    },
  };
}
