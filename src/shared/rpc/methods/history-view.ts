// The Historial screen's methods: filtered and paged listing of the local mirror, the detail of one
// document with its submission's history, CSV export, the issuer profile for printing and the PDF
// of the printed representation. Everything here reads the local database: nothing needs the network.
import { z } from 'zod';
import { DSE_STATES, IsoDate } from '../../api';
import { method } from '../define';
import { HistoryEntry } from './history';
import { DocumentKind, Submission, SubmissionState, SupportInfo } from './submissions';

/** State filter: the two terminal states, every non-terminal one together, or one DSE state. */
export const HISTORY_STATE_FILTERS = ['aceptado', 'rechazado', 'pendiente', ...DSE_STATES.filter((s) => s !== 'aceptado' && s !== 'rechazado')] as const;
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
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: 'La fecha inicial no puede ser posterior a la final.', path: ['from'] });
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

export const IssuerProfile = z
  .object({
    nombre: z.string().trim().min(1, 'Escriba la razón social del emisor.').max(200),
    nit: z.string().trim().regex(/^\d{5,15}$/, 'El NIT va sin dígito de verificación, solo números (5 a 15).'),
    direccion: z.string().trim().max(200),
    ciudad: z.string().trim().max(120),
    email: z.string().trim().max(200),
    telefono: z.string().trim().max(60),
  })
  .strict();
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

/** A submission the app follows whose document the mirror does not hold yet (or never will: in doubt). */
export const FollowedSubmission = Submission;

export const historyViewMethods = {
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
  /**
   * Saves the printed representation now on screen as a PDF (Electron: printToPDF and a save
   * dialog). Under the web bridge the browser's own print dialog does it instead.
   */
  'history.exportPdf': method(
    z.object({ id: z.number().int().positive(), filename: z.string().regex(/^[\w.-]{1,120}\.pdf$/) }).strict(),
    z.object({ saved: z.boolean(), path: z.string().nullable() }),
  ),
};
