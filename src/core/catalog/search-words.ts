// How product text becomes searchable words, the same on both engines: lower case, accents folded
// (ñ is n), cut as SQLite's FTS5 unicode61 tokenizer (remove_diacritics 2) cuts it. SQLite's FTS5
// index does this itself; PostgreSQL's index (migration 0030) stores what `searchWords` returns.
// Migration 0030 indexes the products already there with it: change it only with a migration
// that rewrites catalog_search_words.

/** Lower case, accents folded: the ranking's comparisons and PostgreSQL's word index. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** Folded tokens: runs of letters and digits; anything else separates. */
export function searchTokens(text: string): string[] {
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((token) => token !== '');
}

/**
 * PostgreSQL's indexed text of a product: its columns' tokens, one space between tokens and « | »
 * between columns, with a space at both ends. A typed word is the LIKE pattern `% t1 t2%` (see
 * `wordPattern`): its tokens in a row within one column, the last one a prefix, which is what an
 * FTS5 prefix phrase matches.
 */
export function searchWords(product: { code: string; description: string; barcodes: readonly string[] }): string {
  const column = (text: string) => searchTokens(text).join(' ');
  return ` ${column(product.code)} | ${column(product.description)} | ${column(product.barcodes.join(' '))} `;
}

/** A typed word as a pattern over `searchWords`; null when it has no letter or digit (FTS5 then ignores it). */
export function wordPattern(word: string): string | null {
  const tokens = searchTokens(word);
  return tokens.length > 0 ? `% ${tokens.join(' ')}%` : null;
}
