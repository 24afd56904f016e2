// On the sale's result: its total and how it was paid, as recorded with it (the ticket prints the
// same): each means with its amount; for cash, what was received and the change.
import { Fragment } from 'react';
import { sum } from '#shared/money';
import { useRpcQuery } from '#renderer/rpc/hooks';
import { Money } from '#renderer/ui/Money';

export function SalePaid({ submissionId }: { submissionId: number }) {
  const payments = useRpcQuery('fe.salePayments', { submission_id: submissionId });
  const list = payments.data ?? [];
  if (list.length === 0) return null;
  return (
    <dl className="result-details sale-paid" data-testid="sale-paid">
      <dt>Total</dt>
      <dd data-testid="sale-paid-total">
        <Money value={sum(list.map((p) => p.amount))} />
      </dd>
      {list.map((p, i) => (
        <Fragment key={i}>
          <dt>{p.label}</dt>
          <dd>
            <Money value={p.amount} />
          </dd>
          {p.received !== null && p.change !== null && (
            <>
              <dt>Recibido</dt>
              <dd data-testid="sale-paid-received">
                <Money value={p.received} />
              </dd>
              <dt>Cambio</dt>
              <dd data-testid="sale-paid-change">
                <Money value={p.change} />
              </dd>
            </>
          )}
        </Fragment>
      ))}
    </dl>
  );
}
