// The history's methods: bringing the local mirror up to date with the active connection (sync),
// and reading it for Historial: the filtered and paged listing, the detail of one document with its
// submission's history, CSV export, the issuer profile for printing and the PDF of the printed
// representation. Only the sync needs the network.
import { z } from 'zod';
import { DSE_STATES, IsoDate } from '#shared/api/index';
import { isIsoDate } from '#shared/dates';
import { isValidNitDv } from '#shared/fiscal/nit';
import { method } from '#shared/rpc/define';
import { DocumentKind, Submission, SubmissionState, SupportInfo } from './submissions';

/** One document of the local mirror, as lists show it. */
export const HistoryEntry = z.object({
  id: z.number().int(),
  kind: DocumentKind,
  remote_id: z.number().int(),
  tipo_dian: z.string(),
  number: z.string(),
  estado_dian: z.string(),
  fiscal_key: z.string(),
  issue_date: z.string(),
  counterpart_name: z.string(),
  counterpart_doc: z.string(),
  subtotal: z.string(),
  impuestos: z.string(),
  total: z.string(),
  moneda: z.string(),
  submission_id: z.number().int().nullable(),
  synced_at: z.string(),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;

export const SyncSummary = z.object({
  fe_documents: z.number().int(),
  fe_pages: z.number().int(),
  dse_documents: z.number().int(),
  total_documents: z.number().int(),
  finished_at: z.string(),
  /** What the pass could not do (a history it could not walk to its end, documents it skipped), in Spanish. */
  warning: z.string().nullable(),
});
export type SyncSummary = z.infer<typeof SyncSummary>;

export const SyncStatus = z.object({
  running: z.boolean(),
  documents: z.number().int(),
  next_page: z.number().int(),
  total_pages: z.number().int().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  last_error: z.string().nullable(),
  /** The last pass's warning (SyncSummary.warning), kept until a pass ends without one. */
  warning: z.string().nullable(),
});
export type SyncStatus = z.infer<typeof SyncStatus>;

/**
 * State filter, by meaning: accepted (with or without notices), accepted with notices, rejected, on
 * its way (a known state before the DIAN's answer), in verification (a state nobody knows). Older
 * values stay valid for a saved filter: every non-final state together (`pendiente`) and each DSE
 * state alone.
 */
export const HISTORY_STATE_FILTERS = [
  'aceptado',
  'aceptado_con_notificaciones',
  'rechazado',
  'en_curso',
  'en_verificacion',
  'pendiente',
  ...DSE_STATES.filter((s) => s !== 'aceptado' && s !== 'rechazado'),
] as const;
export const HistoryStateFilter = z.enum(HISTORY_STATE_FILTERS);
export type HistoryStateFilter = z.infer<typeof HistoryStateFilter>;

export const HistoryFilter = z
  .object({
    /** Free text: number, CUFE/CUDS, counterpart name or number, item descriptions (FTS5). */
    q: z.string().trim().max(200).optional(),
    kind: DocumentKind.optional(),
    state: HistoryStateFilter.optional(),
    from: IsoDate.optional(),
    to: IsoDate.optional(),
    /** Counterpart name or document number (words, each a prefix). */
    counterpart: z.string().trim().max(120).optional(),
    /** Only documents whose submission the app is still following (in doubt or pending). */
    following: z.boolean().optional(),
  })
  .strict()
  .refine((f) => !f.from || !f.to || f.from <= f.to, {
    message: 'La fecha inicial no puede ser posterior a la final.',
    path: ['from'],
  });
export type HistoryFilter = z.infer<typeof HistoryFilter>;

export const HISTORY_PAGE_MAX = 500;
export const HistoryPageInput = z
  .object({
    filter: HistoryFilter,
    offset: z.number().int().min(0),
    limit: z.number().int().min(1).max(HISTORY_PAGE_MAX),
  })
  .strict();
export type HistoryPageInput = z.infer<typeof HistoryPageInput>;

/** A listed document with the ledger's view of it when this app submitted it. */
export const HistoryRow = HistoryEntry.extend({
  submission_state: SubmissionState.nullable(),
  /** true while the app still follows it (sending, in doubt or pending) */
  following: z.boolean(),
});
export type HistoryRow = z.infer<typeof HistoryRow>;

export const HistoryPage = z.object({ total: z.number().int(), offset: z.number().int(), items: z.array(HistoryRow) });
export type HistoryPage = z.infer<typeof HistoryPage>;

/** One recorded change of a submission (migration 0006): an attempt started or an answer recorded. */
export const SubmissionEvent = z.object({
  at: z.string(),
  state: SubmissionState,
  attempts: z.number().int(),
  http_status: z.number().int().nullable(),
  estado_dian: z.string().nullable(),
  document_id: z.number().int().nullable(),
  response_body: z.string().nullable(),
  error_code: z.string().nullable(),
  error_message: z.string().nullable(),
});
export type SubmissionEvent = z.infer<typeof SubmissionEvent>;

/** The DIAN's numbering resolution printed on every FE (number, validity, prefix and range). */
export const NumberingResolution = z
  .object({
    numero: z
      .string()
      .trim()
      .regex(/^\d{6,20}$/, 'El número de la resolución son solo dígitos (6 a 20).'),
    desde: z.string().refine(isIsoDate, 'Indique la fecha de la resolución.'),
    hasta: z.string().refine(isIsoDate, 'Indique hasta qué fecha está vigente la resolución.'),
    prefijo: z
      .string()
      .trim()
      .regex(/^[A-Z0-9]{0,4}$/, 'El prefijo tiene hasta 4 letras mayúsculas o dígitos.'),
    rango_desde: z.number().int().min(1, 'El rango empieza en 1 o más.').max(999_999_999_999),
    rango_hasta: z.number().int().min(1).max(999_999_999_999),
  })
  .strict()
  .refine((r) => r.desde <= r.hasta, { message: 'La vigencia termina antes de empezar: revise las fechas.', path: ['hasta'] })
  .refine((r) => r.rango_desde <= r.rango_hasta, {
    message: 'El rango termina antes de empezar: revise los números.',
    path: ['rango_hasta'],
  });
export type NumberingResolution = z.infer<typeof NumberingResolution>;

/** Documents a year the provider's plan allows ('ilimitado': no limit). */
export const YEARLY_PLANS = ['50', '100', '500', 'ilimitado'] as const;
/** A logo as a data URL: PNG or JPEG, at most 150 KB of image. */
export const LOGO_MAX_BYTES = 150_000;
const LOGO_PATTERN = /^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+={0,2}$/;

export const IssuerProfile = z
  .object({
    nombre: z.string().trim().min(1, 'Escriba la razón social del emisor.').max(200),
    nit: z
      .string()
      .trim()
      .regex(/^\d{5,15}$/, 'El NIT va sin dígito de verificación, solo números (5 a 15).'),
    /** The NIT's check digit; '' when the user did not enter it (profiles saved before it existed). */
    dv: z.string().trim().regex(/^\d?$/, 'El dígito de verificación es un solo dígito.').default(''),
    direccion: z.string().trim().max(200),
    ciudad: z.string().trim().max(120),
    email: z
      .string()
      .trim()
      .max(200)
      .refine(
        (value) => value === '' || /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value),
        'Escriba un correo válido, como ventas@mitienda.co.',
      ),
    telefono: z.string().trim().max(60),
    logo: z
      .string()
      .max(Math.ceil((LOGO_MAX_BYTES * 4) / 3) + 40, 'El logo pesa más de 150 KB: use una imagen más pequeña.')
      .refine((value) => value === '' || LOGO_PATTERN.test(value), 'El logo debe ser una imagen PNG o JPEG.')
      .default(''),
    resolucion: NumberingResolution.nullable().default(null),
    /**
     * The shop's contingency numbering: its own DIAN resolution for the tickets printed while the
     * service cannot be reached (contingency type 3). Null until entered.
     */
    contingencia: NumberingResolution.nullable().default(null),
    plan: z.enum(YEARLY_PLANS, { message: 'Elija el plan: 50, 100, 500 documentos al año o ilimitado.' }).default('ilimitado'),
  })
  .strict()
  .refine((p) => p.dv === '' || isValidNitDv(p.nit, p.dv), {
    message: 'El dígito de verificación no corresponde al NIT: revise ambos.',
    path: ['dv'],
  });
export type IssuerProfile = z.infer<typeof IssuerProfile>;

export const HistoryDetail = z.object({
  entry: HistoryRow,
  /** the contract's document resource exactly as the API returned it */
  document: z.record(z.string(), z.unknown()),
  submission: Submission.nullable(),
  /** the request body this app sent (the ledger's exact bytes), when it was this app */
  request: z.record(z.string(), z.unknown()).nullable(),
  events: z.array(SubmissionEvent),
  support: SupportInfo.nullable(),
  issuer: IssuerProfile.nullable(),
  company_id: z.number().int(),
});
export type HistoryDetail = z.infer<typeof HistoryDetail>;

/**
 * Where a CSV export goes on: the last exported row's place in the list's order (issue date, then
 * id, both descending). Rows are read after it (keyset paging), so a document synced between two
 * chunks is neither written twice nor makes another one be skipped.
 */
export const HistoryCsvCursor = z.object({ issue_date: z.string().max(64), id: z.number().int().positive() }).strict();
export type HistoryCsvCursor = z.infer<typeof HistoryCsvCursor>;

export const HISTORY_CSV_CHUNK_ROWS = 2_000;
export const HistoryCsvInput = z.object({ filter: HistoryFilter, after: HistoryCsvCursor.optional() }).strict();
export type HistoryCsvInput = z.infer<typeof HistoryCsvInput>;

export const HistoryCsvChunk = z.object({
  filename: z.string(),
  /** this chunk's lines, each ending in CRLF; the first chunk begins with the BOM and the header */
  chunk: z.string(),
  /** documents in this chunk */
  rows: z.number().int(),
  /** documents the filter matches, counted for the first chunk only (null on the next ones) */
  total: z.number().int().nullable(),
  next: HistoryCsvCursor.nullable(),
});
export type HistoryCsvChunk = z.infer<typeof HistoryCsvChunk>;

export const IssuerWarning = z.object({
  level: z.enum(['warn', 'error']),
  code: z.enum([
    'resolution_expired',
    'resolution_not_yet',
    'resolution_ending',
    'range_used_up',
    'range_ending',
    'plan_used_up',
    'plan_ending',
    'contingency_missing',
    'contingency_expired',
    'contingency_used_up',
  ]),
  /** the warning in the user's words */
  text: z.string(),
});
export type IssuerWarning = z.infer<typeof IssuerWarning>;

/** A submission the app follows whose document the mirror does not hold yet (or never will: in doubt). */
export const FollowedSubmission = Submission;

export const historyMethods = {
  /** Brings the local mirror up to date with the active connection; progress arrives as 'sync.progress'. */
  'history.sync': method(z.object({}).strict(), SyncSummary),
  'history.status': method(z.object({}).strict(), SyncStatus),
  /** One page of the filtered list, newest first. */
  'history.list': method(HistoryPageInput, HistoryPage),
  'history.detail': method(z.object({ id: z.number().int().positive() }).strict(), HistoryDetail),
  /** Open submissions of the active connection that the mirror does not show. */
  'history.following': method(z.object({}).strict(), z.array(FollowedSubmission)),
  /**
   * The filtered list as CSV (UTF-8 with BOM, `;`, decimal comma), for spreadsheet programs, one
   * chunk of at most HISTORY_CSV_CHUNK_ROWS rows per call: the first (no `after`) starts with the
   * BOM and the header, each next one is asked for with the previous answer's `next` until it is
   * null. The chunks joined are the whole file; no call holds more than one chunk of it.
   */
  'history.exportCsv': method(HistoryCsvInput, HistoryCsvChunk),
  'history.issuer': method(z.object({}).strict(), IssuerProfile.nullable()),
  'history.setIssuer': method(IssuerProfile, IssuerProfile),
  /** Resolution validity and range, and the yearly plan, checked against the local history. */
  'history.issuerWarnings': method(z.object({}).strict(), z.array(IssuerWarning)),
  /**
   * A contingency invoice as recorded before the service numbered it: printable at the
   * counter with its local reference; no number or CUFE until it is transmitted.
   */
  'history.contingencyDetail': method(z.object({ submission_id: z.number().int().positive() }).strict(), HistoryDetail),
  /** The Historial entry of a submission's document (null until the mirror holds it). */
  'history.idOfSubmission': method(
    z.object({ submission_id: z.number().int().positive() }).strict(),
    z.object({ id: z.number().int().positive().nullable() }),
  ),
};
