import type { Migration } from '../migration';

/**
 * The fields a refused submission's answer named: `submissions.field_errors` is a
 * JSON list of `{path, code, message}` (src/shared/api/field-errors.ts, SubmissionFieldError), read
 * from the whole 400 body when the outcome is recorded, before the body is cut for storage. Forms
 * mark their fields from it; NULL when the answer named none (and for rows written before 0019).
 */
export const migration0019: Migration = {
  version: 19,
  name: 'submission_field_errors',
  up(db) {
    db.exec(`ALTER TABLE submissions ADD COLUMN field_errors TEXT CHECK (field_errors IS NULL OR json_valid(field_errors));`);
  },
};
