import { sql } from 'kysely';
import type { Migration } from '../migration';

/**
 * The search indexes' pending lists on PostgreSQL, bounded. A GIN index (fastupdate, on by default)
 * first appends new rows to an unsorted pending list and merges it into the index only when the list
 * passes gin_pending_list_limit (4 MB by default) or when autovacuum gets to the table; until then
 * every search through the index reads the whole list and tests each entry in it. After an import
 * of products or a sync of the history that list held thousands of rows (360-420 pages seen after
 * 100,000 documents), and each search paid for it: a two-word product search took three times as
 * long until autovacuum had run. Capped here at 64 kB (8 pages) per index, a search reads at most
 * that; writes still go to the list in batches, merged each time it fills. The lists already there
 * are merged now.
 * - catalog_search_words_trgm (0030): the product search's words;
 * - history_words_text, history_words_counterpart (0033) and history_search_text,
 *   history_search_counterpart (0031): the Historial's search.
 * Nothing changes on SQLite (FTS5 has no pending list).
 */
export const SEARCH_INDEXES = [
  'catalog_search_words_trgm',
  'history_words_text',
  'history_words_counterpart',
  'history_search_text',
  'history_search_counterpart',
] as const;

/** The bound of each search index's pending list, in kB. */
export const SEARCH_PENDING_LIST_KB = 64;

export const migration0038: Migration = {
  version: 38,
  name: 'search_pending_lists',
  up() {
    // SQLite's FTS5 indexes (0004, 0009, 0011) write each row in place.
  },
  async postgres(db) {
    for (const index of SEARCH_INDEXES) {
      await sql.raw(`ALTER INDEX ${index} SET (fastupdate = on, gin_pending_list_limit = ${SEARCH_PENDING_LIST_KB})`).execute(db);
      await sql`SELECT gin_clean_pending_list(${index}::regclass)`.execute(db);
    }
  },
};
