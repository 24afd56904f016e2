import { sql } from 'kysely';
import type { Migration } from '#core/store/migration';

/**
 * The claim on a submission (docs/CLIENT-DECISIONS.md "Claims on the shared ledger"): which process
 * transmits, polls, re-dates or resolves it now, and until when its lease holds. On PostgreSQL
 * several processes share the ledger; on SQLite one process writes a folder (FolderLock) and the
 * columns are kept the same so that both engines run one code.
 */
const STATEMENTS = [
  'ALTER TABLE submissions ADD COLUMN claimed_by TEXT',
  // Epoch milliseconds: compared with the claimer's clock, as poll_schedule.due_at is.
  'ALTER TABLE submissions ADD COLUMN claimed_until BIGINT',
];

export const migration0029: Migration = {
  version: 29,
  name: 'submission_claims',
  up(db) {
    for (const statement of STATEMENTS) db.exec(statement);
  },
  async postgres(db) {
    for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
  },
};
