// The contingency ticket of a queued FE (contingency type 3, docs/CLIENT-DECISIONS.md "Contingency"):
// the number the shop's own contingency numbering gives the sale printed while the service cannot be
// reached, and the reference line the invoice carries to the tax authority when it is transmitted.
// Assigned inside the commit that queues the sale (outbox.enqueue): the number lives in the outbox row
// itself, unique per resolution and prefix, so a crash never leaves a number given and lost (a gap)
// and two sales never get one number.
import { toColombia } from '#shared/dates';
import {
  contingencyTicketNumber,
  formatContingencyReference,
  observacionesWithReference,
  ticketReference,
  type ContingencyReference,
} from '#shared/fe/index';
import { LIMITS } from '#shared/api/common';
import type { NumberingResolution } from '#shared/rpc/methods/history';
import type { Db } from '../store/store';

export type TicketProblem = 'missing' | 'not_in_force' | 'used_up';

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
};

/** The highest number a queued sale took in the numbering's resolution and prefix, or null. */
export function lastTicket(db: Db, numbering: Pick<NumberingResolution, 'numero' | 'prefijo'>): number | null {
  return (
    db
      .prepare<[string, string], { top: number | null }>(
        'SELECT MAX(ticket_number) AS top FROM outbox WHERE ticket_resolution = ? AND ticket_prefix = ?',
      )
      .get(numbering.numero, numbering.prefijo)?.top ?? null
  );
}

/** The company a ticket belongs to: its invoices are those of one address and company number. */
export interface TicketCompany {
  baseUrl: string;
  companyId: number;
}

/**
 * The invoice of `company` that already names ticket `number` of a resolution and prefix, other than
 * the submission `exceptKey`: one queued by the app or typed after a sale on paper, sent or waiting.
 * A rejected or refused one does not hold it (the same paper sale is then sent again, corrected).
 */
export function ticketHolder(
  db: Db,
  company: TicketCompany,
  ticket: { resolution: string; prefix: string; number: number },
  exceptKey: string | null,
): { id: number; number: string | null } | null {
  // The reference line is the only place an invoice carries its ticket (the contract has no field):
  // its number, then its resolution, as formatContingencyReference writes them.
  const pattern = `%Contingencia tipo 3: talonario ${ticket.prefix}-${ticket.number} del % Resolución ${ticket.resolution} vigente %`;
  return (
    db
      .prepare<[string, number, string, string], { id: number; number: string | null }>(
        `SELECT id, document_number AS number FROM submissions
          WHERE base_url = ? AND company_id = ? AND kind = 'FE' AND idempotency_key != ?
            AND state NOT IN ('rejected', 'failed', 'conflict')
            AND CAST(request_body AS TEXT) LIKE ?
          ORDER BY id LIMIT 1`,
      )
      .get(company.baseUrl, company.companyId, exceptKey ?? '', pattern) ?? null
  );
}

/**
 * The next ticket of the connection's contingency numbering for a sale made at `soldAt`, read inside
 * the caller's transaction: the highest number any queued sale took in that resolution and prefix,
 * plus one (never below the range's start), past any number a ticket typed after a paper sale holds.
 */
export function nextTicket(
  db: Db,
  numbering: NumberingResolution | null,
  soldAt: Date,
  company: TicketCompany,
): TicketAssignment {
  if (!numbering) return { ticket: null, problem: 'missing' };
  const { date, time } = toColombia(soldAt);
  if (date < numbering.desde || date > numbering.hasta) return { ticket: null, problem: 'not_in_force' };
  let number = Math.max(lastTicket(db, numbering) ?? 0, numbering.rango_desde - 1) + 1;
  const taken = (n: number) =>
    ticketHolder(db, company, { resolution: numbering.numero, prefix: numbering.prefijo, number: n }, null) !== null;
  while (number <= numbering.rango_hasta && taken(number)) number += 1;
  if (number > numbering.rango_hasta) return { ticket: null, problem: 'used_up' };
  return { problem: null, ticket: ticketReference(numbering, number, date, time) };
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
