import { formatDate } from '#shared/dates';
import type { HistoryDetail } from '#shared/rpc/methods/history';
import { useRpcQuery } from '#renderer/rpc/hooks';
import { Alert } from '#renderer/ui/Alert';
import { Money } from '#renderer/ui/Money';
import { formatPercent } from '#shared/money';
import { dsePrintParts } from '../print/dse-print';
import { CorrectionLinks } from './CorrectionLinks';
import { DocumentFields } from './DocumentFields';
import { dseLines, feLines, taxGroups, withholdings } from './document-parts';
import { kindLabel } from './labels';
import { FollowingMarker, StateBadge } from './StateBadge';
import { SubmissionHistory } from './SubmissionHistory';
import { formatQuantity } from '#renderer/ui/quantity';

export function HistoryDetailView({ id }: { id: number }) {
  const detail = useRpcQuery('history.detail', { id });
  return (
    <section className="screen history-detail" aria-labelledby="detail-title">
      <p>
        <a href="#/historial">← Volver al historial</a>
      </p>
      {detail.isLoading && <p className="muted">Cargando…</p>}
      {detail.isError && (
        <>
          <h1 id="detail-title">Documento</h1>
          <Alert tone="error" title="No se pudo abrir el documento">
            {detail.error.message}
          </Alert>
        </>
      )}
      {detail.data && <DetailBody detail={detail.data} />}
    </section>
  );
}

function DetailBody({ detail }: { detail: HistoryDetail }) {
  const { entry, document, request } = detail;
  const lines = entry.kind === 'FE' ? feLines(document) : dseLines(request);
  const taxes = taxGroups(lines);
  // A DSE's withholdings and weekly period are read exactly as the printout reads them (dse-print.ts):
  // base resolved from its mode, amount derived, so the screen and the paper never disagree.
  const dseParts = entry.kind === 'DSE' ? dsePrintParts(request) : null;
  const held = dseParts?.withholdings ?? withholdings(entry.kind, request);
  const currency = entry.moneda === 'USD' ? 'USD' : 'COP';
  // The detail is of the active connection's history (core answers for it alone).
  const connections = useRpcQuery('connections.list', {});
  const connectionKind = connections.data?.find((connection) => connection.active)?.kind;
  return (
    <>
      <header className="screen__header">
        <h1 id="detail-title">
          {kindLabel(entry.kind)} {entry.number || '(sin número)'}
        </h1>
        <div className="history-detail__badges">
          <StateBadge estado={entry.estado_dian} />
          {entry.following && <FollowingMarker />}
        </div>
        <a className="button" href={`#/historial/${entry.id}/imprimir`}>
          Representación gráfica (PDF)
        </a>
      </header>

      <CorrectionLinks detail={detail} />

      <div className="panel history-summary">
        <div>
          <span className="muted">{entry.kind === 'FE' ? 'Cliente' : 'Proveedor'}</span>
          <strong>{entry.counterpart_name}</strong>
          <span>{entry.counterpart_doc}</span>
        </div>
        <div>
          <span className="muted">Fecha</span>
          <strong>{formatDate(entry.issue_date)}</strong>
        </div>
        {dseParts?.period && (
          <div data-testid="detail-period">
            <span className="muted">Documento semanal acumulado</span>
            <strong>
              del {formatDate(dseParts.period.from)} al {formatDate(dseParts.period.to)}
            </strong>
          </div>
        )}
        <div>
          <span className="muted">Total</span>
          <strong>
            <Money value={entry.total} currency={currency} />
          </strong>
        </div>
        <div className="history-summary__key">
          <span className="muted">{entry.kind === 'FE' ? 'CUFE' : 'CUDS'}</span>
          <code>{entry.fiscal_key || '—'}</code>
        </div>
      </div>

      <h2>Ítems</h2>
      {lines.length === 0 ? (
        <p className="muted">El documento no trae ítems y este equipo no guarda la solicitud que lo creó.</p>
      ) : (
        <table className="history-table">
          <thead>
            <tr>
              <th>Código</th>
              <th>Descripción</th>
              <th>Cantidad</th>
              <th>Valor unitario</th>
              <th>Base</th>
              <th>Impuesto</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line, index) => (
              <tr key={index}>
                <td>{line.codigo}</td>
                <td>{line.descripcion}</td>
                <td>{formatQuantity(line.cantidad, line.unidad)}</td>
                <td>
                  <Money value={line.valor_unitario} currency={currency} />
                </td>
                <td>
                  <Money value={line.base} currency={currency} />
                </td>
                <td>
                  <Money value={line.impuesto} currency={currency} />{' '}
                  <span className="muted">
                    {line.tipo_impuesto} {line.tarifa}%
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h2>Impuestos y retenciones</h2>
      <table className="history-table history-table--narrow">
        <tbody>
          {taxes.map((tax) => (
            <tr key={tax.name}>
              <th scope="row">{tax.name}</th>
              <td>
                base <Money value={tax.base} currency={currency} />
              </td>
              <td>
                <Money value={tax.amount} currency={currency} />
              </td>
            </tr>
          ))}
          {held.map((w, index) => (
            <tr key={`w${index}`}>
              <th scope="row">Retención {w.name}</th>
              <td>
                {w.baseAmount ? (
                  <>
                    base <Money value={w.baseAmount} currency={currency} />
                    {w.baseMode && <span className="muted"> sobre el {w.baseMode}</span>}
                  </>
                ) : (
                  w.base
                )}{' '}
                {formatPercent(w.percent)}
              </td>
              <td>{w.amount ? <Money value={w.amount} currency={currency} /> : '—'}</td>
            </tr>
          ))}
          {taxes.length === 0 && held.length === 0 && (
            <tr>
              <td className="muted">Sin impuestos ni retenciones.</td>
            </tr>
          )}
        </tbody>
      </table>

      <h2>Datos del documento en el servicio</h2>
      <DocumentFields document={document} connectionKind={connectionKind} />

      <h2>Envío</h2>
      <SubmissionHistory detail={detail} />
    </>
  );
}
