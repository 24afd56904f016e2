// "Recibido" and "Cambio" for a cash sale (issue 15, item 5). The amount received is the cashier's
// aid only: it is not part of the invoice, its draft or its request.
import { useId, useState } from 'react';
import { Money } from '../../ui/Money';
import { useLiveTotals } from '../invoices/live-totals';
import { cashChange } from './cash';

export function CashChange() {
  const [received, setReceived] = useState('');
  const due = useLiveTotals((live) => live.totals.netoPagar);
  const state = cashChange(received, due);
  const id = useId();
  return (
    <div className="cash-change" role="group" aria-label="Efectivo">
      <div className="field">
        <label htmlFor={id}>Recibido en efectivo</label>
        <input
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={received}
          onChange={(event) => setReceived(event.target.value)}
          aria-invalid={state.kind === 'invalid' ? true : undefined}
        />
      </div>
      <div className="cash-change__result" role="status" data-testid="cash-change">
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
