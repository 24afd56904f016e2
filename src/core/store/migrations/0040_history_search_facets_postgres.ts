import { sql } from 'kysely';
import type { Migration } from '../migration';
import { SEARCH_PENDING_LIST_KB } from './0038_search_pending_lists';

/**
 * The Historial's search on PostgreSQL with its filters inside the word index, as SQLite's FTS5 has
 * had them since 0009 (facet tokens). Migration 0033's index history_words_text held the words only,
 * so a search with a kind or a state read every document with the words from the table to test its
 * kind and state there: «tubo» with kind DSE and state pendiente read 3,971 pages of the table to
 * keep 217 documents.
 *
 * history_facets(connection_id, kind, estado_dian) is a document's facets as lexemes, each starting
 * with '~', a character no word of history_words has (its words are runs of a-z and 0-9), so a
 * prefix query of the user's words never reaches a facet:
 *   ~c<connection_id>  ~k<kind, lower case>  ~s<estado_dian as stored, cut to 255 characters>
 * The index history_words_text is made again over history_words(five text columns) ||
 * history_facets(...): an expression index, so a document's facets follow every change of its state
 * (or kind, or connection) whoever writes the row, with no trigger and nothing for the writers to
 * keep. The state groups (pendiente, aceptado, en curso…) are not lexemes: src/core/history/query.ts
 * writes each as the states it holds, from the one list of them (ledger-reads/state-groups.ts).
 * It keeps its name and its bounded pending list (0038). Building it reads every document already
 * there. Nothing changes on SQLite.
 */
export const migration0040: Migration = {
  version: 40,
  name: 'history_search_facets_postgres',
  up() {
    // SQLite's FTS5 index has held the facets since 0009.
  },
  async postgres(db) {
    await sql`CREATE FUNCTION history_facets(bigint, text, text) RETURNS tsvector LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
      RETURN array_to_tsvector(ARRAY['~c' || $1, '~k' || lower($2), '~s' || left($3, 255)])`.execute(db);
    await sql`DROP INDEX history_words_text`.execute(db);
    await sql
      .raw(
        `CREATE INDEX history_words_text ON history_documents USING gin
          ((history_words(number || ' ' || fiscal_key || ' ' || counterpart_name || ' ' || counterpart_doc || ' ' || items_text)
            || history_facets(connection_id, kind, estado_dian)))
          WITH (fastupdate = on, gin_pending_list_limit = ${SEARCH_PENDING_LIST_KB})`,
      )
      .execute(db);
  },
};
