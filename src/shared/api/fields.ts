// Field-named validation errors (the `errors` list of a 400 answer) and small readers that take
// values out of a raw JSON body, recording one Spanish error per bad field. The sandbox and the
// forms share them so that a rule gives the same message on the server and while the user types.
import { z } from 'zod';
import { isIsoDate } from '../dates';
import { dec, type Dec } from '../money';

export const FieldError = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldError>;

export type RawObject = Record<string, unknown>;

export function isRawObject(value: unknown): value is RawObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** First present (not undefined) value among a field and its aliases, with the name that held it. */
export function pick(obj: RawObject, names: readonly string[]): { name: string; value: unknown } | undefined {
  for (const name of names) {
    if (obj[name] !== undefined) return { name, value: obj[name] };
  }
  return undefined;
}

/**
 * Like `pick`, but a value under an alias that disagrees with the one chosen is an error naming the
 * alias: the client sent two different values for one field.
 */
export function pickConsistent(
  obj: RawObject,
  names: readonly string[],
  errors: FieldErrors,
): { name: string; value: unknown } | undefined {
  const found = pick(obj, names);
  if (!found) return undefined;
  for (const name of names) {
    if (name !== found.name && obj[name] !== undefined && JSON.stringify(obj[name]) !== JSON.stringify(found.value)) {
      errors.add(name, `contradice ${found.name} (son alias del mismo campo)`);
    }
  }
  return found;
}

/** Where a reader records a field's error: a FieldErrors, or a view of one naming fields under a path. */
export interface FieldErrorSink {
  add(field: string, message: string): void;
}

/** The errors of one request, each its field and its message apart: a screen names the field its own way. */
export class FieldErrors implements FieldErrorSink {
  readonly list: FieldError[] = [];

  add(field: string, message: string): void {
    this.list.push({ field, message });
  }

  get empty(): boolean {
    return this.list.length === 0;
  }

  has(field: string): boolean {
    return this.list.some((e) => e.field === field);
  }
}

/** A JSON number (money, rates and quantities travel as numbers) as a Decimal; strings are refused. */
export function readNumber(value: unknown, field: string, errors: FieldErrorSink): Dec | undefined {
  const number = readJsonNumber(value, field, errors);
  return number === undefined ? undefined : decOfJsonNumber(number);
}

/** readNumber's check alone: the finite JSON number as it came, for callers that read it exactly themselves. */
export function readJsonNumber(value: unknown, field: string, errors: FieldErrorSink): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    errors.add(field, 'debe ser un número JSON (sin separadores de miles ni comillas)');
    return undefined;
  }
  return value;
}

/** The Decimal a JSON number stands for: through the shortest decimal text of the double, so 0.1 stays 0.1. */
export function decOfJsonNumber(value: number): Dec {
  return dec(String(value));
}

export function readString(value: unknown, field: string, errors: FieldErrorSink): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') {
    errors.add(field, 'debe ser un texto');
    return undefined;
  }
  return value;
}

/** A code such as `forma_pago`: a string, or an integer number taken as its decimal text. */
export function readCode(value: unknown, field: string, errors: FieldErrorSink): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return String(value);
  if (typeof value === 'string') return value.trim();
  errors.add(field, 'debe ser un código en texto');
  return undefined;
}

export function readBoolean(value: unknown, field: string, errors: FieldErrorSink): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') {
    errors.add(field, 'debe ser true o false');
    return undefined;
  }
  return value;
}

export function readInteger(value: unknown, field: string, errors: FieldErrorSink): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    errors.add(field, 'debe ser un número entero');
    return undefined;
  }
  return value;
}

export function readDate(value: unknown, field: string, errors: FieldErrorSink): string | undefined {
  const text = readString(value, field, errors);
  if (text === undefined || text === '') return undefined;
  if (!isIsoDate(text)) {
    errors.add(field, 'debe ser una fecha válida AAAA-MM-DD');
    return undefined;
  }
  return text;
}
