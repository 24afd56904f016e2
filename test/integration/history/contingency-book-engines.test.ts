// The contingency book on both engines, one test body per engine: the numbering read back from the
// issuer profile, and its warnings (missing, expired, the range used up) with the tickets counted from
// the contingency queue's own table on that engine, as the queue numbers its sales.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ContingencyBook, IssuerProfiles } from '#core/history/issuer';
import { nextTicket, type TicketAssignment } from '#core/submissions/contingency-tickets';
import { OutboxStore } from '#core/submissions/outbox';
import { reserveBlock } from '#core/submissions/ticket-blocks';
import type { IssuerProfile, NumberingResolution } from '#shared/rpc/methods/history';
import { addConnections, ENGINE_KINDS, openEngine, type OpenedEngine } from '#test/engines';
import { COMPANY, insertFeSubmission } from '#test/fe-submission-row';

const NOW = new Date('2026-11-20T15:00:00.000Z');
const clock = () => NOW;
const CONTINGENCY: NumberingResolution = {
  numero: '18764000001',
  desde: '2026-01-01',
  hasta: '2027-06-30',
  prefijo: 'CT',
  rango_desde: 1,
  rango_hasta: 3,
};
const PROFILE: IssuerProfile = {
  nombre: 'Panadería La Espiga S.A.S.',
  nit: '900123456',
  dv: '',
  direccion: 'Calle 10 # 5-20',
  ciudad: 'Bogotá',
  email: '',
  telefono: '',
  logo: '',
  resolucion: null,
  contingencia: CONTINGENCY,
  plan: 'ilimitado',
};

describe.each(ENGINE_KINDS)('contingency book on %s', (kind) => {
  let opened: OpenedEngine;
  let profiles: IssuerProfiles;
  let book: ContingencyBook;
  let outbox: OutboxStore;
  let sales = 0;
  beforeEach(async () => {
    opened = await openEngine(kind);
    await addConnections(opened.engine, [1, 2]);
    profiles = new IssuerProfiles(opened.engine, clock);
    book = new ContingencyBook(opened.engine, clock);
    outbox = new OutboxStore(opened.engine, clock, 48);
  });
  afterEach(async () => {
    await opened.close();
  });

  /** A sale of connection 1 queued with the next ticket of `numbering`, as the queue's commit does it. */
  async function queueSale(numbering: NumberingResolution): Promise<TicketAssignment> {
    sales += 1;
    const id = await insertFeSubmission(opened.engine, `key-${kind}-${sales}`, {}, 'in_doubt');
    const assignment = await nextTicket(opened.engine.db, numbering, NOW, COMPANY);
    await outbox.enqueue(opened.engine.db, id, 'FE', 'h', NOW, assignment);
    return assignment;
  }

  const codes = async (connectionId: number) => (await book.contingencyWarnings(connectionId)).map((w) => w.code);

  it('reads back the numbering saved in the profile, per connection, and none where none was saved', async () => {
    await profiles.set(1, PROFILE);
    await profiles.set(2, { ...PROFILE, contingencia: null });
    expect(await book.contingencyNumbering(1)).toEqual(CONTINGENCY);
    expect(await book.contingencyNumbering(2)).toBeNull();
    expect(await book.contingencyNumbering(3)).toBeNull();
  });

  it('says the numbering is missing for a connection without a profile or without a contingency numbering', async () => {
    await profiles.set(2, { ...PROFILE, contingencia: null });
    for (const id of [1, 2]) {
      const warnings = await book.contingencyWarnings(id);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({ level: 'warn', code: 'contingency_missing' });
      expect(warnings[0]!.text).toContain('Falta la numeración de contingencia');
    }
  });

  it('says a numbering whose validity ended has expired, with its end date', async () => {
    await profiles.set(1, { ...PROFILE, contingencia: { ...CONTINGENCY, hasta: '2026-11-19' } });
    const warnings = await book.contingencyWarnings(1);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 'error', code: 'contingency_expired' });
    expect(warnings[0]!.text).toContain('No. 18764000001 venció el');
  });

  it('counts the queued tickets: nothing to say while a number is left, used up once the last is taken', async () => {
    await profiles.set(1, PROFILE);
    expect(await codes(1)).toEqual([]);
    expect((await queueSale(CONTINGENCY)).ticket?.number).toBe(1);
    expect((await queueSale(CONTINGENCY)).ticket?.number).toBe(2);
    // Near its end: one number left, which the next sale still takes.
    expect(await codes(1)).toEqual([]);
    expect((await queueSale(CONTINGENCY)).ticket?.number).toBe(3);
    const warnings = await book.contingencyWarnings(1);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 'error', code: 'contingency_used_up' });
    expect(warnings[0]!.text).toContain('(CT1 a CT3)');
    // The queue agrees: the next sale gets no number.
    expect(await queueSale(CONTINGENCY)).toEqual({ ticket: null, problem: 'used_up' });
  });

  it('used up too when the numbers left are all held by a register for selling without the caja principal', async () => {
    await profiles.set(1, PROFILE);
    expect((await queueSale(CONTINGENCY)).ticket?.number).toBe(1);
    await opened.engine.db
      .insertInto('registers')
      .values({ id: 'K7QM2X9A', name: 'Caja 2', created_at: '', last_seen_at: '' })
      .execute();
    expect(await reserveBlock(opened.engine.db, CONTINGENCY, 'K7QM2X9A', NOW)).toEqual({ first: 2, last: 3 });
    expect(await codes(1)).toEqual(['contingency_used_up']);
    expect(await queueSale(CONTINGENCY)).toEqual({ ticket: null, problem: 'used_up' });
  });

  it('counts only the tickets of the numbering’s own resolution and prefix', async () => {
    await profiles.set(1, PROFILE);
    for (let i = 0; i < 3; i += 1) await queueSale({ ...CONTINGENCY, prefijo: 'OT' });
    for (let i = 0; i < 3; i += 1) await queueSale({ ...CONTINGENCY, numero: '18764000002' });
    expect(await codes(1)).toEqual([]);
  });
});
