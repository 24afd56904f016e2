import { sql } from 'kysely';
import { searchWords } from '#core/catalog/search-words';
import type { Migration } from '#core/store/migration';

/**
 * The product search's own index on PostgreSQL. SQLite already has one (migration 0011's FTS5
 * table, prefixes and accents folded): its half here is deliberately a no-op.
 *
 * PostgreSQL has no FTS5. Each product gets a row in `catalog_search_words`: its code, description
 * and barcodes cut into tokens as FTS5's unicode61 tokenizer cuts them, lower case and accents
 * folded by the app (core/catalog/catalog.ts `searchWords`, so ñ, á… fold the same on any server,
 * without the unaccent extension), and a pg_trgm GIN index under it, which serves the search's
 * `LIKE '% word%'` per typed word. pg_trgm ships with PostgreSQL's contrib and is a trusted
 * extension: the database's owner may create it. Products already in the database are indexed here.
 */
export const migration0030: Migration = {
  version: 30,
  name: 'catalog_search_postgres',
  up() {
    // SQLite needs nothing: catalog_search (FTS5, 0011) is its index.
  },
  async postgres(db) {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    await sql`CREATE TABLE catalog_search_words (
      product_id BIGINT PRIMARY KEY REFERENCES catalog_products (id) ON DELETE CASCADE,
      words      TEXT NOT NULL
    )`.execute(db);
    await sql`CREATE INDEX catalog_search_words_trgm ON catalog_search_words USING gin (words gin_trgm_ops)`.execute(db);
    const { rows } = await sql<{
      id: number;
      code: string;
      description: string;
      barcodes: string | null;
    }>`SELECT p.id, p.code, p.description,
         (SELECT string_agg(b.barcode, ' ') FROM catalog_barcodes b WHERE b.product_id = p.id) AS barcodes
       FROM catalog_products p`.execute(db);
    for (const row of rows) {
      const words = searchWords({ code: row.code, description: row.description, barcodes: row.barcodes ? [row.barcodes] : [] });
      await sql`INSERT INTO catalog_search_words (product_id, words) VALUES (${row.id}, ${words})`.execute(db);
    }
  },
};
