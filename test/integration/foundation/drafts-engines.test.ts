// Form drafts on both engines with one test body (SQLite on a real file, PostgreSQL on a real
// server): one draft per kind and connection, saved over with its key, read back, discarded.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Drafts } from '#core/drafts/drafts';
import type { EngineKind } from '#core/store/engine';
import { addConnections, ENGINE_KINDS, openEngine, type OpenedEngine } from '#test/engines';

describe.each(ENGINE_KINDS)('form drafts on %s', (kind: EngineKind) => {
  let opened: OpenedEngine;
  let now: Date;
  let drafts: Drafts;
  beforeEach(async () => {
    opened = await openEngine(kind);
    now = new Date('2026-11-20T15:00:00Z');
    drafts = new Drafts(opened.engine, () => now);
    // A draft belongs to a connection (a foreign key): two companies.
    await addConnections(opened.engine, [1, 2]);
  });
  afterEach(() => opened.close());

  it('keeps one draft per form kind and connection, replaced by the next save, until discarded', async () => {
    expect(await drafts.get('FE', 1)).toBeNull();
    await drafts.save('FE', 1, 'fe-key-0001', { receptor: { nombre: 'Ana Pérez' } });
    now = new Date('2026-11-20T15:01:00Z');
    const saved = await drafts.save('FE', 1, 'fe-key-0001', { receptor: { nombre: 'Ana Pérez Gómez' }, items: [] });
    await drafts.save('FE', 2, 'fe-key-0002', { otra: 'empresa' });
    await drafts.save('DSE', 1, 'dse-key-0001', { a: 1 });
    expect(await drafts.get('FE', 1)).toEqual(saved);
    expect(saved).toEqual({
      kind: 'FE',
      idempotency_key: 'fe-key-0001',
      data: { receptor: { nombre: 'Ana Pérez Gómez' }, items: [] },
      updated_at: '2026-11-20T15:01:00.000Z',
    });
    expect((await drafts.get('FE', 2))?.data).toEqual({ otra: 'empresa' });
    expect(await drafts.discard('FE', 1)).toBe(true);
    expect(await drafts.discard('FE', 1)).toBe(false);
    expect(await drafts.get('FE', 1)).toBeNull();
    expect((await drafts.get('DSE', 1))?.idempotency_key).toBe('dse-key-0001');
  });
});
