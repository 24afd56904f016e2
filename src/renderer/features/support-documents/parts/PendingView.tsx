import { Alert } from '#renderer/ui/Alert';
import { PendingTable } from '#renderer/ui/PendingTable';
import { useRpcMutation, useRpcQuery } from '#renderer/rpc/hooks';
import { submissionStateDetail } from '#renderer/ui/states';

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
        <PendingTable
          rows={rows}
          columns={{ counterpart: 'Proveedor', number: 'Documento', state: 'Último estado', sent: 'Enviado' }}
          number={(s) => s.document_number ?? (s.document_id !== null ? `id ${s.document_id}` : '—')}
          stateText={submissionStateDetail}
          check={check}
          checkLabel={() => 'Consultar ahora'}
          testId="dse-pending-table"
        />
      )}
      {check.isError && (
        <p className="field__error" role="alert">
          {check.error.message}
        </p>
      )}
    </section>
  );
}
