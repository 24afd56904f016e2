import { z } from 'zod';
import { method } from '../define';
import { DocumentKind } from './submissions';

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
});
export type SyncStatus = z.infer<typeof SyncStatus>;

export const historyMethods = {
  /** Brings the local mirror up to date with the active connection; progress arrives as 'sync.progress'. */
  'history.sync': method(z.object({}).strict(), SyncSummary),
  'history.status': method(z.object({}).strict(), SyncStatus),
};
