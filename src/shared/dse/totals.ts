// DSE totals are the server's ("DSE totals are computed by the server"): subtotal = sum of bases,
// impuestos = sum of taxes, total = subtotal + impuestos, neto_pagar = total - total_retenciones.
import { centsToDec, decToCents, isSafeCents } from '../cents';
import { sum, type Dec } from '../money';
import { ExactDseLine } from './exact-line';
import type { DseLine } from './items';
import type { DseWithholding } from './withholdings';

export interface DseTotals {
  subtotal: Dec;
  impuestos: Dec;
  total: Dec;
  total_retenciones: Dec;
  neto_pagar: Dec;
}

export function computeDseAmounts(lines: readonly DseLine[]): { subtotal: Dec; impuestos: Dec; total: Dec } {
  // In integer cents (exact lines carry theirs; others are read from their Decimals), else decimal.js.
  let subtotal = 0;
  let impuestos = 0;
  for (const line of lines) {
    const base = line instanceof ExactDseLine ? line.baseCents : decToCents(line.base);
    const tax = line instanceof ExactDseLine ? line.taxCents : decToCents(line.impuesto);
    if (base === null || tax === null) return decimalDseAmounts(lines);
    subtotal += base;
    impuestos += tax;
  }
  // Every term is non-negative, so a sum past 2^53 shows in the total.
  const total = subtotal + impuestos;
  if (!isSafeCents(total)) return decimalDseAmounts(lines);
  return { subtotal: centsToDec(subtotal), impuestos: centsToDec(impuestos), total: centsToDec(total) };
}

function decimalDseAmounts(lines: readonly DseLine[]): { subtotal: Dec; impuestos: Dec; total: Dec } {
  const subtotal = sum(lines.map((l) => l.base));
  const impuestos = sum(lines.map((l) => l.impuesto));
  return { subtotal, impuestos, total: subtotal.plus(impuestos) };
}

export function computeDseTotals(lines: readonly DseLine[], withholdings: readonly DseWithholding[]): DseTotals {
  const amounts = computeDseAmounts(lines);
  const totalRetenciones = sum(withholdings.map((w) => w.amount));
  return { ...amounts, total_retenciones: totalRetenciones, neto_pagar: amounts.total.minus(totalRetenciones) };
}
