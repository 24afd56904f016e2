// The products catalog of one connection: create, edit, deactivate, search by code, barcode or
// words, import (catalog-io.ts) and export, on either engine (store/engine.ts). Each write keeps
// the word index in step in the same transaction: SQLite's FTS5 table (migration 0011) or
// PostgreSQL's folded words under a trigram index (migration 0030); `wordIndex` below is the only
// place the two differ.
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Product, ProductInput } from '#shared/catalog/product';
import { AppError } from '#shared/rpc/errors';
import type { Engine, EngineKind } from '../store/engine';
import type { Schema } from '../store/schema';
import { foldText, searchWords, wordPattern } from './search-words';

export { foldText } from './search-words';

/** The engine's queries, or those of a transaction in progress (a Transaction is one). */
export type Queries = Kysely<Schema>;

const COLUMNS = [
  'id',
  'code',
  'description',
  'unit_price',
  'price_includes_tax',
  'tax_rate',
  'unit',
  'unspsc',
  'active',
  'updated_at',
] as const;

interface ProductRow {
  id: number;
  code: string;
  description: string;
  unit_price: string;
  price_includes_tax: number;
  tax_rate: string;
  unit: string;
  unspsc: string | null;
  active: number;
  updated_at: string;
}

function toProduct(row: ProductRow, barcodes: string[] | undefined): Product {
  return {
    id: row.id,
    code: row.code,
    barcodes: barcodes ? [...barcodes].sort() : [],
    description: row.description,
    unit_price: row.unit_price,
    price_includes_tax: row.price_includes_tax === 1,
    tax_rate: row.tax_rate as Product['tax_rate'],
    unit: row.unit,
    unspsc: row.unspsc,
    active: row.active === 1,
    updated_at: row.updated_at,
  };
}

/** Products per statement of a bulk write (well under both engines' bound on parameters). */
const BULK = 200;

/** How many matches a word search reads at most (see `Catalog.search`). */
export const CANDIDATE_CAP = 200;

/** The user's words as typed: split on spaces, quotes dropped, at most 8. */
function typedWords(text: string): string[] {
  return text
    .split(/\s+/)
    .map((word) => word.replace(/"/g, '').trim())
    .filter((word) => word.length > 0)
    .slice(0, 8);
}

/** User words to an FTS5 query: each word a quoted prefix term, all required. */
export function catalogMatch(text: string): string | null {
  const words = typedWords(text);
  return words.length > 0 ? words.map((word) => `"${word}"*`).join(' ') : null;
}

interface Candidate {
  id: number;
  code: string;
  description: string;
}

/** The word index of each engine: written with each product, read by the search. */
interface WordIndex {
  /** Indexes these products; `replacing` when they were indexed before (an edit). */
  put(db: Queries, products: readonly { id: number; input: ProductInput }[], replacing: boolean): Promise<void>;
  /** Matches of every typed word, in product id order, at most `limit`. */
  candidates(db: Queries, connectionId: number, q: string, includeInactive: boolean, limit: number): Promise<Candidate[]>;
  /**
   * After a bulk write of `written` products: on PostgreSQL, the tables' statistics taken again when
   * the write is large beside what they last counted (see the PostgreSQL index below).
   */
  settle(db: Queries, written: number): Promise<void>;
  /** The no-words listing's order: by description, case folded as SQLite's NOCASE does (ASCII), then id. */
  readonly byDescription: ReturnType<typeof sql>;
}

function wordIndex(kind: EngineKind): WordIndex {
  if (kind === 'sqlite')
    return {
      async put(db, products, replacing) {
        if (products.length === 0) return;
        if (replacing) await sql`DELETE FROM catalog_search WHERE rowid IN (${sql.join(products.map((p) => p.id))})`.execute(db);
        const rows = products.map(
          ({ id, input }) => sql`(${id}, ${input.code}, ${input.description}, ${input.barcodes.join(' ')})`,
        );
        await sql`INSERT INTO catalog_search (rowid, code, description, barcodes) VALUES ${sql.join(rows)}`.execute(db);
      },
      async candidates(db, connectionId, q, includeInactive, limit) {
        const match = catalogMatch(q);
        if (!match) return [];
        // Driven by the word index in its own (rowid) order, so LIMIT stops the read early.
        const { rows } = await sql<Candidate>`SELECT p.id, p.code, p.description
          FROM catalog_search s JOIN catalog_products p ON p.id = s.rowid
          WHERE catalog_search MATCH ${match} AND p.connection_id = ${connectionId}
            AND (p.active = 1 OR ${includeInactive ? 1 : 0} = 1) LIMIT ${limit}`.execute(db);
        return rows;
      },
      // FTS5 drives the search whatever SQLite's statistics say.
      settle: () => Promise.resolve(),
      byDescription: sql`lower(p.description)`,
    };
  return {
    async put(db, products) {
      if (products.length === 0) return;
      await db
        .insertInto('catalog_search_words')
        .values(products.map(({ id, input }) => ({ product_id: id, words: searchWords(input) })))
        .onConflict((oc) => oc.column('product_id').doUpdateSet((eb) => ({ words: eb.ref('excluded.words') })))
        .execute();
    },
    async candidates(db, connectionId, q, includeInactive, limit) {
      const patterns = typedWords(q).map(wordPattern);
      const kept = patterns.filter((p): p is string => p !== null);
      if (kept.length === 0) return [];
      // The words walked in product id order (or, for rare words, found through the trigram index),
      // and each match's product looked up by id, in a LATERAL fenced by OFFSET 0: joined as one
      // table the planner walked both tables side by side (a merge join), reading every product up
      // to the last match, about a third more work for a common word than looking up the matches.
      let query = db
        .selectFrom('catalog_search_words as s')
        .innerJoinLateral(
          (eb) => {
            let product = eb
              .selectFrom('catalog_products as p')
              .select(['p.id', 'p.code', 'p.description'])
              .whereRef('p.id', '=', 's.product_id')
              .where('p.connection_id', '=', connectionId);
            if (!includeInactive) product = product.where('p.active', '=', 1);
            return product.offset(0).as('p');
          },
          (join) => join.onTrue(),
        )
        .select(['p.id', 'p.code', 'p.description']);
      for (const pattern of kept) query = query.where('s.words', 'like', pattern);
      return query.orderBy('s.product_id').limit(limit).execute();
    },
    // A catalog imported in bulk has no statistics until autovacuum gets to it (a minute or more):
    // meanwhile the planner takes its tables for empty and answers a search by walking every
    // product by description (250-400 ms over 50,000), not the word index. Taken here when a write
    // adds a fifth or more of the rows last counted (reltuples is -1 before the first count), as
    // autovacuum's own threshold would, inside the import's transaction, which sees its rows.
    async settle(db, written) {
      if (written === 0) return;
      const { rows } = await sql<{ tuples: number }>`SELECT reltuples::float8 AS tuples FROM pg_class
        WHERE oid = 'catalog_products'::regclass`.execute(db);
      const tuples = rows[0]?.tuples ?? -1;
      if (tuples >= 0 && written < tuples * 0.2) return;
      await sql`ANALYZE catalog_products, catalog_barcodes, catalog_search_words`.execute(db);
    },
    // Byte order whatever the server's locale, as SQLite compares.
    byDescription: sql`lower(p.description) COLLATE "C"`,
  };
}

export class Catalog {
  private readonly index: WordIndex;

  constructor(
    private readonly engine: Engine,
    private readonly now: () => Date,
  ) {
    this.index = wordIndex(engine.kind);
  }

  /** Runs `work` in one transaction of the engine (an import, a test's set-up). */
  transaction<T>(work: (db: Queries) => Promise<T>): Promise<T> {
    return this.engine.transaction(work);
  }

  async get(connectionId: number, id: number, db: Queries = this.engine.db): Promise<Product> {
    const [product] = await this.products(db, connectionId, [id]);
    if (!product) throw new AppError('not_found', 'El producto no existe en el catálogo de esta empresa.');
    return product;
  }

  /**
   * An active product by exact barcode (a scanner) or exact code (typed by a person), the barcode
   * first: one statement, its barcodes with it (the scanner asks on every scan).
   */
  async byCode(connectionId: number, code: string): Promise<Product | null> {
    const trimmed = code.trim();
    const db = this.engine.db;
    const [product] = await this.productsWhere(db, connectionId, (eb) =>
      eb(
        'p.id',
        '=',
        eb.fn.coalesce(
          eb
            .selectFrom('catalog_barcodes')
            .select('product_id')
            .where('connection_id', '=', connectionId)
            .where('barcode', '=', trimmed),
          eb.selectFrom('catalog_products').select('id').where('connection_id', '=', connectionId).where('code', '=', trimmed),
        ),
      ),
    );
    return product?.active ? product : null;
  }

  /**
   * Exact code or barcode first, then products whose words start with the typed ones, ranked: the
   * description starting with the whole text, then the code starting with it, then the rest, each
   * group by description. Bounded work whatever the catalog's size (the counter asks on every
   * keystroke, from the first letter): at most `candidateCap` matches are read from the word index
   * (in product id order, stopping there), never a count or a sort of every match; when more
   * match, `total_capped` says so and the user types more to narrow.
   */
  async search(
    connectionId: number,
    options: { q?: string; includeInactive?: boolean; limit?: number },
  ): Promise<{ items: Product[]; total: number; total_capped: boolean }> {
    const db = this.engine.db;
    const limit = options.limit ?? 50;
    const includeInactive = options.includeInactive === true;
    const q = options.q?.trim() ?? '';
    if (typedWords(q).length === 0) {
      let list = db
        .selectFrom('catalog_products as p')
        .select(COLUMNS.map((c) => `p.${c}` as const))
        .where('p.connection_id', '=', connectionId);
      let count = db
        .selectFrom('catalog_products as p')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('p.connection_id', '=', connectionId);
      if (!includeInactive) {
        list = list.where('p.active', '=', 1);
        count = count.where('p.active', '=', 1);
      }
      const rows = await list.orderBy(this.index.byDescription).orderBy('p.id').limit(limit).execute();
      const items = await this.withBarcodes(db, rows);
      const { n } = await count.executeTakeFirstOrThrow();
      return { items, total: Number(n), total_capped: false };
    }
    const cap = Math.max(CANDIDATE_CAP, limit * 2);
    // The exact lookup and the word index asked side by side: on PostgreSQL each on a connection of
    // the pool, so the search waits for one round trip, not two in a row.
    const [exactRows, candidates] = await Promise.all([
      db
        .selectFrom('catalog_barcodes')
        .select('product_id as id')
        .where('connection_id', '=', connectionId)
        .where('barcode', '=', q)
        .union(db.selectFrom('catalog_products').select('id').where('connection_id', '=', connectionId).where('code', '=', q))
        .execute(),
      this.index.candidates(db, connectionId, q, includeInactive, cap + 1),
    ]);
    const exact = exactRows.map((r) => r.id).sort((a, b) => a - b);
    const capped = candidates.length > cap;
    if (capped) candidates.pop();
    const exactSet = new Set(exact);
    const typed = foldText(q);
    const ranked = candidates
      .filter((c) => !exactSet.has(c.id))
      .map((c) => {
        const description = foldText(c.description);
        const rank = description.startsWith(typed) ? 1 : foldText(c.code).startsWith(typed) ? 2 : 3;
        return { id: c.id, rank, description };
      })
      .sort((a, b) => a.rank - b.rank || (a.description < b.description ? -1 : a.description > b.description ? 1 : a.id - b.id));
    const found = new Map(
      (await this.products(db, connectionId, [...exact, ...ranked.slice(0, limit).map((c) => c.id)])).map((p) => [p.id, p]),
    );
    const first = exact.map((id) => found.get(id)).filter((p): p is Product => !!p && (includeInactive || p.active));
    const top = ranked.slice(0, Math.max(0, limit - first.length)).map((c) => found.get(c.id)!);
    const items = [...first, ...top].slice(0, limit);
    const total = first.length + ranked.length;
    return { items, total: Math.max(total, items.length), total_capped: capped };
  }

  /** Creates (no id) or edits a product; a code or barcode of another product is refused. */
  async save(connectionId: number, input: ProductInput, id?: number): Promise<Product> {
    return this.engine.transaction(async (trx) => this.get(connectionId, await this.write(trx, connectionId, input, id), trx));
  }

  /**
   * The write itself, inside the caller's transaction (`db` is that transaction; the import writes
   * many in one). Returns the product's id.
   */
  async write(db: Queries, connectionId: number, input: ProductInput, id?: number): Promise<number> {
    const stamp = this.now().toISOString();
    const clash = await db
      .selectFrom('catalog_products')
      .select('id')
      .where('connection_id', '=', connectionId)
      .where('code', '=', input.code)
      .executeTakeFirst();
    if (clash && clash.id !== id)
      throw new AppError('conflict', `Ya hay otro producto con el código ${input.code}.`, {
        fields: [{ path: 'code', message: 'Ya existe.' }],
      });
    for (const barcode of input.barcodes) {
      const owner = await this.barcodeOwner(connectionId, barcode, db);
      if (owner && owner.id !== id) {
        throw new AppError('conflict', `El código de barras ${barcode} ya es del producto ${owner.code}.`, {
          fields: [{ path: 'barcodes', message: 'Ya es de otro producto.' }],
        });
      }
    }
    const fields = productColumns(input);
    let productId: number;
    if (id === undefined) {
      ({ id: productId } = await db
        .insertInto('catalog_products')
        .values({ connection_id: connectionId, ...fields, active: 1, created_at: stamp, updated_at: stamp })
        .returning('id')
        .executeTakeFirstOrThrow());
    } else {
      const updated = await db
        .updateTable('catalog_products')
        .set({ ...fields, updated_at: stamp })
        .where('connection_id', '=', connectionId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (updated.numUpdatedRows === 0n) throw new AppError('not_found', 'El producto no existe en el catálogo de esta empresa.');
      productId = id;
      await db.deleteFrom('catalog_barcodes').where('product_id', '=', id).execute();
    }
    if (input.barcodes.length > 0)
      await db
        .insertInto('catalog_barcodes')
        .values(input.barcodes.map((barcode) => ({ connection_id: connectionId, barcode, product_id: productId })))
        .execute();
    await this.index.put(db, [{ id: productId, input }], id !== undefined);
    return productId;
  }

  /**
   * New products in bulk (the import), inside the caller's transaction: a few statements per hundred
   * products instead of several per product. The caller has checked, in the same transaction, that
   * no code or barcode is taken and that the list repeats none.
   */
  async createMany(db: Queries, connectionId: number, inputs: readonly ProductInput[]): Promise<void> {
    const stamp = this.now().toISOString();
    for (let from = 0; from < inputs.length; from += BULK) {
      const chunk = inputs.slice(from, from + BULK);
      await db
        .insertInto('catalog_products')
        .values(
          chunk.map((input) => ({
            connection_id: connectionId,
            ...productColumns(input),
            active: 1,
            created_at: stamp,
            updated_at: stamp,
          })),
        )
        .execute();
      const ids = await db
        .selectFrom('catalog_products')
        .select(['id', 'code'])
        .where('connection_id', '=', connectionId)
        .where(
          'code',
          'in',
          chunk.map((input) => input.code),
        )
        .execute();
      const idOf = new Map(ids.map((row) => [row.code, row.id]));
      const created = chunk.map((input) => ({ id: idOf.get(input.code)!, input }));
      const barcodes = created.flatMap(({ id, input }) =>
        input.barcodes.map((barcode) => ({ connection_id: connectionId, barcode, product_id: id })),
      );
      if (barcodes.length > 0) await db.insertInto('catalog_barcodes').values(barcodes).execute();
      await this.index.put(db, created, false);
    }
    await this.index.settle(db, inputs.length);
  }

  async setActive(connectionId: number, id: number, active: boolean): Promise<Product> {
    return this.engine.transaction(async (trx) => {
      const updated = await trx
        .updateTable('catalog_products')
        .set({ active: active ? 1 : 0, updated_at: this.now().toISOString() })
        .where('connection_id', '=', connectionId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (updated.numUpdatedRows === 0n) throw new AppError('not_found', 'El producto no existe en el catálogo de esta empresa.');
      return this.get(connectionId, id, trx);
    });
  }

  /** A product by its own code, active or not. */
  async byProductCode(connectionId: number, code: string): Promise<Product | null> {
    const row = await this.engine.db
      .selectFrom('catalog_products')
      .select(COLUMNS)
      .where('connection_id', '=', connectionId)
      .where('code', '=', code)
      .executeTakeFirst();
    return row ? ((await this.withBarcodes(this.engine.db, [row]))[0] ?? null) : null;
  }

  async barcodeOwner(
    connectionId: number,
    barcode: string,
    db: Queries = this.engine.db,
  ): Promise<{ id: number; code: string } | undefined> {
    return db
      .selectFrom('catalog_barcodes as b')
      .innerJoin('catalog_products as p', 'p.id', 'b.product_id')
      .select(['p.id', 'p.code'])
      .where('b.connection_id', '=', connectionId)
      .where('b.barcode', '=', barcode)
      .executeTakeFirst();
  }

  /** Every product of the connection, by code (the export, and the import's lookups). */
  async all(connectionId: number, db: Queries = this.engine.db): Promise<Product[]> {
    const rows = await db.selectFrom('catalog_products').select(COLUMNS).where('connection_id', '=', connectionId).execute();
    // By code in code-unit order here, not by the server's collation: the same file on both engines.
    rows.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
    const barcodes = new Map<number, string[]>();
    const owned = await db
      .selectFrom('catalog_barcodes')
      .select(['product_id', 'barcode'])
      .where('connection_id', '=', connectionId)
      .execute();
    for (const { product_id, barcode } of owned) barcodes.set(product_id, [...(barcodes.get(product_id) ?? []), barcode]);
    return rows.map((row) => toProduct(row, barcodes.get(row.id)));
  }

  /** The connection's products of these ids (those that exist), in no particular order. */
  private async products(db: Queries, connectionId: number, ids: number[]): Promise<Product[]> {
    if (ids.length === 0) return [];
    // By id alone, the connection checked here: with `connection_id = ?` beside the id list, SQLite
    // walks the connection's whole (connection_id, …) index instead of looking the ids up.
    const unique = [...new Set(ids)];
    return this.productsWhere(db, connectionId, (eb) => eb('p.id', 'in', unique));
  }

  /**
   * Products matching `where`, each with its barcodes, in one statement (a row per barcode, or one
   * with none): a search or a scan waits for one round trip here, not one for the products and
   * another for their barcodes. Those of another connection are left out here (see `products`).
   */
  private async productsWhere(
    db: Queries,
    connectionId: number,
    where: (eb: ExpressionBuilder<Schema & { p: Schema['catalog_products'] }, 'p'>) => Expression<SqlBool>,
  ): Promise<Product[]> {
    const rows = await db
      .selectFrom('catalog_products as p')
      .leftJoin('catalog_barcodes as b', 'b.product_id', 'p.id')
      .select([...COLUMNS.map((c) => `p.${c}` as const), 'p.connection_id', 'b.barcode'])
      .where(where)
      .execute();
    const byId = new Map<number, { row: ProductRow; barcodes: string[] }>();
    for (const { barcode, connection_id, ...row } of rows) {
      if (connection_id !== connectionId) continue;
      const found = byId.get(row.id) ?? { row, barcodes: [] };
      byId.set(row.id, found);
      if (barcode !== null) found.barcodes.push(barcode);
    }
    return [...byId.values()].map(({ row, barcodes }) => toProduct(row, barcodes));
  }

  private async withBarcodes(db: Queries, rows: ProductRow[]): Promise<Product[]> {
    if (rows.length === 0) return [];
    const barcodes = new Map<number, string[]>();
    const owned = await db
      .selectFrom('catalog_barcodes')
      .select(['product_id', 'barcode'])
      .where(
        'product_id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    for (const { product_id, barcode } of owned) barcodes.set(product_id, [...(barcodes.get(product_id) ?? []), barcode]);
    return rows.map((row) => toProduct(row, barcodes.get(row.id)));
  }
}

/** A product's own columns, as one write and the bulk import store them. */
function productColumns(input: ProductInput) {
  return {
    code: input.code,
    description: input.description,
    unit_price: input.unit_price,
    price_includes_tax: input.price_includes_tax ? 1 : 0,
    tax_rate: input.tax_rate,
    unit: input.unit,
    unspsc: input.unspsc,
  };
}
