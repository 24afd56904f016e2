import { formatDateTime } from '#shared/dates';
import { useRpcQuery } from '#renderer/rpc/hooks';
import { SUBMISSION_STATE_LABELS } from '#renderer/ui/states';

/**
 * Submissions the app is still following whose document the local history does not hold: a sale
 * in doubt is shown here rather than hidden until it resolves.
 */
export function FollowingPanel() {
  const following = useRpcQuery('history.following', {});
  if (!following.data || following.data.length === 0) return null;
  return (
    <section className="panel history-following-panel" aria-labelledby="following-title">
      <h2 id="following-title">En duda / pendientes sin documento en el historial ({following.data.length})</h2>
      <p className="muted">
        Factura Desk sigue confirmando estos envíos con la misma clave; no los repita. Aparecerán en la lista cuando el servicio
        confirme el documento.
      </p>
      <ul>
        {following.data.map((submission) => (
          <li key={submission.id}>
            <strong>{submission.kind}</strong> {submission.document_number ?? 'sin número aún'} · {submission.counterpart ?? '—'}{' '}
            · {SUBMISSION_STATE_LABELS[submission.state]} · enviado {formatDateTime(submission.created_at)}
            {submission.error ? <span className="muted"> · {submission.error.message}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
