// DSE totals are the server's ("DSE totals are computed by the server"): subtotal = sum of bases,
// impuestos = sum of taxes, total = subtotal + impuestos, neto_pagar = total - total_retenciones.
import { sum, type Dec } from '../money';
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
  const subtotal = sum(lines.map((l) => l.base));
  const impuestos = sum(lines.map((l) => l.impuesto));
  return { subtotal, impuestos, total: subtotal.plus(impuestos) };
}

export function computeDseTotals(lines: readonly DseLine[], withholdings: readonly DseWithholding[]): DseTotals {
  const amounts = computeDseAmounts(lines);
  const totalRetenciones = sum(withholdings.map((w) => w.amount));
  return { ...amounts, total_retenciones: totalRetenciones, neto_pagar: amounts.total.minus(totalRetenciones) };
}
