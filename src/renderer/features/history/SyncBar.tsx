import { useState } from 'react';
import { formatDateTime } from '#shared/dates';
import type { EventPayload } from '#shared/rpc/events';
import { useRpcEvent, useRpcMutation, useRpcQuery } from '#renderer/rpc/hooks';
import { Alert } from '#renderer/ui/Alert';
import { countOf } from '#shared/plural';

type Progress = EventPayload<'sync.progress'>;

/** "Sincronizar": brings what the server has that the mirror lacks; the list keeps working offline. */
export function SyncBar() {
  const status = useRpcQuery('history.status', {});
  const sync = useRpcMutation('history.sync', ['history.status', 'history.list', 'history.following']);
  const [progress, setProgress] = useState<Progress | null>(null);
  // The progress shown here; the list and status are made stale by the app's event map (rpc/invalidation.ts).
  useRpcEvent('sync.progress', setProgress);

  const running = sync.isPending || status.data?.running === true;
  const last = status.data?.finished_at;
  return (
    <div className="history-sync">
      <button type="button" className="button" disabled={running} onClick={() => sync.mutate({})}>
        {running ? 'Sincronizando…' : 'Sincronizar'}
      </button>
      <span className="muted" data-testid="last-sync">
        {last ? `Última sincronización: ${formatDateTime(last)}` : 'Aún no se ha sincronizado con el servicio.'}
        {status.data ? ` · ${countOf(status.data.documents, 'documento')} en este equipo` : ''}
      </span>
      {running && progress && (
        <span className="history-sync__progress" role="status">
          {progress.total ? (
            <progress max={progress.total} value={progress.done} aria-label="Progreso de la sincronización" />
          ) : null}{' '}
          {progress.total
            ? `${progress.done.toLocaleString('es-CO')} de ${countOf(progress.total, 'documento')}`
            : countOf(progress.done, 'documento')}
        </span>
      )}
      {status.data?.warning && !running && (
        <Alert tone="warn" title="El historial puede estar incompleto">
          {status.data.warning}
        </Alert>
      )}
      {sync.isError && (
        <Alert tone="error" title="No se pudo sincronizar">
          {sync.error.message} El historial local sigue disponible; intente de nuevo cuando haya conexión.
        </Alert>
      )}
      {sync.isSuccess && !running && (
        <span className="muted" role="status">
          Sincronización terminada: {countOf(sync.data.total_documents, 'documento')}.
        </span>
      )}
    </div>
  );
}
