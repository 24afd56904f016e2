// The invoices the shop sold while their outcome was uncertain (issue 15, item 8): each one with
// its state, confirmed in the background with its own key while the counter goes on selling.
// Shown on Facturas only when there is one; the shell's notice says when each one settles.
import { formatDateTime } from '../../../shared/dates';
import type { Submission } from '../../../shared/rpc/methods/submissions';
import { useRpcMutation, useRpcQuery } from '../../rpc/hooks';
import { HeldRelease } from '../../ui/HeldRelease';
import { estadoLabel, SUBMISSION_STATE_LABELS } from '../../ui/states';
import './counter.css';

export function pendingStateText(
  s: Pick<Submission, 'state' | 'estado_dian'> & Partial<Pick<Submission, 'contingency'>>,
): string {
  if (s.contingency && !s.contingency.transmitted_at && s.state === 'in_doubt')
    return `Factura de contingencia en cola · ${s.contingency.local_ref}`;
  if (s.state === 'pending' && s.estado_dian) return estadoLabel(s.estado_dian);
  if (s.state === 'in_doubt') return 'Sin respuesta confirmada';
  return SUBMISSION_STATE_LABELS[s.state];
}

export function PendingInvoices({ exclude }: { exclude?: number | null }) {
  const list = useRpcQuery('submissions.list', { open: true, limit: 500 });
  const check = useRpcMutation('submissions.check', ['submissions.list']);
  const rows = (list.data ?? []).filter((s) => s.kind === 'FE' && s.id !== exclude);
  if (list.isError) {
    return (
      <p className="field__error" role="alert">
        No se pudo leer la lista de facturas pendientes: {list.error.message}
      </p>
    );
  }
  if (rows.length === 0) return null;
  return (
    <section className="panel pending-invoices" aria-labelledby="pending-invoices-title" data-testid="pending-invoices">
      <h2 id="pending-invoices-title">Facturas pendientes de confirmar ({rows.length})</h2>
      <p className="muted">
        Se confirman solas en segundo plano con su misma clave: no se crearán duplicados. Siga vendiendo; le avisaremos cuando la
        DIAN responda. No las emita otra vez.
      </p>
      <table className="data">
        <thead>
          <tr>
            <th>Cliente</th>
            <th>Número</th>
            <th>Estado</th>
            <th>Enviada</th>
            <th>Próxima consulta</th>
            <th>
              <span className="sr-only">Acciones</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((s) => (
            <tr key={s.id} data-testid="pending-invoice">
              <td>{s.counterpart ?? '—'}</td>
              <td>{s.document_number ?? '—'}</td>
              <td>
                {pendingStateText(s)}
                {s.error?.code === 'credentials_changed' ? (
                  <HeldRelease submission={s} />
                ) : (
                  s.error && <div className="muted">{s.error.message}</div>
                )}
              </td>
              <td>{formatDateTime(s.created_at)}</td>
              <td>{s.next_check_at ? formatDateTime(s.next_check_at) : '—'}</td>
              <td>
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={check.isPending && check.variables?.id === s.id}
                  onClick={() => check.mutate({ id: s.id })}
                >
                  {check.isPending && check.variables?.id === s.id ? 'Verificando…' : 'Verificar ahora'}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {check.isError && (
        <p className="field__error" role="alert">
          {check.error.message}
        </p>
      )}
    </section>
  );
}
