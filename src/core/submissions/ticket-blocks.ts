// Contingency ticket numbers held by a register for the hours it sells without the caja principal
// (offline/, docs/CLIENT-DECISIONS.md «Contingency tickets at several registers»). A register cut off
// from the shop's database numbers its contingency tickets in its shop copy, where it cannot see what
// the other registers number: drawing "the highest plus one" there would give two registers cut off at
// once the same number, and both the number the shop's database already gave. So, while the shop's
// database answers, each such register holds blocks of the numbering of its own (reserved by the shop
// copy's keeper, keeper.ts), and:
// - on the shop's database, every ticket is drawn from the rest of the numbering, skipping every block;
// - on a shop copy, a ticket is drawn from this register's blocks only, in order.
// A block's numbers are used in order, by its register alone, so what is left of it is the numbers
// past the highest one its register's queued sales took. Numbers a block holds that are never used
// (the resolution ends, the register is removed) are left unused: a gap the shop's numbering may have,
// never a number given twice.
import type { Kysely } from 'kysely';
import { colombiaToday } from '#shared/dates';
import type { NumberingResolution } from '#shared/rpc/methods/history';
import { ContingencyBook } from '../history/issuer';
import type { Engine } from '../store/engine';
import type { Schema } from '../store/schema';
import { lastTicketIn, lockNumbering } from './contingency-tickets';

/** Numbers in one block: about a day of selling without the caja principal at a busy counter. */
export const TICKET_BLOCK_SIZE = 100;
/** A register with fewer numbers left than this is given another block. */
export const TICKET_BLOCK_LOW = 50;

type Numbering = Pick<NumberingResolution, 'numero' | 'prefijo'>;

export interface TicketBlock {
  first: number;
  last: number;
}

/** The blocks of `numbering` (of one register, or of all), in order. */
export async function ticketBlocks(db: Kysely<Schema>, numbering: Numbering, registerId?: string): Promise<TicketBlock[]> {
  let query = db
    .selectFrom('ticket_blocks')
    .select(['first_number', 'last_number'])
    .where('ticket_resolution', '=', numbering.numero)
    .where('ticket_prefix', '=', numbering.prefijo);
  if (registerId !== undefined) query = query.where('register_id', '=', registerId);
  const rows = await query.orderBy('first_number').execute();
  return rows.map((row) => ({ first: Number(row.first_number), last: Number(row.last_number) }));
}

/** The block holding `number`, if any. */
export function blockHolding(blocks: readonly TicketBlock[], number: number): TicketBlock | null {
  return blocks.find((block) => block.first <= number && number <= block.last) ?? null;
}

/** The highest number a queued sale took inside `block`, or null. */
async function highestIn(db: Kysely<Schema>, numbering: Numbering, block: TicketBlock): Promise<number | null> {
  const row = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.max('ticket_number').as('top'))
    .where('ticket_resolution', '=', numbering.numero)
    .where('ticket_prefix', '=', numbering.prefijo)
    .where('ticket_number', '>=', block.first)
    .where('ticket_number', '<=', block.last)
    .executeTakeFirst();
  return row?.top == null ? null : Number(row.top);
}

/** What is left of each block: the numbers past the highest one taken in it (exhausted blocks left out). */
export async function unusedParts(
  db: Kysely<Schema>,
  numbering: Numbering,
  blocks: readonly TicketBlock[],
): Promise<TicketBlock[]> {
  const left: TicketBlock[] = [];
  for (const block of blocks) {
    const first = ((await highestIn(db, numbering, block)) ?? block.first - 1) + 1;
    if (first <= block.last) left.push({ first, last: block.last });
  }
  return left;
}

/**
 * Gives `registerId` another block of `numbering` when fewer than TICKET_BLOCK_LOW of its numbers are
 * left, inside the caller's transaction, which holds the numbering's lock (lockNumbering): the block
 * starts past every number given and every block held, so it overlaps none. A numbering no longer
 * in force, or used up, gives none. Returns the block given, or null.
 */
export async function reserveBlock(
  db: Kysely<Schema>,
  numbering: NumberingResolution,
  registerId: string,
  now: Date,
): Promise<TicketBlock | null> {
  if (colombiaToday(now) > numbering.hasta) return null;
  const own = await unusedParts(db, numbering, await ticketBlocks(db, numbering, registerId));
  const left = own.reduce((sum, block) => sum + block.last - block.first + 1, 0);
  if (left >= TICKET_BLOCK_LOW) return null;
  const top = await db
    .selectFrom('ticket_blocks')
    .select((eb) => eb.fn.max('last_number').as('top'))
    .where('ticket_resolution', '=', numbering.numero)
    .where('ticket_prefix', '=', numbering.prefijo)
    .executeTakeFirst();
  const taken = (await lastTicketIn(db, numbering)) ?? 0;
  const first = Math.max(Number(top?.top ?? 0), Number(taken), numbering.rango_desde - 1) + 1;
  if (first > numbering.rango_hasta) return null;
  const last = Math.min(first + TICKET_BLOCK_SIZE - 1, numbering.rango_hasta);
  await db
    .insertInto('ticket_blocks')
    .values({
      register_id: registerId,
      ticket_resolution: numbering.numero,
      ticket_prefix: numbering.prefijo,
      first_number: first,
      last_number: last,
      reserved_at: now.toISOString(),
    })
    .execute();
  return { first, last };
}

/**
 * Gives `registerId` the blocks it needs of every contingency numbering the shop's connections use
 * (reserveBlock), each numbering in its own transaction under its lock. What was given, per numbering.
 */
export async function reserveBlocks(
  engine: Engine,
  registerId: string,
  now: Date,
): Promise<{ numbering: string; block: TicketBlock }[]> {
  const book = new ContingencyBook(engine, () => now);
  const connections = await engine.db.selectFrom('connections').select('id').orderBy('id').execute();
  const seen = new Set<string>();
  const given: { numbering: string; block: TicketBlock }[] = [];
  for (const { id } of connections) {
    const numbering = await book.contingencyNumbering(Number(id));
    if (!numbering) continue;
    const name = `${numbering.numero}/${numbering.prefijo}`;
    if (seen.has(name)) continue;
    seen.add(name);
    const block = await engine.transaction(async (trx) => {
      if (engine.kind === 'postgres') await lockNumbering(trx, numbering);
      return reserveBlock(trx, numbering, registerId, now);
    });
    if (block) given.push({ numbering: name, block });
  }
  return given;
}
