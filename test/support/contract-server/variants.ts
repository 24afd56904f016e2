// The choices a server may make wherever the contract (/work/shared/spec/external-api-v1.md) says
// "not shown", or fixes a value only loosely. Each is a switch; the presets below are servers that
// keep the contract and differ from the sandbox on purpose.

export interface ContractVariant {
  name: string;
  /** "4. FE payment methods": Envelope of the response: not shown. */
  paymentMethods: 'payment_methods' | 'bare' | 'data' | 'methods';
  /**
   * "1. List FE documents": Response body shape: not shown. Besides envelopes of a page-numbered
   * list: a Laravel paginator (`data`, `links` as an array, `meta`-like fields at the top), a Django
   * REST Framework page (`count`, `next`, `previous`, `results`), a cursor-only list that ignores
   * `page` and names its next page by `next_cursor`, and one that ignores `page` and names nothing
   * (`has_more` only: it cannot be walked past its first page).
   */
  feList: 'docs' | 'data.items' | 'documentos+meta' | 'bare' | 'laravel' | 'drf' | 'cursor' | 'cursor-unfollowable';
  /** What one list entry carries: the whole document, a summary, or a summary without `estado_dian`. */
  listEntries: 'full' | 'summary' | 'no-estado';
  paging: {
    /** Whether the list says how many pages and documents there are. */
    totals: boolean;
    /** A page past the end: empty, the last page again, or a 404. */
    pastEnd: 'empty' | 'repeat-last' | 'not-found';
    /** "per_page: the server restricts the range": larger sizes are refused with a 400. */
    maxPerPage: number;
    defaultPerPage: number;
  };
  /** "5. Acquirer lookup": Success response body: not shown; neither are the record's fields. */
  acquirer:
    | 'acquirer'
    | 'data-english'
    | 'bare-spanish'
    /** A person: `nombres` and `apellidos`, no whole name. */
    | 'nombres-apellidos'
    /** The DIAN's own names: `ReceiverName`, `ReceiverEmail`. */
    | 'dian-receiver'
    /** The company's e-mail only in a list: `emails: [...]`. */
    | 'emails-array'
    /** Only a name: the user types e-mail and address. */
    | 'name-only'
    /** A success with nothing of a person or company in it: the user types the customer. */
    | 'unreadable';
  /** "The complete list of estado_dian values for FE: not shown", and a provider's own spelling. */
  spelling: { accepted: string; rejected: string; unknown: string };
  /** "Error bodies specific to this operation: not shown": a rejected FE as a 422, or as a 2xx saying `ok: false`. */
  feRejected: '422' | '200-ok-false';
  /** "Other fields of the creation response: not shown": the number (`prefijo`, `consecutivo`) or not. */
  feNumberInCreate: boolean;
  /** A DSE 201's `documento`: full, only id and state, or full with `zip_key: null`. */
  dseCreated: 'full' | 'partial' | 'zip-null';
  /** "body of 422: not shown": with or without the document. */
  dseRejected: 'with-documento' | 'without-documento';
  /**
   * "Bodies of 400 ... responses: not shown": with a field list, one long message only, a framework's
   * `detail: [{loc, msg}]`, Laravel's `errors: {field: [...]}`, or one `{message, field}`.
   */
  badRequest: 'errors-list' | 'message-only' | 'detail-loc' | 'errors-object' | 'message-field';
  /** A framework that refuses a request's validation (and an out-of-range `per_page`) with 422, not 400. */
  validationStatus?: 400 | 422;
  /** List entries also carry the operation's `draft_key` (an extra field). */
  listDraftKey?: boolean;
  /** A rejected FE's create answer names no `factura_id` (nor CUFE). */
  feRejectedWithoutId?: boolean;
  /**
   * A replayed FE `draft_key` ("unique per company"): the invoice again (as the sandbox does), a 409
   * naming the existing `factura_id`, a 409 naming nothing, or a 400 saying the key was used.
   */
  feReplay?: 'document' | '409-naming' | '409-bare' | '400-used';
}

/** Close to the sandbox's choices: the baseline every other preset departs from. */
export const CONVENTIONAL: ContractVariant = {
  name: 'conventional',
  paymentMethods: 'payment_methods',
  feList: 'docs',
  listEntries: 'full',
  paging: { totals: true, pastEnd: 'empty', maxPerPage: 100, defaultPerPage: 20 },
  acquirer: 'acquirer',
  spelling: { accepted: 'aceptado', rejected: 'rechazado', unknown: 'Estado 77' },
  feRejected: '422',
  feNumberInCreate: true,
  dseCreated: 'full',
  dseRejected: 'with-documento',
  badRequest: 'errors-list',
};

export const VARIANTS: readonly ContractVariant[] = [
  CONVENTIONAL,
  {
    name: 'bare arrays, no totals, last page repeated',
    paymentMethods: 'bare',
    feList: 'bare',
    listEntries: 'summary',
    paging: { totals: false, pastEnd: 'repeat-last', maxPerPage: 100, defaultPerPage: 20 },
    acquirer: 'bare-spanish',
    spelling: { accepted: 'Aceptada', rejected: 'rechazada', unknown: 'Estado 77' },
    feRejected: '200-ok-false',
    feNumberInCreate: false,
    dseCreated: 'partial',
    dseRejected: 'without-documento',
    badRequest: 'message-only',
  },
  {
    name: 'data envelopes, per_page up to 25, entries without estado_dian',
    paymentMethods: 'data',
    feList: 'data.items',
    listEntries: 'no-estado',
    paging: { totals: true, pastEnd: 'not-found', maxPerPage: 25, defaultPerPage: 10 },
    acquirer: 'data-english',
    spelling: { accepted: 'ACEPTADO', rejected: 'Rechazado', unknown: 'cod_revision_x9' },
    feRejected: '422',
    feNumberInCreate: false,
    dseCreated: 'zip-null',
    dseRejected: 'without-documento',
    badRequest: 'message-only',
  },
  {
    name: 'Spanish keys with meta, no totals, per_page up to 10',
    paymentMethods: 'methods',
    feList: 'documentos+meta',
    listEntries: 'summary',
    paging: { totals: false, pastEnd: 'repeat-last', maxPerPage: 10, defaultPerPage: 10 },
    acquirer: 'bare-spanish',
    spelling: { accepted: 'aprobada', rejected: 'RECHAZADA', unknown: 'Estado 77' },
    feRejected: '200-ok-false',
    feNumberInCreate: true,
    dseCreated: 'zip-null',
    dseRejected: 'with-documento',
    badRequest: 'errors-list',
  },
];

/**
 * Servers that chose shapes the client once failed on: accepted-with-notices states, a Laravel
 * paginator, DRF pages, a cursor-only list, acquirer records of a person or in DIAN's names, error
 * bodies of frameworks, and a rejected FE answered without its id.
 */
export const SHAPE_VARIANTS: readonly ContractVariant[] = [
  {
    ...CONVENTIONAL,
    name: 'Laravel paginator, accepted with notices, nombres/apellidos, 422 validation',
    feList: 'laravel',
    listEntries: 'full',
    paging: { totals: true, pastEnd: 'empty', maxPerPage: 50, defaultPerPage: 15 },
    acquirer: 'nombres-apellidos',
    spelling: { accepted: 'Aprobado con notificación', rejected: 'Rechazado', unknown: 'Estado 77' },
    badRequest: 'errors-object',
    validationStatus: 422,
    feRejectedWithoutId: true,
    listDraftKey: true,
  },
  {
    ...CONVENTIONAL,
    name: 'DRF pages, accepted_with_warnings, DIAN receiver names, detail[{loc,msg}]',
    feList: 'drf',
    listEntries: 'summary',
    paging: { totals: true, pastEnd: 'not-found', maxPerPage: 30, defaultPerPage: 10 },
    acquirer: 'dian-receiver',
    spelling: { accepted: 'accepted_with_warnings', rejected: 'REJECTED', unknown: 'Estado 77' },
    badRequest: 'detail-loc',
    validationStatus: 422,
    feRejected: '200-ok-false',
    feRejectedWithoutId: true,
  },
  {
    ...CONVENTIONAL,
    name: 'cursor-only list, aceptado con observaciones, e-mails in a list, message with field',
    feList: 'cursor',
    listEntries: 'no-estado',
    paging: { totals: false, pastEnd: 'repeat-last', maxPerPage: 20, defaultPerPage: 20 },
    acquirer: 'emails-array',
    spelling: { accepted: 'aceptado-con-observaciones', rejected: 'rechazada', unknown: 'Estado 77' },
    badRequest: 'message-field',
    feRejectedWithoutId: true,
    listDraftKey: true,
  },
];

/** Request values that choose an outcome (FE `receptor.numero_doc`, DSE `proveedor.nit`). */
export const OUTCOME_BY_NUMBER = {
  accept: '900111222',
  reject: '222222222',
  /** A state the contract does not name, for ever. */
  unknown: '888888888',
  /** Pending first (FE `pendiente`, DSE 502 `en_proceso_http`), accepted on the first read. */
  later: '333333333',
  /** Refused with a 400. */
  invalid: '400400400',
} as const;
