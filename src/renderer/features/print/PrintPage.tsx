import { formatDate, formatWallClock } from '#shared/dates';
import { dec, formatCop, formatPercent, formatUsd } from '#shared/money';
import { contingencyMark, PENDING_FOOTER, PENDING_KEY, type PrintModel, type PrintParty } from './print-model';
import { formatQuantity } from '#renderer/ui/quantity';

/** One A4 or letter page (content 186 mm wide fits both): what the PDF and a paper copy show. */
export function PrintPage({ model, qr, paper = 'a4' }: { model: PrintModel; qr: string | null; paper?: 'a4' | 'letter' }) {
  const amount = (value: string) => (model.currency === 'USD' ? formatUsd(value) : formatCop(value));
  const cop = (value: string) => (model.rate ? formatCop(dec(value).times(model.rate)) : null);
  return (
    <article className={`print-page print-page--${paper}`} aria-label="Representación gráfica">
      <header className="print-page__header">
        <div>
          {model.logo && <img className="print-page__logo" src={model.logo} alt="Logo del emisor" />}
          <h1 className="print-page__issuer">{model.issuer.nombre}</h1>
          <div>{model.issuer.documento}</div>
          {model.issuer.lines.map((line) => (
            <div key={line}>{line}</div>
          ))}
        </div>
        <div className="print-page__title">
          <div>{model.title}</div>
          {model.contingency && (
            <div className="print-page__contingency" data-testid="print-contingency">
              {contingencyMark(model.contingency)}
              {model.contingency.resolution && <div>{model.contingency.resolution}</div>}
              {model.contingency.problem && <div>{model.contingency.problem}</div>}
            </div>
          )}
          <div className="print-page__number">No. {model.number}</div>
          <div>Fecha de emisión: {formatWallClock(`${model.issueDate}T${model.issueTime}`)}</div>
          {model.dueDate && <div>Vencimiento: {formatDate(model.dueDate)}</div>}
          {model.payment && <div>Forma de pago: {model.payment}</div>}
          {model.period && (
            <div data-testid="print-period">
              Documento semanal acumulado · periodo del {formatDate(model.period.from)} al {formatDate(model.period.to)}
            </div>
          )}
          {model.resolution && (
            <div className="print-page__resolution" data-testid="print-resolution">
              {model.resolution}
            </div>
          )}
          {model.ambiente === '2' && (
            <div className="print-page__test">Documento de prueba (habilitación): sin validez fiscal</div>
          )}
        </div>
      </header>

      <section className="print-page__parties">
        <Party party={model.issuer} />
        <Party party={model.counterpart} />
      </section>

      <table className="print-page__lines">
        <thead>
          <tr>
            <th>#</th>
            <th>Código</th>
            <th>Descripción</th>
            <th>Cant.</th>
            <th>Valor unitario</th>
            <th>Impuesto</th>
            <th>Base</th>
          </tr>
        </thead>
        <tbody>
          {model.lines.map((line, index) => (
            <tr key={index}>
              <td>{index + 1}</td>
              <td>{line.codigo}</td>
              <td>{line.descripcion}</td>
              <td className="num">{formatQuantity(line.cantidad, line.unidad)}</td>
              <td className="num">{amount(line.valor_unitario)}</td>
              <td className="num">
                {line.tipo_impuesto} {line.tarifa}%<br />
                {amount(line.impuesto)}
              </td>
              <td className="num">{amount(line.base)}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <section className="print-page__bottom">
        <div className="print-page__fiscal">
          {model.qrText === null ? null : qr ? (
            <img className="print-page__qr" src={qr} alt={`Código QR del ${model.fiscalKeyLabel}`} />
          ) : (
            <div className="print-page__qr" />
          )}
          <div>
            <div className="print-page__key-label">{model.fiscalKeyLabel}</div>
            <div className="print-page__key" data-testid="fiscal-key">
              {model.qrText === null ? PENDING_KEY : model.fiscalKey}
            </div>
            {model.taxes.length > 0 && (
              <table className="print-page__taxes">
                <tbody>
                  {model.taxes.map((tax) => (
                    <tr key={tax.name}>
                      <td>{tax.name}</td>
                      <td className="num">base {amount(tax.base)}</td>
                      <td className="num">{amount(tax.amount)}</td>
                    </tr>
                  ))}
                  {model.kind === 'FE' &&
                    model.withholdings.map((w, index) => (
                      <tr key={`w${index}`}>
                        <td>Retención {w.name}</td>
                        <td className="num">
                          {w.base} {formatPercent(w.percent)}
                        </td>
                        <td className="num">{w.amount ? amount(w.amount) : ''}</td>
                      </tr>
                    ))}
                </tbody>
              </table>
            )}
            {model.kind === 'DSE' && model.withholdings.length > 0 && (
              <table className="print-page__taxes" data-testid="print-withholdings">
                <thead>
                  <tr>
                    <th>Retención</th>
                    <th className="num">Base</th>
                    <th className="num">Tarifa</th>
                    <th className="num">Valor</th>
                  </tr>
                </thead>
                <tbody>
                  {model.withholdings.map((w, index) => (
                    <tr key={`w${index}`}>
                      <td>{w.name}</td>
                      <td className="num">
                        {w.baseAmount ? amount(w.baseAmount) : w.base}
                        {w.baseMode && <span className="print-page__base-mode"> sobre el {w.baseMode}</span>}
                      </td>
                      <td className="num">{formatPercent(w.percent)}</td>
                      <td className="num">{w.amount ? amount(w.amount) : ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        </div>
        <table className="print-page__totals">
          <tbody>
            {model.totals.map((total) => (
              <tr key={total.label} className={total.strong ? 'print-page__grand' : undefined}>
                <th scope="row">{total.label}</th>
                <td className="num">{amount(total.value)}</td>
                {model.rate && <td className="num">{cop(total.value)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {model.rate && (
        <p className="print-page__note">
          Valores en USD; equivalentes en COP a la tasa aplicada de {formatCop(model.rate)} por dólar.
        </p>
      )}
      {model.notes && <p className="print-page__note">Observaciones: {model.notes}</p>}
      <footer className="print-page__footer">
        {model.qrText === null ? (
          <>
            Comprobante de venta en contingencia · Software: {model.software} · {PENDING_FOOTER}
          </>
        ) : (
          <>
            Representación gráfica de documento electrónico · Software: {model.software} · generada desde el historial local ·
            consulte el documento en el servicio de la DIAN con el código QR.
          </>
        )}
      </footer>
    </article>
  );
}

function Party({ party }: { party: PrintParty }) {
  return (
    <div className="print-page__party">
      <div className="print-page__role">{party.role}</div>
      <strong>{party.nombre}</strong>
      <div>{party.documento}</div>
      {party.lines.map((line) => (
        <div key={line}>{line}</div>
      ))}
    </div>
  );
}
