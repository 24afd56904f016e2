// The cash a shift's sales put in the drawer. A sale recorded with its payments (sale_payments: one
// line per means, the cash line with what was received and the change) counts its cash line's
// received and change; a sale without them (sent before payments were recorded, or by a path that
// records none) counts as Cierre de caja reads it: paid on the spot with payment means 10
// (efectivo), its total in cash and no change.
import type { Kysely } from 'kysely';
import { CASH_MEANS_CODE } from '#shared/dian/payment-means';
import { centsToDec } from '#shared/cents';
import { sum, toMoneyString } from '#shared/money';
import { feFigures } from '#shared/reports/document-figures';
import { NOT_A_DOCUMENT_STATES } from '../ledger-reads/state-groups';
import type { Schema } from '../store/schema';

/** One means of a sale's payment, as sale_payments keeps it. */
export interface SalePaymentLine {
  means: string;
  amount: string;
  received: string | null;
  change: string | null;
}

export interface SaleRow {
  submission_id: number;
  state: string;
  request_body: Buffer;
  /** the sale's payments when they were recorded (none: read from the request's one method) */
  payments?: readonly SalePaymentLine[] | undefined;
}

export interface SalesCash {
  /** the shift's FE that count as sales: accepted or still on their way (rejected ones apart) */
  documents: number;
  total: string;
  cash_documents: number;
  cash_received: string;
  change_given: string;
  /** rejected by the DIAN: no sale, so no cash expected (the corrected invoice is the sale) */
  rejected: number;
}

/**
 * A shift's sales with their payments, through shift_sales_by_shift and then each submission by its
 * row id (no scan of the ledger); submissions that created no document are left out.
 */
export async function shiftSales(db: Kysely<Schema>, shiftId: number): Promise<SaleRow[]> {
  const sales = await db
    .selectFrom('shift_sales as ss')
    .innerJoin('submissions as sub', 'sub.id', 'ss.submission_id')
    .select(['ss.submission_id', 'sub.state', 'sub.request_body'])
    .where('ss.shift_id', '=', shiftId)
    .where('sub.state', 'not in', NOT_A_DOCUMENT_STATES)
    .orderBy('ss.submission_id')
    .execute();
  const lines = await db
    .selectFrom('shift_sales as ss')
    .innerJoin('sale_payments as p', 'p.submission_id', 'ss.submission_id')
    .select(['p.submission_id', 'p.means', 'p.amount', 'p.received', 'p.change'])
    .where('ss.shift_id', '=', shiftId)
    .orderBy('p.submission_id')
    .orderBy('p.position')
    .execute();
  const paid = new Map<number, SalePaymentLine[]>();
  for (const { submission_id, ...line } of lines) paid.set(submission_id, [...(paid.get(submission_id) ?? []), line]);
  return sales.map((row) => ({ ...row, payments: paid.get(row.submission_id) }));
}

function parse(body: Buffer): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function salesCash(rows: Iterable<SaleRow>): SalesCash {
  let documents = 0;
  let cashDocuments = 0;
  let rejected = 0;
  let totalCents = 0;
  let cashCents = 0;
  const received: string[] = [];
  const change: string[] = [];
  for (const row of rows) {
    if (row.state === 'rejected') {
      rejected += 1;
      continue;
    }
    const body = parse(row.request_body);
    const figures = body ? feFigures(body) : null;
    documents += 1;
    if (!body || !figures) continue;
    totalCents += figures.total_cents;
    if (row.payments && row.payments.length > 0) {
      const cash = row.payments.filter((line) => line.means === CASH_MEANS_CODE);
      if (cash.length > 0) cashDocuments += 1;
      for (const line of cash) {
        received.push(line.received ?? line.amount);
        change.push(line.change ?? '0');
      }
      continue;
    }
    const payment = body.payment && typeof body.payment === 'object' ? (body.payment as Record<string, unknown>) : {};
    if (payment.form !== 'credito' && String(payment.means_code ?? '') === CASH_MEANS_CODE) {
      cashDocuments += 1;
      cashCents += figures.total_cents;
    }
  }
  return {
    documents,
    total: toMoneyString(centsToDec(totalCents)),
    cash_documents: cashDocuments,
    cash_received: toMoneyString(sum([centsToDec(cashCents), ...received])),
    change_given: toMoneyString(sum(change)),
    rejected,
  };
}
