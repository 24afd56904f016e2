// Typed errors that cross every boundary (RPC, CLI). Decisions are made on `code`, never on text;
// `message` is Spanish for the person in front of the screen (STYLE.md, convention 2).
import { z } from 'zod';

export const ERROR_CODES = [
  'invalid_input',
  'unknown_method',
  'not_found',
  'conflict',
  'keychain_unavailable',
  'no_token',
  'no_connection',
  'store_newer_than_app',
  'store_unavailable',
  'folder_in_use',
  'api_unauthorized',
  'api_forbidden',
  'api_not_found',
  'api_invalid',
  'api_key_conflict',
  'api_rejected',
  'api_uncertain',
  'api_unreachable',
  'api_quota',
  'api_unexpected',
  'api_state_unknown',
  'credentials_changed',
  /** the receipt printer did not print (off, unreachable, out of paper, refused by the spooler) */
  'printer_failed',
  /** the cashier at the keyboard may not do this (their role), or nobody is signed in */
  'not_allowed',
  'internal',
] as const;
export const ErrorCode = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const FieldIssue = z.object({ path: z.string(), message: z.string() });
export type FieldIssue = z.infer<typeof FieldIssue>;

export const RpcErrorShape = z.object({
  code: ErrorCode,
  message: z.string(),
  details: z
    .object({
      fields: z.array(FieldIssue).optional(),
    })
    .catchall(z.unknown())
    .optional(),
});
export type RpcErrorShape = z.infer<typeof RpcErrorShape>;

/** An error meant to be shown: a stable code, a Spanish message, optional details (never a stack). */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: RpcErrorShape['details'];

  constructor(code: ErrorCode, message: string, details?: RpcErrorShape['details']) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }

  toShape(): RpcErrorShape {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details };
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/**
 * zod issues as field paths ("items.2.cant") with Spanish messages: a schema's own message, or the
 * shop's sentence from the Spanish error map (shared/zod-spanish.ts) installed in every process.
 */
export function fieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: capitalize(issue.message) }));
}

function capitalize(text: string): string {
  const sentence = text.charAt(0).toUpperCase() + text.slice(1);
  return sentence.endsWith('.') ? sentence : `${sentence}.`;
}

export function invalidInput(error: z.ZodError, message = 'Hay datos inválidos. Revise los campos marcados.'): AppError {
  return new AppError('invalid_input', message, { fields: fieldIssues(error) });
}
