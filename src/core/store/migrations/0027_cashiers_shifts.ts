import type { Migration } from '#core/store/migration';

/**
 * Cashiers and shifts (docs/CLIENT-DECISIONS.md "Cashiers and shifts"). Amounts are exact decimal
 * strings ("150000.00") and instants ISO strings, as everywhere in the ledger. Plain SQL that
 * PostgreSQL also reads, except what is marked SQLite: `INTEGER PRIMARY KEY` as the row id
 * (PostgreSQL: `GENERATED ALWAYS AS IDENTITY`) and the triggers' `RAISE(ABORT, …)` (PostgreSQL: a
 * trigger function that raises). Partial and expression indexes are read by both.
 */
export const migration0027: Migration = {
  version: 27,
  name: 'cashiers_shifts',
  up(db) {
    db.exec(`
      -- The PIN is never stored: a scrypt key of it with a salt of the cashier's own (hex).
      CREATE TABLE cashiers (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL CHECK (length(trim(name)) BETWEEN 1 AND 60),
        role TEXT NOT NULL CHECK (role IN ('cajero', 'administrador')),
        pin_salt TEXT NOT NULL,
        pin_key TEXT NOT NULL,
        active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
        created_at TEXT NOT NULL
      );
      CREATE UNIQUE INDEX cashiers_by_name ON cashiers (lower(name));

      -- This equipment's register and how it signs in: one row. Wrong PINs are counted here (not per
      -- cashier: a PIN alone names nobody) and survive a restart, so closing the app does not reset them.
      CREATE TABLE cashier_settings (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        register_name TEXT NOT NULL CHECK (length(trim(register_name)) BETWEEN 1 AND 40),
        stay_signed_in INTEGER NOT NULL CHECK (stay_signed_in IN (0, 1)),
        signed_in_cashier INTEGER REFERENCES cashiers (id),
        failed_pins INTEGER NOT NULL DEFAULT 0,
        locked_until TEXT,
        updated_at TEXT NOT NULL
      );

      CREATE TABLE shifts (
        id INTEGER PRIMARY KEY,
        register_name TEXT NOT NULL,
        cashier_id INTEGER NOT NULL REFERENCES cashiers (id),
        opening_float TEXT NOT NULL,
        opened_at TEXT NOT NULL,
        closed_at TEXT,
        closed_by INTEGER REFERENCES cashiers (id),
        -- the close's figures, kept as they were when it closed (a sale's state may change later)
        sales_documents INTEGER,
        sales_total TEXT,
        cash_documents INTEGER,
        rejected_documents INTEGER,
        cash_received TEXT,
        change_given TEXT,
        cash_in TEXT,
        cash_out TEXT,
        expected_cash TEXT,
        counted_cash TEXT,
        difference TEXT,
        -- the count by denomination, JSON {"100000": 3, …}
        counted_by_denomination TEXT,
        difference_accepted_by INTEGER REFERENCES cashiers (id),
        CHECK ((closed_at IS NULL) = (counted_cash IS NULL))
      );
      -- One open shift per register.
      CREATE UNIQUE INDEX shifts_open_by_register ON shifts (register_name) WHERE closed_at IS NULL;
      CREATE INDEX shifts_by_opening ON shifts (opened_at);

      CREATE TABLE shift_movements (
        id INTEGER PRIMARY KEY,
        shift_id INTEGER NOT NULL REFERENCES shifts (id),
        kind TEXT NOT NULL CHECK (kind IN ('in', 'out')),
        amount TEXT NOT NULL,
        reason TEXT NOT NULL CHECK (length(trim(reason)) BETWEEN 1 AND 120),
        cashier_id INTEGER NOT NULL REFERENCES cashiers (id),
        created_at TEXT NOT NULL
      );
      CREATE INDEX shift_movements_by_shift ON shift_movements (shift_id);

      -- The sales of a shift: an FE submission belongs to the shift open when it was made.
      CREATE TABLE shift_sales (
        submission_id INTEGER PRIMARY KEY REFERENCES submissions (id),
        shift_id INTEGER NOT NULL REFERENCES shifts (id),
        cashier_id INTEGER NOT NULL REFERENCES cashiers (id)
      );
      -- The close reads a shift's sales by this index (shift, then the submission's row).
      CREATE INDEX shift_sales_by_shift ON shift_sales (shift_id, submission_id);

      -- Nothing of a closed shift changes: the shift row, its movements and its sales (SQLite triggers).
      CREATE TRIGGER shifts_closed_frozen BEFORE UPDATE ON shifts WHEN OLD.closed_at IS NOT NULL
      BEGIN SELECT RAISE(ABORT, 'closed shift is read-only'); END;
      CREATE TRIGGER shifts_no_delete BEFORE DELETE ON shifts
      BEGIN SELECT RAISE(ABORT, 'shifts are never deleted'); END;
      CREATE TRIGGER shift_movements_into_closed BEFORE INSERT ON shift_movements
        WHEN (SELECT closed_at FROM shifts WHERE id = NEW.shift_id) IS NOT NULL
      BEGIN SELECT RAISE(ABORT, 'closed shift is read-only'); END;
      CREATE TRIGGER shift_movements_no_update BEFORE UPDATE ON shift_movements
      BEGIN SELECT RAISE(ABORT, 'cash movements are never changed'); END;
      CREATE TRIGGER shift_movements_no_delete BEFORE DELETE ON shift_movements
      BEGIN SELECT RAISE(ABORT, 'cash movements are never changed'); END;
      CREATE TRIGGER shift_sales_into_closed BEFORE INSERT ON shift_sales
        WHEN (SELECT closed_at FROM shifts WHERE id = NEW.shift_id) IS NOT NULL
      BEGIN SELECT RAISE(ABORT, 'closed shift is read-only'); END;
      CREATE TRIGGER shift_sales_no_update BEFORE UPDATE ON shift_sales
      BEGIN SELECT RAISE(ABORT, 'a sale stays in its shift'); END;
      CREATE TRIGGER shift_sales_no_delete BEFORE DELETE ON shift_sales
      BEGIN SELECT RAISE(ABORT, 'a sale stays in its shift'); END;
    `);
  },
};
