// The two figures people would rather look at than read: sales by day and taxes by month, drawn with
// recharts. Each is also a table: read by screen readers (the drawing is hidden from them) and shown
// on request; the table is what the printed report carries. The drawing is therefore left out of the
// keyboard's path too (`accessibilityLayer` off): focus inside a part hidden from screen readers would
// land on nothing they can name.
import { useId, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDate } from '#shared/dates';
import { formatCopCompact } from '#shared/money';
import { countOf } from '#shared/plural';
import type { PeriodReport } from '#shared/rpc/methods/reports';
import { cop } from './tables';

const axisMoney = (pesos: number) => formatCopCompact(pesos);
const shortDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;
const monthLabel = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

interface ChartFigureProps {
  title: string;
  summary: string;
  chart: React.ReactNode;
  table: React.ReactNode;
  printable: boolean;
  testId: string;
}

function ChartFigure({ title, summary, chart, table, printable, testId }: ChartFigureProps) {
  const [asTable, setAsTable] = useState(false);
  const titleId = useId();
  return (
    <figure className="report-chart" aria-labelledby={titleId} data-testid={testId}>
      <div className="report-table__head">
        <figcaption id={titleId}>
          <h2>{title}</h2>
        </figcaption>
        {!printable && (
          <button type="button" className="button button--secondary" aria-pressed={asTable} onClick={() => setAsTable((v) => !v)}>
            {asTable ? 'Ver gráfico' : 'Ver como tabla'}
          </button>
        )}
      </div>
      <p className="muted">{summary}</p>
      {(!asTable || printable) && (
        <div className="report-chart__drawing" aria-hidden="true">
          {chart}
        </div>
      )}
      <div className={asTable || printable ? 'report-table__wrap' : 'sr-only'}>{table}</div>
    </figure>
  );
}

export function SalesByDayChart({ report, printable = false }: { report: PeriodReport; printable?: boolean }) {
  const days = new Map<string, { date: string; ventas: number; compras: number }>();
  for (const d of report.by_day) {
    const row = days.get(d.date) ?? { date: d.date, ventas: 0, compras: 0 };
    if (d.kind === 'FE') row.ventas += d.total;
    else row.compras += d.total;
    days.set(d.date, row);
  }
  const rows = [...days.values()];
  const data = rows.map((r) => ({ date: r.date, Ventas: r.ventas / 100, Compras: r.compras / 100 }));
  const best = rows.reduce<(typeof rows)[number] | null>((a, r) => (!a || r.ventas > a.ventas ? r : a), null);
  return (
    <ChartFigure
      testId="chart-sales-by-day"
      title="Ventas y compras por día"
      summary={
        rows.length === 0
          ? 'No hay documentos aceptados en el periodo.'
          : `${countOf(rows.length, 'día con documentos aceptados', 'días con documentos aceptados')}.${best && best.ventas > 0 ? ` Día de más ventas: ${formatDate(best.date)}, ${cop(best.ventas)}.` : ''}`
      }
      printable={printable}
      chart={
        <ResponsiveContainer width="100%" height={260}>
          {/* Bars while each day can have its own (a month or two), a line over longer periods. */}
          {rows.length <= 62 ? (
            <BarChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
              <XAxis dataKey="date" tickFormatter={shortDate} minTickGap={8} />
              <YAxis tickFormatter={axisMoney} width={72} />
              <Tooltip
                formatter={(value) => cop(Math.round(Number(value) * 100))}
                labelFormatter={(label) => formatDate(String(label))}
              />
              <Legend />
              <Bar dataKey="Ventas" fill="#1d4ed8" isAnimationActive={false} />
              <Bar dataKey="Compras" fill="#b45309" isAnimationActive={false} />
            </BarChart>
          ) : (
            <LineChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
              <XAxis dataKey="date" tickFormatter={shortDate} minTickGap={16} />
              <YAxis tickFormatter={axisMoney} width={72} />
              <Tooltip
                formatter={(value) => cop(Math.round(Number(value) * 100))}
                labelFormatter={(label) => formatDate(String(label))}
              />
              <Legend />
              <Line type="linear" dataKey="Ventas" stroke="#1d4ed8" strokeWidth={1.5} dot={false} isAnimationActive={false} />
              <Line type="linear" dataKey="Compras" stroke="#b45309" strokeWidth={1.5} dot={false} isAnimationActive={false} />
            </LineChart>
          )}
        </ResponsiveContainer>
      }
      table={
        <table className="data">
          <caption className="sr-only">Ventas y compras por día</caption>
          <thead>
            <tr>
              <th scope="col">Fecha</th>
              <th scope="col" className="num">
                Ventas
              </th>
              <th scope="col" className="num">
                Compras
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.date}>
                <th scope="row">{formatDate(r.date)}</th>
                <td className="num">{cop(r.ventas)}</td>
                <td className="num">{cop(r.compras)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}

export function TaxesByMonthChart({ report, printable = false }: { report: PeriodReport; printable?: boolean }) {
  const sales = report.taxes_by_month.filter((m) => m.kind === 'FE');
  const purchases = new Map(
    report.taxes_by_month.filter((m) => m.kind === 'DSE').map((m) => [m.month, m.iva + m.other + m.unbroken]),
  );
  const months = [...new Set(report.taxes_by_month.map((m) => m.month))].sort();
  const rows = months.map((month) => {
    const s = sales.find((m) => m.month === month);
    return {
      month,
      iva: s?.iva ?? 0,
      inc: s?.inc ?? 0,
      unbroken: (s?.unbroken ?? 0) + (s?.other ?? 0),
      purchases: purchases.get(month) ?? 0,
    };
  });
  const data = rows.map((r) => ({
    month: monthLabel(r.month),
    IVA: r.iva / 100,
    INC: r.inc / 100,
    'Sin desglose': r.unbroken / 100,
    'IVA compras': r.purchases / 100,
  }));
  return (
    <ChartFigure
      testId="chart-taxes-by-month"
      title="Impuestos por mes"
      summary={
        rows.length === 0
          ? 'No hay impuestos en el periodo.'
          : 'IVA e INC generados en ventas (y los sincronizados sin desglose), frente al IVA de las compras con documento soporte.'
      }
      printable={printable}
      chart={
        <ResponsiveContainer width="100%" height={260}>
          <BarChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis dataKey="month" />
            <YAxis tickFormatter={axisMoney} width={72} />
            <Tooltip formatter={(value) => cop(Math.round(Number(value) * 100))} />
            <Legend />
            <Bar dataKey="IVA" stackId="ventas" fill="#1d4ed8" isAnimationActive={false} />
            <Bar dataKey="INC" stackId="ventas" fill="#0f766e" isAnimationActive={false} />
            <Bar dataKey="Sin desglose" stackId="ventas" fill="#94a3b8" isAnimationActive={false} />
            <Bar dataKey="IVA compras" fill="#b45309" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      }
      table={
        <table className="data">
          <caption className="sr-only">Impuestos por mes</caption>
          <thead>
            <tr>
              <th scope="col">Mes</th>
              <th scope="col" className="num">
                IVA ventas
              </th>
              <th scope="col" className="num">
                INC ventas
              </th>
              <th scope="col" className="num">
                Sin desglose
              </th>
              <th scope="col" className="num">
                IVA compras
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.month}>
                <th scope="row">{monthLabel(r.month)}</th>
                <td className="num">{cop(r.iva)}</td>
                <td className="num">{cop(r.inc)}</td>
                <td className="num">{cop(r.unbroken)}</td>
                <td className="num">{cop(r.purchases)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}
