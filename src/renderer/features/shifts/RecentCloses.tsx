// The register's last closed shifts, newest first, each with «Reimprimir cierre»: the close's
// ticket again, printed the way the close itself prints (ClosedShift), from the keyboard too.
import { formatDateTime } from '#shared/dates';
import { formatCop } from '#shared/money';
import type { Shift } from '#shared/rpc/methods/shifts';
import { useRpcQuery } from '#renderer/rpc/hooks';
import { Alert } from '#renderer/ui/Alert';
import { signedDifference } from '#shared/print/day-shifts';

const RECENT = 10;

export function RecentCloses({ onReprint }: { onReprint: (shift: Shift) => void }) {
  const recent = useRpcQuery('shifts.recentClosed', { limit: RECENT });
  if (recent.isError) return <Alert tone="error">{recent.error.message}</Alert>;
  if (!recent.data || recent.data.length === 0) return null;
  return (
    <section className="panel no-print" aria-labelledby="recent-closes-title">
      <h2 id="recent-closes-title">Cierres recientes de esta caja</h2>
      <table className="data">
        <thead>
          <tr>
            <th>Cajero</th>
            <th>Abrió</th>
            <th>Cerró</th>
            <th className="num">Esperado</th>
            <th className="num">Contado</th>
            <th className="num">Diferencia</th>
            <th>
              <span className="visually-hidden">Acciones</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {recent.data.map((s) => {
            const closedAt = formatDateTime(s.closed_at!);
            return (
              <tr key={s.id}>
                <td>{s.cashier.name}</td>
                <td>{formatDateTime(s.opened_at)}</td>
                <td>{closedAt}</td>
                <td className="num">{formatCop(s.expected_cash)}</td>
                <td className="num">{s.counted_cash === null ? '—' : formatCop(s.counted_cash)}</td>
                <td className="num">{s.difference === null ? '—' : signedDifference(s.difference)}</td>
                <td>
                  <button
                    type="button"
                    className="button button--secondary"
                    aria-label={`Reimprimir cierre del turno de ${s.cashier.name}, cerrado ${closedAt}`}
                    onClick={() => onReprint(s)}
                  >
                    Reimprimir cierre
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
