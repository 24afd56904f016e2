// The products catalog on a real SQLite file: migration 0011 from an empty
// database, create/edit/deactivate, search by code, barcode and words (accents folded, prefixes),
// one catalog per connection, and the refusals that change nothing.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Catalog } from '#core/catalog/catalog';
import { migrations } from '#core/store/migrations/index';
import { Store } from '#core/store/store';
import { ProductInput } from '#shared/catalog/product';
import { AppError } from '#shared/rpc/errors';
import { COFFEE } from '#test/products';
import { tempDir } from '#test/temp';

let dir: ReturnType<typeof tempDir>;
let store: Store;
let catalog: Catalog;
beforeEach(() => {
  dir = tempDir();
  store = Store.open(join(dir.path, 'db.sqlite'));
  catalog = new Catalog(store.db, () => new Date('2026-11-20T15:00:00Z'));
});
afterEach(() => {
  store.close();
  dir.remove();
});

const product = (overrides: Partial<ProductInput> = {}): ProductInput => ({ ...COFFEE, ...overrides });

describe('migration 0011 (catalog)', () => {
  it('creates the catalog tables on top of 0010 from an empty database', () => {
    const fresh = Store.open(join(dir.path, 'm11.sqlite'), { migrations: migrations.slice(0, 11) });
    expect(fresh.db.pragma('user_version', { simple: true })).toBe(11);
    const tables = fresh.db
      .prepare<[], { name: string }>(
        "SELECT name FROM sqlite_master WHERE name LIKE 'catalog_%' AND type IN ('table', 'index') ORDER BY name",
      )
      .all()
      .map((r) => r.name);
    expect(tables).toEqual(
      expect.arrayContaining(['catalog_barcodes', 'catalog_by_description', 'catalog_products', 'catalog_search']),
    );
    expect(() =>
      fresh.db
        .prepare(
          "INSERT INTO catalog_products (connection_id, code, description, unit_price, price_includes_tax, tax_rate, unit, created_at, updated_at) VALUES (1, 'X', 'x', '1', 0, '16', 'u', '', '')",
        )
        .run(),
    ).toThrow(/CHECK/);
    fresh.close();
  });
});

describe('catalog', () => {
  it('creates, edits and deactivates a product; an inactive one is not sold but still listed on request', () => {
    const created = catalog.save(1, product());
    expect(created).toMatchObject({ code: 'CAF500', barcodes: ['7702001000011'], unit_price: '12500', active: true });
    const edited = catalog.save(1, product({ unit_price: '13000.50', barcodes: ['7702001000011', '7702001000028'] }), created.id);
    expect(edited).toMatchObject({ id: created.id, unit_price: '13000.50', barcodes: ['7702001000011', '7702001000028'] });
    expect(catalog.byCode(1, '7702001000028')?.id).toBe(created.id);

    catalog.setActive(1, created.id, false);
    expect(catalog.byCode(1, '7702001000011')).toBeNull();
    expect(catalog.search(1, { q: 'café' }).items).toEqual([]);
    expect(catalog.search(1, { q: 'café', includeInactive: true }).items.map((p) => p.active)).toEqual([false]);
    catalog.setActive(1, created.id, true);
    expect(catalog.byCode(1, 'CAF500')?.id).toBe(created.id);
  });

  it('finds by exact code or barcode first, then by the start of any words, accents folded', () => {
    catalog.save(1, product());
    catalog.save(1, product({ code: 'CAF250', barcodes: [], description: 'Café en grano 250 g' }));
    catalog.save(1, product({ code: 'ARR1', barcodes: ['7701'], description: 'Arroz Diana 1 kg', tax_rate: '0' }));
    catalog.save(1, product({ code: '7701', barcodes: [], description: 'Azúcar 1 kg (código numérico)' }));
    expect(catalog.search(1, { q: 'cafe' }).items.map((p) => p.code)).toEqual(['CAF250', 'CAF500']);
    expect(catalog.search(1, { q: 'caf mol' }).items.map((p) => p.code)).toEqual(['CAF500']);
    expect(catalog.search(1, { q: '1 kg' }).items.map((p) => p.code)).toEqual(['ARR1', '7701']);
    // "7701" is a barcode of ARR1 and the code of another: both exact matches come first.
    expect(
      catalog
        .search(1, { q: '7701' })
        .items.map((p) => p.code)
        .sort(),
    ).toEqual(['7701', 'ARR1']);
    expect(catalog.search(1, { q: '77020010000' }).items.map((p) => p.code)).toEqual(['CAF500']);
    expect(catalog.search(1, { q: 'c' }).total).toBe(3);
    expect(catalog.search(1, { q: '"; DROP' }).items).toEqual([]);
  });

  it('keeps one catalog per connection', () => {
    catalog.save(1, product());
    catalog.save(2, product({ unit_price: '99' }));
    expect(catalog.byCode(1, 'CAF500')?.unit_price).toBe('12500');
    expect(catalog.byCode(2, 'CAF500')?.unit_price).toBe('99');
    expect(catalog.search(2, {}).total).toBe(1);
  });

  it('refuses a code or a barcode of another product and changes nothing', () => {
    const first = catalog.save(1, product());
    const second = catalog.save(1, product({ code: 'CAF250', barcodes: ['111'], description: 'Café 250' }));
    const refused = (work: () => unknown) => {
      try {
        work();
      } catch (error) {
        return error instanceof AppError ? error.message : String(error);
      }
      return null;
    };
    expect(refused(() => catalog.save(1, product({ code: 'CAF250', barcodes: [] }), first.id))).toBe(
      'Ya hay otro producto con el código CAF250.',
    );
    expect(
      refused(() =>
        catalog.save(1, product({ code: 'CAF250', barcodes: ['7702001000011'], description: 'Café 250' }), second.id),
      ),
    ).toBe('El código de barras 7702001000011 ya es del producto CAF500.');
    expect(catalog.get(1, second.id)).toMatchObject({ code: 'CAF250', barcodes: ['111'], description: 'Café 250' });
    expect(catalog.get(1, first.id).barcodes).toEqual(['7702001000011']);
    expect(refused(() => catalog.setActive(1, 999, false))).toBe('El producto no existe en el catálogo de esta empresa.');
  });

  it('says in Spanish what is wrong with a product before it reaches the store', () => {
    const result = ProductInput.safeParse(product({ code: 'CON ESPACIO', description: ' ', unit_price: '-1', unspsc: '123' }));
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message)).toEqual([
      'El código admite letras, números, punto, guion y barra, sin espacios.',
      'Escriba la descripción.',
      'El precio debe ser un valor de 0 o más, con máximo dos decimales.',
      'El código UNSPSC tiene 8 dígitos.',
    ]);
  });
});
