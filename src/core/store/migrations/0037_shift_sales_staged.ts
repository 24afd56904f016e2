import { sql } from 'kysely';
import type { Migration } from '#core/store/migration';

/**
 * A sale belongs to its shift from the commit that records it (shifts/shifts.ts, `asSale`). The
 * link was written after the sale was sent: a register killed between the ledger's write-ahead and
 * that write left an accepted sale in no shift, and the shift's expected cash short of it. As with
 * the sale's payments (migration 0028), the handler now stages the link under the sale's key before
 * submitting, and a trigger moves it into `shift_sales` in the transaction that inserts the
 * submission; a staged link whose shift was closed meanwhile is dropped rather than refuse the
 * ledger's write (a shift waits for its sales in flight before it closes).
 */
export const migration0037: Migration = {
  version: 37,
  name: 'shift_sales_staged',
  up(db) {
    db.exec(`
      CREATE TABLE shift_sales_staged (
        base_url        TEXT NOT NULL,
        company_id      INTEGER NOT NULL,
        idempotency_key TEXT NOT NULL,
        shift_id        INTEGER NOT NULL REFERENCES shifts (id),
        cashier_id      INTEGER NOT NULL REFERENCES cashiers (id),
        PRIMARY KEY (base_url, company_id, idempotency_key)
      );
      CREATE TRIGGER shift_sales_with_submission AFTER INSERT ON submissions WHEN NEW.kind = 'FE'
      BEGIN
        INSERT INTO shift_sales (submission_id, shift_id, cashier_id)
          SELECT NEW.id, st.shift_id, st.cashier_id FROM shift_sales_staged st JOIN shifts s ON s.id = st.shift_id
          WHERE st.base_url = NEW.base_url AND st.company_id = NEW.company_id AND st.idempotency_key = NEW.idempotency_key
            AND s.closed_at IS NULL;
        DELETE FROM shift_sales_staged
          WHERE base_url = NEW.base_url AND company_id = NEW.company_id AND idempotency_key = NEW.idempotency_key;
      END;
    `);
  },
  async postgres(db) {
    for (const statement of POSTGRES) await sql.raw(statement).execute(db);
  },
};

const POSTGRES = [
  `CREATE TABLE shift_sales_staged (
    base_url        TEXT NOT NULL,
    company_id      BIGINT NOT NULL,
    idempotency_key TEXT NOT NULL,
    shift_id        BIGINT NOT NULL REFERENCES shifts (id),
    cashier_id      BIGINT NOT NULL REFERENCES cashiers (id),
    PRIMARY KEY (base_url, company_id, idempotency_key)
  )`,
  `CREATE FUNCTION shift_sales_move() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO shift_sales (submission_id, shift_id, cashier_id)
        SELECT NEW.id, st.shift_id, st.cashier_id FROM shift_sales_staged st JOIN shifts s ON s.id = st.shift_id
         WHERE st.base_url = NEW.base_url AND st.company_id = NEW.company_id AND st.idempotency_key = NEW.idempotency_key
           AND s.closed_at IS NULL;
      DELETE FROM shift_sales_staged
       WHERE base_url = NEW.base_url AND company_id = NEW.company_id AND idempotency_key = NEW.idempotency_key;
      RETURN NULL;
    END $$`,
  `CREATE TRIGGER shift_sales_with_submission AFTER INSERT ON submissions FOR EACH ROW WHEN (NEW.kind = 'FE')
    EXECUTE FUNCTION shift_sales_move()`,
];
