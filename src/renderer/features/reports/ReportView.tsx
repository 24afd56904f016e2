import { formatDate, formatDateTime } from '#shared/dates';
import type { PeriodReport } from '#shared/rpc/methods/reports';
import { SalesByDayChart, TaxesByMonthChart } from './charts';
import { ReportTable } from './ReportTable';
import { cop, KIND_LABEL, reportTables } from './tables';
import { countOf } from '#shared/plural';

function Totals({ report }: { report: PeriodReport }) {
  const sum = (kind: 'FE' | 'DSE') =>
    report.summary
      .filter((s) => s.kind === kind)
      .reduce((a, s) => ({ total: a.total + s.total, taxes: a.taxes + s.taxes, documents: a.documents + s.documents }), {
        total: 0,
        taxes: 0,
        documents: 0,
      });
  const sales = sum('FE');
  const purchases = sum('DSE');
  const withheld = report.withholdings.reduce((a, w) => a + w.amount, 0);
  const synced = report.summary.filter((s) => s.source === 'totals').reduce((a, s) => a + s.documents, 0);
  const cards = [
    {
      label: 'Ventas (facturas aceptadas)',
      value: cop(sales.total),
      detail: `${countOf(sales.documents, 'documento')} · impuestos ${cop(sales.taxes)}`,
    },
    {
      label: 'Compras (documentos soporte aceptados)',
      value: cop(purchases.total),
      detail: `${countOf(purchases.documents, 'documento')} · IVA ${cop(purchases.taxes)}`,
    },
    {
      label: 'Retenciones practicadas',
      value: cop(withheld),
      detail: report.withholdings.map((w) => `${w.name} ${cop(w.amount)}`).join(' · ') || 'ninguna',
    },
    {
      label: 'Rechazados / pendientes',
      value: `${report.rejected.count} / ${report.pending.count}`,
      detail: 'no se suman en los totales',
    },
  ];
  return (
    <>
      <div className="report-cards">
        {cards.map((c) => (
          <div key={c.label} className="panel report-card">
            <span className="muted">{c.label}</span>
            <strong>{c.value}</strong>
            <span className="report-card__detail">{c.detail}</span>
          </div>
        ))}
      </div>
      {synced > 0 && (
        <p className="report-source-note" data-testid="report-synced-note">
          {synced === 1
            ? 'Un documento aceptado se conoce solo por sincronización: de él se suman los totales,'
            : `${countOf(synced, 'documento')} aceptados se conocen solo por sincronización: de ellos se suman los totales,`}
          sin desglose por tarifa ni retenciones. Los emitidos desde esta aplicación se leen de la solicitud exacta que se envió.
        </p>
      )}
      {report.other_currency.count > 0 && (
        <p className="report-source-note">
          {report.other_currency.count === 1
            ? 'Un documento en otra moneda (USD) no se suma a los valores en pesos.'
            : `${countOf(report.other_currency.count, 'documento')} en otra moneda (USD) no se suman a los valores en pesos.`}
        </p>
      )}
    </>
  );
}

/** The whole report: totals, the two charts, then every table. The printable view is the same with `printable`. */
export function ReportView({ report, printable = false }: { report: PeriodReport; printable?: boolean }) {
  const prefix = `informe-${report.filter.from}-a-${report.filter.to}`;
  return (
    <div className="report" data-testid="report">
      <p className="report-scope">
        {`Del ${formatDate(report.filter.from)} al ${formatDate(report.filter.to)} · ${report.filter.kind ? KIND_LABEL[report.filter.kind] : 'Facturas y documentos soporte'} · Conexión «${report.connection_label}» · generado el ${formatDateTime(report.generated_at)}`}
      </p>
      <Totals report={report} />
      <div className="report-charts">
        <SalesByDayChart report={report} printable={printable} />
        <TaxesByMonthChart report={report} printable={printable} />
      </div>
      {reportTables(report).map((spec) => (
        <ReportTable key={spec.id} spec={spec} filePrefix={prefix} printable={printable} />
      ))}
    </div>
  );
}
