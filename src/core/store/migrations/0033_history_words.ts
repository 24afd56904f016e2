import { sql } from 'kysely';
import type { Migration } from '../migration';

/**
 * The Historial's search on PostgreSQL, by words instead of trigrams. Migration 0031's trigram
 * indexes found the candidates, but a trigram cannot say where a word starts, so every candidate
 * was re-read and folded again (history_fold over the five columns, then LIKE and a regular
 * expression): a common word («Pérez», 6,900 candidates) spent over a second there, twice (the
 * count and the page).
 *
 * history_words(text) is the set of words of the folded text (history_fold, 0031): its runs of
 * a-z and 0-9, the same cut as query.ts's `(^|[^a-z0-9])word` check, each kept as is (no parser,
 * no stemming: array_to_tsvector, not to_tsvector) and cut to 255 characters (a GIN entry has a
 * size limit; a word of the search is at most that long when it goes through this index). A GIN
 * index over it answers a prefix query (`'word':*`) exactly, so no candidate is read again. Two
 * indexes, as in 0031: the five text columns, and the counterpart's two.
 * 0031's trigram indexes stay for the rare word with no letter a-z or digit at all after folding.
 * Nothing changes on SQLite (FTS5 since 0004 and 0009).
 */
export const migration0033: Migration = {
  version: 33,
  name: 'history_words',
  up() {
    // SQLite searches through FTS5 (migrations 0004 and 0009).
  },
  async postgres(db) {
    await sql`CREATE FUNCTION history_words(text) RETURNS tsvector LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
      RETURN array_to_tsvector(ARRAY(SELECT left(word, 255) FROM regexp_split_to_table(history_fold($1), '[^a-z0-9]+') AS word
                                     WHERE word <> ''))`.execute(db);
    await sql`CREATE INDEX history_words_text ON history_documents USING gin
      (history_words(number || ' ' || fiscal_key || ' ' || counterpart_name || ' ' || counterpart_doc || ' ' || items_text))`.execute(
      db,
    );
    await sql`CREATE INDEX history_words_counterpart ON history_documents USING gin
      (history_words(counterpart_name || ' ' || counterpart_doc))`.execute(db);
  },
};
