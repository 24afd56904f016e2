import { sql } from 'kysely';
import type { Migration } from '#core/store/migration';

/**
 * How each sale was paid (docs/CLIENT-DECISIONS.md "Split payment"): one row per means, in the
 * order the cashier typed them, amounts as exact decimal text; the cash line also keeps what was
 * received and the change. A shift's cash count reads this table.
 *
 * The rows are written in the same transaction as the submission they belong to: the handler stages
 * them under the sale's idempotency key before submitting, and the trigger moves them to the new
 * submission when the ledger inserts it (a submission refused before the ledger leaves nothing).
 */
export const migration0028: Migration = {
  version: 28,
  name: 'sale_payments',
  up(db) {
    db.exec(`
      CREATE TABLE sale_payments (
        submission_id INTEGER NOT NULL REFERENCES submissions (id),
        position      INTEGER NOT NULL CHECK (position >= 1),
        means         TEXT NOT NULL,
        method_id     INTEGER NOT NULL,
        label         TEXT NOT NULL,
        amount        TEXT NOT NULL,
        received      TEXT,
        change        TEXT,
        PRIMARY KEY (submission_id, position),
        CHECK ((received IS NULL) = (change IS NULL)),
        CHECK (received IS NULL OR means = '10')
      );
      CREATE TABLE sale_payments_staged (
        base_url        TEXT NOT NULL,
        company_id      INTEGER NOT NULL,
        idempotency_key TEXT NOT NULL,
        position        INTEGER NOT NULL,
        means           TEXT NOT NULL,
        method_id       INTEGER NOT NULL,
        label           TEXT NOT NULL,
        amount          TEXT NOT NULL,
        received        TEXT,
        change          TEXT,
        PRIMARY KEY (base_url, company_id, idempotency_key, position)
      );
      CREATE TRIGGER sale_payments_with_submission AFTER INSERT ON submissions WHEN NEW.kind = 'FE'
      BEGIN
        INSERT INTO sale_payments (submission_id, position, means, method_id, label, amount, received, change)
          SELECT NEW.id, position, means, method_id, label, amount, received, change FROM sale_payments_staged
          WHERE base_url = NEW.base_url AND company_id = NEW.company_id AND idempotency_key = NEW.idempotency_key;
        DELETE FROM sale_payments_staged
          WHERE base_url = NEW.base_url AND company_id = NEW.company_id AND idempotency_key = NEW.idempotency_key;
      END;
    `);
  },
  // PostgreSQL: the same tables, and the move done by a trigger function (a trigger there runs one).
  async postgres(db) {
    for (const statement of POSTGRES) await sql.raw(statement).execute(db);
  },
};

const POSTGRES = [
  `CREATE TABLE sale_payments (
    submission_id BIGINT NOT NULL REFERENCES submissions (id),
    position      INTEGER NOT NULL CHECK (position >= 1),
    means         TEXT NOT NULL,
    method_id     BIGINT NOT NULL,
    label         TEXT NOT NULL,
    amount        TEXT NOT NULL,
    received      TEXT,
    change        TEXT,
    PRIMARY KEY (submission_id, position),
    CHECK ((received IS NULL) = (change IS NULL)),
    CHECK (received IS NULL OR means = '10')
  )`,
  `CREATE TABLE sale_payments_staged (
    base_url        TEXT NOT NULL,
    company_id      BIGINT NOT NULL,
    idempotency_key TEXT NOT NULL,
    position        INTEGER NOT NULL,
    means           TEXT NOT NULL,
    method_id       BIGINT NOT NULL,
    label           TEXT NOT NULL,
    amount          TEXT NOT NULL,
    received        TEXT,
    change          TEXT,
    PRIMARY KEY (base_url, company_id, idempotency_key, position)
  )`,
  `CREATE FUNCTION sale_payments_move() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO sale_payments (submission_id, position, means, method_id, label, amount, received, change)
        SELECT NEW.id, position, means, method_id, label, amount, received, change FROM sale_payments_staged
         WHERE base_url = NEW.base_url AND company_id = NEW.company_id AND idempotency_key = NEW.idempotency_key;
      DELETE FROM sale_payments_staged
       WHERE base_url = NEW.base_url AND company_id = NEW.company_id AND idempotency_key = NEW.idempotency_key;
      RETURN NULL;
    END $$`,
  `CREATE TRIGGER sale_payments_with_submission AFTER INSERT ON submissions FOR EACH ROW WHEN (NEW.kind = 'FE')
    EXECUTE FUNCTION sale_payments_move()`,
];
