// "Recibido" and "Cambio" for a cash sale. The amount received is the cashier's aid and the
// ticket's: it is kept with the form (and its draft) and recorded with the sale's payments, never
// sent in the invoice.
import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { Dec } from '#shared/money';
import { Money } from '#renderer/ui/Money';
import { useLiveTotals } from '../invoices/live-totals';
import type { FeFormValues } from '../invoices/model';
import { cashChange, receivedAmount } from './cash';

/** `cashDue`: the cash part of a split payment; the whole amount payable when omitted. */
export function CashChange({ cashDue }: { cashDue?: Dec | null }) {
  const id = useId();
  return (
    <div className="cash-change" role="group" aria-label="Efectivo">
      <div className="field">
        <label htmlFor={id}>Recibido en efectivo</label>
        <ReceivedInput id={id} />
      </div>
      <CashResult cashDue={cashDue ?? null} />
    </div>
  );
}

/**
 * The amount received, with its invalid mark; the input does not read the live totals, so that a
 * keystroke in a line does not render it again.
 */
function ReceivedInput({ id }: { id: string }) {
  const { register, control } = useFormContext<FeFormValues>();
  const received = useWatch({ control, name: 'payment.received' });
  const invalid = received.trim() !== '' && receivedAmount(received) === null;
  return (
    <input
      id={id}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      {...register('payment.received')}
      aria-invalid={invalid ? true : undefined}
    />
  );
}

/** What is due, what is missing or the change: follows the invoice's total. */
function CashResult({ cashDue }: { cashDue: Dec | null }) {
  const { control } = useFormContext<FeFormValues>();
  const received = useWatch({ control, name: 'payment.received' });
  const payable = useLiveTotals((live) => live.totals.netoPagar);
  const due = cashDue ?? payable;
  const state = cashChange(received, due);
  return (
    <div className="cash-change__result" role="status" data-testid="cash-change">
      <div className="cash-change__status">
        {state.kind === 'empty' && (
          <span className="muted">
            {cashDue ? 'En efectivo' : 'A pagar'}: <Money value={due} />
          </span>
        )}
        {state.kind === 'invalid' && <span className="field__error">Escriba el valor recibido, por ejemplo 50.000.</span>}
        {state.kind === 'short' && (
          <span className="field__error">
            Faltan <Money value={state.missing} />
          </span>
        )}
        {state.kind === 'change' && (
          <span className="cash-change__change">
            Cambio: <Money value={state.change} />
          </span>
        )}
      </div>
    </div>
  );
}
