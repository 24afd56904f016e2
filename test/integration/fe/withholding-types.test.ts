// The FE withholding types typed per connection, on both engines with one test body (SQLite on a
// real file, PostgreSQL on a real server): a list replaced as a whole and read back in its order,
// each connection's apart, and removed with its connection.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FeWithholdingTypes } from '#core/fe/withholding-types';
import type { EngineKind } from '#core/store/engine';
import type { FeWithholdingType } from '#shared/rpc/methods/fe';
import { addConnections, ENGINE_KINDS, openEngine, type OpenedEngine } from '#test/engines';

const RETEFUENTE: FeWithholdingType = { type: '06', label: 'Retefuente 2,5 %', base_mode: 'subtotal' };
const RETEIVA: FeWithholdingType = { type: '05', label: 'ReteIVA 15 %', base_mode: 'impuestos' };
const RETEICA: FeWithholdingType = { type: '07', label: 'ReteICA', base_mode: 'subtotal' };

describe.each(ENGINE_KINDS)('FE withholding types on %s', (kind: EngineKind) => {
  let opened: OpenedEngine;
  let types: FeWithholdingTypes;
  beforeEach(async () => {
    opened = await openEngine(kind);
    await addConnections(opened.engine, [1, 2]);
    types = new FeWithholdingTypes(opened.engine);
  });
  afterEach(() => opened.close());

  it('are replaced as a whole and read back in their order, per connection; removed with their connection', async () => {
    expect(await types.list(1)).toEqual([]);
    expect(await types.replace(1, [RETEIVA, RETEFUENTE])).toEqual([RETEIVA, RETEFUENTE]);
    await types.replace(2, [RETEICA]);
    expect(await types.replace(1, [RETEFUENTE])).toEqual([RETEFUENTE]);
    expect(await types.list(2)).toEqual([RETEICA]);
    expect(await types.replace(2, [])).toEqual([]);
    await opened.engine.db.deleteFrom('connections').where('id', '=', 1).execute();
    expect(await types.list(1)).toEqual([]);
  });
});
