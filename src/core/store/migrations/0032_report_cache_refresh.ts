import { sql } from 'kysely';
import type { Migration } from '../migration';

/**
 * The reports' cached figures (report_documents / report_amounts, migration 0013) written before the
 * 0 % groups were counted lack the rows «IVA excluido» and «IVA exento» (shared/reports/
 * document-figures.ts): a period already reported kept its old figures, since a document with a cache
 * row is never computed again. Both tables are emptied: the next report computes every document's
 * figures again from the ledger's requests and the mirror (reports/facts.ts), 0 % rows included.
 * Nothing else is lost: the cache holds only what those two sources give.
 */
const STATEMENTS = ['DELETE FROM report_amounts', 'DELETE FROM report_documents'];

export const migration0032: Migration = {
  version: 32,
  name: 'report_cache_refresh',
  up(db) {
    for (const statement of STATEMENTS) db.exec(statement);
  },
  async postgres(db) {
    for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
  },
};
