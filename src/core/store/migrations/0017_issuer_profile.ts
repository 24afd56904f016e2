import type { Migration } from '../migration';

/**
 * The full issuer profile and the printing settings, per connection:
 * - issuer_profiles gains the NIT's check digit, a logo (a PNG or JPEG data URL), the numbering
 *   resolution (NULL until entered) and the yearly plan of the provider ('ilimitado' by default).
 * - print_settings: the layout used when printing from the counter (A4, letter, 80 mm or 58 mm
 *   ticket), whether an accepted invoice prints by itself, and the desktop printer to print to
 *   silently ('' = the system's default).
 * - an index of Historial entries by submission, for printing from the counter.
 */
export const migration0017: Migration = {
  version: 17,
  name: 'issuer_profile',
  up(db) {
    db.exec(`
      ALTER TABLE issuer_profiles ADD COLUMN dv TEXT NOT NULL DEFAULT '';
      ALTER TABLE issuer_profiles ADD COLUMN logo TEXT NOT NULL DEFAULT '';
      ALTER TABLE issuer_profiles ADD COLUMN resolucion_json TEXT;
      ALTER TABLE issuer_profiles ADD COLUMN plan TEXT NOT NULL DEFAULT 'ilimitado'
        CHECK (plan IN ('50', '100', '500', 'ilimitado'));
      -- "Imprimir" right after issuing finds the invoice's Historial entry by its submission.
      CREATE INDEX history_by_submission ON history_documents (submission_id) WHERE submission_id IS NOT NULL;

      CREATE TABLE print_settings (
        connection_id INTEGER PRIMARY KEY REFERENCES connections (id) ON DELETE CASCADE,
        layout        TEXT NOT NULL DEFAULT 'ticket80' CHECK (layout IN ('a4', 'letter', 'ticket80', 'ticket58')),
        auto_print    INTEGER NOT NULL DEFAULT 0 CHECK (auto_print IN (0, 1)),
        printer       TEXT NOT NULL DEFAULT '',
        updated_at    TEXT NOT NULL
      );
    `);
  },
};
