// The sale's payments as the form holds them (one means for all, or a split), read into the lines
// recorded with the sale (shared/sales/sale-payment.ts). Pure.
import type { PaymentMethod } from '#shared/api/fe';
import { dec, formatCop, roundCents, type Dec } from '#shared/money';
import { CASH_MEANS, invoiceMethodOf, salePaymentsProblem, type SalePayment } from '#shared/sales/sale-payment';
import { parseUserNumber } from '#shared/user-number';
import type { FeFormValues } from '../invoices/model';

export interface FormPayments {
  payments: SalePayment[];
  /** the first thing to fix, at its form field */
  problem: { path: string; message: string } | null;
}

function amountText(value: Dec): string {
  return roundCents(value).toFixed(2).replace(/\.00$/, '');
}

/** The cash handed over and the change, or what is wrong with them, for a cash part of `amount`. */
function cashLine(received: string, amount: Dec): { received: string | null; change: string | null; problem: string | null } {
  if (received.trim() === '') return { received: null, change: null, problem: null };
  const typed = parseUserNumber(received);
  if (typed === null || typed.startsWith('-'))
    return { received: null, change: null, problem: 'Escriba el valor recibido, por ejemplo 50.000' };
  const given = dec(typed);
  if (!given.equals(roundCents(given)))
    return { received: null, change: null, problem: 'El valor recibido lleva hasta dos decimales' };
  if (given.lessThan(amount))
    return { received: null, change: null, problem: `El efectivo recibido no alcanza: faltan ${formatCop(amount.minus(given))}` };
  return { received: amountText(given), change: amountText(given.minus(amount)), problem: null };
}

/**
 * The payments of a sale paid on the spot in pesos that the buyer pays `due` for; none for a sale on
 * credit or in dollars (nothing is received at the counter) or while the methods are not known.
 */
export function formPayments(values: FeFormValues, methods: readonly PaymentMethod[], due: Dec): FormPayments {
  const none: FormPayments = { payments: [], problem: null };
  const { payment } = values;
  if (payment.form !== 'contado' || values.currency.commercial_currency !== 'COP' || !due.greaterThan(0)) return none;
  const methodOf = (id: string) => methods.find((m) => String(m.id) === id && m.is_active && m.payment_form === 'contado');
  if (payment.split.length === 0) {
    const method = methodOf(payment.method_id);
    if (!method) return none;
    const cash = method.payment_means_code === CASH_MEANS ? cashLine(payment.received, due) : null;
    if (cash?.problem) return { payments: [], problem: { path: 'payment.received', message: cash.problem } };
    return {
      payments: [line(method, amountText(due), cash?.received ?? null, cash?.change ?? null)],
      problem: null,
    };
  }
  const payments: SalePayment[] = [];
  for (const [i, part] of payment.split.entries()) {
    const method = methodOf(part.method_id);
    if (!method) return { payments: [], problem: { path: `payment.split.${i}.method_id`, message: 'Elija el medio de pago' } };
    const typed = parseUserNumber(part.amount);
    if (typed === null || !dec(typed).greaterThan(0) || !dec(typed).equals(roundCents(typed)))
      return {
        payments: [],
        problem: { path: `payment.split.${i}.amount`, message: 'Escriba el valor pagado con este medio, por ejemplo 20.000' },
      };
    const amount = dec(typed);
    const cash = method.payment_means_code === CASH_MEANS ? cashLine(payment.received, amount) : null;
    if (cash?.problem) return { payments: [], problem: { path: 'payment.received', message: cash.problem } };
    payments.push(line(method, amountText(amount), cash?.received ?? null, cash?.change ?? null));
  }
  const problem = salePaymentsProblem(payments, roundCents(due));
  return problem ? { payments: [], problem: { path: 'payment.split', message: problem } } : { payments, problem: null };
}

function line(method: PaymentMethod, amount: string, received: string | null, change: string | null): SalePayment {
  return { method_id: method.id, means: method.payment_means_code, label: method.label, amount, received, change };
}

/** The method the invoice names: the one chosen, or for a split the means with the largest amount. */
export function invoiceMethodId(values: FeFormValues): string {
  const parts = values.payment.split.flatMap((p) => {
    const amount = parseUserNumber(p.amount);
    return amount === null ? [] : [{ method_id: p.method_id, amount }];
  });
  return invoiceMethodOf(parts)?.method_id ?? values.payment.method_id;
}

/** The cash part of a split (null when there is no split or no cash in it). */
export function cashPart(values: FeFormValues['payment'], methods: readonly PaymentMethod[]): Dec | null {
  const cash = values.split.find((p) => methods.find((m) => String(m.id) === p.method_id)?.payment_means_code === CASH_MEANS);
  if (!cash) return null;
  const amount = parseUserNumber(cash.amount);
  return amount === null ? dec(0) : dec(amount);
}
