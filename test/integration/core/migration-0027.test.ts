// Migration 0027 from an empty database and over a database written before it: cashiers with a
// role and a salted PIN key, one open shift per register, and a closed shift, its movements and its
// sales that no statement changes (the triggers), while an open shift takes movements and sales.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrations } from '#core/store/migrations';
import { Store } from '#core/store/store';
import { tempDir } from '#test/temp';

let dir: ReturnType<typeof tempDir>;
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => dir.remove());

describe('migration 0027 (cashiers and shifts)', () => {
  it('from an empty database: roles checked, one open shift per register, closed shifts frozen', () => {
    const store = Store.open(join(dir.path, 'empty.sqlite'), { migrations: migrations.slice(0, 27) });
    const db = store.db;
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(27);
      const cashier = db.prepare(
        "INSERT INTO cashiers (name, role, pin_salt, pin_key, created_at) VALUES (?, ?, 'aa', 'bb', 'now')",
      );
      cashier.run('Marta', 'administrador');
      expect(() => cashier.run('Ana', 'supervisor')).toThrow(/CHECK/);
      expect(() => cashier.run('marta', 'cajero')).toThrow(/UNIQUE/);
      const shift = db.prepare(
        "INSERT INTO shifts (register_name, cashier_id, opening_float, opened_at) VALUES (?, 1, '100000.00', 'now')",
      );
      shift.run('Caja 1');
      expect(() => shift.run('Caja 1')).toThrow(/UNIQUE/);
      shift.run('Caja 2');
      const move = db.prepare(
        "INSERT INTO shift_movements (shift_id, kind, amount, reason, cashier_id, created_at) VALUES (?, ?, '5000.00', 'cambio', 1, 'now')",
      );
      move.run(1, 'in');
      expect(() => move.run(1, 'lend')).toThrow(/CHECK/);
      expect(() => db.prepare("UPDATE shift_movements SET amount = '1.00'").run()).toThrow(/never changed/);
      // Closing needs its count (the CHECK pairs closed_at with counted_cash).
      expect(() => db.prepare("UPDATE shifts SET closed_at = 'now' WHERE id = 1").run()).toThrow(/CHECK/);
      db.prepare("UPDATE shifts SET closed_at = 'now', counted_cash = '105000.00', difference = '0.00' WHERE id = 1").run();
      expect(() => db.prepare("UPDATE shifts SET difference = '1.00' WHERE id = 1").run()).toThrow(/read-only/);
      expect(() => move.run(1, 'out')).toThrow(/read-only/);
      move.run(2, 'out');
      // Once Caja 1 closed, it may open again.
      shift.run('Caja 1');
      expect(db.prepare('SELECT COUNT(*) AS n FROM shift_movements').get()).toEqual({ n: 2 });
    } finally {
      store.close();
    }
  });

  it('over a database written by 0026: no cashiers and no shifts until the shop creates them', () => {
    const file = join(dir.path, 'db.sqlite');
    Store.open(file, { migrations: migrations.slice(0, 26) }).close();
    const store = Store.open(file, { migrations: migrations.slice(0, 27) });
    try {
      expect(store.db.prepare('SELECT (SELECT COUNT(*) FROM cashiers) + (SELECT COUNT(*) FROM shifts) AS n').get()).toEqual({
        n: 0,
      });
      const plan = store.db
        .prepare(
          'EXPLAIN QUERY PLAN SELECT ss.submission_id FROM shift_sales ss JOIN submissions sub ON sub.id = ss.submission_id WHERE ss.shift_id = 1',
        )
        .all() as { detail: string }[];
      expect(plan.map((p) => p.detail).join(' | ')).toMatch(/shift_sales_by_shift/);
    } finally {
      store.close();
    }
  });
});
