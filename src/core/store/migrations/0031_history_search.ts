import { sql } from 'kysely';
import type { Migration } from '../migration';

/**
 * The Historial's search on PostgreSQL. SQLite has searched with FTS5 since 0004 (tables
 * history_search*, kept by triggers, with facets since 0009), which PostgreSQL lacks: there the same
 * words are found through trigram indexes (pg_trgm, shipped with PostgreSQL) on the folded text:
 * - history_fold(text): accents and ñ dropped, then lower case, as FTS5's tokenizer
 *   (unicode61 remove_diacritics 2) sees a word; spelled with translate() so that it is IMMUTABLE
 *   and does not depend on the server's locale (the extension unaccent is not);
 * - one GIN index on the five text columns a search looks in (number, CUFE/CUDS, counterpart's name
 *   and number, items), one on the counterpart's two (the counterpart filter).
 * src/core/history/query.ts writes the same expressions, so the planner uses these indexes.
 * Nothing changes on SQLite.
 */
const ACCENTED = 'ÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇÝáàâäãåéèêëíìîïóòôöõúùûüñçýÿ';
const PLAIN = 'AAAAAAEEEEIIIIOOOOOUUUUNCYaaaaaaeeeeiiiiooooouuuuncyy';

export const migration0031: Migration = {
  version: 31,
  name: 'history_search',
  up() {
    // SQLite searches through FTS5 (migrations 0004 and 0009).
  },
  async postgres(db) {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    await sql
      .raw(
        `CREATE FUNCTION history_fold(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
           RETURN lower(translate($1, '${ACCENTED}', '${PLAIN}'))`,
      )
      .execute(db);
    await sql`CREATE INDEX history_search_text ON history_documents USING gin
      (history_fold(number || ' ' || fiscal_key || ' ' || counterpart_name || ' ' || counterpart_doc || ' ' || items_text) gin_trgm_ops)`.execute(
      db,
    );
    await sql`CREATE INDEX history_search_counterpart ON history_documents USING gin
      (history_fold(counterpart_name || ' ' || counterpart_doc) gin_trgm_ops)`.execute(db);
  },
};
