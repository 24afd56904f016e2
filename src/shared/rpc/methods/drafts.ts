import { z } from 'zod';
import { method } from '../define';

export const DraftKind = z.enum(['FE', 'DSE']);
export type DraftKind = z.infer<typeof DraftKind>;

/** Bound on a saved form, so that a runaway form cannot fill the disk (a 1,000-line DSE is ~300 KB). */
export const DRAFT_MAX_BYTES = 2 * 1024 * 1024;

const DraftData = z
  .record(z.string(), z.unknown())
  .refine((data) => JSON.stringify(data).length <= DRAFT_MAX_BYTES, 'El borrador es demasiado grande para guardarse.');

export const Draft = z.object({
  kind: DraftKind,
  /** The idempotency key the form will submit with: created once per document, kept with the draft. */
  idempotency_key: z.string(),
  data: z.record(z.string(), z.unknown()),
  updated_at: z.string(),
});
export type Draft = z.infer<typeof Draft>;

export const draftMethods = {
  /** The unfinished form of this kind for the active connection, or null. */
  'drafts.get': method(z.object({ kind: DraftKind }).strict(), Draft.nullable()),
  'drafts.save': method(
    z.object({ kind: DraftKind, idempotency_key: z.string().min(8).max(120), data: DraftData }).strict(),
    Draft,
  ),
  'drafts.discard': method(z.object({ kind: DraftKind }).strict(), z.object({ discarded: z.boolean() })),
};
