// The products catalog of one connection: create, edit, deactivate, search by
// code, barcode or words, import (catalog-import.ts) and export. Each write keeps the word index
// (catalog_search, migration 0011) in step in the same transaction.
import type { Statement } from 'better-sqlite3';
import type { Product, ProductInput } from '#shared/catalog/product';
import { AppError } from '#shared/rpc/errors';
import type { Db } from '../store/store';

interface ProductRow {
  id: number;
  code: string;
  description: string;
  unit_price: string;
  price_includes_tax: number;
  tax_rate: Product['tax_rate'];
  unit: string;
  unspsc: string | null;
  active: number;
  updated_at: string;
  barcodes: string | null;
}

const SELECT = `SELECT p.id, p.code, p.description, p.unit_price, p.price_includes_tax, p.tax_rate, p.unit, p.unspsc, p.active, p.updated_at,
  (SELECT group_concat(b.barcode, ' ') FROM catalog_barcodes b WHERE b.product_id = p.id) AS barcodes
  FROM catalog_products p`;

function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    code: row.code,
    barcodes: row.barcodes ? row.barcodes.split(' ').sort() : [],
    description: row.description,
    unit_price: row.unit_price,
    price_includes_tax: row.price_includes_tax === 1,
    tax_rate: row.tax_rate,
    unit: row.unit,
    unspsc: row.unspsc,
    active: row.active === 1,
    updated_at: row.updated_at,
  };
}

/** How many matches a word search reads at most (see `Catalog.search`). */
export const CANDIDATE_CAP = 200;

/** Lower case, accents folded: the ranking's comparisons (the index folds the same way). */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** User words to an FTS5 query: each word a quoted prefix term, all required. */
export function catalogMatch(text: string): string | null {
  const words = text
    .split(/\s+/)
    .map((word) => word.replace(/"/g, '').trim())
    .filter((word) => word.length > 0)
    .slice(0, 8);
  return words.length > 0 ? words.map((word) => `"${word}"*`).join(' ') : null;
}

export class Catalog {
  private readonly byId: Statement<[number, number], ProductRow>;
  private readonly byExact: Statement<[number, string, number, string], ProductRow>;
  private readonly exactIds: Statement<[number, string, number, string], { id: number }>;
  private readonly candidates: Statement<[string, number, number, number], { id: number; code: string; description: string }>;
  private readonly listAll: Statement<[number, number, number], ProductRow>;
  private readonly countAll: Statement<[number, number], { n: number }>;
  /**
   * The statements of a write and of the import's lookups, prepared once: an import of 15,000
   * products runs each of them per row, and preparing was most of its time.
   */
  private readonly prepared = new Map<string, Statement>();

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {
    this.byId = db.prepare(`${SELECT} WHERE p.connection_id = ? AND p.id = ?`);
    // A scanner reads a barcode; a person may type the product's own code: both exact.
    this.byExact = db.prepare(
      `${SELECT} WHERE p.active = 1 AND p.id = COALESCE(
         (SELECT product_id FROM catalog_barcodes WHERE connection_id = ? AND barcode = ?),
         (SELECT id FROM catalog_products WHERE connection_id = ? AND code = ?))`,
    );
    this.exactIds = db.prepare(
      `SELECT product_id AS id FROM catalog_barcodes WHERE connection_id = ? AND barcode = ?
       UNION SELECT id FROM catalog_products WHERE connection_id = ? AND code = ?`,
    );
    // Driven by the word index in its own (rowid) order, so LIMIT stops the read early.
    this.candidates = db.prepare(
      `SELECT p.id, p.code, p.description FROM catalog_search s JOIN catalog_products p ON p.id = s.rowid
       WHERE catalog_search MATCH ? AND p.connection_id = ? AND (p.active = 1 OR ? = 1) LIMIT ?`,
    );
    this.listAll = db.prepare(
      `${SELECT} WHERE p.connection_id = ? AND (p.active = 1 OR ? = 1) ORDER BY p.description COLLATE NOCASE, p.id LIMIT ?`,
    );
    this.countAll = db.prepare(
      'SELECT count(*) AS n FROM catalog_products p WHERE p.connection_id = ? AND (p.active = 1 OR ? = 1)',
    );
  }

  get(connectionId: number, id: number): Product {
    const row = this.byId.get(connectionId, id);
    if (!row) throw new AppError('not_found', 'El producto no existe en el catálogo de esta empresa.');
    return toProduct(row);
  }

  byCode(connectionId: number, code: string): Product | null {
    const trimmed = code.trim();
    const row = this.byExact.get(connectionId, trimmed, connectionId, trimmed);
    return row ? toProduct(row) : null;
  }

  /**
   * Exact code or barcode first, then products whose words start with the typed ones, ranked: the
   * description starting with the whole text, then the code starting with it, then the rest, each
   * group by description. Bounded work whatever the catalog's size (the counter asks on every
   * keystroke, from the first letter): at most `candidateCap` matches are read from the word index
   * (FTS5, in its own order, stopping there), never a count or a sort of every match; when more
   * match, `total_capped` says so and the user types more to narrow.
   */
  search(
    connectionId: number,
    options: { q?: string; includeInactive?: boolean; limit?: number },
  ): { items: Product[]; total: number; total_capped: boolean } {
    const limit = options.limit ?? 50;
    const inactive = options.includeInactive ? 1 : 0;
    const q = options.q?.trim() ?? '';
    const match = catalogMatch(q);
    if (!match) {
      const items = this.listAll.all(connectionId, inactive, limit).map(toProduct);
      const total = this.countAll.get(connectionId, inactive)!.n;
      return { items, total, total_capped: false };
    }
    const cap = Math.max(CANDIDATE_CAP, limit * 2);
    const exact = this.exactIds.all(connectionId, q, connectionId, q).map((r) => r.id);
    const candidates = this.candidates.all(match, connectionId, inactive, cap + 1);
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
    const first = exact
      .map((id) => this.byId.get(connectionId, id))
      .filter((row): row is ProductRow => !!row && (inactive === 1 || row.active === 1));
    const top = ranked.slice(0, Math.max(0, limit - first.length)).map((c) => this.byId.get(connectionId, c.id)!);
    const items = [...first, ...top].slice(0, limit).map(toProduct);
    const total = first.length + candidates.filter((c) => !exactSet.has(c.id)).length;
    return { items, total: Math.max(total, items.length), total_capped: capped };
  }

  /** Creates (no id) or edits a product; a code or barcode of another product is refused. */
  save(connectionId: number, input: ProductInput, id?: number): Product {
    return this.db.transaction(() => this.write(connectionId, input, id))();
  }

  /** The write itself, inside the caller's transaction (the import writes many in one). */
  write(connectionId: number, input: ProductInput, id?: number): Product {
    const stamp = this.now().toISOString();
    const clash = this.statement<[number, string], { id: number }>(
      'SELECT id FROM catalog_products WHERE connection_id = ? AND code = ?',
    ).get(connectionId, input.code);
    if (clash && clash.id !== id)
      throw new AppError('conflict', `Ya hay otro producto con el código ${input.code}.`, {
        fields: [{ path: 'code', message: 'Ya existe.' }],
      });
    for (const barcode of input.barcodes) {
      const owner = this.barcodeOwner(connectionId, barcode);
      if (owner && owner.id !== id) {
        throw new AppError('conflict', `El código de barras ${barcode} ya es del producto ${owner.code}.`, {
          fields: [{ path: 'barcodes', message: 'Ya es de otro producto.' }],
        });
      }
    }
    // The product's own columns, in the order both statements below name them.
    const fields = [
      input.code,
      input.description,
      input.unit_price,
      input.price_includes_tax ? 1 : 0,
      input.tax_rate,
      input.unit,
      input.unspsc,
    ] as const;
    let productId: number;
    if (id === undefined) {
      productId = Number(
        this.statement(
          `INSERT INTO catalog_products (connection_id, code, description, unit_price, price_includes_tax, tax_rate, unit, unspsc, active, created_at, updated_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`,
        ).run(connectionId, ...fields, stamp, stamp).lastInsertRowid,
      );
    } else {
      this.get(connectionId, id);
      productId = id;
      this.statement(
        `UPDATE catalog_products SET code = ?, description = ?, unit_price = ?, price_includes_tax = ?, tax_rate = ?, unit = ?, unspsc = ?, updated_at = ?
           WHERE connection_id = ? AND id = ?`,
      ).run(...fields, stamp, connectionId, id);
      this.statement('DELETE FROM catalog_barcodes WHERE product_id = ?').run(id);
      this.statement('DELETE FROM catalog_search WHERE rowid = ?').run(id);
    }
    const addBarcode = this.statement('INSERT INTO catalog_barcodes (connection_id, barcode, product_id) VALUES (?, ?, ?)');
    for (const barcode of input.barcodes) addBarcode.run(connectionId, barcode, productId);
    this.statement('INSERT INTO catalog_search (rowid, code, description, barcodes) VALUES (?, ?, ?, ?)').run(
      productId,
      input.code,
      input.description,
      input.barcodes.join(' '),
    );
    return this.get(connectionId, productId);
  }

  setActive(connectionId: number, id: number, active: boolean): Product {
    this.get(connectionId, id);
    this.statement('UPDATE catalog_products SET active = ?, updated_at = ? WHERE connection_id = ? AND id = ?').run(
      active ? 1 : 0,
      this.now().toISOString(),
      connectionId,
      id,
    );
    return this.get(connectionId, id);
  }

  byProductCode(connectionId: number, code: string): Product | null {
    const row = this.statement<[number, string], ProductRow>(`${SELECT} WHERE p.connection_id = ? AND p.code = ?`).get(
      connectionId,
      code,
    );
    return row ? toProduct(row) : null;
  }

  barcodeOwner(connectionId: number, barcode: string): { id: number; code: string } | undefined {
    return this.statement<[number, string], { id: number; code: string }>(
      'SELECT p.id, p.code FROM catalog_barcodes b JOIN catalog_products p ON p.id = b.product_id WHERE b.connection_id = ? AND b.barcode = ?',
    ).get(connectionId, barcode);
  }

  /** Every product of the connection, by code (the export). */
  *each(connectionId: number): Generator<Product> {
    for (const row of this.statement<[number], ProductRow>(`${SELECT} WHERE p.connection_id = ? ORDER BY p.code`).iterate(
      connectionId,
    )) {
      yield toProduct(row);
    }
  }

  private statement<P extends unknown[] = unknown[], R = unknown>(sql: string): Statement<P, R> {
    let statement = this.prepared.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.prepared.set(sql, statement);
    }
    return statement as unknown as Statement<P, R>;
  }

  runInTransaction<T>(work: () => T): T {
    return this.db.transaction(work)();
  }
}
