// The ledger's writes return the submission whole (ledger.ts: RETURNING instead of a second read),
// on both engines: what insert, markSending and record return is what get() reads afterwards, with
// the columns kept beside the row (its schedule, its outbox entry and ticket) in both.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SubmissionLedger, type NewSubmission } from '#core/submissions/ledger';
import { ENGINE_KINDS, openEngine, type OpenedEngine } from '#test/engines';

let seq = 0;

function entry(): NewSubmission {
  seq += 1;
  return {
    connectionId: 1,
    baseUrl: 'http://127.0.0.1:1',
    companyId: 101,
    kind: 'FE',
    key: `fe-ledger-writes-${process.pid}-${seq}`,
    endpointPath: '/companies/101/fe/facturas',
    body: Buffer.from(`{"n":${seq}}`),
    payloadHash: `hash-${seq}`,
    counterpart: 'Cliente',
  };
}

describe.each(ENGINE_KINDS)('ledger writes on %s', (kind) => {
  let opened: OpenedEngine;
  let ledger: SubmissionLedger;
  beforeEach(async () => {
    opened = await openEngine(kind);
    ledger = new SubmissionLedger(opened.engine, () => new Date());
  });
  afterEach(() => opened?.close());

  /** The row's outbox entry with a contingency ticket, as the queue writes it. */
  async function queueWithTicket(id: number): Promise<void> {
    await opened.engine.db
      .insertInto('outbox')
      .values({
        submission_id: id,
        kind: 'FE',
        local_ref: `LOCAL-${id}`,
        original_hash: 'original',
        queued_at: '2026-03-02T15:00:00.000Z',
        deadline_at: '2026-03-04T15:00:00.000Z',
        ticket_prefix: 'CT',
        ticket_number: 12,
        ticket_problem: null,
      })
      .execute();
  }

  it('a new row comes back as get() reads it: no schedule, no outbox entry', async () => {
    const written = await ledger.insert(entry());
    expect(written).toEqual(await ledger.get(written.id));
    expect(written).toMatchObject({ state: 'sending', attempts: 1, due_at: null, outbox_ref: null, outbox_ticket: null });
  });

  it('a repeat and its outcomes come back with the outbox entry and schedule get() reads', async () => {
    const { id } = await ledger.insert(entry());
    await queueWithTicket(id);
    await ledger.park(id);

    const repeat = await ledger.markSending(id);
    expect(repeat).toEqual(await ledger.get(id));
    expect(repeat).toMatchObject({ attempts: 2, outbox_ref: `LOCAL-${id}`, outbox_ticket: 'CT12' });
    expect(repeat?.due_at).not.toBeNull();

    const doubt = await ledger.record(id, { state: 'in_doubt', httpStatus: null, responseBody: null, error: null });
    expect(doubt).toEqual(await ledger.get(id));
    expect(doubt.due_at).not.toBeNull();

    // A final outcome ends the schedule in the same commit.
    const accepted = await ledger.record(id, {
      state: 'accepted',
      httpStatus: 201,
      documentId: 77,
      documentNumber: 'SETP77',
      responseBody: '{}',
      error: null,
    });
    expect(accepted).toEqual(await ledger.get(id));
    expect(accepted).toMatchObject({
      state: 'accepted',
      due_at: null,
      document_id: 77,
      outbox_deadline_at: '2026-03-04T15:00:00.000Z',
    });
    expect(await ledger.checksOf(id)).toBe(-1);
  });
});
