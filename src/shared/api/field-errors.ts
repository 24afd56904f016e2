// The field list of a 400 answer, whatever shape a server gives it ("Bodies of 400 ... responses: not
// shown"). The sandbox writes `errors: [{field, message}]`; other servers write the same list under
// `detalles`/`details`/`fields`, with `campo`/`mensaje` or `path`/`msg`, or an object from field to
// message(s). Only used to place messages on the form; nothing is decided on it.
import type { FieldError } from './fields';

const LIST_KEYS = ['errors', 'errores', 'detalles', 'details', 'fields', 'validation_errors', 'campos'];
const FIELD_KEYS = ['field', 'campo', 'path', 'loc', 'name', 'attribute'];
const MESSAGE_KEYS = ['message', 'mensaje', 'msg', 'error', 'detail', 'descripcion'];
const MAX_ENTRIES = 200;

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function fieldName(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim() !== '') return value.trim().slice(0, 200);
  if (Array.isArray(value) && value.length > 0 && value.every((p) => typeof p === 'string' || typeof p === 'number')) {
    return value.join('.').slice(0, 200);
  }
  return undefined;
}

function message(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim() !== '') return value.trim().slice(0, 500);
  if (Array.isArray(value)) {
    const texts = value.filter((v): v is string => typeof v === 'string' && v.trim() !== '');
    return texts.length > 0 ? texts.join('; ').slice(0, 500) : undefined;
  }
  return undefined;
}

export function fieldErrorList(body: unknown): FieldError[] {
  const envelope = record(body);
  if (!envelope) return [];
  for (const key of LIST_KEYS) {
    const list = envelope[key];
    const out: FieldError[] = [];
    if (Array.isArray(list)) {
      for (const entry of list.slice(0, MAX_ENTRIES)) {
        const item = record(entry);
        if (!item) continue;
        const field = FIELD_KEYS.map((k) => fieldName(item[k])).find((v) => v !== undefined);
        const text = MESSAGE_KEYS.map((k) => message(item[k])).find((v) => v !== undefined);
        if (field && text) out.push({ field, message: text });
      }
    } else if (record(list)) {
      for (const [field, value] of Object.entries(record(list)!).slice(0, MAX_ENTRIES)) {
        const text = message(value);
        if (field.trim() !== '' && text) out.push({ field: field.slice(0, 200), message: text });
      }
    }
    if (out.length > 0) return out;
  }
  return [];
}
