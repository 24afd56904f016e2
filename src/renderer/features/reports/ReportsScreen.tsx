// Informes: the bookkeeper's period close. Sub-routes: #/informes (the period report),
// #/informes/certificados (withholding certificates), #/informes/imprimir?… (the printable report).
import { useMemo, useState } from 'react';
import { colombiaToday } from '#shared/dates';
import { ReportFilter } from '#shared/rpc/methods/reports';
import { currentPath } from '#renderer/routes';
import { useRpcQuery } from '#renderer/rpc/hooks';
import { useHashRoute } from '#renderer/shell/useHashRoute';
import { Alert } from '#renderer/ui/Alert';
import { Certificates } from './Certificates';
import { PeriodFilters } from './PeriodFilters';
import { defaultChoice, filterFromQuery, filterOf, filterQuery, type ReportChoice } from './report-filter';
import { ReportView } from './ReportView';
import { ShiftsSection } from './ShiftsSection';
import { XlsxButton } from './XlsxButton';
import './reports.css';

const BASE = '/informes';

function useReport(filter: ReportFilter | null) {
  return useRpcQuery('reports.period', filter ?? { from: '2000-01-01', to: '2000-01-01' }, { enabled: filter !== null });
}

function PrintableReport({ query }: { query: string }) {
  const filter = filterFromQuery(query);
  const report = useReport(filter);
  return (
    <section className="report-print" aria-label="Informe para imprimir">
      <div className="no-print report-actions">
        <a href={`#${BASE}`}>← Volver a Informes</a>
        <button type="button" className="button" disabled={!report.data} onClick={() => window.print()}>
          Imprimir o guardar PDF
        </button>
        <span className="muted">En el diálogo de impresión elija «Guardar como PDF».</span>
      </div>
      {!filter && (
        <Alert tone="error">La dirección del informe no tiene un periodo válido. Vuelva a Informes y ábralo de nuevo.</Alert>
      )}
      {report.isError && (
        <Alert tone="error" title="No se pudo preparar el informe">
          {report.error.message}
        </Alert>
      )}
      {report.data && (
        <>
          <h1 className="report-print__title">Informe del periodo</h1>
          <ReportView report={report.data} printable />
          <ShiftsSection filter={report.data.filter} />
        </>
      )}
    </section>
  );
}

export default function ReportsScreen() {
  const path = useHashRoute();
  const [choice, setChoice] = useState<ReportChoice>(() => defaultChoice(new Date()));
  const candidate = useMemo(() => filterOf(choice), [choice]);
  const parsed = ReportFilter.safeParse(candidate);
  const filter = parsed.success ? parsed.data : null;
  const certificatesTab = path === `${BASE}/certificados`;
  const report = useReport(certificatesTab ? null : filter);
  if (path.startsWith(`${BASE}/imprimir`)) return <PrintableReport query={currentPath().split('?')[1] ?? ''} />;
  const year = Number(colombiaToday(new Date()).slice(0, 4));
  return (
    <div className="reports-screen">
      <header className="screen__header no-print">
        <h1>Informes</h1>
        <nav className="report-tabs" aria-label="Informes">
          <a href={`#${BASE}`} aria-current={certificatesTab ? undefined : 'page'}>
            Resumen del periodo
          </a>
          <a href={`#${BASE}/certificados`} aria-current={certificatesTab ? 'page' : undefined}>
            Certificados de retención
          </a>
        </nav>
      </header>
      <div className="no-print">
        <PeriodFilters choice={choice} onChange={setChoice} currentYear={year} />
      </div>
      {!parsed.success && (
        <Alert tone="warn" title="Revise el periodo">
          {parsed.error.issues[0]?.message ?? 'Escriba las fechas como dd/mm/aaaa.'}
        </Alert>
      )}
      {filter && certificatesTab && <Certificates filter={filter} />}
      {filter && !certificatesTab && (
        <>
          <div className="report-actions no-print">
            <XlsxButton filter={filter} />
            <a className="button button--secondary" href={`#${BASE}/imprimir?${filterQuery(filter)}`}>
              Informe para imprimir (PDF)
            </a>
          </div>
          {report.isLoading && <p className="muted">Calculando el informe…</p>}
          {report.isError && (
            <Alert tone={report.error.code === 'no_connection' ? 'warn' : 'error'} title="No se pudo calcular el informe">
              {report.error.message} {report.error.code === 'no_connection' && <a href="#/ajustes">Ir a Ajustes</a>}
            </Alert>
          )}
          {report.data && <ReportView report={report.data} />}
          <ShiftsSection filter={filter} />
        </>
      )}
    </div>
  );
}
