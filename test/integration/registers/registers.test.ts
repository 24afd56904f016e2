// The shop's registers on both engines (SQLite on a real file, PostgreSQL on a real server), each
// register a data folder of its own on the one database: its id kept in the folder, a fresh one named
// with the first free «Caja N», names unique among the registers in use (two renames at once: one
// refused in words), wrong PINs counted per register, and a removed register that opens no shift and
// sells nothing until it joins again with its own row. (Through the RPC and the real core: registers-rpc.test.ts.)
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Cashiers } from '#core/cashiers/cashiers';
import { ReferenceCounter } from '#core/registers/reference-counter';
import { REGISTER_FILE, readRegisterId, saveRegisterId } from '#core/registers/register-identity';
import { firstFreeName, Registers } from '#core/registers/registers';
import { Shifts } from '#core/shifts/shifts';
import type { Engine, EngineKind } from '#core/store/engine';
import type { AppError } from '#shared/rpc/errors';
import { DENOMINATIONS } from '#shared/shifts/cash-count';
import { ENGINE_KINDS, openEngine, type OpenedEngine } from '#test/engines';
import { refusal } from '#test/refusal';
import { tempDir } from '#test/temp';
import { waitUntil } from '#test/wait';

const ADMIN_PIN = '482913';

describe('the first free register name', () => {
  it.each([
    [[], 'Caja 1'],
    [['Caja 1', 'Caja 3'], 'Caja 2'],
    [['caja 1', ' CAJA 2 ', 'Mostrador'], 'Caja 3'],
  ])('with %j taken: %s', (taken, name) => {
    expect(firstFreeName(taken)).toBe(name);
  });
});

/** A register's core parts, on its own data folder. */
function registerParts(engine: Engine, home: string, clock: () => Date) {
  const registers = new Registers(engine, home, clock);
  const cashiers = new Cashiers(engine, clock, registers);
  return { registers, cashiers, shifts: new Shifts(engine, cashiers, registers, clock) };
}

describe.each(ENGINE_KINDS)('registers on %s', (kind: EngineKind) => {
  let opened: OpenedEngine;
  let homes: ReturnType<typeof tempDir>;
  let now: number;
  const clock = () => new Date(now);
  const register = (folder: string) => registerParts(opened.engine, join(homes.path, folder), clock);
  beforeEach(async () => {
    opened = await openEngine(kind);
    homes = tempDir();
    now = Date.parse('2026-11-20T15:00:00Z');
  });
  afterEach(async () => {
    await opened.close();
    homes.remove();
  });

  it('a folder draws its id once and keeps it; a fresh register takes the first free «Caja N», even two at once', async () => {
    const first = register('a');
    const id = await first.registers.id();
    expect(readRegisterId(join(homes.path, 'a'))).toBe(id);
    // Opened again later: the same register, seen again.
    now += 60_000;
    const again = register('a');
    expect(await again.registers.id()).toBe(id);
    expect(await again.registers.current()).toMatchObject({
      name: 'Caja 1',
      created_at: '2026-11-20T15:00:00.000Z',
      last_seen_at: '2026-11-20T15:01:00.000Z',
    });
    // Two new registers opening at the same moment: the names index decides, each gets its own.
    const [b, c] = [register('b'), register('c')];
    await Promise.all([b.registers.id(), c.registers.id()]);
    expect([await b.registers.name(), await c.registers.name()].sort()).toEqual(['Caja 2', 'Caja 3']);
    const { registers } = await b.registers.list();
    expect(registers.map((r) => [r.name, r.this_register])).toEqual([
      ['Caja 1', false],
      ['Caja 2', (await b.registers.name()) === 'Caja 2'],
      ['Caja 3', (await b.registers.name()) === 'Caja 3'],
    ]);
    expect(new Set(registers.map((r) => r.id)).size).toBe(3);
  });

  it('a name in use is refused in words, also when two registers take it at once; case and spaces aside', async () => {
    const [a, b, c] = [register('a'), register('b'), register('c')];
    const ids = await Promise.all([a.registers.id(), b.registers.id(), c.registers.id()]);
    expect((await refusal(() => a.registers.rename(ids[1]!, ' caja 1 '))).message).toBe('Ya hay una caja con ese nombre.');
    const results = await Promise.allSettled([
      a.registers.rename(ids[1]!, 'Mostrador'),
      b.registers.rename(ids[2]!, 'mostrador'),
    ]);
    const refused = results.filter((result) => result.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect(((refused[0] as PromiseRejectedResult).reason as AppError).toShape()).toEqual({
      code: 'invalid_input',
      message: 'Ya hay una caja con ese nombre.',
      details: { fields: [{ path: 'name', message: 'Ya hay una caja con ese nombre.' }] },
    });
    // One of the two kept its «Caja N», the other is «Mostrador».
    const names = (await a.registers.list()).registers.map((r) => r.name.toLowerCase());
    expect(names.filter((n) => n === 'mostrador')).toHaveLength(1);
    expect(names.filter((n) => n === 'caja 2' || n === 'caja 3')).toHaveLength(1);
    expect((await refusal(() => a.registers.rename('ZZZZZZZZ', 'Bodega'))).code).toBe('not_found');
  });

  it('wrong PINs lock PIN entry at that register only', async () => {
    const a = register('a');
    await a.cashiers.createAdmin('Marta', ADMIN_PIN);
    await a.cashiers.signOut();
    const b = register('b');
    for (let i = 0; i < 5; i += 1) await refusal(() => a.cashiers.signIn('0000'));
    expect((await refusal(() => a.cashiers.signIn(ADMIN_PIN))).message).toContain('Demasiados PIN equivocados');
    expect((await b.cashiers.signIn(ADMIN_PIN)).current?.name).toBe('Marta');
    // Who is signed in is the register's too.
    expect(await a.cashiers.currentCashier()).toBeNull();
  });

  it('a removed register opens no shift and sells nothing; it joins again with its own row, shifts and name', async () => {
    const a = register('a');
    const b = register('b');
    await a.cashiers.createAdmin('Marta', ADMIN_PIN);
    await b.cashiers.signIn(ADMIN_PIN);
    const bId = await b.registers.id();
    const shift = await b.shifts.open(20_000);
    // Not while its shift is open, and never itself.
    expect(await refusal(() => a.registers.remove(bId))).toEqual({
      code: 'conflict',
      message: 'Caja 2 tiene un turno abierto. Ciérrelo en esa caja antes de retirarla.',
    });
    expect((await refusal(() => b.registers.remove(bId))).code).toBe('conflict');
    await b.shifts.close({ counts: { ...Object.fromEntries(DENOMINATIONS.map((d) => [d.key, 0])), bill_10000: 2 } });
    now += 60_000;
    const listed = await a.registers.remove(bId);
    expect(listed.registers.map((r) => [r.name, r.removed_at])).toEqual([
      ['Caja 1', null],
      ['Caja 2', '2026-11-20T15:01:00.000Z'],
    ]);
    const refusedWords =
      'Caja 2 fue retirada del negocio: no abre turnos ni vende. Un administrador puede volver a unirla en Ajustes › Cajas.';
    expect(await refusal(() => b.shifts.open(10_000))).toEqual({ code: 'not_allowed', message: refusedWords });
    expect(await refusal(() => b.shifts.saleShift())).toEqual({ code: 'not_allowed', message: refusedWords });
    // Opened again, it is still the removed register (the folder keeps its id).
    const reopened = register('b');
    expect(await reopened.registers.id()).toBe(bId);
    await reopened.cashiers.signIn(ADMIN_PIN);
    expect(await refusal(() => reopened.shifts.open(10_000))).toEqual({ code: 'not_allowed', message: refusedWords });
    // Meanwhile a new register took the first free name; the removed one's name is free for it too.
    const c = register('c');
    expect(await c.registers.name()).toBe('Caja 2');
    await a.registers.rename(await c.registers.id(), 'Caja 3');
    await reopened.registers.rejoin();
    expect(await reopened.registers.current()).toMatchObject({ id: bId, name: 'Caja 2', removed_at: null });
    expect((await reopened.shifts.recentClosed(5)).map((s) => s.id)).toEqual([shift.id]);
    expect((await reopened.shifts.open(10_000)).register_name).toBe('Caja 2');
  });

  it('a shop without cashiers: a removed register still sells nothing, the others sell as before', async () => {
    const [a, b] = [register('a'), register('b')];
    await a.registers.id();
    await a.registers.remove(await b.registers.id());
    expect(await a.shifts.saleShift()).toBeNull();
    expect((await refusal(() => b.shifts.saleShift())).message).toContain('Caja 2 fue retirada del negocio');
  });

  it('a register whose name was taken while it was out joins again under the first free one', async () => {
    const [a, b] = [register('a'), register('b')];
    await a.registers.id();
    const bId = await b.registers.id();
    await a.registers.remove(bId);
    const c = register('c');
    expect(await c.registers.name()).toBe('Caja 2');
    await b.registers.rejoin();
    expect(await b.registers.current()).toMatchObject({ id: bId, name: 'Caja 3', removed_at: null });
  });

  it('a folder whose kept id the database does not hold registers under that id', async () => {
    const home = join(homes.path, 'kept');
    saveRegisterId(home, 'K7QM2X9A');
    const kept = new Registers(opened.engine, home, clock);
    expect(await kept.id()).toBe('K7QM2X9A');
    expect(await kept.name()).toBe('Caja 1');
  });
  it('a damaged register.json is set aside and its id read back from the contingency references the folder numbered', async () => {
    const idA = await register('a').registers.id();
    const idB = await register('b').registers.id();
    new ReferenceCounter(join(homes.path, 'a')).take(idA, 4);
    writeFileSync(join(homes.path, 'a', REGISTER_FILE), '{"id":"K7Q');
    const again = register('a');
    expect(await again.registers.id()).toBe(idA);
    expect(await again.registers.name()).toBe('Caja 1');
    expect(readRegisterId(join(homes.path, 'a'))).toBe(idA);
    const aside = readdirSync(join(homes.path, 'a')).filter((name) => name.startsWith(`${REGISTER_FILE}.damaged-`));
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(homes.path, 'a', aside[0]!), 'utf8')).toBe('{"id":"K7Q');
    expect((await again.registers.list()).registers.map((r) => r.id).sort()).toEqual([idA, idB].sort());
  });

  it('a damaged register.json with nothing to tell which register it was: the folder starts as a new one', async () => {
    const idA = await register('a').registers.id();
    const idB = await register('b').registers.id();
    writeFileSync(join(homes.path, 'a', REGISTER_FILE), 'not json');
    const again = register('a');
    const id = await again.registers.id();
    expect([idA, idB]).not.toContain(id);
    expect(await again.registers.name()).toBe('Caja 3');
    expect(readRegisterId(join(homes.path, 'a'))).toBe(id);
  });

  it('--register NAME: the register of that name, case aside, or a new one named so; the folder keeps its id; a removed one refused', async () => {
    const named = (folder: string, name: string) => new Registers(opened.engine, join(homes.path, folder), clock, name);
    const first = register('a');
    const firstId = await first.registers.id();
    // A script names a register that does not exist yet: made with that name, kept by its folder.
    const made = named('script-1', 'Mostrador');
    const id = await made.id();
    expect(id).not.toBe(firstId);
    expect(await made.name()).toBe('Mostrador');
    expect(readRegisterId(join(homes.path, 'script-1'))).toBe(id);
    // Another folder naming it (any case) works as that same register, and keeps its id from then on.
    const again = named('script-2', 'MOSTRADOR');
    expect(await again.id()).toBe(id);
    expect(readRegisterId(join(homes.path, 'script-2'))).toBe(id);
    // The name of a register in use: that register, whatever the folder kept before.
    expect(await named('script-1', 'Caja 1').id()).toBe(firstId);
    expect(readRegisterId(join(homes.path, 'script-1'))).toBe(firstId);
    expect((await first.registers.list()).registers.map((r) => r.name)).toEqual(['Caja 1', 'Mostrador']);
    // Removed: refused in words, nothing made under its name.
    await first.registers.remove(id);
    const refused = await refusal(() => named('script-3', 'Mostrador').id());
    expect(refused).toMatchObject({ code: 'not_allowed' });
    expect(refused.message).toMatch(/Mostrador fue retirada del negocio/);
    expect((await first.registers.list()).registers).toHaveLength(2);
  });
});

// On SQLite the store is the data folder's own file: its one register in use is the folder's.
describe('registers on sqlite, a damaged register.json', () => {
  it("is set aside and the id read back from the store, with the register's name", async () => {
    const opened = await openEngine('sqlite');
    const homes = tempDir();
    try {
      const clock = () => new Date('2026-11-20T15:00:00Z');
      const home = join(homes.path, 'caja');
      const first = registerParts(opened.engine, home, clock);
      const id = await first.registers.id();
      await first.registers.rename(id, 'Mostrador');
      writeFileSync(join(home, REGISTER_FILE), '');
      const again = registerParts(opened.engine, home, clock);
      expect(await again.registers.id()).toBe(id);
      expect(await again.registers.name()).toBe('Mostrador');
      expect(readRegisterId(home)).toBe(id);
      expect((await again.registers.list()).registers).toHaveLength(1);
    } finally {
      await opened.close();
      homes.remove();
    }
  });
});

// On PostgreSQL several processes write at once (SQLite's one connection serialises them): a
// removal at one register and a shift opening at the removed one, both under way.
describe('registers on postgres, at the same moment', () => {
  let opened: OpenedEngine;
  let homes: ReturnType<typeof tempDir>;
  const now = Date.parse('2026-11-20T15:00:00Z');
  const clock = () => new Date(now);
  const register = (folder: string) => registerParts(opened.engine, join(homes.path, folder), clock);
  beforeEach(async () => {
    opened = await openEngine('postgres');
    homes = tempDir();
  });
  afterEach(async () => {
    await opened.close();
    homes.remove();
  });

  it('a removal and a shift opening at the same moment: one waits for the other, never both pass', async () => {
    const [a, b] = [register('a'), register('b')];
    await a.cashiers.createAdmin('Marta', ADMIN_PIN);
    await b.cashiers.signIn(ADMIN_PIN);
    const bId = await b.registers.id();
    /** Another session waits for a lock (the opening or the removal blocked on the register's row). */
    const someoneWaits = () =>
      waitUntil(
        async () =>
          (
            await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock'`.execute(
              opened.engine.db,
            )
          ).rows[0]!.n,
        (n) => n > 0,
        { what: 'a session waiting for the register’s row' },
      );
    // A removal under way holds the row: the opening waits, then sees the removal.
    let opening!: Promise<{ code: string; message: string }>;
    await opened.engine.db.transaction().execute(async (trx) => {
      await trx.selectFrom('registers').select('id').where('id', '=', bId).forUpdate().execute();
      opening = refusal(() => b.shifts.open(10_000));
      await someoneWaits();
      await trx
        .updateTable('registers')
        .set({ removed_at: new Date(now).toISOString() })
        .where('id', '=', bId)
        .execute();
    });
    expect((await opening).message).toContain('Caja 2 fue retirada del negocio');
    expect(await b.shifts.current()).toBeNull();
    await b.registers.rejoin();
    // An opening under way holds the row: the removal waits, then finds the open shift.
    let removal!: Promise<{ code: string; message: string }>;
    await opened.engine.db.transaction().execute(async (trx) => {
      await trx.selectFrom('registers').select('id').where('id', '=', bId).forShare().execute();
      await trx
        .insertInto('shifts')
        .values({
          register_name: 'Caja 2',
          register_id: bId,
          cashier_id: (await b.cashiers.currentCashier())!.id,
          opening_float: '0',
          opened_at: new Date(now).toISOString(),
        })
        .execute();
      removal = refusal(() => a.registers.remove(bId));
      await someoneWaits();
    });
    expect(await removal).toEqual({
      code: 'conflict',
      message: 'Caja 2 tiene un turno abierto. Ciérrelo en esa caja antes de retirarla.',
    });
    expect((await b.registers.current()).removed_at).toBeNull();
  });
});
