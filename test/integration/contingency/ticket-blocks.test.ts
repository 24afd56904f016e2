// Contingency ticket numbers reserved per register (submissions/ticket-blocks.ts), on both engines:
// blocks never overlap, a register is given another block only when few of its numbers are left,
// the shop's numbering skips every block, and a register's copy numbers from its own blocks in order,
// then says it used them all. Queued sales are outbox rows on submissions of connection 1.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nextTicket } from '#core/submissions/contingency-tickets';
import { reserveBlock, ticketBlocks, TICKET_BLOCK_LOW, TICKET_BLOCK_SIZE, unusedParts } from '#core/submissions/ticket-blocks';
import type { Engine } from '#core/store/engine';
import type { NumberingResolution } from '#shared/rpc/methods/history';
import { addConnections, ENGINE_KINDS, openEngine, type OpenedEngine } from '#test/engines';
import { COMPANY, insertFeSubmission } from '#test/fe-submission-row';

const NUMBERING: NumberingResolution = {
  numero: '18764000001',
  desde: '2026-01-01',
  hasta: '2027-12-31',
  prefijo: 'CT',
  rango_desde: 11,
  rango_hasta: 400,
};
const NOW = new Date('2026-12-07T15:00:00Z');
const SOLD = new Date('2026-12-07T15:05:00Z');

async function addRegisters(engine: Engine, ids: readonly string[]): Promise<void> {
  for (const id of ids)
    await engine.db
      .insertInto('registers')
      .values({ id, name: `Caja ${id}`, created_at: NOW.toISOString(), last_seen_at: NOW.toISOString() })
      .execute();
}

let queued = 0;
/** A queued sale holding ticket `number` of the numbering, as the queue's commit writes it. */
async function queue(engine: Engine, number: number): Promise<void> {
  queued += 1;
  const id = await insertFeSubmission(engine, `clave-${queued}`, { n: queued });
  await engine.db
    .insertInto('outbox')
    .values({
      submission_id: id,
      replaced_id: null,
      kind: 'FE',
      local_ref: `CONT-${queued}`,
      original_hash: 'h',
      queued_at: NOW.toISOString(),
      deadline_at: NOW.toISOString(),
      transmitted_at: null,
      last_error: null,
      ticket_resolution: NUMBERING.numero,
      ticket_prefix: NUMBERING.prefijo,
      ticket_number: number,
      ticket_json: null,
      ticket_problem: null,
    })
    .execute();
}

const numberOf = async (engine: Engine, from: 'numbering' | 'reserved') => {
  const assignment = await nextTicket(engine.db, NUMBERING, SOLD, COMPANY, from);
  return assignment.ticket?.number ?? assignment.problem;
};

describe.each(ENGINE_KINDS)('contingency ticket blocks on %s', (kind) => {
  let opened: OpenedEngine;
  beforeEach(async () => {
    opened = await openEngine(kind);
    await addConnections(opened.engine, [1]);
    await addRegisters(opened.engine, ['caja0001', 'caja0002']);
  });
  afterEach(async () => {
    await opened.close();
  });

  it('blocks follow each other past every number given, and the shop numbering skips them', async () => {
    const { engine } = opened;
    await queue(engine, 11);
    expect(await reserveBlock(engine.db, NUMBERING, 'caja0001', NOW)).toEqual({ first: 12, last: 11 + TICKET_BLOCK_SIZE });
    expect(await reserveBlock(engine.db, NUMBERING, 'caja0002', NOW)).toEqual({
      first: 12 + TICKET_BLOCK_SIZE,
      last: 11 + 2 * TICKET_BLOCK_SIZE,
    });
    // Enough left: nothing more.
    expect(await reserveBlock(engine.db, NUMBERING, 'caja0001', NOW)).toBeNull();
    expect(await numberOf(engine, 'numbering')).toBe(12 + 2 * TICKET_BLOCK_SIZE);
    // A sale the register queued from its block, handed over: the numbering still skips the block.
    await queue(engine, 12);
    expect(await numberOf(engine, 'numbering')).toBe(12 + 2 * TICKET_BLOCK_SIZE);
    expect(await unusedParts(engine.db, NUMBERING, await ticketBlocks(engine.db, NUMBERING, 'caja0001'))).toEqual([
      { first: 13, last: 11 + TICKET_BLOCK_SIZE },
    ]);
  });

  it('a register is given another block once fewer than the low mark of its numbers are left', async () => {
    const { engine } = opened;
    const first = (await reserveBlock(engine.db, NUMBERING, 'caja0001', NOW))!;
    const keepLeft = TICKET_BLOCK_LOW;
    for (let n = first.first; n <= first.last - keepLeft; n += 1) await queue(engine, n);
    expect(await reserveBlock(engine.db, NUMBERING, 'caja0001', NOW)).toBeNull();
    await queue(engine, first.last - keepLeft + 1);
    const second = await reserveBlock(engine.db, NUMBERING, 'caja0001', NOW);
    expect(second).toEqual({ first: first.last + 1, last: first.last + TICKET_BLOCK_SIZE });
    expect(await ticketBlocks(engine.db, NUMBERING, 'caja0001')).toHaveLength(2);
  });

  it('the last block stops at the end of the range; none is given past it or after the resolution', async () => {
    const { engine } = opened;
    const small = { ...NUMBERING, rango_hasta: 11 + TICKET_BLOCK_SIZE + 5 };
    expect(await reserveBlock(engine.db, small, 'caja0001', NOW)).toEqual({ first: 11, last: 10 + TICKET_BLOCK_SIZE });
    expect(await reserveBlock(engine.db, small, 'caja0002', NOW)).toEqual({
      first: 11 + TICKET_BLOCK_SIZE,
      last: small.rango_hasta,
    });
    expect(await reserveBlock(engine.db, small, 'caja0002', NOW)).toBeNull();
    // The shop's numbering is used up: every number left is held by a register.
    const assignment = await nextTicket(engine.db, small, SOLD, COMPANY, 'numbering');
    expect(assignment).toEqual({ ticket: null, problem: 'used_up' });
    const expired = { ...NUMBERING, hasta: '2026-12-06' };
    await engine.db.deleteFrom('ticket_blocks').execute();
    expect(await reserveBlock(engine.db, expired, 'caja0001', NOW)).toBeNull();
  });

  it('from the reserved blocks: in order, past the numbers taken, then none left', async () => {
    const { engine } = opened;
    // A copy holds this register's blocks only, cut to what is left of them.
    await engine.db
      .insertInto('ticket_blocks')
      .values([
        {
          register_id: 'caja0001',
          ticket_resolution: '18764000001',
          ticket_prefix: 'CT',
          first_number: 40,
          last_number: 41,
          reserved_at: '',
        },
        {
          register_id: 'caja0001',
          ticket_resolution: '18764000001',
          ticket_prefix: 'CT',
          first_number: 90,
          last_number: 90,
          reserved_at: '',
        },
      ])
      .execute();
    expect(await numberOf(engine, 'reserved')).toBe(40);
    await queue(engine, 40);
    expect(await numberOf(engine, 'reserved')).toBe(41);
    await queue(engine, 41);
    expect(await numberOf(engine, 'reserved')).toBe(90);
    await queue(engine, 90);
    expect(await numberOf(engine, 'reserved')).toBe('reserved_used_up');
    // Without blocks a copy has nothing to number from.
    await engine.db.deleteFrom('ticket_blocks').execute();
    expect(await numberOf(engine, 'reserved')).toBe('reserved_used_up');
  });
});
