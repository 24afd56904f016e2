// The embedded test environment numbers its contingency tickets with a practice book until the shop
// enters its own, so that an outage rehearsed there ends in accepted invoices; a real connection never
// gets it and says the numbering is missing. Real SQLite, every migration.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ContingencyBook, IssuerProfiles, PRACTICE_NUMBERING } from '#core/history/issuer';
import { sqliteEngine } from '#core/store/engine';
import { migrations } from '#core/store/migrations/index';
import { Store } from '#core/store/store';
import type { IssuerProfile } from '#shared/rpc/methods/history';
import { tempDir } from '#test/temp';

let dir: ReturnType<typeof tempDir>;
let store: Store;
beforeEach(() => {
  dir = tempDir();
  store = Store.open(join(dir.path, 'db.sqlite'), { migrations });
});
afterEach(() => {
  store.close();
  dir.remove();
});

const connection = (embedded: boolean) =>
  Number(
    store.db
      .prepare(
        `INSERT INTO connections (label, kind, base_url, company_id, embedded, active, created_at)
         VALUES ('C', 'sandbox', ?, 7, ?, 0, 'now')`,
      )
      .run(`http://127.0.0.1/${embedded ? 'e' : 'r'}`, embedded ? 1 : 0).lastInsertRowid,
  );

const OWN: IssuerProfile['contingencia'] = {
  numero: '18764000001',
  desde: '2026-01-01',
  hasta: '2027-12-31',
  prefijo: 'CT',
  rango_desde: 1,
  rango_hasta: 10,
};

describe('the contingency numbering a queued sale takes', () => {
  it('the embedded environment: the practice book until one is entered, then the shop’s own', async () => {
    const clock = () => new Date('2026-11-20T15:00:00Z');
    const profiles = new IssuerProfiles(sqliteEngine(store.db), clock);
    const book = new ContingencyBook(sqliteEngine(store.db), clock);
    const id = connection(true);
    expect(await book.contingencyNumbering(id)).toEqual(PRACTICE_NUMBERING);
    expect(await book.contingencyWarnings(id)).toEqual([]);
    await profiles.set(id, {
      nombre: 'Demo',
      nit: '900123456',
      dv: '8',
      direccion: '',
      ciudad: '',
      email: '',
      telefono: '',
      logo: '',
      resolucion: null,
      contingencia: OWN,
      plan: 'ilimitado',
    });
    expect(await book.contingencyNumbering(id)).toEqual(OWN);
  });

  it('a real connection: none until entered, and the warning says so', async () => {
    const book = new ContingencyBook(sqliteEngine(store.db), () => new Date('2026-11-20T15:00:00Z'));
    const id = connection(false);
    expect(await book.contingencyNumbering(id)).toBeNull();
    expect((await book.contingencyWarnings(id))[0]).toMatchObject({ code: 'contingency_missing' });
  });
});
