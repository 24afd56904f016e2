// The day's «cierre de caja» across shifts, on the Cierre de caja screen: each shift of this
// installation opened that day with its float, cash, expected, counted and difference, and the sum.
import { formatDateTime } from '#shared/dates';
import { formatCop } from '#shared/money';
import { signedDifference as signed } from '#shared/print/day-shifts';
import { useRpcQuery } from '#renderer/rpc/hooks';
import { Alert } from '#renderer/ui/Alert';

export function DayShifts({ date }: { date: string }) {
  const day = useRpcQuery('shifts.ofDay', { date });
  if (day.isError) return <Alert tone="error">{day.error.message}</Alert>;
  if (!day.data || day.data.shifts.length === 0) return null;
  const d = day.data;
  return (
    <section className="panel day-close-list" aria-labelledby="day-shifts-title" data-testid="day-shifts">
      <h2 id="day-shifts-title">Turnos del día</h2>
      <table className="data">
        <thead>
          <tr>
            <th>Caja y cajero</th>
            <th>Abrió</th>
            <th>Cerró</th>
            <th className="num">Base</th>
            <th className="num">Efectivo de ventas</th>
            <th className="num">Entradas</th>
            <th className="num">Salidas</th>
            <th className="num">Esperado</th>
            <th className="num">Contado</th>
            <th className="num">Diferencia</th>
          </tr>
        </thead>
        <tbody>
          {d.shifts.map((s) => (
            <tr key={s.id}>
              <td>
                {s.register_name} · {s.cashier.name}
              </td>
              <td>{formatDateTime(s.opened_at)}</td>
              <td>{s.closed_at ? formatDateTime(s.closed_at) : 'Abierto'}</td>
              <td className="num">{formatCop(s.opening_float)}</td>
              <td className="num">{formatCop(s.cash_received)}</td>
              <td className="num">{formatCop(s.cash_in)}</td>
              <td className="num">{formatCop(s.cash_out)}</td>
              <td className="num">{formatCop(s.expected_cash)}</td>
              <td className="num">{s.counted_cash === null ? '—' : formatCop(s.counted_cash)}</td>
              <td className="num">{s.difference === null ? '—' : signed(s.difference)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              Total del día{d.open_shifts > 0 ? ` (${d.open_shifts} abierto(s): contado y diferencia solo de los cerrados)` : ''}
            </th>
            <td className="num">{formatCop(d.opening_float)}</td>
            <td className="num">{formatCop(d.cash_received)}</td>
            <td className="num">{formatCop(d.cash_in)}</td>
            <td className="num">{formatCop(d.cash_out)}</td>
            <td className="num">{formatCop(d.expected_cash)}</td>
            <td className="num">{formatCop(d.counted_cash)}</td>
            <td className="num" data-testid="day-shifts-difference">
              {signed(d.difference)}
            </td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}
