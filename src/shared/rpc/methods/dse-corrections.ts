// Correcting a rejected DSE: the rejected document stays as it is (in the ledger
// and the Historial); its correction is a new draft with the same supplier, lines and withholdings
// and a new Idempotency-Key, linked both ways.
import { z } from 'zod';
import { method } from '../define';
import { SubmissionState } from './submissions';

/** One side of a correction link, as the Historial and the form show it. */
export const CorrectionSide = z.object({
  submission_id: z.number().int(),
  /** DS number, once the server created the document */
  number: z.string().nullable(),
  state: SubmissionState,
  estado_dian: z.string().nullable(),
  /** the document in the Historial, once mirrored */
  history_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type CorrectionSide = z.infer<typeof CorrectionSide>;

const SubmissionRef = z.object({ submission_id: z.number().int().positive() }).strict();

export const dseCorrectionMethods = {
  /**
   * What a correction starts from: the exact request the rejected DSE was sent with and why it was
   * rejected. Only for a DSE of the active connection whose submission ended rejected.
   */
  'dseCorrections.start': method(
    SubmissionRef,
    z.object({
      rejected: CorrectionSide,
      reason: z.string().nullable(),
      request: z.record(z.string(), z.unknown()),
    }),
  ),
  /** Records, before it is sent, that the document under `key` corrects the rejected submission. */
  'dseCorrections.link': method(
    z.object({ rejected_submission_id: z.number().int().positive(), key: z.string().min(8).max(120) }).strict(),
    z.object({ linked: z.boolean() }),
  ),
  /** The links of one submission: the rejected one it corrects, and the corrections sent for it. */
  'dseCorrections.of': method(
    SubmissionRef,
    z.object({ corrects: CorrectionSide.nullable(), corrected_by: z.array(CorrectionSide) }),
  ),
};
