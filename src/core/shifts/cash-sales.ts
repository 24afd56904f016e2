// The cash a shift's sales put in the drawer, from the sale's one payment method as Cierre de caja
// reads it today: a sale paid on the spot with payment means 10 (efectivo) brought its total in
// cash and gave no change back (the change typed at the counter is not recorded with the sale).
// Kept to this one function so that sales paid by several means, with the cash received and the
// change of each, replace it without touching the close.
import { CASH_MEANS_CODE } from '#shared/dian/payment-means';
import { centsToDec } from '#shared/cents';
import { toMoneyString } from '#shared/money';
import { feFigures } from '#shared/reports/document-figures';

export interface SaleRow {
  submission_id: number;
  state: string;
  request_body: Buffer;
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
    cash_received: toMoneyString(centsToDec(cashCents)),
    change_given: '0.00',
    rejected,
  };
}
