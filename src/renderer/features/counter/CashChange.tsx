// "Recibido" and "Cambio" for a cash sale. The amount received is the cashier's
// aid only: it is not part of the invoice, its draft or its request.
import { useId, useState } from 'react';
import { Money } from '#renderer/ui/Money';
import { useLiveTotals } from '../invoices/live-totals';
import { cashChange, receivedAmount } from './cash';

export function CashChange() {
  const [received, setReceived] = useState('');
  const id = useId();
  return (
    <div className="cash-change" role="group" aria-label="Efectivo">
      <div className="field">
        <label htmlFor={id}>Recibido en efectivo</label>
        <ReceivedInput id={id} received={received} onChange={setReceived} />
      </div>
      <CashResult received={received} />
    </div>
  );
}

/**
 * Whether the amount received reads as money, for the input's invalid mark; the input does not read
 * the live totals, so that a keystroke in a line does not render it again (and React, which sets an
 * input's name again on each render, does not make the form look up its controls again).
 */
function ReceivedInput({ id, received, onChange }: { id: string; received: string; onChange: (text: string) => void }) {
  const invalid = received.trim() !== '' && receivedAmount(received) === null;
  return (
    <input
      id={id}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      value={received}
      onChange={(event) => onChange(event.target.value)}
      aria-invalid={invalid ? true : undefined}
    />
  );
}

/** What is due, what is missing or the change: follows the invoice's total. */
function CashResult({ received }: { received: string }) {
  const due = useLiveTotals((live) => live.totals.netoPagar);
  const state = cashChange(received, due);
  return (
    <div className="cash-change__result" role="status" data-testid="cash-change">
      <div className="cash-change__status">
        {state.kind === 'empty' && (
          <span className="muted">
            A pagar: <Money value={due} />
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
