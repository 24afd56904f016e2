// Migration 0034 on both engines, over a store at schema 33 that one register used: its
// cashier_settings row (name, who stays signed in, wrong PINs) becomes a register row, its shifts
// (one closed, one open) belong to that register, and the first data folder to open the store takes
// that register: same name, same signed-in cashier, the open shift still open there and the closed
// one still frozen. A register that joins afterwards is a new one, with its own shifts.
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Cashiers } from '#core/cashiers/cashiers';
import { readRegisterId } from '#core/registers/register-identity';
import { Registers } from '#core/registers/registers';
import { Shifts } from '#core/shifts/shifts';
import { openPostgres, sqliteEngine, type Engine, type EngineKind } from '#core/store/engine';
import { migrations } from '#core/store/migrations/index';
import type { Schema } from '#core/store/schema';
import { Store } from '#core/store/store';
import { ENGINE_KINDS } from '#test/engines';
import { refusal } from '#test/refusal';
import { tempDir } from '#test/temp';
import { testDatabase } from '#test/test-database';

const AT = '2026-11-20T13:00:00.000Z';
const LOCKED = '2026-11-20T14:05:00.000Z';

/** A store of one engine opened at a given list of migrations, and opened again at the whole list. */
async function storeAt(kind: EngineKind, dir: string) {
  const url = kind === 'postgres' ? await testDatabase() : null;
  const file = join(dir, 'data.sqlite');
  return async (list = migrations): Promise<{ engine: Engine; close(): Promise<void> }> => {
    if (url) {
      const engine = await openPostgres({ url, migrations: list });
      return { engine, close: () => engine.close() };
    }
    const store = Store.open(file, { migrations: list });
    return {
      engine: sqliteEngine(store.db),
      close: () => {
        store.close();
        return Promise.resolve();
      },
    };
  };
}

/** What schema 33 held for a one-register shop that used Turno: an administrator, its settings, a closed and an open shift. */
async function oneRegisterShop(db: Kysely<Schema>): Promise<void> {
  await sql`INSERT INTO cashiers (name, role, pin_salt, pin_key, created_at) VALUES ('Marta', 'administrador', 'aa', 'bb', ${AT})`.execute(
    db,
  );
  await sql`INSERT INTO cashier_settings (id, register_name, stay_signed_in, signed_in_cashier, failed_pins, locked_until, updated_at)
    VALUES (1, 'Mostrador', 1, 1, 3, ${LOCKED}, ${AT})`.execute(db);
  await sql`INSERT INTO shifts (register_name, cashier_id, opening_float, opened_at) VALUES ('Mostrador', 1, '100000.00', ${AT})`.execute(
    db,
  );
  await sql`UPDATE shifts SET closed_at = ${AT}, closed_by = 1, counted_cash = '100000.00', expected_cash = '100000.00',
    difference = '0.00' WHERE id = 1`.execute(db);
  await sql`INSERT INTO shifts (register_name, cashier_id, opening_float, opened_at) VALUES ('Mostrador', 1, '50000.00', ${AT})`.execute(
    db,
  );
}

describe.each(ENGINE_KINDS)('migration 0034 (registers) on %s', (kind: EngineKind) => {
  let dir: ReturnType<typeof tempDir>;
  beforeEach(() => {
    dir = tempDir();
  });
  afterEach(() => dir.remove());

  it('carries the one register over: the first folder to open takes its name, signed-in cashier, PIN lock and shifts', async () => {
    const open = await storeAt(kind, dir.path);
    const before = await open(migrations.slice(0, 33));
    try {
      await oneRegisterShop(before.engine.db);
    } finally {
      await before.close();
    }
    const after = await open();
    try {
      const db = after.engine.db;
      const carried = await db.selectFrom('registers').selectAll().execute();
      expect(carried).toEqual([
        expect.objectContaining({
          name: 'Mostrador',
          unclaimed: 1,
          stay_signed_in: 1,
          signed_in_cashier: 1,
          failed_pins: 3,
          locked_until: LOCKED,
          removed_at: null,
        }),
      ]);
      const id = carried[0]!.id;
      expect(id).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
      expect(await db.selectFrom('shifts').select(['id', 'register_id', 'register_name']).orderBy('id').execute()).toEqual([
        { id: 1, register_id: id, register_name: 'Mostrador' },
        { id: 2, register_id: id, register_name: 'Mostrador' },
      ]);
      // cashier_settings is gone; a closed shift is still frozen after the carrying update.
      await expect(sql`SELECT 1 FROM cashier_settings`.execute(db)).rejects.toThrow(/cashier_settings/);
      await expect(sql`UPDATE shifts SET counted_cash = '1.00' WHERE id = 1`.execute(db)).rejects.toThrow(/read-only/);

      const clock = () => new Date('2026-11-20T14:00:00.000Z');
      const home = join(dir.path, 'caja');
      const registers = new Registers(after.engine, home, clock);
      const cashiers = new Cashiers(after.engine, clock, registers);
      const shifts = new Shifts(after.engine, cashiers, registers, clock);
      expect(await registers.id()).toBe(id);
      expect(readRegisterId(home)).toBe(id);
      expect(await cashiers.state()).toMatchObject({
        register_name: 'Mostrador',
        stay_signed_in: true,
        current: { name: 'Marta' },
      });
      expect(await shifts.current()).toMatchObject({ id: 2, register_name: 'Mostrador', closed_at: null });
      expect((await shifts.recentClosed(5)).map((s) => s.id)).toEqual([1]);
      // Still locked by the wrong PINs typed before the update (the lock was carried with the count).
      expect((await refusal(() => cashiers.signIn('0000'))).message).toContain('Demasiados PIN equivocados');

      // Another register joining this database is a new register: «Caja 1» is free, no shift of its own.
      const other = new Registers(after.engine, join(dir.path, 'otra'), clock);
      const otherShifts = new Shifts(after.engine, new Cashiers(after.engine, clock, other), other, clock);
      expect(await other.id()).not.toBe(id);
      expect(await other.name()).toBe('Caja 1');
      expect(await otherShifts.current()).toBeNull();
      expect((await registers.list()).registers.map((r) => [r.name, r.this_register])).toEqual([
        ['Caja 1', false],
        ['Mostrador', true],
      ]);
    } finally {
      await after.close();
    }
  });

  it('a store that never used Turno: no register until a folder opens it, then «Caja 1»', async () => {
    const open = await storeAt(kind, dir.path);
    await (await open(migrations.slice(0, 33))).close();
    const after = await open();
    try {
      expect(await after.engine.db.selectFrom('registers').selectAll().execute()).toEqual([]);
      const registers = new Registers(after.engine, join(dir.path, 'caja'), () => new Date(AT));
      expect(await registers.name()).toBe('Caja 1');
    } finally {
      await after.close();
    }
  });
});
