import { z } from 'zod';
import { method } from '../define';
import { ErrorCode } from '../errors';
import { DianRejection } from '#shared/api/dian';
import { SubmissionFieldError } from '#shared/api/field-errors';

/**
 * Where a submission stands in the ledger.
 * - sending: committed before sending; an attempt is (or was, if the app stopped) on its way;
 * - in_doubt: no conclusive answer (timeout, dropped connection, 500, 502 without a document);
 *   resolved only by sending the same bytes with the same key again;
 * - pending: the server holds the document or its reservation, without a terminal state yet;
 * - accepted / rejected: terminal, with the document;
 * - failed: refused before anything was created (invalid data, token or permissions);
 * - conflict: the server answered 409 (same key, different payload): an internal error, kept for support.
 */
export const SUBMISSION_STATES = ['sending', 'in_doubt', 'pending', 'accepted', 'rejected', 'failed', 'conflict'] as const;
export const SubmissionState = z.enum(SUBMISSION_STATES);
export type SubmissionState = z.infer<typeof SubmissionState>;
export const OPEN_SUBMISSION_STATES: readonly SubmissionState[] = ['sending', 'in_doubt', 'pending'];

export const DocumentKind = z.enum(['FE', 'DSE']);
export type DocumentKind = z.infer<typeof DocumentKind>;

export const Submission = z.object({
  id: z.number().int(),
  kind: DocumentKind,
  connection_id: z.number().int(),
  company_id: z.number().int(),
  idempotency_key: z.string(),
  payload_hash: z.string(),
  state: SubmissionState,
  attempts: z.number().int(),
  counterpart: z.string().nullable(),
  http_status: z.number().int().nullable(),
  document_id: z.number().int().nullable(),
  document_number: z.string().nullable(),
  fiscal_key: z.string().nullable(),
  estado_dian: z.string().nullable(),
  error: z.object({ code: ErrorCode, message: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  next_check_at: z.string().nullable(),
  /**
   * Set when the sale was recorded in the contingency outbox: its local reference, the end
   * of its transmission window, and when it left the outbox (null while it waits).
   */
  contingency: z
    .object({
      local_ref: z.string(),
      deadline_at: z.string(),
      transmitted_at: z.string().nullable(),
      /**
       * An FE's contingency ticket number ("CT123", from the shop's contingency numbering), assigned
       * once in the commit that queued the sale; null with `ticket_problem` saying why there is none.
       */
      ticket: z.string().nullable().optional(),
      ticket_problem: z.string().nullable().optional(),
    })
    .nullable()
    .optional(),
  /**
   * The fields the server named when it refused the submission (a 400), as data: the server's path,
   * a code and the message. Recorded by core from the whole answer (migration 0019); the forms mark
   * their fields from it. Empty when none were named.
   */
  field_errors: z.array(SubmissionFieldError).optional(),
  /**
   * A rejected document's reasons as the tax authority's answer gave them (migration 0024): each
   * rule's code, the DIAN's message and the request field it points at. Absent when the answer
   * carried no `dian` object (and for rows recorded before core kept it): `error.message` says it.
   */
  rejection: DianRejection.optional(),
});
export type Submission = z.infer<typeof Submission>;

/** The contract's list of what to attach to a support request ("Errors"), never the token. */
export const SupportInfo = z.object({
  fields: z.array(z.object({ label: z.string(), value: z.string() })),
  text: z.string(),
});
export type SupportInfo = z.infer<typeof SupportInfo>;

const SubmissionId = z.object({ id: z.number().int().positive() }).strict();

export const submissionMethods = {
  /** Recent submissions, newest first; `open` keeps only those still unresolved. */
  'submissions.list': method(
    z.object({ open: z.boolean().optional(), limit: z.number().int().min(1).max(500).optional() }).strict(),
    z.array(Submission),
  ),
  'submissions.get': method(SubmissionId, Submission),
  /**
   * The submission of a key on the active connection, or null: a form whose draft kept its key finds
   * what the ledger knows after a restart instead of offering to submit again.
   */
  'submissions.byKey': method(z.object({ kind: DocumentKind, key: z.string().min(1).max(120) }).strict(), Submission.nullable()),
  /** Resolves every unresolved submission now (same key, same bytes; or the DSE is queried). */
  'submissions.resume': method(z.object({}).strict(), z.array(Submission)),
  /** Resolves one now instead of waiting for its turn in the poller. */
  'submissions.check': method(SubmissionId, Submission),
  'submissions.supportInfo': method(SubmissionId, SupportInfo),
  /**
   * Sends a submission held by a token change (error `credentials_changed`, no document id) under the
   * current token, same key and bytes. `confirm_not_created`: the user checked in the provider's
   * portal that the document does not exist. Never done automatically.
   */
  'submissions.release': method(
    z.object({ id: z.number().int().positive(), confirm_not_created: z.literal(true) }).strict(),
    Submission,
  ),
};
