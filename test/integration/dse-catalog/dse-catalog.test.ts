// What the DSE form offers again, on both engines with one test body (SQLite on a real file,
// PostgreSQL on a real server): suppliers read back from the ledger's DSE requests (newest first,
// each once, filtered by text) and a connection's cost centers, replaced as a whole, by code.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DseCatalog } from '#core/dse-catalog/dse-catalog';
import type { EngineKind } from '#core/store/engine';
import { addConnections, ENGINE_KINDS, openEngine, type OpenedEngine } from '#test/engines';

describe.each(ENGINE_KINDS)('DSE catalog on %s', (kind: EngineKind) => {
  let opened: OpenedEngine;
  let catalog: DseCatalog;
  beforeEach(async () => {
    opened = await openEngine(kind);
    catalog = new DseCatalog(opened.engine);
    await addConnections(opened.engine, [1, 2]);
  });
  afterEach(() => opened.close());

  let seq = 0;
  const dse = (connectionId: number, nit: string, nombre: string, at: string) => {
    seq += 1;
    return opened.engine.db
      .insertInto('submissions')
      .values({
        connection_id: connectionId,
        base_url: 'http://127.0.0.1:9/api/v1',
        company_id: 100 + connectionId,
        kind: 'DSE',
        idempotency_key: `dse-${seq}`,
        endpoint_path: '/dse',
        request_body: Buffer.from(JSON.stringify({ proveedor: { tipo_documento: '13', nit, nombre } })),
        payload_hash: `h${seq}`,
        state: 'accepted',
        created_at: at,
        updated_at: at,
      })
      .execute();
  };

  it('offers each supplier once, newest first, filtered by number or name, per connection', async () => {
    await dse(1, '80111222', 'José Núñez', '2026-11-01T10:00:00Z');
    await dse(1, '52333444', 'María Gómez', '2026-11-02T10:00:00Z');
    await dse(1, '80111222', 'José Núñez', '2026-11-03T10:00:00Z');
    await dse(2, '11111111', 'Otra empresa', '2026-11-03T10:00:00Z');
    const all = await catalog.suppliers(1);
    expect(all.map((s) => [s.proveedor.nit, s.last_used])).toEqual([
      ['80111222', '2026-11-03T10:00:00Z'],
      ['52333444', '2026-11-02T10:00:00Z'],
    ]);
    expect((await catalog.suppliers(1, 'gómez')).map((s) => s.proveedor.nombre)).toEqual(['María Gómez']);
    expect((await catalog.suppliers(1, '8011')).map((s) => s.proveedor.nombre)).toEqual(['José Núñez']);
    expect((await catalog.suppliers(2)).map((s) => s.proveedor.nit)).toEqual(['11111111']);
  });

  it('replaces the cost centers of a connection as a whole and lists them by code', async () => {
    await catalog.saveCostCenters(1, [
      { id: 2, code: 'b-02', name: 'Bodega' },
      { id: 1, code: 'A-01', name: 'Administración' },
    ]);
    await catalog.saveCostCenters(2, [{ id: 1, code: 'X', name: 'Otra' }]);
    expect(await catalog.costCenters(1)).toEqual([
      { id: 1, code: 'A-01', name: 'Administración' },
      { id: 2, code: 'b-02', name: 'Bodega' },
    ]);
    expect(await catalog.saveCostCenters(1, [{ id: 3, code: 'C', name: 'Cocina' }])).toEqual([
      { id: 3, code: 'C', name: 'Cocina' },
    ]);
    expect(await catalog.saveCostCenters(1, [])).toEqual([]);
    expect(await catalog.costCenters(2)).toEqual([{ id: 1, code: 'X', name: 'Otra' }]);
  });
});
