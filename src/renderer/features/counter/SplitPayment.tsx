// A sale paid by several means: one line per means of the company's catalog (cash, card, transfer,
// Nequi, Daviplata…) with its amount; what is left to assign follows the total. The cash line's
// received and change are CashChange's.
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import type { PaymentMethod } from '#shared/api/fe';
import { dec, sum } from '#shared/money';
import { parseUserNumber } from '#shared/user-number';
import { Field } from '#renderer/ui/Field';
import { Money } from '#renderer/ui/Money';
import { useLiveTotals } from '../invoices/live-totals';
import type { FeFormValues } from '../invoices/model';

export function SplitPayment({ offered }: { offered: readonly PaymentMethod[] }) {
  const { control, register, getValues, formState } = useFormContext<FeFormValues>();
  const { fields, append, remove, replace } = useFieldArray({ control, name: 'payment.split' });
  const errors = formState.errors.payment?.split;

  if (fields.length === 0) {
    return (
      <button
        type="button"
        className="button button--secondary"
        onClick={() => {
          const main = getValues('payment.method_id');
          const other = offered.find((m) => String(m.id) !== main);
          replace([
            { method_id: main, amount: '' },
            { method_id: other ? String(other.id) : '', amount: '' },
          ]);
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
            <input type="text" inputMode="decimal" autoComplete="off" {...register(`payment.split.${i}.amount`)} />
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
