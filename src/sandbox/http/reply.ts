// What a handler answers: a JSON status and body, or (for the simulated lost answer) no answer at all.
import type { FieldError } from '#shared/api/index';

export type Reply = { status: number; body: unknown } | { destroy: true };

export function json(status: number, body: unknown): Reply {
  return { status, body };
}

/** The contract's error envelope `{ok: false, error}`, plus the sandbox's `code` (see common.ts). */
export function errorReply(status: number, code: string, error: string, extra: Record<string, unknown> = {}): Reply {
  return { status, body: { ok: false, error, code, ...extra } };
}

export function validationReply(errors: readonly FieldError[]): Reply {
  // The summary names each field for a reader of the raw answer; the list keeps field and message apart.
  return errorReply(400, 'validation', errors.map((e) => `${e.field}: ${e.message}`).join('; '), { errors });
}

export function isReply(value: unknown): value is Reply {
  return typeof value === 'object' && value !== null && ('status' in value || 'destroy' in value);
}
