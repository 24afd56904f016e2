// "Cierre de caja": the invoices this installation issued on one Colombian day,
// from the ledger (the exact request of each, so the payment and the taxes are the ones sent), summed
// in integer cents through the shared document figures (the same rules the form, the sandbox and the
// reports use). Accepted ones are the day's sales; pending (sending, in doubt, waiting for the DIAN)
// and rejected ones are listed apart and never summed into the sales. Refused submissions (nothing
// was created) are not documents and are left out.
import { addDays, colombiaToday } from '#shared/dates';
import { feFigures } from '#shared/reports/document-figures';
import type { DayClose, DayCloseDocument } from '#shared/rpc/methods/day-close';
import type { LedgerReads } from '../ledger-reads/ledger-reads';
import { OPEN_STATES } from '../ledger-reads/state-groups';

const PENDING = new Set<string>(OPEN_STATES);

/** The instants [from, to) of a Colombian day (UTC-05:00 all year). */
export function colombiaDayRange(date: string): { from: string; to: string } {
  return { from: `${date}T05:00:00.000Z`, to: `${addDays(date, 1)}T05:00:00.000Z` };
}

function parse(body: Buffer): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export class DayCloseReader {
  constructor(
    private readonly reads: LedgerReads,
    private readonly now: () => Date,
  ) {}

  async read(connectionId: number, date?: string): Promise<DayClose> {
    const day = date ?? colombiaToday(this.now());
    const { from, to } = colombiaDayRange(day);
    const out = emptyDayClose(day, from, to);
    const payments = new Map<string, DayClose['by_payment'][number]>();
    const taxes = new Map<string, DayClose['taxes'][number]>();
    for (const row of await this.reads.dayInvoices(connectionId, from, to)) {
      const body = parse(row.request_body);
      const figures = body ? feFigures(body) : null;
      const doc: DayCloseDocument = {
        submission_id: row.id,
        number: row.document_number,
        counterpart: row.counterpart ?? '',
        total_cents: figures?.total_cents ?? 0,
        state: row.state,
        created_at: row.created_at,
      };
      if (PENDING.has(row.state)) {
        out.pending.push(doc);
        out.pending_total_cents += doc.total_cents;
        continue;
      }
      if (row.state === 'rejected') {
        out.rejected.push(doc);
        out.rejected_total_cents += doc.total_cents;
        continue;
      }
      if (row.state !== 'accepted') continue;
      out.accepted += 1;
      if (!figures || !body) {
        out.unreadable += 1;
        continue;
      }
      out.subtotal_cents += figures.subtotal_cents;
      out.taxes_cents += figures.taxes_cents;
      out.total_cents += figures.total_cents;
      const payment = body.payment && typeof body.payment === 'object' ? (body.payment as Record<string, unknown>) : {};
      const form = typeof payment.form === 'string' ? payment.form : 'contado';
      const methodId = typeof payment.method_id === 'number' ? payment.method_id : null;
      const means = typeof payment.means_code === 'string' ? payment.means_code : '';
      const key = `${form}|${methodId ?? ''}|${means}`;
      const group = payments.get(key) ?? { form, method_id: methodId, means_code: means, documents: 0, total_cents: 0 };
      group.documents += 1;
      group.total_cents += figures.total_cents;
      payments.set(key, group);
      for (const tax of figures.taxes) {
        const taxKey = `${tax.code}|${tax.rate}`;
        const found = taxes.get(taxKey) ?? { code: tax.code, name: tax.name, rate: tax.rate, base_cents: 0, amount_cents: 0 };
        found.base_cents += tax.base_cents;
        found.amount_cents += tax.amount_cents;
        taxes.set(taxKey, found);
      }
    }
    out.by_payment = [...payments.values()].sort(
      (a, b) => b.total_cents - a.total_cents || a.means_code.localeCompare(b.means_code),
    );
    out.taxes = [...taxes.values()].sort((a, b) => a.code.localeCompare(b.code) || Number(b.rate) - Number(a.rate));
    return out;
  }
}

/** A day with nothing sold yet: the figures a close starts from. */
export function emptyDayClose(date: string, from: string, to: string): DayClose {
  return {
    date,
    from,
    to,
    accepted: 0,
    subtotal_cents: 0,
    taxes_cents: 0,
    total_cents: 0,
    by_payment: [],
    taxes: [],
    pending: [],
    pending_total_cents: 0,
    rejected: [],
    rejected_total_cents: 0,
    unreadable: 0,
  };
}
