import type { Migration } from '../migration';

/**
 * A tax-authority rejection kept as data: `submissions.rejection` is the JSON of the answer's `dian`
 * object as core read it, `{message, rules: [{code, message, field}]}` (src/shared/api/dian.ts,
 * DianRejection), so the window shows each rule's code, the DIAN's message and the field from data.
 * NULL when the answer carried none; rows written before 0024 keep only their error text.
 */
export const migration0024: Migration = {
  version: 24,
  name: 'submission_rejection',
  up(db) {
    db.exec(`ALTER TABLE submissions ADD COLUMN rejection TEXT CHECK (rejection IS NULL OR json_valid(rejection));`);
  },
};
