// Migration 0023 from an empty database and over a store written before it: the contingency
// numbering in the issuer profile, and the ticket a queued FE took, one number never given twice.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrations } from '#core/store/migrations/index';
import { Store } from '#core/store/store';
import { tempDir } from '#test/temp';

let dir: ReturnType<typeof tempDir>;
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => dir.remove());

const CONNECTION = `INSERT INTO connections (label, kind, base_url, company_id, embedded, active, created_at)
  VALUES ('A', 'sandbox', 'http://a/v1', 7, 0, 0, 'now')`;
const PROFILE = "INSERT INTO issuer_profiles (connection_id, nombre, nit, updated_at) VALUES (?, 'Tienda', '900123456', 'now')";
/** An outbox row (the submission it points at is not the point here: foreign keys are off). */
const OUTBOX = `INSERT INTO outbox (submission_id, kind, local_ref, original_hash, queued_at, deadline_at)
  VALUES (?, 'FE', ?, 'h', 'now', 'later')`;

describe('migration 0023 (contingency numbering)', () => {
  it('from an empty database: a profile keeps its contingency numbering; a ticket number is given once per resolution and prefix', () => {
    const store = Store.open(join(dir.path, 'empty.sqlite'), { migrations: migrations.slice(0, 23) });
    try {
      expect(store.db.pragma('user_version', { simple: true })).toBe(23);
      store.db.pragma('foreign_keys = OFF');
      const id = Number(store.db.prepare(CONNECTION).run().lastInsertRowid);
      store.db.prepare(PROFILE).run(id);
      expect(store.db.prepare('SELECT contingencia_json FROM issuer_profiles').get()).toEqual({ contingencia_json: null });
      const ticket = store.db.prepare(
        'UPDATE outbox SET ticket_resolution = ?, ticket_prefix = ?, ticket_number = ? WHERE submission_id = ?',
      );
      store.db.prepare(OUTBOX).run(1, 'CONT-000001');
      store.db.prepare(OUTBOX).run(2, 'CONT-000002');
      store.db.prepare(OUTBOX).run(3, 'CONT-000003');
      ticket.run('18764000001', 'CT', 1, 1);
      expect(() => ticket.run('18764000001', 'CT', 1, 2)).toThrow(/UNIQUE/);
      // Another resolution or prefix numbers on its own; rows without a number are many.
      ticket.run('18764000002', 'CT', 1, 2);
      expect(() => store.db.prepare("UPDATE outbox SET ticket_problem = 'otro' WHERE submission_id = 3").run()).toThrow(/CHECK/);
      store.db.prepare("UPDATE outbox SET ticket_problem = 'missing' WHERE submission_id = 3").run();
    } finally {
      store.close();
    }
  });

  it('over a store written by 0022: profiles and queued sales are kept, without a numbering or a ticket', () => {
    const file = join(dir.path, 'db.sqlite');
    const old = Store.open(file, { migrations: migrations.slice(0, 22) });
    old.db.pragma('foreign_keys = OFF');
    const id = Number(old.db.prepare(CONNECTION).run().lastInsertRowid);
    old.db.prepare(PROFILE).run(id);
    old.db.prepare(OUTBOX).run(1, 'CONT-000001');
    old.close();
    const store = Store.open(file, { migrations: migrations.slice(0, 23) });
    try {
      expect(store.db.prepare('SELECT nombre, contingencia_json FROM issuer_profiles').all()).toEqual([
        { nombre: 'Tienda', contingencia_json: null },
      ]);
      expect(store.db.prepare('SELECT local_ref, ticket_number, ticket_json, ticket_problem FROM outbox').all()).toEqual([
        { local_ref: 'CONT-000001', ticket_number: null, ticket_json: null, ticket_problem: null },
      ]);
    } finally {
      store.close();
    }
  });
});
