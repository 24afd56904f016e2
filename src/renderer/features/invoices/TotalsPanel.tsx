// Live totals: subtotal, taxes by kind and rate (IVA 01, INC 04), AIU, total, withholdings; a USD
// invoice also in pesos at the applied rate. Laid out as one row of the form's bottom bar.
import { fitsIn, formatMoney } from '#renderer/ui/Money';
import type { FormTotals } from './calc';

function rateText(rate: { toFixed(): string }): string {
  return `${rate.toFixed().replace('.', ',')} %`;
}

// The bar's amounts change on every keystroke in a line. Each is a box whose size does not depend on
// its text (invoices.css, "the bar's amounts"), 17.5 ch wide ("$ 999.999.999.999,99"; widths as
// ui/Money.tsx estimates them); a wider one gets a box that follows its text. A note ("base
// $ 999.999.999,99") has a box of 19 ch.
const AMOUNT_FITS = 17.5;
const NOTE_FITS = 19;

function Item({
  label,
  testId,
  amount,
  note,
  total,
}: {
  label: string;
  testId: string;
  /** the amount's text (formatMoney) */
  amount: string;
  note?: string;
  total?: boolean;
}) {
  return (
    <div className={total ? 'totals-item totals-item--total' : 'totals-item'}>
      <dt>{label}</dt>
      <dd
        data-testid={testId}
        className={fitsIn(amount, AMOUNT_FITS) ? 'totals-item__amount totals-item__amount--fits' : 'totals-item__amount'}
      >
        <span className="money">{amount}</span>
      </dd>
      {note && (
        <dd className={fitsIn(note, NOTE_FITS) ? 'totals-item__note totals-item__note--fits muted' : 'totals-item__note muted'}>
          {note}
        </dd>
      )}
    </div>
  );
}

export function TotalsPanel({ totals }: { totals: FormTotals }) {
  const currency = totals.currency;
  const cop = totals.cop;
  const money = (value: Parameters<typeof formatMoney>[0]) => formatMoney(value, currency);
  return (
    <section className="invoice-totals" aria-label="Totales">
      <dl className="totals-row">
        <Item label="Subtotal" testId="totals-subtotal" amount={money(totals.subtotal)} />
        {totals.aiu && (
          <Item
            label="AIU"
            testId="totals-aiu"
            amount={money(totals.aiu.administracion.plus(totals.aiu.imprevistos).plus(totals.aiu.utilidad))}
            note="Administración, imprevistos y utilidad"
          />
        )}
        {totals.taxGroups.map((group) => (
          <Item
            key={`${group.code}-${group.rate.toFixed()}`}
            label={`${group.name} ${rateText(group.rate)} · código ${group.code}`}
            testId={`totals-tax-${group.code}-${group.rate.toFixed()}`}
            amount={money(group.amount)}
            note={`base ${money(group.base)}`}
          />
        ))}
        {totals.taxGroups.length === 0 && <Item label="Impuestos" testId="totals-impuestos" amount={money(totals.impuestos)} />}
        <Item
          label="Total"
          testId="totals-total"
          total
          amount={money(totals.total)}
          note={cop ? `≈ ${formatMoney(cop.total)}` : undefined}
        />
        {totals.withholdings.length > 0 && (
          <>
            <Item label="Retenciones" testId="totals-retenciones" amount={money(totals.totalRetenciones.negated())} />
            <Item label="Neto a pagar" testId="totals-neto" amount={money(totals.netoPagar)} />
          </>
        )}
      </dl>
      {currency === 'USD' &&
        (cop ? (
          <dl className="totals-row totals-row--cop" aria-label="Totales en pesos">
            <Item label="Subtotal en pesos" testId="totals-cop-subtotal" amount={formatMoney(cop.subtotal)} />
            <Item label="Impuestos en pesos" testId="totals-cop-impuestos" amount={formatMoney(cop.impuestos)} />
            <Item label="Total en pesos" testId="totals-cop-total" amount={formatMoney(cop.total)} />
          </dl>
        ) : (
          <p className="muted">Escriba la tasa aplicada (en Moneda) para ver los totales en pesos.</p>
        ))}
    </section>
  );
}
