import type { Migration } from '../migration';

/**
 * When each unresolved submission is next looked at (pending DSE documents and submissions in doubt).
 * One scheduler reads the earliest row; the schedule survives restarts because it lives here.
 */
export const migration0003: Migration = {
  version: 3,
  name: 'poll_schedule',
  up(db) {
    db.exec(`
      CREATE TABLE poll_schedule (
        submission_id  INTEGER PRIMARY KEY REFERENCES submissions (id) ON DELETE CASCADE,
        due_at         INTEGER NOT NULL,
        checks         INTEGER NOT NULL DEFAULT 0,
        last_error     TEXT
      );
      CREATE INDEX poll_schedule_due ON poll_schedule (due_at);
    `);
  },
};
