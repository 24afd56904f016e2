// Server field errors placed on a form, the same way for every form. They arrive as data: the
// fields core recorded from a refused submission's answer (Submission.field_errors: path, code,
// message; migration 0019), or the fields of an RPC input error ("request.items.0.cant"). Each form
// says where a server path lives among its own fields; what no field shows is listed in user words.
import type { SubmissionFieldError } from '#shared/api/field-errors';
import type { Submission } from '#shared/rpc/methods/submissions';
import { RpcClientError } from '../rpc/client';

/** The form's field (a react-hook-form path) that shows a server path, or null when none does. */
export type FieldOf = (serverPath: string) => string | null;

/** A field the form does not show, named in the user's words (never a contract name), or undefined. */
export type LabelOf = (serverPath: string) => string | undefined;

export interface PlacedErrors {
  /** form path -> message, in the order the server gave them (the first is focused) */
  fields: [string, string][];
  /** sentences for the errors no field shows */
  unplaced: string[];
}

/** The fields a refused submission named (none for submissions recorded before core kept them). */
export function submissionFieldErrors(submission: Submission): SubmissionFieldError[] {
  return submission.field_errors ?? [];
}

/** The fields of an RPC input error ("Hay datos inválidos"), in the same shape. */
export function rpcFieldErrors(error: unknown): SubmissionFieldError[] {
  if (!(error instanceof RpcClientError) || error.code !== 'invalid_input') return [];
  return (error.details?.fields ?? []).map((issue) => ({
    path: issue.path.replace(/^request\./, ''),
    code: 'invalid_input',
    message: issue.message,
  }));
}

/**
 * A message as a sentence under a field: capitalised, with its final stop. Field and message arrive
 * apart, so the text is kept whole («NIT: 900123456 no existe» stays so): nothing is cut from it.
 */
export function userSentence(message: string): string {
  const text = message.trim();
  const capital = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

export function placeServerErrors(errors: readonly SubmissionFieldError[], fieldOf: FieldOf, labelOf?: LabelOf): PlacedErrors {
  const fields: [string, string][] = [];
  const unplaced: string[] = [];
  for (const error of errors) {
    const message = userSentence(error.message);
    const field = fieldOf(error.path);
    if (field !== null) {
      if (!fields.some(([path]) => path === field)) fields.push([field, message]);
      continue;
    }
    const label = labelOf?.(error.path);
    const line = label ? `${label}: ${message.charAt(0).toLowerCase()}${message.slice(1)}` : message;
    if (!unplaced.includes(line)) unplaced.push(line);
  }
  return { fields, unplaced };
}
