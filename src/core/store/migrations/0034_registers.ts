import { sql, type Kysely } from 'kysely';
import type { Migration } from '#core/store/migration';
import { drawRegisterId } from '#core/registers/register-identity';

/**
 * Several registers, one shop (docs/CLIENT-DECISIONS.md «Registers: identity and names»). Until now
 * one row of `cashier_settings` was "this equipment's register": its name, who is signed in and the
 * wrong-PIN count. On a shop's shared PostgreSQL every register would share that row, so it becomes
 * one row per register in `registers`, keyed by the id each data folder keeps (register-identity.ts),
 * and a shift belongs to a register by that id (one open shift per register id).
 *
 * What was there is carried over: the one row of cashier_settings (or, without one, the shifts'
 * register) becomes a register marked `unclaimed` with a drawn id, and every shift belongs to it; the
 * first data folder to open the store takes it (registers.ts), so an existing shop keeps its name,
 * its signed-in cashier, its PIN lock and its open shift. A shift keeps `register_name`, the name it
 * was opened under. The closed-shift trigger is dropped for the carrying update and made again.
 */
export const migration0034: Migration = {
  version: 34,
  name: 'registers',
  up(db) {
    db.exec(`
      CREATE TABLE registers (
        id TEXT PRIMARY KEY CHECK (length(id) = 8),
        name TEXT NOT NULL CHECK (length(trim(name)) BETWEEN 1 AND 40),
        created_at TEXT NOT NULL,
        last_seen_at TEXT NOT NULL,
        removed_at TEXT,
        unclaimed INTEGER NOT NULL DEFAULT 0 CHECK (unclaimed IN (0, 1)),
        stay_signed_in INTEGER NOT NULL DEFAULT 0 CHECK (stay_signed_in IN (0, 1)),
        signed_in_cashier INTEGER REFERENCES cashiers (id),
        failed_pins INTEGER NOT NULL DEFAULT 0,
        locked_until TEXT
      );
      ALTER TABLE shifts ADD COLUMN register_id TEXT REFERENCES registers (id);
    `);
    const settings = db
      .prepare<[], CarriedSettings>(
        'SELECT register_name, stay_signed_in, signed_in_cashier, failed_pins, locked_until, updated_at FROM cashier_settings WHERE id = 1',
      )
      .get();
    const shift = db
      .prepare<[], { register_name: string; opened_at: string }>(
        'SELECT register_name, opened_at FROM shifts ORDER BY id DESC LIMIT 1',
      )
      .get();
    const carried = carriedRegister(settings, shift);
    if (carried) {
      db.prepare(
        `INSERT INTO registers (id, name, created_at, last_seen_at, unclaimed, stay_signed_in, signed_in_cashier, failed_pins, locked_until)
         VALUES (@id, @name, @at, @at, 1, @stay_signed_in, @signed_in_cashier, @failed_pins, @locked_until)`,
      ).run(carried);
      db.exec('DROP TRIGGER shifts_closed_frozen');
      db.prepare('UPDATE shifts SET register_id = ?').run(carried.id);
      db.exec(`CREATE TRIGGER shifts_closed_frozen BEFORE UPDATE ON shifts WHEN OLD.closed_at IS NOT NULL
        BEGIN SELECT RAISE(ABORT, 'closed shift is read-only'); END`);
    }
    db.exec(`
      CREATE UNIQUE INDEX registers_by_name ON registers (lower(name)) WHERE removed_at IS NULL;
      DROP INDEX shifts_open_by_register;
      CREATE UNIQUE INDEX shifts_open_by_register ON shifts (register_id) WHERE closed_at IS NULL;
      DROP TABLE cashier_settings;
    `);
  },
  // PostgreSQL: the same, with the shift's register required once carried (SQLite cannot add a
  // NOT NULL column without a default; core always writes it).
  async postgres(db) {
    await sql`CREATE TABLE registers (
      id TEXT PRIMARY KEY CHECK (length(id) = 8),
      name TEXT NOT NULL CHECK (length(trim(name)) BETWEEN 1 AND 40),
      created_at TEXT NOT NULL,
      last_seen_at TEXT NOT NULL,
      removed_at TEXT,
      unclaimed INTEGER NOT NULL DEFAULT 0 CHECK (unclaimed IN (0, 1)),
      stay_signed_in INTEGER NOT NULL DEFAULT 0 CHECK (stay_signed_in IN (0, 1)),
      signed_in_cashier BIGINT REFERENCES cashiers (id),
      failed_pins INTEGER NOT NULL DEFAULT 0,
      locked_until TEXT
    )`.execute(db);
    await sql`ALTER TABLE shifts ADD COLUMN register_id TEXT REFERENCES registers (id)`.execute(db);
    const settings = (
      await sql<CarriedSettings>`SELECT register_name, stay_signed_in, signed_in_cashier::int AS signed_in_cashier, failed_pins,
        locked_until, updated_at FROM cashier_settings WHERE id = 1`.execute(db)
    ).rows[0];
    const shift = (
      await sql<{ register_name: string; opened_at: string }>`SELECT register_name, opened_at FROM shifts
      ORDER BY id DESC LIMIT 1`.execute(db)
    ).rows[0];
    const carried = carriedRegister(settings, shift);
    if (carried) await carryPostgres(db, carried);
    await sql`ALTER TABLE shifts ALTER COLUMN register_id SET NOT NULL`.execute(db);
    await sql`CREATE UNIQUE INDEX registers_by_name ON registers (lower(name)) WHERE removed_at IS NULL`.execute(db);
    await sql`DROP INDEX shifts_open_by_register`.execute(db);
    await sql`CREATE UNIQUE INDEX shifts_open_by_register ON shifts (register_id) WHERE closed_at IS NULL`.execute(db);
    await sql`DROP TABLE cashier_settings`.execute(db);
  },
};

interface CarriedSettings {
  register_name: string;
  stay_signed_in: number;
  signed_in_cashier: number | null;
  failed_pins: number;
  locked_until: string | null;
  updated_at: string;
}

interface CarriedRegister {
  id: string;
  name: string;
  at: string;
  stay_signed_in: number;
  signed_in_cashier: number | null;
  failed_pins: number;
  locked_until: string | null;
}

/** The register the one-register schema described: its settings row, or without one the register of its last shift. */
function carriedRegister(
  settings: CarriedSettings | undefined,
  shift: { register_name: string; opened_at: string } | undefined,
): CarriedRegister | null {
  if (settings)
    return {
      id: drawRegisterId(),
      name: settings.register_name.trim(),
      at: settings.updated_at,
      stay_signed_in: settings.stay_signed_in,
      signed_in_cashier: settings.signed_in_cashier,
      failed_pins: settings.failed_pins,
      locked_until: settings.locked_until,
    };
  if (shift)
    return {
      id: drawRegisterId(),
      name: shift.register_name.trim(),
      at: shift.opened_at,
      stay_signed_in: 0,
      signed_in_cashier: null,
      failed_pins: 0,
      locked_until: null,
    };
  return null;
}

async function carryPostgres(db: Kysely<unknown>, r: CarriedRegister): Promise<void> {
  await sql`INSERT INTO registers (id, name, created_at, last_seen_at, unclaimed, stay_signed_in, signed_in_cashier, failed_pins, locked_until)
    VALUES (${r.id}, ${r.name}, ${r.at}, ${r.at}, 1, ${r.stay_signed_in}, ${r.signed_in_cashier}, ${r.failed_pins}, ${r.locked_until})`.execute(
    db,
  );
  await sql`DROP TRIGGER shifts_closed_frozen ON shifts`.execute(db);
  await sql`UPDATE shifts SET register_id = ${r.id}`.execute(db);
  await sql`CREATE TRIGGER shifts_closed_frozen BEFORE UPDATE ON shifts FOR EACH ROW WHEN (OLD.closed_at IS NOT NULL)
    EXECUTE FUNCTION shift_refuse('closed shift is read-only')`.execute(db);
}
