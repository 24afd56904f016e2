// The field list of a 400 answer, whatever shape a server gives it ("Bodies of 400 ... responses: not
// shown"). The sandbox writes `errors: [{field, message}]`; other servers write the same list under
// `detalles`/`details`/`fields`, with `campo`/`mensaje` or `path`/`msg`, or an object from field to
// message(s); frameworks write `detail: [{loc: ['body', 'receptor', 'email'], msg}]` (the location's
// first part says where in the request, not which field) or one `{message, field}`. Only used to
// place messages on the form; nothing is decided on it.
import { z } from 'zod';
import type { FieldError } from './fields';

const LIST_KEYS = ['errors', 'errores', 'detalles', 'details', 'fields', 'validation_errors', 'campos', 'detail'];
/** The first part of a framework's error location when it names the part of the request, not a field. */
const LOCATION_PARTS = new Set(['body', 'query', 'path', 'header', 'headers', 'request', 'payload', 'json', 'data']);
const FIELD_KEYS = ['field', 'campo', 'path', 'loc', 'name', 'attribute'];
const MESSAGE_KEYS = ['message', 'mensaje', 'msg', 'error', 'detail', 'descripcion'];
const CODE_KEYS = ['code', 'codigo', 'rule', 'regla', 'type', 'tipo'];
const MAX_ENTRIES = 200;

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function fieldName(value: unknown): string | undefined {
  const parts =
    typeof value === 'string' && value.trim() !== ''
      ? value.trim().split('.')
      : Array.isArray(value) && value.length > 0 && value.every((p) => typeof p === 'string' || typeof p === 'number')
        ? value.map(String)
        : undefined;
  if (!parts) return undefined;
  if (parts.length > 1 && LOCATION_PARTS.has(parts[0]!.toLowerCase())) parts.shift();
  return parts.join('.').slice(0, 200);
}

function message(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim() !== '') return value.trim().slice(0, 500);
  if (Array.isArray(value)) {
    const texts = value.filter((v): v is string => typeof v === 'string' && v.trim() !== '');
    return texts.length > 0 ? texts.join('; ').slice(0, 500) : undefined;
  }
  return undefined;
}

/**
 * One field a refused submission's answer named, as core records it when it settles the submission
 * (migration 0019) and hands it to the forms: the server's field path as it wrote it
 * ("items[0].cant"), a code (the server's own when it gives one, else `invalid`) and its message
 * as the server wrote it, whole. Forms place it by path; nothing is decided on the message.
 */
export const SubmissionFieldError = z.object({ path: z.string(), code: z.string(), message: z.string() });
export type SubmissionFieldError = z.infer<typeof SubmissionFieldError>;

/** The code every field error carries when the server gives none of its own. */
export const FIELD_ERROR_INVALID = 'invalid';

function code(value: unknown): string | undefined {
  if (typeof value === 'string' && /^[\w.-]{1,60}$/.test(value.trim())) return value.trim();
  if (typeof value === 'number' && Number.isInteger(value)) return String(value);
  return undefined;
}

/**
 * The field errors of a whole 400 body (parsed JSON, never a cut copy of its text), with codes:
 * what core stores with the submission. Same shapes as fieldErrorList.
 */
export function submissionFieldErrors(body: unknown): SubmissionFieldError[] {
  return entries(body).map((e) => ({
    path: e.field,
    code: e.code ?? FIELD_ERROR_INVALID,
    message: e.message,
  }));
}

export function fieldErrorList(body: unknown): FieldError[] {
  return entries(body).map(({ field, message: text }) => ({ field, message: text }));
}

function entries(body: unknown): (FieldError & { code?: string })[] {
  const envelope = record(body);
  if (!envelope) return [];
  for (const key of LIST_KEYS) {
    const list = envelope[key];
    const out: (FieldError & { code?: string })[] = [];
    if (Array.isArray(list)) {
      for (const entry of list.slice(0, MAX_ENTRIES)) {
        const item = record(entry);
        if (!item) continue;
        const field = FIELD_KEYS.map((k) => fieldName(item[k])).find((v) => v !== undefined);
        const text = MESSAGE_KEYS.map((k) => message(item[k])).find((v) => v !== undefined);
        const given = CODE_KEYS.map((k) => code(item[k])).find((v) => v !== undefined);
        if (field && text) out.push(given ? { field, message: text, code: given } : { field, message: text });
      }
    } else if (record(list)) {
      for (const [field, value] of Object.entries(record(list)!).slice(0, MAX_ENTRIES)) {
        const text = message(value);
        if (field.trim() !== '' && text) out.push({ field: field.slice(0, 200), message: text });
      }
    }
    if (out.length > 0) return out;
  }
  // One field named beside the message: `{message, field}`, `{error, campo}`.
  const field = ['field', 'campo', 'loc', 'attribute'].map((k) => fieldName(envelope[k])).find((v) => v !== undefined);
  const text = ['message', 'mensaje', 'error', 'msg', 'detail'].map((k) => message(envelope[k])).find((v) => v !== undefined);
  const given = CODE_KEYS.map((k) => code(envelope[k])).find((v) => v !== undefined);
  if (field && text) return [given ? { field, message: text, code: given } : { field, message: text }];
  return [];
}
