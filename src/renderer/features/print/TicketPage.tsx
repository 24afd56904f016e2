import { formatDate, formatWallClock } from '#shared/dates';
import { formatPercent } from '#shared/format';
import { formatCop, formatUsd } from '#shared/money';
import { contingencyMark, PENDING_FOOTER, PENDING_KEY, type PrintModel } from '#shared/print/print-model';
import { formatQuantity } from '#shared/quantity';
import { paidRows } from '#shared/print/ticket';
import type { SalePayment } from '#shared/sales/sale-payment';
import { TICKET_WIDTH_MM, type TicketLayout } from '#shared/print/paper';
import { rollStyle, useFittedPage } from './fitted-page';

/**
 * The printed representation on a thermal ticket, 80 or 58 mm wide: one column, every word
 * wrapped, the lines as description then "quantity × price = amount", taxes by rate, totals,
 * payment, the CUFE/CUDS in full and the QR, and what a graphic representation must carry.
 */
export function TicketPage({
  model,
  qr,
  layout,
  payments = [],
}: {
  model: PrintModel;
  qr: string | null;
  layout: TicketLayout;
  /** how the sale was paid, recorded with it */
  payments?: readonly SalePayment[];
}) {
  const amount = (value: string) => (model.currency === 'USD' ? formatUsd(value) : formatCop(value));
  // On its own named page (the layout's), as wide as the roll and as long as the ticket.
  const width = TICKET_WIDTH_MM[layout];
  const fit = useFittedPage(layout, width);
  return (
    <article
      ref={fit}
      className={`ticket ticket--${width}`}
      style={rollStyle(layout, width)}
      aria-label="Representación gráfica en tirilla"
      data-testid="ticket"
    >
      <header className="ticket__center">
        {model.logo && <img className="ticket__logo" src={model.logo} alt="Logo del emisor" />}
        {/* The issuer heads the ticket as it heads the A4 page: the print view's one level-one heading. */}
        <h1 className="ticket__issuer">{model.issuer.nombre}</h1>
        <div>{model.issuer.documento}</div>
        {model.issuer.lines.map((line) => (
          <div key={line}>{line}</div>
        ))}
      </header>
      <hr />
      <div className="ticket__center">
        <div className="ticket__title">{model.title}</div>
        {model.contingency && (
          <div className="ticket__strong" data-testid="print-contingency">
            {contingencyMark(model.contingency)}
            {model.contingency.resolution && <div>{model.contingency.resolution}</div>}
            {model.contingency.problem && <div>{model.contingency.problem}</div>}
          </div>
        )}
        <div className="ticket__number">No. {model.number}</div>
        <div>{formatWallClock(`${model.issueDate}T${model.issueTime}`)}</div>
        {model.ambiente === '2' && <div className="ticket__strong">Documento de prueba (habilitación): sin validez fiscal</div>}
      </div>
      {model.resolution && <p className="ticket__small">{model.resolution}</p>}
      {model.period && (
        <p className="ticket__small">
          Documento semanal acumulado · periodo del {formatDate(model.period.from)} al {formatDate(model.period.to)}
        </p>
      )}
      <hr />
      <div>
        <div className="ticket__small">{model.counterpart.role}</div>
        <div className="ticket__strong">{model.counterpart.nombre}</div>
        <div>{model.counterpart.documento}</div>
      </div>
      <hr />
      <ol className="ticket__lines">
        {model.lines.map((line, index) => (
          <li key={index}>
            <div className="ticket__desc">
              {line.codigo && <span className="ticket__small">{line.codigo} · </span>}
              {line.descripcion}
            </div>
            <div className="ticket__row">
              <span>
                {formatQuantity(line.cantidad, line.unidad)} × {amount(line.valor_unitario)}
              </span>
              <span className="ticket__num">{amount(line.base)}</span>
            </div>
            {line.tipo_impuesto && (
              <div className="ticket__small">
                {line.tipo_impuesto} {formatPercent(line.tarifa)}
              </div>
            )}
          </li>
        ))}
      </ol>
      <hr />
      {model.taxes.length > 0 && (
        <table className="ticket__table" aria-label="Impuestos por tarifa">
          <tbody>
            {model.taxes.map((tax) => (
              <tr key={tax.name}>
                <th scope="row">{tax.name}</th>
                <td className="ticket__num">base {amount(tax.base)}</td>
                <td className="ticket__num">{amount(tax.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {model.withholdings.length > 0 && (
        <table className="ticket__table" aria-label="Retenciones" data-testid="ticket-withholdings">
          <tbody>
            {model.withholdings.map((w, index) => (
              <tr key={index}>
                <th scope="row">Retención {w.name}</th>
                <td className="ticket__num">{formatPercent(w.percent)}</td>
                <td className="ticket__num">{w.amount ? amount(w.amount) : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <table className="ticket__table ticket__totals" aria-label="Totales">
        <tbody>
          {model.totals.map((total) => (
            <tr key={total.label} className={total.strong ? 'ticket__grand' : undefined}>
              <th scope="row">{total.label}</th>
              <td className="ticket__num">{amount(total.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {model.payment && <div>Forma de pago: {model.payment}</div>}
      {payments.length > 0 && (
        <table className="ticket__table ticket__totals" aria-label="Pagos">
          <tbody>
            {paidRows(payments).map((row, i) => (
              <tr key={i}>
                <th scope="row">{row.label}</th>
                <td className="ticket__num">{amount(row.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {model.notes && <p className="ticket__small">Observaciones: {model.notes}</p>}
      <hr />
      <div className="ticket__center">
        {model.qrText === null ? null : qr ? (
          <img className="ticket__qr" src={qr} alt={`Código QR del ${model.fiscalKeyLabel}`} />
        ) : (
          <div className="ticket__qr" />
        )}
        <div className="ticket__strong">{model.fiscalKeyLabel}</div>
        <div className={model.qrText === null ? 'ticket__small' : 'ticket__key'} data-testid="fiscal-key">
          {model.qrText === null ? PENDING_KEY : model.fiscalKey}
        </div>
      </div>
      <footer className="ticket__center ticket__small">
        {model.qrText === null ? (
          <>
            Comprobante de venta en contingencia · Software: {model.software} · {PENDING_FOOTER}
          </>
        ) : (
          <>
            Representación gráfica de documento electrónico · Software: {model.software} · consulte el documento en la DIAN con el
            código QR.
          </>
        )}
      </footer>
    </article>
  );
}
