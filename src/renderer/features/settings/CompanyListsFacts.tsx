// The active connection's company lists kept on this computer (payment methods, third parties): when
// each was last read from the service, why the last refresh failed if it did, and a way to read them
// now. The counter sells from these copies when the service cannot be reached.
import { Fragment } from 'react';
import { formatDateTime } from '#shared/dates';
import type { CompanyListName } from '#shared/rpc/methods/fe';
import { useRpcMutation, useRpcQuery } from '#renderer/rpc/hooks';
import { Alert } from '#renderer/ui/Alert';

const NAMES: Record<CompanyListName, string> = { payment_methods: 'Medios de pago', terceros: 'Terceros' };

export function CompanyListsFacts() {
  const status = useRpcQuery('fe.listsStatus', {});
  const refresh = useRpcMutation('fe.refreshLists', ['fe.listsStatus', 'fe.paymentMethods', 'fe.terceros']);
  const lists = status.data;
  if (!lists) return null;
  const failures = (Object.keys(NAMES) as CompanyListName[]).filter((name) => lists[name].error);
  return (
    <section className="connection-card__lists" aria-label="Copias locales de las listas de la empresa">
      <dl className="connection-card__facts">
        {(Object.keys(NAMES) as CompanyListName[]).map((name) => (
          <Fragment key={name}>
            <dt>{NAMES[name]}</dt>
            <dd>
              {lists[name].read_at
                ? `Copia en este equipo, leída el ${formatDateTime(lists[name].read_at)}`
                : 'Sin copia en este equipo todavía'}
            </dd>
          </Fragment>
        ))}
      </dl>
      {failures.length > 0 && (
        <Alert tone="warn">
          No se pudieron actualizar ahora ({lists[failures[0]!].error}). Se sigue vendiendo con la copia guardada.
        </Alert>
      )}
      {refresh.isError && <Alert tone="error">{refresh.error.message}</Alert>}
      <button className="button button--secondary" type="button" onClick={() => refresh.mutate({})} disabled={refresh.isPending}>
        {refresh.isPending ? 'Actualizando…' : 'Actualizar listas de la empresa'}
      </button>
    </section>
  );
}
