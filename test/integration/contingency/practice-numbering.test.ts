// The embedded test environment numbers its contingency tickets with a practice book until the shop
// enters its own, so that an outage rehearsed there ends in accepted invoices; a real connection never
// gets it and says the numbering is missing. Every migration, on both engines.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ContingencyBook, IssuerProfiles, PRACTICE_NUMBERING } from '#core/history/issuer';
import type { IssuerProfile } from '#shared/rpc/methods/history';
import { ENGINE_KINDS, openEngine, type OpenedEngine } from '#test/engines';

const OWN: IssuerProfile['contingencia'] = {
  numero: '18764000001',
  desde: '2026-01-01',
  hasta: '2027-12-31',
  prefijo: 'CT',
  rango_desde: 1,
  rango_hasta: 10,
};

const clock = () => new Date('2026-11-20T15:00:00Z');

describe.each(ENGINE_KINDS)('the contingency numbering a queued sale takes, on %s', (kind) => {
  let opened: OpenedEngine;
  let book: ContingencyBook;
  beforeEach(async () => {
    opened = await openEngine(kind);
    book = new ContingencyBook(opened.engine, clock);
  });
  afterEach(async () => {
    await opened.close();
  });

  async function connection(embedded: boolean): Promise<number> {
    const row = await opened.engine.db
      .insertInto('connections')
      .values({
        label: 'C',
        kind: 'sandbox',
        base_url: `http://127.0.0.1/${embedded ? 'e' : 'r'}`,
        company_id: 7,
        embedded: embedded ? 1 : 0,
        active: 0,
        created_at: 'now',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it('the embedded environment: the practice book until one is entered, then the shop’s own', async () => {
    const profiles = new IssuerProfiles(opened.engine, clock);
    const id = await connection(true);
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
    const id = await connection(false);
    expect(await book.contingencyNumbering(id)).toBeNull();
    expect((await book.contingencyWarnings(id))[0]).toMatchObject({ code: 'contingency_missing' });
  });
});
