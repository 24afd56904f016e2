import type { Migration } from '../migration';

/**
 * What the Historial screen needs beyond the mirror of 0004:
 * - submission_events: every recorded change of a ledger row (attempt started, answer recorded),
 *   written by triggers so the ledger's code stays as it is; the detail view shows it as the
 *   submission's history (attempts, answers, keys);
 * - an index to find the ledger row of a mirrored document (the "en duda / pendiente" marker and
 *   the detail join on it for every listed row);
 * - issuer_profiles: the issuer's name, NIT and address per connection for the printed
 *   representation (the contract has no endpoint that returns them).
 */
export const migration0006: Migration = {
  version: 6,
  name: 'history_view',
  up(db) {
    db.exec(`
      CREATE TABLE submission_events (
        id             INTEGER PRIMARY KEY,
        submission_id  INTEGER NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
        at             TEXT NOT NULL,
        state          TEXT NOT NULL,
        attempts       INTEGER NOT NULL,
        http_status    INTEGER,
        estado_dian    TEXT,
        document_id    INTEGER,
        response_body  TEXT,
        error_code     TEXT,
        error_message  TEXT
      );
      CREATE INDEX submission_events_by_submission ON submission_events (submission_id, id);
      CREATE TRIGGER submission_events_insert AFTER INSERT ON submissions BEGIN
        INSERT INTO submission_events (submission_id, at, state, attempts, http_status, estado_dian, document_id,
                                       response_body, error_code, error_message)
        VALUES (new.id, new.created_at, new.state, new.attempts, new.http_status, new.estado_dian, new.document_id,
                new.response_body, new.error_code, new.error_message);
      END;
      CREATE TRIGGER submission_events_update AFTER UPDATE ON submissions
      WHEN new.state IS NOT old.state OR new.attempts IS NOT old.attempts OR new.http_status IS NOT old.http_status
        OR new.estado_dian IS NOT old.estado_dian OR new.response_body IS NOT old.response_body
        OR new.error_message IS NOT old.error_message
      BEGIN
        INSERT INTO submission_events (submission_id, at, state, attempts, http_status, estado_dian, document_id,
                                       response_body, error_code, error_message)
        VALUES (new.id, new.updated_at, new.state, new.attempts, new.http_status, new.estado_dian, new.document_id,
                new.response_body, new.error_code, new.error_message);
      END;

      CREATE INDEX submissions_by_document ON submissions (connection_id, kind, document_id);

      CREATE TABLE issuer_profiles (
        connection_id  INTEGER PRIMARY KEY REFERENCES connections (id) ON DELETE CASCADE,
        nombre         TEXT NOT NULL,
        nit            TEXT NOT NULL,
        direccion      TEXT NOT NULL DEFAULT '',
        ciudad         TEXT NOT NULL DEFAULT '',
        email          TEXT NOT NULL DEFAULT '',
        telefono       TEXT NOT NULL DEFAULT '',
        updated_at     TEXT NOT NULL
      );
    `);
  },
};
