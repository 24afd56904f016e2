// The contingency ticket of a queued FE (contingency type 3, docs/CLIENT-DECISIONS.md "Contingency"):
// the number the shop's own contingency numbering gives the sale printed while the service cannot be
// reached, and the reference line the invoice carries to the tax authority when it is transmitted.
// Assigned inside the commit that queues the sale (outbox.enqueue): the number lives in the outbox row
// itself, unique per resolution and prefix, so a crash never leaves a number given and lost (a gap)
// and two sales never get one number. The invoice that names a ticket (queued, or typed after a sale
// on paper) holds it in `submissions.ticket_ref`, unique per company among the invoices not refused:
// the database itself refuses a second holder, whichever process writes it.
import { toColombia } from '#shared/dates';
import {
  contingencyTicketNumber,
  formatContingencyReference,
  observacionesWithReference,
  parseContingencyReference,
  ticketReference,
  type ContingencyReference,
} from '#shared/fe/index';
import { LIMITS } from '#shared/api/common';
import type { NumberingResolution } from '#shared/rpc/methods/history';
import { sql, type Kysely } from 'kysely';
import type { Schema } from '../store/schema';
import { blockHolding, ticketBlocks, unusedParts, type TicketBlock } from './ticket-blocks';

export type TicketProblem = 'missing' | 'not_in_force' | 'used_up' | 'reserved_used_up';

/**
 * Where a ticket's number comes from (ticket-blocks.ts): on the shop's database, the numbering past
 * every register's reserved block; on a shop copy (a register selling without the caja principal),
 * the blocks that register holds.
 */
export type TicketSource = 'numbering' | 'reserved';

export type ContingencyTicket = Extract<ContingencyReference, { type: '3' }>;

export type TicketAssignment = { ticket: ContingencyTicket; problem: null } | { ticket: null; problem: TicketProblem };

/** The ticket's printed number, e.g. "CT123". */
export function ticketLabel(ticket: ContingencyTicket): string {
  return contingencyTicketNumber(ticket.numbering.prefix, ticket.number);
}

/** What the receipt and the banner say when a queued FE has no contingency number. */
export const TICKET_PROBLEM_TEXT: Record<TicketProblem, string> = {
  missing:
    'Sin número de contingencia: no hay numeración de contingencia en Datos del emisor. La DIAN rechaza la factura de contingencia sin él.',
  not_in_force:
    'Sin número de contingencia: la resolución de contingencia de Datos del emisor no está vigente para la fecha de la venta.',
  used_up:
    'Sin número de contingencia: se agotó el rango de la numeración de contingencia. Solicite una nueva resolución a la DIAN.',
  reserved_used_up:
    'Sin número de contingencia: esta caja usó todos los números de contingencia que tenía reservados para trabajar sin la caja principal. Cuando vuelva la caja principal, revise esta venta en la cola de contingencia antes de enviarla.',
};

/**
 * The highest number a queued sale took in the numbering's resolution and prefix, or null: inside the
 * caller's transaction (the queue numbering a sale) or on the engine (the contingency book's warnings).
 */
export async function lastTicketIn(
  db: Kysely<Schema>,
  numbering: Pick<NumberingResolution, 'numero' | 'prefijo'>,
): Promise<number | null> {
  const row = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.max('ticket_number').as('top'))
    .where('ticket_resolution', '=', numbering.numero)
    .where('ticket_prefix', '=', numbering.prefijo)
    .executeTakeFirst();
  return row?.top ?? null;
}

/**
 * On PostgreSQL, holds the numbering's lock until the caller's transaction ends, before its next
 * number is read: two sales queued at once (two connections of the pool, or two counters) would
 * otherwise read the same highest number and the second's commit would fail on the outbox's unique
 * ticket. SQLite has one writer, whose transactions never overlap.
 */
export async function lockNumbering(
  db: Kysely<Schema>,
  numbering: Pick<NumberingResolution, 'numero' | 'prefijo'>,
): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`contingency-ticket:${numbering.numero}/${numbering.prefijo}`}))`.execute(db);
}

/** The company a ticket belongs to: its invoices are those of one address and company number. */
export interface TicketCompany {
  baseUrl: string;
  companyId: number;
}

/** A ticket of the shop's contingency numbering: its resolution, prefix and number. */
export interface TicketId {
  resolution: string;
  prefix: string;
  number: number;
}

/**
 * The ticket as the ledger indexes it (`submissions.ticket_ref`, unique per address and company among
 * the invoices that hold one): "18764000001/CT-12". The resolution is digits and the prefix capitals
 * or digits, so the text names one ticket only.
 */
export function ticketRef(ticket: TicketId): string {
  return `${ticket.resolution}/${ticket.prefix}-${ticket.number}`;
}

/**
 * The ticket an FE request names: a contingency invoice (`es_contingencia` true) whose
 * `observaciones` carry a type 3 reference line, the only place an invoice carries its ticket (the
 * contract has no field). Null for any other request.
 */
export function ticketOfRequest(request: Record<string, unknown>): TicketId | null {
  if (request.es_contingencia !== true) return null;
  const reference = parseContingencyReference(typeof request.observaciones === 'string' ? request.observaciones : null);
  if (reference?.type !== '3') return null;
  return { ...reference.numbering, number: reference.number };
}

/** The states of an invoice that do not hold its ticket: the same paper sale is then sent again, corrected. */
export const TICKET_RELEASING_STATES_SQL = "('rejected', 'failed', 'conflict')";

/**
 * The invoice of `company` that already names `ticket`, other than the submission `exceptKey`: one
 * queued by the app or typed after a sale on paper, sent or waiting. A rejected or refused one does
 * not hold it. One lookup in the ledger's unique index of tickets (`submissions.ticket_ref`).
 */
export async function ticketHolder(
  db: Kysely<Schema>,
  company: TicketCompany,
  ticket: TicketId,
  exceptKey: string | null,
): Promise<{ id: number; number: string | null } | null> {
  const row = await db
    .selectFrom('submissions')
    .select(['id', 'document_number as number'])
    .where('base_url', '=', company.baseUrl)
    .where('company_id', '=', company.companyId)
    .where('ticket_ref', '=', ticketRef(ticket))
    .where('idempotency_key', '!=', exceptKey ?? '')
    .where('ticket_ref', 'is not', null)
    .where(sql<boolean>`state NOT IN ${sql.raw(TICKET_RELEASING_STATES_SQL)}`)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

/** Whether `error` is the ledger's unique index of tickets refusing a second holder of one ticket. */
export function isTicketTaken(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  // SQLite names the index's columns in its message; PostgreSQL names the index (migration 0026).
  return (
    (code === 'SQLITE_CONSTRAINT_UNIQUE' && error.message.includes('submissions.ticket_ref')) ||
    (code === '23505' && constraint === 'submissions_ticket')
  );
}

/**
 * The next ticket of the connection's contingency numbering for a sale made at `soldAt`, read inside
 * the caller's transaction. From the numbering (the shop's database, or a store of one register): the
 * highest number any queued sale took in that resolution and prefix, plus one (never below the
 * range's start), past every block a register holds for selling without the caja principal
 * (ticket-blocks.ts). From the reserved blocks (a shop copy): the first number left in this register's
 * blocks. Either way past any number a ticket typed after a paper sale holds.
 */
export async function nextTicket(
  db: Kysely<Schema>,
  numbering: NumberingResolution | null,
  soldAt: Date,
  company: TicketCompany,
  from: TicketSource = 'numbering',
): Promise<TicketAssignment> {
  if (!numbering) return { ticket: null, problem: 'missing' };
  const { date, time } = toColombia(soldAt);
  if (date < numbering.desde || date > numbering.hasta) return { ticket: null, problem: 'not_in_force' };
  const taken = async (n: number) =>
    (await ticketHolder(db, company, { resolution: numbering.numero, prefix: numbering.prefijo, number: n }, null)) !== null;
  const blocks = await ticketBlocks(db, numbering);
  if (from === 'reserved') {
    for (const block of await unusedParts(db, numbering, blocks)) {
      let number = block.first;
      while (number <= block.last && (await taken(number))) number += 1;
      if (number <= block.last) return { problem: null, ticket: ticketReference(numbering, number, date, time) };
    }
    return { ticket: null, problem: 'reserved_used_up' };
  }
  const number = await numberingNext(db, numbering, taken, blocks);
  if (number > numbering.rango_hasta) return { ticket: null, problem: 'used_up' };
  return { problem: null, ticket: ticketReference(numbering, number, date, time) };
}

/**
 * The next number of the shop's numbering: past the highest any queued sale took (never below the
 * range's start), past every register's reserved block (ticket-blocks.ts) and past the numbers
 * `taken` says a typed ticket holds. Above the range's end when the numbering is used up.
 */
export async function numberingNext(
  db: Kysely<Schema>,
  numbering: NumberingResolution,
  taken: (n: number) => Promise<boolean> = () => Promise.resolve(false),
  blocks?: readonly TicketBlock[],
): Promise<number> {
  const held = blocks ?? (await ticketBlocks(db, numbering));
  let number = Math.max((await lastTicketIn(db, numbering)) ?? 0, numbering.rango_desde - 1) + 1;
  for (;;) {
    const block = blockHolding(held, number);
    if (block) number = block.last + 1;
    else if (number <= numbering.rango_hasta && (await taken(number))) number += 1;
    else return number;
  }
}

/**
 * The FE request with its contingency reference: `es_contingencia` true and the reference's line
 * at the end of `observaciones` (the contract has no field for it). The shop's own text is kept,
 * shortened at its end if both would pass the contract's length.
 */
export function withContingencyReference(
  request: Record<string, unknown>,
  ticket: ContingencyTicket | null,
): Record<string, unknown> {
  if (!ticket) return { ...request, es_contingencia: true };
  const own = typeof request.observaciones === 'string' ? request.observaciones : '';
  const observaciones = observacionesWithReference(own, formatContingencyReference(ticket), LIMITS.observacionesMax);
  return { ...request, es_contingencia: true, observaciones };
}
