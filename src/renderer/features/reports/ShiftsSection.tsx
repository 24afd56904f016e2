// «Turnos del período» in Informes: each shift opened in the period as Cierre de caja closed it (an
// open one says «abierto» and shows its figures so far), then the same summed per cashier and per
// register. Counted cash and difference are of closed shifts only.
import { formatDateTime } from '#shared/dates';
import { formatCop } from '#shared/money';
import type { ShiftsPeriodFilter, ShiftTotals } from '#shared/rpc/methods/reports';
import { countOf } from '#shared/format';
import { useRpcQuery } from '#renderer/rpc/hooks';
import { Alert } from '#renderer/ui/Alert';

function TotalsTable({ title, label, rows, testId }: { title: string; label: string; rows: ShiftTotals[]; testId: string }) {
  return (
    <div className="report-table__wrap">
      <table className="data" data-testid={testId} aria-label={title}>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{label}</th>
            <th scope="col" className="num">
              Turnos
            </th>
            <th scope="col" className="num">
              Ventas
            </th>
            <th scope="col" className="num">
              Total vendido
            </th>
            <th scope="col" className="num">
              Efectivo esperado
            </th>
            <th scope="col" className="num">
              Contado
            </th>
            <th scope="col" className="num">
              Diferencia
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((t) => (
            <tr key={t.name}>
              <th scope="row">{t.name}</th>
              <td className="num">
                {t.open > 0 ? `${t.shifts} (${t.open} ${t.open === 1 ? 'abierto' : 'abiertos'})` : t.shifts}
              </td>
              <td className="num">{t.sales_documents}</td>
              <td className="num">{formatCop(t.sales_total)}</td>
              <td className="num">{formatCop(t.expected_cash)}</td>
              <td className="num">{formatCop(t.counted_cash)}</td>
              <td className="num">{formatCop(t.difference)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ShiftsSection({ filter }: { filter: ShiftsPeriodFilter }) {
  const query = useRpcQuery('reports.shifts', { from: filter.from, to: filter.to });
  const titleId = 'report-table-turnos';
  return (
    <section className="report-table" aria-labelledby={titleId} data-testid="report-shifts">
      <div className="report-table__head">
        <h2 id={titleId}>Turnos del período</h2>
      </div>
      {query.isLoading && <p className="muted">Buscando los turnos…</p>}
      {query.isError && (
        <Alert tone="error" title="No se pudieron leer los turnos">
          {query.error.message}
        </Alert>
      )}
      {query.data && query.data.shifts.length === 0 && <p className="muted">No se abrieron turnos en el período.</p>}
      {query.data && query.data.shifts.length > 0 && (
        <>
          <p className="muted report-table__note">
            {`${countOf(query.data.shifts.length, 'turno')}. Lo contado y la diferencia son de los turnos cerrados; un turno abierto muestra sus cifras hasta ahora.`}
          </p>
          <div className="report-table__wrap">
            <table className="data" data-testid="report-shifts-rows" aria-label="Turnos">
              <thead>
                <tr>
                  <th scope="col">Caja</th>
                  <th scope="col">Cajero</th>
                  <th scope="col">Apertura</th>
                  <th scope="col">Cierre</th>
                  <th scope="col" className="num">
                    Ventas
                  </th>
                  <th scope="col" className="num">
                    Total vendido
                  </th>
                  <th scope="col" className="num">
                    Efectivo esperado
                  </th>
                  <th scope="col" className="num">
                    Contado
                  </th>
                  <th scope="col" className="num">
                    Diferencia
                  </th>
                </tr>
              </thead>
              <tbody>
                {query.data.shifts.map((s) => (
                  <tr key={s.id}>
                    <td>{s.register_name}</td>
                    <td>{s.cashier_name}</td>
                    <td>{formatDateTime(s.opened_at)}</td>
                    <td>{s.closed_at ? formatDateTime(s.closed_at) : 'abierto'}</td>
                    <td className="num">{s.sales_documents}</td>
                    <td className="num">{formatCop(s.sales_total)}</td>
                    <td className="num">{formatCop(s.expected_cash)}</td>
                    <td className="num">{s.counted_cash === null ? '—' : formatCop(s.counted_cash)}</td>
                    <td className="num">{s.difference === null ? '—' : formatCop(s.difference)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <TotalsTable title="Por cajero" label="Cajero" rows={query.data.by_cashier} testId="report-shifts-by-cashier" />
          <TotalsTable title="Por caja" label="Caja" rows={query.data.by_register} testId="report-shifts-by-register" />
        </>
      )}
    </section>
  );
}
