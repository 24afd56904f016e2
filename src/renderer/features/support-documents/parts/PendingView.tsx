import { formatDateTime } from '../../../../shared/dates';
import { Alert } from '../../../ui/Alert';
import { HeldRelease } from '../../../ui/HeldRelease';
import { useRpcMutation, useRpcQuery } from '../../../rpc/hooks';
import { submissionStateDetail } from '../../../ui/states';

/** Every DSE not yet terminal: its last state, when it is checked next, and "consultar ahora". */
export function PendingView() {
  const list = useRpcQuery('submissions.list', { open: true, limit: 500 });
  const check = useRpcMutation('submissions.check', ['submissions.list', 'submissions.get']);
  if (list.isError)
    return (
      <Alert tone="error" title="No se pudo leer la lista de pendientes">
        {list.error.message}
      </Alert>
    );
  if (!list.data) return <p className="muted">Cargando…</p>;
  const rows = list.data.filter((s) => s.kind === 'DSE');
  return (
    <section className="panel" aria-labelledby="dse-pending-title">
      <h2 id="dse-pending-title">Documentos soporte pendientes</h2>
      <p className="muted">
        Se consultan solos con espacios crecientes (5 s, 15 s, 30 s, 60 s y luego más largos), siempre con la misma clave.
      </p>
      {rows.length === 0 ? (
        <p data-testid="dse-pending-empty">No hay documentos soporte pendientes.</p>
      ) : (
        <table className="data" data-testid="dse-pending-table">
          <thead>
            <tr>
              <th>Proveedor</th>
              <th>Documento</th>
              <th>Último estado</th>
              <th>Enviado</th>
              <th>Próxima consulta</th>
              <th>
                <span className="sr-only">Acciones</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((s) => (
              <tr key={s.id}>
                <td>{s.counterpart ?? '—'}</td>
                <td>{s.document_number ?? (s.document_id !== null ? `id ${s.document_id}` : '—')}</td>
                <td>
                  {submissionStateDetail(s)}
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
                    Consultar ahora
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {check.isError && (
        <p className="field__error" role="alert">
          {check.error.message}
        </p>
      )}
    </section>
  );
}
