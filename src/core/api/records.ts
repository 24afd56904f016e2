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

/** Keys of a paging link (Laravel's `links: [{url, label, active}]`, `{href, rel}`): such an object is never a record. */
const LINK_KEYS = new Set(['url', 'label', 'active', 'href', 'rel', 'page', 'title', 'type']);

export function isPagingLink(value: unknown): boolean {
  if (!isObject(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((key) => LINK_KEYS.has(key));
}

/**
 * Whether a body that holds no record is an empty list: a bare empty array, or an object none of
 * whose arrays (at any depth) holds an object other than a paging link (a Laravel page with no
 * documents is `data: []` beside a `links` array). An array of unrecognised objects is not "empty":
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
        if (node.some((e) => isObject(e) && !isPagingLink(e))) return false;
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

/** Where the next page of a list is, as the server says it: a query to send, or nothing more. */
export interface NextPage {
  /** The query of the next request (`{cursor: 'abc'}`, `{page: '3'}`), read from a link or a token. */
  query?: Record<string, string>;
  /** The server says more records follow (`has_more`, `hasMore`, `more`), whether or not it says where. */
  more?: boolean;
}

const CURSOR_NAMES = ['next_cursor', 'nextCursor', 'cursor_next', 'next_page_token', 'nextPageToken', 'after'];
const NEXT_LINK_NAMES = ['next', 'next_page_url', 'next_url', 'nextUrl', 'next_link', 'nextLink', 'siguiente'];
const MORE_NAMES = ['has_more', 'hasMore', 'more', 'has_next', 'hasNext', 'has_next_page', 'hasNextPage'];
const MAX_QUERY_PARAMS = 10;

/** The query of a link (absolute, relative or only `?a=b`); only its query is ever used, never its host. */
function queryOfLink(link: string): Record<string, string> | undefined {
  const text = link.trim();
  if (text === '' || text.length > 2_000) return undefined;
  let search: string;
  try {
    search = new URL(text, 'http://next.invalid/').search;
  } catch {
    return undefined;
  }
  const params = [...new URLSearchParams(search).entries()].slice(0, MAX_QUERY_PARAMS);
  return params.length > 0 ? Object.fromEntries(params) : undefined;
}

/**
 * The next page of a list answer, never inside `skip` (the records' array): a cursor token
 * (`next_cursor`...), a next link (`next`, `links.next`, `next_page_url`, or Laravel's `links`
 * array entry labelled next/siguiente), and whether more follow (`has_more`...).
 */
export function findNext(body: unknown, skip?: unknown): NextPage {
  const found: NextPage = {};
  let level: unknown[] = [body];
  for (let depth = 0; depth <= 3 && level.length > 0; depth += 1) {
    const next: unknown[] = [];
    for (const node of level) {
      if (Array.isArray(node) && node !== skip) {
        const links = (node as unknown[]).filter((e): e is Json => isPagingLink(e));
        const link = links.find(
          (e) => typeof e.url === 'string' && /next|siguiente|&raquo;|»/i.test(textOf(e.label ?? e.rel) ?? ''),
        );
        if (link && !found.query) found.query = queryOfLink(link.url as string);
        continue;
      }
      if (!isObject(node)) continue;
      for (const name of CURSOR_NAMES) {
        const value = textOf(node[name])?.trim();
        if (value && !found.query) found.query = { cursor: value };
      }
      for (const name of NEXT_LINK_NAMES) {
        const value = node[name];
        if (typeof value === 'string' && !found.query) {
          // A link names its query; a bare token is a cursor.
          found.query = /^(?:https?:\/\/|\/|\?)/i.test(value.trim())
            ? queryOfLink(value)
            : value.trim()
              ? { cursor: value.trim() }
              : undefined;
        } else if (isObject(value) && !found.query) {
          const href = textOf(value.href) ?? textOf(value.url);
          const cursor = textOf(value.cursor);
          if (href) found.query = queryOfLink(href);
          else if (cursor) found.query = { cursor };
        }
      }
      for (const name of MORE_NAMES) if (typeof node[name] === 'boolean' && found.more === undefined) found.more = node[name];
      for (const value of Object.values(node)) if ((isObject(value) || Array.isArray(value)) && value !== skip) next.push(value);
    }
    level = next;
  }
  return found;
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
