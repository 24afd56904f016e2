// How the buyer paid one sale: one line per means (cash, card, transfer, Nequi…), each one of the
// company's payment methods, with amounts that add up to what the buyer pays. Change comes only from
// cash. Recorded with the sale (core/sales/sale-payments.ts), printed on its ticket.
import { z } from 'zod';
import { dec, formatCop, sum, type Dec } from '#shared/money';

/** The DIAN payment means code of cash ("Efectivo"). */
export const CASH_MEANS = '10';

const Amount = z.string().regex(/^\d{1,13}(\.\d{1,2})?$/, 'Cada valor pagado es un valor en pesos, con hasta dos decimales.');

export const SalePayment = z
  .object({
    /** the company's payment method (endpoint 4), by its id */
    method_id: z.number().int().positive(),
    /** its DIAN payment means code ("10" is cash) */
    means: z.string().trim().min(1).max(10),
    /** the company's name of the method, as the ticket prints it */
    label: z.string().trim().min(1).max(120),
    /** exact decimal text */
    amount: Amount,
    /** cash only: what the buyer handed over and the change given back */
    received: Amount.nullable(),
    change: Amount.nullable(),
  })
  .strict();
export type SalePayment = z.infer<typeof SalePayment>;

export const SalePayments = z.array(SalePayment).max(10, 'Una venta se paga con 10 medios como máximo.');

/**
 * Why a sale's payments do not hold together, in Spanish; null when they do. `due`: what the buyer
 * pays (null when it cannot be known here: their sum is then not judged).
 */
export function salePaymentsProblem(payments: readonly SalePayment[], due: Dec | null): string | null {
  if (payments.length === 0) return null;
  if (payments.some((p) => dec(p.amount).lessThanOrEqualTo(0))) return 'Cada medio de pago lleva un valor mayor que cero.';
  if (payments.filter((p) => p.means === CASH_MEANS).length > 1) return 'El efectivo va en una sola línea del pago.';
  for (const p of payments) {
    if (p.means !== CASH_MEANS && (p.received !== null || p.change !== null))
      return 'Solo el efectivo tiene valor recibido y cambio.';
    if ((p.received === null) !== (p.change === null)) return 'El recibido y el cambio van juntos.';
    if (p.received !== null && p.change !== null && !dec(p.received).minus(p.amount).equals(dec(p.change)))
      return 'El cambio es lo recibido menos el valor en efectivo.';
  }
  const paid = sum(payments.map((p) => p.amount));
  if (due !== null && !paid.equals(due))
    return `Los pagos suman ${formatCop(paid)} y la venta es de ${formatCop(due)}: deben sumar lo mismo.`;
  return null;
}

/**
 * The one payment method the invoice names (the contract's `payment` takes one): the means with the
 * largest amount, the first of them on a tie (docs/CLIENT-DECISIONS.md, "Split payment").
 */
export function invoiceMethodOf<T extends { amount: string }>(payments: readonly T[]): T | undefined {
  let best: T | undefined;
  for (const p of payments) if (!best || dec(p.amount).greaterThan(best.amount)) best = p;
  return best;
}
