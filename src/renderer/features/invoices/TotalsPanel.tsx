// Live totals: subtotal, taxes by kind and rate (IVA 01, INC 04), AIU, total, withholdings; a USD
// invoice also in pesos at the applied rate.
import { Money } from '../../ui/Money';
import type { FormTotals } from './calc';

function rateText(rate: { toFixed(): string }): string {
  return `${rate.toFixed().replace('.', ',')} %`;
}

export function TotalsPanel({ totals }: { totals: FormTotals }) {
  const currency = totals.currency;
  const cop = totals.cop;
  return (
    <aside className="panel invoice-totals" aria-label="Totales">
      <h2>Totales</h2>
      <dl className="totals-list">
        <dt>Subtotal</dt>
        <dd data-testid="totals-subtotal">
          <Money value={totals.subtotal} currency={currency} />
        </dd>
        {totals.aiu && (
          <>
            <dt>Administración</dt>
            <dd data-testid="totals-aiu-a"><Money value={totals.aiu.administracion} currency={currency} /></dd>
            <dt>Imprevistos</dt>
            <dd data-testid="totals-aiu-i"><Money value={totals.aiu.imprevistos} currency={currency} /></dd>
            <dt>Utilidad</dt>
            <dd data-testid="totals-aiu-u"><Money value={totals.aiu.utilidad} currency={currency} /></dd>
          </>
        )}
        {totals.taxGroups.map((group) => (
          <div className="totals-list__row" key={`${group.code}-${group.rate.toFixed()}`}>
            <dt>
              {group.name} {rateText(group.rate)} <span className="muted">(código {group.code}, base <Money value={group.base} currency={currency} />)</span>
            </dt>
            <dd data-testid={`totals-tax-${group.code}-${group.rate.toFixed()}`}>
              <Money value={group.amount} currency={currency} />
            </dd>
          </div>
        ))}
        {totals.taxGroups.length === 0 && (
          <>
            <dt>Impuestos</dt>
            <dd data-testid="totals-impuestos"><Money value={totals.impuestos} currency={currency} /></dd>
          </>
        )}
        <dt className="totals-list__total">Total</dt>
        <dd className="totals-list__total" data-testid="totals-total">
          <Money value={totals.total} currency={currency} />
        </dd>
        {totals.withholdings.length > 0 && (
          <>
            <dt>Retenciones</dt>
            <dd data-testid="totals-retenciones">−<Money value={totals.totalRetenciones} currency={currency} /></dd>
            <dt>Neto a pagar</dt>
            <dd data-testid="totals-neto"><Money value={totals.netoPagar} currency={currency} /></dd>
          </>
        )}
      </dl>
      {currency === 'USD' && (
        <div className="totals-cop">
          <h3>En pesos (tasa aplicada)</h3>
          {cop ? (
            <dl className="totals-list">
              <dt>Subtotal</dt>
              <dd data-testid="totals-cop-subtotal"><Money value={cop.subtotal} /></dd>
              <dt>Impuestos</dt>
              <dd data-testid="totals-cop-impuestos"><Money value={cop.impuestos} /></dd>
              <dt className="totals-list__total">Total</dt>
              <dd className="totals-list__total" data-testid="totals-cop-total"><Money value={cop.total} /></dd>
            </dl>
          ) : (
            <p className="muted">Escriba la tasa aplicada para ver los totales en pesos.</p>
          )}
        </div>
      )}
    </aside>
  );
}
