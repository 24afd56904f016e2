// A sale paid by several means: one line per means of the company's catalog (cash, card, transfer,
// Nequi, Daviplata…) with its amount; what is left to assign follows the total. The cash line's
// received and change are CashChange's. At the counter the usual split is cash plus a card: the
// second means offered after cash is a card, the first amount has the focus, and leaving an amount
// with the last one still empty writes what is left there (the cashier types one figure, not two).
import { useEffect, useRef } from 'react';
import { useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import type { PaymentMethod } from '#shared/api/fe';
import { formatDecimal } from '#shared/format';
import { dec, sum } from '#shared/money';
import { parseUserNumber } from '#shared/user-number';
import { Field } from '#renderer/ui/Field';
import { Money } from '#renderer/ui/Money';
import { useLiveTotals } from '../invoices/live-totals';
import type { FeFormValues } from '../invoices/model';

/** DIAN's payment means codes (shared/dian/payment-means.ts): cash, then the cards a counter takes most. */
const CASH = '10';
const CARDS_FIRST = ['49', '48'];

/** The means offered beside the sale's own: after cash a card (debit, then credit), else the next in the list. */
export function secondMeans(offered: readonly PaymentMethod[], mainId: string): PaymentMethod | undefined {
  const others = offered.filter((m) => String(m.id) !== mainId);
  const main = offered.find((m) => String(m.id) === mainId);
  if (main?.payment_means_code === CASH) {
    for (const code of CARDS_FIRST) {
      const card = others.find((m) => m.payment_means_code === code);
      if (card) return card;
    }
  }
  return others[0];
}

export function SplitPayment({ offered }: { offered: readonly PaymentMethod[] }) {
  const { control, register, getValues, setValue, setFocus } = useFormContext<FeFormValues>();
  const { fields, append, remove, replace } = useFieldArray({ control, name: 'payment.split' });
  const errors = useFormState({ control, name: 'payment.split' }).errors.payment?.split;
  const due = useLiveTotals((live) => live.totals.netoPagar);
  // The first amount takes the focus once its input exists (the render after the lines are made).
  const focusFirst = useRef(false);
  useEffect(() => {
    if (!focusFirst.current || fields.length === 0) return;
    focusFirst.current = false;
    setFocus('payment.split.0.amount');
  }, [fields.length, setFocus]);

  /**
   * Leaving an amount that is not the last: the last, still empty, gets what is left (if anything
   * is). Not when the focus goes into that last amount itself: the cashier is about to type it, and
   * a value written under the caret would be typed onto.
   */
  const fillRest = (row: number, next: EventTarget | null) => {
    const split = getValues('payment.split');
    const last = split.length - 1;
    if (row >= last || split[last]!.amount.trim() !== '') return;
    if (next instanceof HTMLInputElement && next.name === `payment.split.${last}.amount`) return;
    const typed = split.slice(0, last).map((p) => parseUserNumber(p.amount));
    if (typed.some((amount) => amount === null)) return;
    const left = dec(due).minus(sum(typed as string[]));
    if (left.lte(0)) return;
    setValue(`payment.split.${last}.amount`, formatDecimal(left.toFixed()), { shouldDirty: true });
  };

  if (fields.length === 0) {
    return (
      <button
        type="button"
        className="button button--secondary"
        onClick={() => {
          const main = getValues('payment.method_id');
          const other = secondMeans(offered, main);
          replace([
            { method_id: main, amount: '' },
            { method_id: other ? String(other.id) : '', amount: '' },
          ]);
          focusFirst.current = true;
        }}
      >
        Pagar con varios medios
      </button>
    );
  }
  return (
    <div className="split-payment" role="group" aria-label="Pago con varios medios">
      {fields.map((field, i) => (
        <div className="split-payment__line" key={field.id}>
          <Field label={`Medio ${i + 1}`} error={errors?.[i]?.method_id?.message}>
            <select {...register(`payment.split.${i}.method_id`)}>
              <option value="">Elija el medio</option>
              {offered.map((m) => (
                <option key={m.id} value={String(m.id)}>
                  {m.label}
                </option>
              ))}
            </select>
          </Field>
          <Field label={`Valor ${i + 1}`} error={errors?.[i]?.amount?.message}>
            <input
              type="text"
              inputMode="decimal"
              autoComplete="off"
              {...register(`payment.split.${i}.amount`, {
                onBlur: (event: React.FocusEvent) => fillRest(i, event.relatedTarget),
              })}
            />
          </Field>
          <button type="button" className="button button--secondary" onClick={() => remove(i)}>
            Quitar
          </button>
        </div>
      ))}
      <div className="button-row">
        <button type="button" className="button button--secondary" onClick={() => append({ method_id: '', amount: '' })}>
          Agregar medio
        </button>
        <button type="button" className="button button--secondary" onClick={() => replace([])}>
          Un solo medio
        </button>
      </div>
      <Unassigned />
      {errors?.message && (
        <p className="field__error" role="alert">
          {errors.message}
        </p>
      )}
      {errors?.root?.message && (
        <p className="field__error" role="alert">
          {errors.root.message}
        </p>
      )}
    </div>
  );
}

/** What the means typed so far leave to pay, or exceed it by. */
function Unassigned() {
  const { control } = useFormContext<FeFormValues>();
  const split = useWatch({ control, name: 'payment.split' });
  const due = useLiveTotals((live) => live.totals.netoPagar);
  const paid = sum(split.map((p) => parseUserNumber(p.amount) ?? '0'));
  const left = dec(due).minus(paid);
  return (
    <p className="muted" role="status" data-testid="split-left">
      {left.isZero() ? (
        'Los medios suman el total.'
      ) : left.isNegative() ? (
        <>
          Los medios pasan el total por <Money value={left.negated()} />
        </>
      ) : (
        <>
          Falta asignar <Money value={left} />
        </>
      )}
    </p>
  );
}
