// The choices a server may make wherever the contract (/work/shared/spec/external-api-v1.md) says
// "not shown", or fixes a value only loosely. Each is a switch; the presets below are servers that
// keep the contract and differ from the sandbox on purpose.

export interface ContractVariant {
  name: string;
  /** "4. FE payment methods": Envelope of the response: not shown. */
  paymentMethods: 'payment_methods' | 'bare' | 'data' | 'methods';
  /** "1. List FE documents": Response body shape: not shown. */
  feList: 'docs' | 'data.items' | 'documentos+meta' | 'bare';
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
  acquirer: 'acquirer' | 'data-english' | 'bare-spanish';
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
  /** "Bodies of 400 ... responses: not shown": with a field list, or one long message only. */
  badRequest: 'errors-list' | 'message-only';
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
  spelling: { accepted: 'aceptado', rejected: 'rechazado', unknown: 'procesando' },
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
    spelling: { accepted: 'Aceptada', rejected: 'rechazada', unknown: 'procesando' },
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
    spelling: { accepted: 'ACEPTADO', rejected: 'Rechazado', unknown: 'en_validacion' },
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
    spelling: { accepted: 'aprobada', rejected: 'RECHAZADA', unknown: 'procesando' },
    feRejected: '200-ok-false',
    feNumberInCreate: true,
    dseCreated: 'zip-null',
    dseRejected: 'with-documento',
    badRequest: 'errors-list',
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
