// The products catalog on both engines with one test body (SQLite on a real file, PostgreSQL on a
// real server): create/edit/deactivate, search by code, barcode and words (accents and ñ folded,
// prefixes, ranking), one catalog per connection, and the refusals that change nothing. Then each
// engine's own migrations: 0011 on SQLite, 0030 on PostgreSQL (it indexes the products already there).
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Catalog } from '#core/catalog/catalog';
import { openPostgres, type EngineKind } from '#core/store/engine';
import { migrations } from '#core/store/migrations/index';
import { Store } from '#core/store/store';
import { ProductInput } from '#shared/catalog/product';
import { AppError } from '#shared/rpc/errors';
import { ENGINE_KINDS, openEngine, type OpenedEngine } from '#test/engines';
import { COFFEE } from '#test/products';
import { testDatabase } from '#test/test-database';
import { tempDir } from '#test/temp';

const now = () => new Date('2026-11-20T15:00:00Z');
const product = (overrides: Partial<ProductInput> = {}): ProductInput => ({ ...COFFEE, ...overrides });

async function refused(work: () => Promise<unknown>): Promise<string | null> {
  try {
    await work();
  } catch (error) {
    return error instanceof AppError ? error.message : String(error);
  }
  return null;
}

describe.each(ENGINE_KINDS)('catalog on %s', (kind: EngineKind) => {
  let opened: OpenedEngine;
  let catalog: Catalog;
  beforeEach(async () => {
    opened = await openEngine(kind);
    catalog = new Catalog(opened.engine, now);
  });
  afterEach(() => opened.close());

  const codes = async (q: string, limit?: number) =>
    (await catalog.search(1, { q, ...(limit ? { limit } : {}) })).items.map((p) => p.code);

  it('creates, edits and deactivates a product; an inactive one is not sold but still listed on request', async () => {
    const created = await catalog.save(1, product());
    expect(created).toMatchObject({ code: 'CAF500', barcodes: ['7702001000011'], unit_price: '12500', active: true });
    const edited = await catalog.save(
      1,
      product({ unit_price: '13000.50', barcodes: ['7702001000011', '7702001000028'] }),
      created.id,
    );
    expect(edited).toMatchObject({ id: created.id, unit_price: '13000.50', barcodes: ['7702001000011', '7702001000028'] });
    expect((await catalog.byCode(1, '7702001000028'))?.id).toBe(created.id);

    await catalog.setActive(1, created.id, false);
    expect(await catalog.byCode(1, '7702001000011')).toBeNull();
    expect((await catalog.search(1, { q: 'café' })).items).toEqual([]);
    expect((await catalog.search(1, { q: 'café', includeInactive: true })).items.map((p) => p.active)).toEqual([false]);
    await catalog.setActive(1, created.id, true);
    expect((await catalog.byCode(1, 'CAF500'))?.id).toBe(created.id);
  });

  it("scans a barcode before a code: the barcode's product, with its barcodes, and none when that one is inactive", async () => {
    const arroz = await catalog.save(1, product({ code: 'ARR1', barcodes: ['7701', '7702'], description: 'Arroz Diana 1 kg' }));
    const azucar = await catalog.save(1, product({ code: '7701', barcodes: [], description: 'Azúcar 1 kg' }));
    await catalog.save(2, product({ code: 'ARR9', barcodes: ['7709'], description: 'Arroz de otra empresa' }));
    expect(await catalog.byCode(1, ' 7701 ')).toMatchObject({ id: arroz.id, barcodes: ['7701', '7702'] });
    expect(await catalog.byCode(1, 'ARR1')).toMatchObject({ id: arroz.id, barcodes: ['7701', '7702'] });
    expect(await catalog.byCode(1, '7709')).toBeNull();
    expect(await catalog.byCode(1, 'nada')).toBeNull();
    await catalog.setActive(1, arroz.id, false);
    // The barcode still names the inactive product: the code of another is not tried.
    expect(await catalog.byCode(1, '7701')).toBeNull();
    await catalog.setActive(1, arroz.id, true);
    await catalog.save(1, product({ code: 'ARR1', barcodes: ['7702'], description: 'Arroz Diana 1 kg' }), arroz.id);
    expect(await catalog.byCode(1, '7701')).toMatchObject({ id: azucar.id, barcodes: [] });
  });

  it('finds by exact code or barcode first, then by the start of any words, accents folded', async () => {
    await catalog.save(1, product());
    await catalog.save(1, product({ code: 'CAF250', barcodes: [], description: 'Café en grano 250 g' }));
    await catalog.save(1, product({ code: 'ARR1', barcodes: ['7701'], description: 'Arroz Diana 1 kg', tax_rate: '0' }));
    await catalog.save(1, product({ code: '7701', barcodes: [], description: 'Azúcar 1 kg (código numérico)' }));
    expect(await codes('cafe')).toEqual(['CAF250', 'CAF500']);
    expect(await codes('caf mol')).toEqual(['CAF500']);
    expect(await codes('1 kg')).toEqual(['ARR1', '7701']);
    // "7701" is a barcode of ARR1 and the code of another: both exact matches come first.
    expect((await codes('7701')).sort()).toEqual(['7701', 'ARR1']);
    expect(await codes('77020010000')).toEqual(['CAF500']);
    expect((await catalog.search(1, { q: 'c' })).total).toBe(3);
    expect((await catalog.search(1, { q: '"; DROP' })).items).toEqual([]);
    expect((await catalog.search(1, { q: ';' })).items).toEqual([]);
  });

  it('folds accents, ñ and case both ways, matches parts of words and ranks as the counter expects', async () => {
    const save = (code: string, description: string, barcodes: string[] = []) =>
      catalog.save(1, product({ code, description, barcodes }));
    await save('PIN-GOLD', 'Piña golden', ['7707001']);
    await save('NIN1', 'Muñeca NIÑA pequeña');
    await save('ACE1', 'ACEITE Girasol 1,5 l');
    await save('JAB2', 'Jabón azul en barra');
    await save('AZU1', 'Azúcar Manuelita 1 kg');
    await save('TAZ', 'Taza de café');
    await save('AZUL9', 'Pintura');

    expect(await codes('pina')).toEqual(['PIN-GOLD']);
    expect(await codes('PIÑA')).toEqual(['PIN-GOLD']);
    expect(await codes('nina')).toEqual(['NIN1']);
    expect(await codes('ÑiÑa peq')).toEqual(['NIN1']);
    expect(await codes('jabon')).toEqual(['JAB2']);
    expect(await codes('JABÓN AZ')).toEqual(['JAB2']);
    // Words start where a word starts: "ñeca" is inside "Muñeca", not its start.
    expect(await codes('ñeca')).toEqual([]);
    // A word with a comma is its tokens in a row, as typed.
    expect(await codes('1,5')).toEqual(['ACE1']);
    expect(await codes('1,5 gira')).toEqual(['ACE1']);
    // Part of a code (its own tokens) and an exact barcode.
    expect(await codes('pin')).toEqual(['PIN-GOLD', 'AZUL9']);
    expect(await codes('gold')).toEqual(['PIN-GOLD']);
    expect(await codes('7707001')).toEqual(['PIN-GOLD']);
    expect(await codes('770700')).toEqual(['PIN-GOLD']);
    // Ranking: the description starting with the text, then the code starting with it, then the
    // rest by description.
    expect(await codes('azu')).toEqual(['AZU1', 'AZUL9', 'JAB2']);
    expect(await codes('AZUL9')).toEqual(['AZUL9']);
    expect(await codes('caf')).toEqual(['TAZ']);
    // Words of two columns never make one phrase.
    expect(await codes('gold7707')).toEqual([]);
  });

  it('lists without words by description, case folded, and counts', async () => {
    await catalog.save(1, product({ code: 'B', barcodes: [], description: 'banano' }));
    await catalog.save(1, product({ code: 'A', barcodes: [], description: 'Arroz' }));
    await catalog.save(1, product({ code: 'C', barcodes: [], description: 'Café' }));
    const off = await catalog.save(1, product({ code: 'D', barcodes: [], description: 'azúcar' }));
    await catalog.setActive(1, off.id, false);
    expect(await catalog.search(1, {})).toMatchObject({ total: 3, total_capped: false });
    expect((await catalog.search(1, {})).items.map((p) => p.code)).toEqual(['A', 'B', 'C']);
    expect((await catalog.search(1, { includeInactive: true, limit: 2 })).items.map((p) => p.code)).toEqual(['A', 'D']);
  });

  it('ranks a description starting with the text first and reads no further than the cap', async () => {
    const base = {
      barcodes: [],
      unit_price: '1000',
      price_includes_tax: false,
      tax_rate: '19' as const,
      unit: 'unidad',
      unspsc: null,
    };
    await catalog.transaction(async (trx) => {
      for (let i = 0; i < 250; i += 1)
        await catalog.write(trx, 1, { ...base, code: `G${i}`, description: `Galletas surtidas ${i}` });
      await catalog.write(trx, 1, { ...base, code: 'ZZ1', description: 'Paquete de galletas' });
      await catalog.write(trx, 1, { ...base, code: 'GAL', description: 'Arequipe' });
    });
    expect(await catalog.search(1, { q: 'paq gall', limit: 8 })).toMatchObject({ total: 1, total_capped: false });
    const many = await catalog.search(1, { q: 'GAL', limit: 3 });
    expect(many.items.map((p) => p.code)).toEqual(['GAL', 'G0', 'G1']);
    expect(many).toMatchObject({ total_capped: true, total: 201 });
    expect((await catalog.search(1, { q: 'galletas 7', limit: 20 })).items.map((p) => p.description)).toContain(
      'Galletas surtidas 7',
    );
  });

  it('searches a catalog imported in bulk at once, its size known to the planner of PostgreSQL', async () => {
    const bulk = (from: number, count: number) =>
      Array.from({ length: count }, (_, k) =>
        product({ code: `B${from + k}`, barcodes: [`990${from + k}`], description: `Bombillo ${(from + k) % 7} vatios` }),
      );
    await catalog.transaction((trx) => catalog.createMany(trx, 1, bulk(0, 1_000)));
    await catalog.transaction((trx) => catalog.createMany(trx, 1, bulk(1_000, 100)));
    expect(await catalog.search(1, { q: 'bombillo 3', limit: 3 })).toMatchObject({ total: 157, total_capped: false });
    expect(await codes('990104')).toEqual([
      'B104',
      'B1043',
      'B1044',
      'B1045',
      'B1046',
      'B1040',
      'B1047',
      'B1041',
      'B1048',
      'B1042',
      'B1049',
    ]);
    if (kind === 'postgres') {
      // Counted after the first import (a new table), not after the second (a tenth of it).
      const { rows } = await sql<{ tuples: number }>`SELECT reltuples::float8 AS tuples FROM pg_class
        WHERE oid = 'catalog_products'::regclass`.execute(opened.engine.db);
      expect(rows[0]!.tuples).toBe(1_000);
    }
  });

  it('keeps one catalog per connection', async () => {
    await catalog.save(1, product());
    await catalog.save(2, product({ unit_price: '99' }));
    expect((await catalog.byCode(1, 'CAF500'))?.unit_price).toBe('12500');
    expect((await catalog.byCode(2, 'CAF500'))?.unit_price).toBe('99');
    expect((await catalog.search(2, {})).total).toBe(1);
    expect(await codes('cafe')).toEqual(['CAF500']);
  });

  it('refuses a code or a barcode of another product and changes nothing', async () => {
    const first = await catalog.save(1, product());
    const second = await catalog.save(1, product({ code: 'CAF250', barcodes: ['111'], description: 'Café 250' }));
    expect(await refused(() => catalog.save(1, product({ code: 'CAF250', barcodes: [] }), first.id))).toBe(
      'Ya hay otro producto con el código CAF250.',
    );
    expect(
      await refused(() =>
        catalog.save(1, product({ code: 'CAF250', barcodes: ['7702001000011'], description: 'Café 250' }), second.id),
      ),
    ).toBe('El código de barras 7702001000011 ya es del producto CAF500.');
    expect(await catalog.get(1, second.id)).toMatchObject({ code: 'CAF250', barcodes: ['111'], description: 'Café 250' });
    expect((await catalog.get(1, first.id)).barcodes).toEqual(['7702001000011']);
    expect(await codes('molido')).toEqual(['CAF500']);
    expect(await refused(() => catalog.setActive(1, 999, false))).toBe('El producto no existe en el catálogo de esta empresa.');
    expect(await refused(() => catalog.save(1, product({ code: 'NUEVO', barcodes: [] }), 999))).toBe(
      'El producto no existe en el catálogo de esta empresa.',
    );
  });
});

describe('migrations of the catalog', () => {
  it('0011 creates the catalog tables on top of 0010 from an empty SQLite database', () => {
    const dir = tempDir();
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
    dir.remove();
  });

  it('0030 on PostgreSQL indexes the products already there, with the trigram index under the search', async () => {
    const url = await testDatabase();
    const before = migrations.filter((m) => m.version < 30);
    const old = await openPostgres({ url, migrations: before });
    const { id } = await old.db
      .insertInto('catalog_products')
      .values({
        connection_id: 1,
        code: 'PIN-GOLD',
        description: 'Piña golden',
        unit_price: '7900',
        price_includes_tax: 1,
        tax_rate: '0',
        unit: 'unidad',
        unspsc: null,
        created_at: '',
        updated_at: '',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await old.db.insertInto('catalog_barcodes').values({ connection_id: 1, barcode: '7707001', product_id: id }).execute();
    await old.close();

    const engine = await openPostgres({ url, migrations });
    try {
      const catalog = new Catalog(engine, now);
      expect((await catalog.search(1, { q: 'pina gol' })).items.map((p) => p.code)).toEqual(['PIN-GOLD']);
      expect((await catalog.search(1, { q: '770700' })).items.map((p) => p.code)).toEqual(['PIN-GOLD']);
      const { rows } = await sql<{ indexdef: string }>`SELECT indexdef FROM pg_indexes
        WHERE tablename = 'catalog_search_words' AND indexname = 'catalog_search_words_trgm'`.execute(engine.db);
      expect(rows[0]?.indexdef).toMatch(/gin \(words gin_trgm_ops\)/);
    } finally {
      await engine.close();
    }
  });
});
