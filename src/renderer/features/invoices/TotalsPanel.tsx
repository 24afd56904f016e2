// Live totals: subtotal, taxes by kind and rate (IVA 01, INC 04), AIU, total, withholdings; a USD
// invoice also in pesos at the applied rate. Laid out as one row of the form's bottom bar.
import type { ReactNode } from 'react';
import { Money } from '../../ui/Money';
import type { FormTotals } from './calc';

function rateText(rate: { toFixed(): string }): string {
  return `${rate.toFixed().replace('.', ',')} %`;
}

function Item({
  label,
  testId,
  note,
  total,
  children,
}: {
  label: string;
  testId: string;
  note?: ReactNode;
  total?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={total ? 'totals-item totals-item--total' : 'totals-item'}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
      {note && <dd className="totals-item__note muted">{note}</dd>}
    </div>
  );
}

export function TotalsPanel({ totals }: { totals: FormTotals }) {
  const currency = totals.currency;
  const cop = totals.cop;
  return (
    <section className="invoice-totals" aria-label="Totales">
      <dl className="totals-row">
        <Item label="Subtotal" testId="totals-subtotal">
          <Money value={totals.subtotal} currency={currency} />
        </Item>
        {totals.aiu && (
          <Item label="AIU" testId="totals-aiu" note="Administración, imprevistos y utilidad">
            <Money value={totals.aiu.administracion.plus(totals.aiu.imprevistos).plus(totals.aiu.utilidad)} currency={currency} />
          </Item>
        )}
        {totals.taxGroups.map((group) => (
          <Item
            key={`${group.code}-${group.rate.toFixed()}`}
            label={`${group.name} ${rateText(group.rate)}`}
            testId={`totals-tax-${group.code}-${group.rate.toFixed()}`}
            note={
              <>
                código {group.code} · base <Money value={group.base} currency={currency} />
              </>
            }
          >
            <Money value={group.amount} currency={currency} />
          </Item>
        ))}
        {totals.taxGroups.length === 0 && (
          <Item label="Impuestos" testId="totals-impuestos">
            <Money value={totals.impuestos} currency={currency} />
          </Item>
        )}
        <Item
          label="Total"
          testId="totals-total"
          total
          note={
            cop ? (
              <>
                ≈ <Money value={cop.total} />
              </>
            ) : undefined
          }
        >
          <Money value={totals.total} currency={currency} />
        </Item>
        {totals.withholdings.length > 0 && (
          <>
            <Item label="Retenciones" testId="totals-retenciones">
              <Money value={totals.totalRetenciones.negated()} currency={currency} />
            </Item>
            <Item label="Neto a pagar" testId="totals-neto">
              <Money value={totals.netoPagar} currency={currency} />
            </Item>
          </>
        )}
      </dl>
      {currency === 'USD' &&
        (cop ? (
          <dl className="totals-row totals-row--cop" aria-label="Totales en pesos">
            <Item label="Subtotal en pesos" testId="totals-cop-subtotal">
              <Money value={cop.subtotal} />
            </Item>
            <Item label="Impuestos en pesos" testId="totals-cop-impuestos">
              <Money value={cop.impuestos} />
            </Item>
            <Item label="Total en pesos" testId="totals-cop-total">
              <Money value={cop.total} />
            </Item>
          </dl>
        ) : (
          <p className="muted">Escriba la tasa aplicada (en Moneda) para ver los totales en pesos.</p>
        ))}
    </section>
  );
}
