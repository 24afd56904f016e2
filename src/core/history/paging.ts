// When a walk through the FE list (endpoint 1) is over. The body's shape and the paging metadata
// are "not shown", and servers differ on what a page past the end is (empty, the last page again,
// an error), so every sensible signal ends the walk: an empty page, a page with no id not already
// seen in this walk, `total_pages` reached, as many ids as `total`, a page shorter than an earlier
// page of the walk, and, whatever the server does, a hard upper bound on pages.
import type { FeListPage } from '../api/readers';
import { countOf } from '#shared/plural';

/** Sizes asked for, in order, when the server refuses one with a 400 ("the server restricts the range"). */
export const PAGE_SIZES: readonly (number | undefined)[] = [100, 50, 20, 10, undefined];

/** No walk reads more pages than this (1,000,000 documents at 100 a page). */
export const MAX_PAGES_PER_WALK = 10_000;

export type EndReason = 'empty' | 'no_new_id' | 'total_pages' | 'total' | 'short' | 'bound' | 'last_link';

export class PageWalk {
  private readonly seen = new Set<number>();
  private largest = 0;
  private pages = 0;
  /** The ids of the walk's page 1 when it was full: a later page equal to it means the server ignores `page`. */
  private firstFull: Set<number> | null = null;
  /** Whether a later page repeated a full page 1 exactly: the server does not page by number. */
  ignoredPage = false;
  /** Whether the walk followed the server's own links (cursor, offset) rather than page numbers. */
  linked = false;

  get seenCount(): number {
    return this.seen.size;
  }

  get fromStart(): boolean {
    return this.firstPage === 1;
  }

  constructor(
    private readonly firstPage: number,
    private readonly maxPages = MAX_PAGES_PER_WALK,
  ) {}

  /** Reads one page's ids; the reason the walk ends after it, or null to ask for the next page. */
  after(page: number, result: FeListPage, requestedSize: number | undefined): EndReason | null {
    this.pages += 1;
    const count = result.entries.length;
    let fresh = 0;
    for (const entry of result.entries) {
      if (!this.seen.has(entry.id)) {
        this.seen.add(entry.id);
        fresh += 1;
      }
    }
    // The size the server pages by is the largest page it has given in this walk; an echoed
    // `per_page` is not trusted alone (some servers echo the size asked for and give fewer).
    const size = this.pages > 1 ? this.largest : undefined;
    this.largest = Math.max(this.largest, count);
    if (this.pages === 1 && page === 1 && requestedSize !== undefined && count >= requestedSize) {
      this.firstFull = new Set(result.entries.map((e) => e.id));
    }
    if (count === 0) return 'empty';
    if (fresh === 0) {
      const first = this.firstFull;
      if (first && page > 1 && count === first.size && result.entries.every((e) => first.has(e.id))) this.ignoredPage = true;
      return 'no_new_id';
    }
    if (result.totalPages !== undefined && page >= result.totalPages) return 'total_pages';
    if (this.firstPage === 1 && result.total !== undefined && this.seen.size >= result.total) return 'total';
    if (size !== undefined && count < size && (requestedSize === undefined || count < requestedSize)) return 'short';
    if (this.pages >= this.maxPages) return 'bound';
    return null;
  }

  /** A page reached through the server's own link: the walk ends when no link follows it. */
  afterLink(result: FeListPage, hasNext: boolean): EndReason | null {
    this.linked = true;
    this.pages += 1;
    let fresh = 0;
    for (const entry of result.entries) {
      if (!this.seen.has(entry.id)) {
        this.seen.add(entry.id);
        fresh += 1;
      }
    }
    if (result.entries.length === 0) return 'empty';
    // A link leading back to documents already read: a loop, never followed further.
    if (fresh === 0) return 'no_new_id';
    if (!hasNext) return 'last_link';
    if (this.pages >= this.maxPages) return 'bound';
    return null;
  }
}

/**
 * The query of the next page when the server names one that the walk by page numbers would not
 * ask for (a cursor, an offset): `null` when it names none, or only the next page number.
 */
export function linkedNext(result: FeListPage, page: number): Record<string, string> | null {
  const query = result.next?.query;
  if (!query) return null;
  const keys = Object.keys(query).filter((key) => key !== 'per_page' && key !== 'page_size');
  if (keys.length === 0) return null;
  if (keys.length === 1 && keys[0] === 'page' && Number(query.page) === page + 1) return null;
  return query;
}

/**
 * What the user must know of a pass that ended without all the server's documents: a list it could
 * not walk to its end (a server that ignores `page` and names no next page, a link loop, `has_more`
 * still true, fewer ids than its `total`, the page bound), or documents whose detail failed and
 * are asked for again next time. Null when the pass read everything.
 */
export function syncWarning(walk: PageWalk, end: EndReason | null, last: FeListPage | null, skipped: number): string | null {
  const total = walk.fromStart ? last?.total : undefined;
  const incomplete =
    end === 'bound' ||
    walk.ignoredPage ||
    (walk.linked && end === 'no_new_id') ||
    last?.next?.more === true ||
    (total !== undefined && walk.seenCount < total);
  const parts: string[] = [];
  if (incomplete) {
    parts.push(
      `El servicio no dejó recorrer todo el historial de facturas: se leyeron ${countOf(walk.seenCount, 'factura')}` +
        `${total !== undefined && total > walk.seenCount ? ` de ${total.toLocaleString('es-CO')}` : ''}. ` +
        'Lo sincronizado se conserva; una factura que falte aquí puede consultarse en el portal de su proveedor.',
    );
  }
  if (skipped > 0) {
    parts.push(
      `${countOf(skipped, 'factura no se pudo', 'facturas no se pudieron')} leer del servicio en esta sincronización; ` +
        'se volverán a pedir en la próxima.',
    );
  }
  return parts.length > 0 ? parts.join(' ') : null;
}
