import type { Migration } from '../migration';

/**
 * The shop's contingency numbering (contingency type 3, docs/CLIENT-DECISIONS.md "Contingency"):
 * - issuer_profiles gains the contingency resolution (NULL until entered), beside the electronic one.
 * - outbox gains the ticket a queued FE was printed as: its resolution, prefix and number, with the
 *   ticket's date and time, assigned in the commit that queues the sale; or, without a number, why
 *   (no numbering, resolution not in force, range used up). One number is never given twice.
 */
export const migration0023: Migration = {
  version: 23,
  name: 'contingency_numbering',
  up(db) {
    db.exec(`
      ALTER TABLE issuer_profiles ADD COLUMN contingencia_json TEXT;
      ALTER TABLE outbox ADD COLUMN ticket_resolution TEXT;
      ALTER TABLE outbox ADD COLUMN ticket_prefix TEXT;
      ALTER TABLE outbox ADD COLUMN ticket_number INTEGER;
      ALTER TABLE outbox ADD COLUMN ticket_json TEXT;
      ALTER TABLE outbox ADD COLUMN ticket_problem TEXT
        CHECK (ticket_problem IN ('missing', 'not_in_force', 'used_up'));
      CREATE UNIQUE INDEX outbox_ticket ON outbox (ticket_resolution, ticket_prefix, ticket_number)
        WHERE ticket_number IS NOT NULL;
    `);
  },
};
