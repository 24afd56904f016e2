// A tolerant reader's search: where the contract says "not shown" about an envelope, the records are
// the objects that carry the record's own fields, wherever a conforming server puts them (a bare
// array, `data`, `data.items`, a key named after the resource...). The search is breadth-first, so
// the shallowest match wins, and bounded in depth and in nodes, so a hostile body costs little.
export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const MAX_DEPTH = 5;
const MAX_NODES = 2_000;

interface Found {
  /** The records of the first array (breadth-first) holding at least one record. */
  records: Json[];
  /** The array they came from (its other elements were not records). */
  array: unknown[];
}

/** Every object and array of a body, shallowest first, within the depth and node bounds. */
function* breadthFirst(body: unknown): Generator<Json | unknown[]> {
  let level: unknown[] = [body];
  let nodes = 0;
  for (let depth = 0; depth <= MAX_DEPTH && level.length > 0; depth += 1) {
    const next: unknown[] = [];
    for (const node of level) {
      if (typeof node !== 'object' || node === null) continue;
      if (++nodes > MAX_NODES) return;
      yield node as Json | unknown[];
      next.push(...(Array.isArray(node) ? (node as unknown[]) : Object.values(node as Record<string, unknown>)));
    }
    level = next;
  }
}

/**
 * The records of a list answer. A bare array is the list itself; otherwise the shallowest array
 * with at least one element that `isRecord` accepts. Elements that are not records are left out.
 * `null` when no array holds a record: then `isEmptyList` tells whether the body is an empty list.
 */
export function findRecords(body: unknown, isRecord: (value: Json) => boolean): Found | null {
  for (const node of breadthFirst(body)) {
    if (!Array.isArray(node)) continue;
    const records = node.filter((e): e is Json => isObject(e) && isRecord(e));
    if (records.length > 0) return { records, array: node };
  }
  return null;
}

/**
 * Whether a body that holds no record is an empty list: a bare empty array, or an object none of
 * whose arrays (at any depth) holds an object. An array of unrecognised objects is not "empty":
 * the client does not understand it, and says so rather than showing nothing.
 */
export function isEmptyList(body: unknown): boolean {
  if (Array.isArray(body)) return body.every((e) => !isObject(e));
  if (!isObject(body)) return false;
  let level: unknown[] = Object.values(body);
  for (let depth = 0; depth <= MAX_DEPTH && level.length > 0; depth += 1) {
    const next: unknown[] = [];
    for (const node of level) {
      if (Array.isArray(node)) {
        if (node.some(isObject)) return false;
      } else if (isObject(node)) next.push(...Object.values(node));
    }
    level = next;
  }
  return true;
}

/**
 * The shallowest object (the body itself first) that `isRecord` accepts: a single record returned
 * in an envelope that is not shown (`{acquirer}`, `{data}`, the body itself...).
 */
export function findRecord(body: unknown, isRecord: (value: Json) => boolean): Json | null {
  for (const node of breadthFirst(body)) if (isObject(node) && isRecord(node)) return node;
  return null;
}

/**
 * The first number found under one of `names`, breadth-first through the objects of the body
 * (paging metadata: `total_pages`, `meta.last_page`...), never inside `skip` (the records' array).
 */
export function findCount(body: unknown, names: readonly string[], skip?: unknown): number | undefined {
  let level: unknown[] = [body];
  for (let depth = 0; depth <= 3 && level.length > 0; depth += 1) {
    const next: unknown[] = [];
    for (const node of level) {
      if (!isObject(node)) continue;
      for (const name of names) {
        const value = integerOf(node[name]);
        if (value !== undefined && value >= 0) return value;
      }
      for (const value of Object.values(node)) if (isObject(value) && value !== skip) next.push(value);
    }
    level = next;
  }
  return undefined;
}

/** An integer, also from its decimal text ("42"), as some servers write ids. */
export function integerOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value === 'string' && /^-?\d{1,15}$/.test(value.trim())) return Number(value.trim());
  return undefined;
}

/** A non-empty string, also from a number (a code written as 10 rather than "10"). */
export function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** The first of several names (a field and its aliases) that holds a value `read` accepts. */
export function firstOf<T>(record: Json, names: readonly string[], read: (value: unknown) => T | undefined): T | undefined {
  for (const name of names) {
    const value = read(record[name]);
    if (value !== undefined) return value;
  }
  return undefined;
}

/** Money as the contract writes it in responses (a string with two decimals), also from a number. */
export function moneyOf(value: unknown): string | undefined {
  const text =
    typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : undefined;
  if (text === undefined || !/^-?\d+(\.\d+)?$/.test(text)) return undefined;
  const [whole, fraction = ''] = text.split('.');
  if (fraction.length > 2) {
    // More than two decimals: round half away from zero on the text, never through a float.
    const cents = BigInt(`${whole}${fraction.slice(0, 2)}`.replace('-', '')) + (Number(fraction[2]) >= 5 ? 1n : 0n);
    const sign = text.startsWith('-') ? '-' : '';
    const digits = cents.toString().padStart(3, '0');
    return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
  }
  return `${whole}.${fraction.padEnd(2, '0')}`;
}
