import { sql } from 'kysely';
import type { Migration } from '../migration';

/**
 * The reports' kept figures (report_documents, report_amounts: migration 0013) follow their mirrored
 * document out by a trigger on PostgreSQL instead of by foreign keys. A foreign key checks every row
 * inserted with a lookup and a row lock on history_documents: the first report of a year over
 * 100,000 documents writes 35,000 documents' and 70,000 amounts' rows, and PostgreSQL spent more on
 * those checks than on the rows themselves. The rows come only from ReportFacts, which takes the ids
 * from history_documents and rewrites a document's amounts with its report_documents row; the
 * report reads them only joined to history_documents. What the keys did on a delete, the trigger
 * does: a document gone takes its figures along, once per statement (its transition table).
 * Nothing changes on SQLite, whose key checks cost a lookup in the same file.
 */
export const migration0039: Migration = {
  version: 39,
  name: 'report_facts_unchecked_postgres',
  up() {
    // SQLite keeps its foreign keys (0013).
  },
  async postgres(db) {
    await sql`ALTER TABLE report_amounts DROP CONSTRAINT report_amounts_history_id_fkey`.execute(db);
    await sql`ALTER TABLE report_documents DROP CONSTRAINT report_documents_history_id_fkey`.execute(db);
    await sql`CREATE FUNCTION report_facts_forget() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM report_amounts WHERE history_id IN (SELECT id FROM gone);
        DELETE FROM report_documents WHERE history_id IN (SELECT id FROM gone);
        RETURN NULL;
      END $$`.execute(db);
    await sql`CREATE TRIGGER history_documents_report_facts AFTER DELETE ON history_documents
      REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION report_facts_forget()`.execute(db);
  },
};
