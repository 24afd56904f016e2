// When a walk through the FE list (endpoint 1) is over. The body's shape and the paging metadata
// are "not shown", and servers differ on what a page past the end is (empty, the last page again,
// an error), so every sensible signal ends the walk: an empty page, a page with no id not already
// seen in this walk, `total_pages` reached, as many ids as `total`, a page shorter than an earlier
// page of the walk, and, whatever the server does, a hard upper bound on pages.
import type { FeListPage } from '../api/readers';

/** Sizes asked for, in order, when the server refuses one with a 400 ("the server restricts the range"). */
export const PAGE_SIZES: readonly (number | undefined)[] = [100, 50, 20, 10, undefined];

/** No walk reads more pages than this (1,000,000 documents at 100 a page). */
export const MAX_PAGES_PER_WALK = 10_000;

export type EndReason = 'empty' | 'no_new_id' | 'total_pages' | 'total' | 'short' | 'bound';

export class PageWalk {
  private readonly seen = new Set<number>();
  private largest = 0;
  private pages = 0;

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
    if (count === 0) return 'empty';
    if (fresh === 0) return 'no_new_id';
    if (result.totalPages !== undefined && page >= result.totalPages) return 'total_pages';
    if (this.firstPage === 1 && result.total !== undefined && this.seen.size >= result.total) return 'total';
    if (size !== undefined && count < size && (requestedSize === undefined || count < requestedSize)) return 'short';
    if (this.pages >= this.maxPages) return 'bound';
    return null;
  }
}
