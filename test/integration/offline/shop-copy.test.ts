// The shop copy against a real PostgreSQL (the run's server): taken whole from the shop database's
// shared tables, with the shop's ids and installation id and SQLite's product search built; rebuilt
// from scratch on the next refresh (a product removed there is gone here); never replaced while rows
// sold offline wait for their handover; and handed over only to the database it was taken from.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handOver } from '#core/offline/handover';
import { markOffline, readShopCopyState, refreshShopCopy, shopCopyFile, shopCopyState } from '#core/offline/shop-copy';
import { readInstallation } from '#core/core';
import { Store } from '#core/store/store';
import { addConnections, openEngine, type OpenedEngine } from '#test/engines';
import { tempDir } from '#test/temp';

let shop: OpenedEngine;
let dir: ReturnType<typeof tempDir>;
let home: string;
const SOURCE = 'postgres://caja@127.0.0.1:5432/tienda?sslmode=disable';
const now = new Date('2026-12-07T15:00:00.000Z');

beforeEach(async () => {
  shop = await openEngine('postgres');
  dir = tempDir('factura-desk-shop-copy-');
  home = join(dir.path, 'home');
  await addConnections(shop.engine, [1]);
  await readInstallation(shop.engine);
});
afterEach(async () => {
  await shop.close();
  dir.remove();
});

async function addProduct(code: string, description: string): Promise<number> {
  const { id } = await shop.engine.db
    .insertInto('catalog_products')
    .values({
      connection_id: 1,
      code,
      description,
      unit_price: '1000.00',
      price_includes_tax: 0,
      tax_rate: '19',
      unit: '94',
      unspsc: null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** What the copy holds, read through a store of its own (as a core opened on it reads). */
function inCopy<T>(read: (store: Store) => T): T {
  const store = Store.open(shopCopyFile(home));
  try {
    return read(store);
  } finally {
    store.close();
  }
}

const refresh = () => refreshShopCopy({ home, engine: shop.engine, source: SOURCE, registerId: 'K7Q2M9XA', now });

describe('the shop copy', () => {
  it('is the shop database’s shared rows, with their ids, its installation and SQLite’s product search', async () => {
    const id = await addProduct('ARR1', 'Arroz blanco 500 g');
    expect(await refresh()).toMatchObject({ refreshed: true });
    const installation = await readInstallation(shop.engine);
    inCopy((store) => {
      expect(store.db.prepare('SELECT id FROM installation').get()).toEqual({ id: installation });
      expect(store.db.prepare('SELECT id, label FROM connections').all()).toEqual([{ id: 1, label: 'Empresa 1' }]);
      expect(store.db.prepare("SELECT rowid AS id FROM catalog_search WHERE catalog_search MATCH 'arroz'").all()).toEqual([
        { id },
      ]);
      expect(readShopCopyState(store.db)).toMatchObject({ source: SOURCE, copiedShiftId: null, offlineSince: null });
    });
  });

  it('is taken again whole: a product gone from the shop database is gone from the copy', async () => {
    const id = await addProduct('ARR1', 'Arroz blanco 500 g');
    await refresh();
    await shop.engine.db.deleteFrom('catalog_products').where('id', '=', id).execute();
    await addProduct('CAF1', 'Café molido 250 g');
    await refresh();
    inCopy((store) => {
      expect(store.db.prepare('SELECT code FROM catalog_products').all()).toEqual([{ code: 'CAF1' }]);
      expect(store.db.prepare("SELECT count(*) AS n FROM catalog_search WHERE catalog_search MATCH 'arroz'").get()).toEqual({
        n: 0,
      });
    });
  });

  it('is never replaced while what was sold on it waits for its handover, nor handed to another database', async () => {
    await addProduct('ARR1', 'Arroz blanco 500 g');
    await refresh();
    inCopy((store) => markOffline(store.db, now));
    await addProduct('CAF1', 'Café molido 250 g');
    expect(await refresh()).toEqual({ refreshed: false, reason: 'waits_for_handover' });
    inCopy((store) => expect(store.db.prepare('SELECT code FROM catalog_products').all()).toEqual([{ code: 'ARR1' }]));
    // Another address: nothing handed over, the copy still waits.
    expect(
      await handOver(home, shop.engine, { now, source: 'postgres://caja@192.168.1.20:5432/otra?sslmode=disable' }),
    ).toBeNull();
    expect(shopCopyState(home)).toMatchObject({ handedOverAt: null });
    // Its own address: handed over (nothing was sold), then a refresh takes a new copy.
    expect(await handOver(home, shop.engine, { now, source: SOURCE })).toEqual({ inserted: {}, present: 0 });
    expect(shopCopyState(home)).toMatchObject({ handedOverAt: now.toISOString() });
    expect(await refresh()).toMatchObject({ refreshed: true });
    inCopy((store) =>
      expect(store.db.prepare('SELECT code FROM catalog_products ORDER BY code').all()).toEqual([
        { code: 'ARR1' },
        { code: 'CAF1' },
      ]),
    );
  });
});
