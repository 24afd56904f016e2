// Withholding certificates per supplier and period: what the company (the
// withholding agent) withheld from each supplier, by type and rate, with the base and the documents,
// ready to print and sign. Each certificate prints on its own page.
import { colombiaToday, formatDate } from '#shared/dates';
import { countOf } from '#shared/plural';
import type { CertificatesOutput, ReportFilter } from '#shared/rpc/methods/reports';
import { useRpcQuery } from '#renderer/rpc/hooks';
import { Alert } from '#renderer/ui/Alert';
import { cop } from './tables';

export function Certificates({ filter }: { filter: ReportFilter }) {
  const query = useRpcQuery('reports.certificates', {
    from: filter.from,
    to: filter.to,
    ...(filter.connection_id ? { connection_id: filter.connection_id } : {}),
  });
  if (query.isLoading) return <p className="muted">Preparando los certificados…</p>;
  if (query.isError)
    return (
      <Alert tone="error" title="No se pudieron preparar los certificados">
        {query.error.message}
      </Alert>
    );
  const data = query.data!;
  return (
    <div className="certificates" data-testid="certificates">
      <div className="no-print report-actions">
        <button type="button" className="button" disabled={data.certificates.length === 0} onClick={() => window.print()}>
          Imprimir o guardar PDF
        </button>
        <span className="muted">En el diálogo de impresión elija «Guardar como PDF». Cada proveedor sale en su propia hoja.</span>
      </div>
      {!data.issuer && (
        <Alert tone="warn" title="Faltan los datos del agente retenedor">
          Los certificados llevan la razón social y el NIT de la empresa. Complételos en{' '}
          <a href="#/ajustes">Ajustes › Datos del emisor</a>.
        </Alert>
      )}
      {data.without_detail > 0 && (
        <p className="report-source-note">
          {data.without_detail === 1
            ? 'Un documento soporte aceptado del periodo se conoce solo por sus totales: sus retenciones no se pueden certificar desde este equipo.'
            : `${countOf(data.without_detail, 'documento soporte', 'documentos soporte')} aceptados del periodo se conocen solo por sus totales: sus retenciones no se pueden certificar desde este equipo.`}
        </p>
      )}
      {data.certificates.length === 0 ? (
        <p className="muted">No se practicaron retenciones a proveedores en el periodo.</p>
      ) : (
        data.certificates.map((c) => <CertificatePage key={c.supplier_doc} certificate={c} data={data} />)
      )}
    </div>
  );
}

function CertificatePage({
  certificate: c,
  data,
}: {
  certificate: CertificatesOutput['certificates'][number];
  data: CertificatesOutput;
}) {
  const issuer = data.issuer;
  return (
    <article
      className="panel certificate"
      aria-label={`Certificado de retenciones de ${c.supplier_name}`}
      data-testid="certificate"
    >
      <header className="certificate__header">
        <h2>Certificado de retenciones</h2>
        <p>
          Periodo del {formatDate(data.filter.from)} al {formatDate(data.filter.to)}
        </p>
      </header>
      <p>
        <strong>{issuer?.nombre ?? 'Razón social sin configurar'}</strong>, NIT {issuer?.nit ?? '—'}, en calidad de agente
        retenedor, certifica que durante el periodo practicó a <strong>{c.supplier_name}</strong>, identificado con el documento{' '}
        <strong>{c.supplier_doc}</strong>, las siguientes retenciones en documentos soporte de adquisiciones a sujetos no
        obligados a facturar:
      </p>
      <table className="data">
        <thead>
          <tr>
            <th scope="col">Concepto</th>
            <th scope="col" className="num">
              Tarifa
            </th>
            <th scope="col" className="num">
              Base
            </th>
            <th scope="col" className="num">
              Valor retenido
            </th>
          </tr>
        </thead>
        <tbody>
          {c.lines.map((l) => (
            <tr key={`${l.code}-${l.rate}`}>
              <td>{`${l.name} (${l.code})`}</td>
              <td className="num">{`${l.rate.replace('.', ',')} %`}</td>
              <td className="num">{cop(l.base)}</td>
              <td className="num">{cop(l.amount)}</td>
            </tr>
          ))}
          <tr className="certificate__total">
            <th scope="row" colSpan={3}>
              Total retenido
            </th>
            <td className="num">{cop(c.amount)}</td>
          </tr>
        </tbody>
      </table>
      <p className="muted">Documentos: {c.documents.map((d) => `${d.number} (${formatDate(d.issue_date)})`).join(', ')}.</p>
      <p>
        Expedido en {issuer?.ciudad || '__________'} el {formatDate(colombiaToday(new Date()))}.
      </p>
      <p className="certificate__signature">Firma del agente retenedor</p>
    </article>
  );
}
