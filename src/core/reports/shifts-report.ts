// «Turnos del período» in Informes: the shifts opened in the period (Colombian days, both ends
// included), each as Cierre de caja shows it (a closed one with its close's stored figures, an open
// one with its figures so far), then summed per cashier and per register. Counted cash and difference
// exist only for closed shifts, so only those are summed there.
import { sum, toMoneyString } from '#shared/money';
import type { ShiftReportRow, ShiftsPeriodFilter, ShiftsReport, ShiftTotals } from '#shared/rpc/methods/reports';
import type { Shift } from '#shared/rpc/methods/shifts';
import { colombiaDayRange } from '../day-close/day-close';
import type { Shifts } from '../shifts/shifts';

function rowOf(shift: Shift): ShiftReportRow {
  return {
    id: shift.id,
    register_name: shift.register_name,
    cashier_name: shift.cashier.name,
    opened_at: shift.opened_at,
    closed_at: shift.closed_at,
    sales_documents: shift.sales.documents,
    sales_total: shift.sales.total,
    expected_cash: shift.expected_cash,
    counted_cash: shift.counted_cash,
    difference: shift.difference,
  };
}

function totalsBy(rows: ShiftReportRow[], key: (row: ShiftReportRow) => string): ShiftTotals[] {
  const groups = new Map<string, ShiftReportRow[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b, 'es'))
    .map(([name, of]) => {
      const closed = of.filter((r) => r.closed_at !== null);
      return {
        name,
        shifts: of.length,
        open: of.length - closed.length,
        sales_documents: of.reduce((n, r) => n + r.sales_documents, 0),
        sales_total: toMoneyString(sum(of.map((r) => r.sales_total))),
        expected_cash: toMoneyString(sum(of.map((r) => r.expected_cash))),
        counted_cash: toMoneyString(sum(closed.map((r) => r.counted_cash ?? '0'))),
        difference: toMoneyString(sum(closed.map((r) => r.difference ?? '0'))),
      };
    });
}

export async function shiftsReport(shifts: Shifts, filter: ShiftsPeriodFilter): Promise<ShiftsReport> {
  const rows = (await shifts.openedBetween(colombiaDayRange(filter.from).from, colombiaDayRange(filter.to).to)).map(rowOf);
  return {
    from: filter.from,
    to: filter.to,
    shifts: rows,
    by_cashier: totalsBy(rows, (r) => r.cashier_name),
    by_register: totalsBy(rows, (r) => r.register_name),
  };
}
