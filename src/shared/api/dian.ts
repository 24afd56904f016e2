// The `dian` object of a create answer ("DSE response envelope fields"): the tax authority's verdict.
// The contract gives it four fields; the sandbox adds `errores`, one `{regla, mensaje, campo}` per
// violated rule (docs/SANDBOX.md). A rejection is read from it as data, never from its wording.
import { z } from 'zod';

/** One violated tax-authority rule of a rejection (a sandbox addition to `dian`, docs/SANDBOX.md). */
export const DianRuleError = z.object({
  regla: z.string(),
  mensaje: z.string(),
  campo: z.string().nullable(),
});
export type DianRuleError = z.infer<typeof DianRuleError>;

export const DianResult = z.object({
  is_valid: z.boolean(),
  status_code: z.string(),
  status_description: z.string(),
  status_message: z.string(),
  errores: z.array(DianRuleError).optional(),
});

/**
 * One rule a rejection names: the DIAN's rule code ("FAK24"), the DIAN's message as it wrote it, and
 * the request field it points at ("items[2].unidad_medida"), or null when the value is not the
 * form's (the company's configuration, the server's computation).
 */
export const RejectionRule = z.object({ code: z.string(), message: z.string(), field: z.string().nullable() });
export type RejectionRule = z.infer<typeof RejectionRule>;

/**
 * A tax-authority rejection as core stores it with the submission and hands it to the window: the
 * rules it names (empty when the server names none, as the contract's four fields do not) and the
 * DIAN's own status message, shown when no rule is named.
 */
export const DianRejection = z.object({ message: z.string().nullable(), rules: z.array(RejectionRule) });
export type DianRejection = z.infer<typeof DianRejection>;

const MAX_RULES = 50;
const MAX_TEXT = 1000;

function text(value: unknown, max = MAX_TEXT): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : null;
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/**
 * The rejection a create answer's `dian` object carries, read tolerantly: a rule needs its code and
 * message (a malformed entry is skipped, the others kept); a field that is not a text is null. Null
 * when the answer has no `dian` object, or one that says neither a rule nor a message.
 */
export function readDianRejection(body: unknown): DianRejection | null {
  const dian = record(record(body)?.dian);
  if (!dian || dian.is_valid === true) return null;
  const rules: RejectionRule[] = [];
  const list = Array.isArray(dian.errores) ? dian.errores.slice(0, MAX_RULES) : [];
  for (const entry of list) {
    const item = record(entry);
    const code = text(item?.regla, 60);
    const message = text(item?.mensaje);
    if (!code || !message) continue;
    rules.push({ code, message, field: text(item?.campo, 200) });
  }
  const message = text(dian.status_message) ?? text(dian.status_description);
  return rules.length === 0 && message === null ? null : { message, rules };
}
