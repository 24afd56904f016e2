import { useState } from 'react';
import { formatDateTime } from '#shared/dates';
import type { EventPayload } from '#shared/rpc/events';
import { useRpcEvent, useRpcMutation, useRpcQuery } from '#renderer/rpc/hooks';
import { Alert } from '#renderer/ui/Alert';
import { countOf, formatInteger } from '#shared/format';
import { useOfflineRefusal } from '#renderer/shell/offline';
import { OfflineNote } from '#renderer/ui/OfflineNote';

type Progress = EventPayload<'sync.progress'>;

/** "Sincronizar": brings what the server has that the mirror lacks; the list keeps working offline. */
export function SyncBar() {
  const status = useRpcQuery('history.status', {});
  const sync = useRpcMutation('history.sync', ['history.status', 'history.list', 'history.following']);
  const [progress, setProgress] = useState<Progress | null>(null);
  // The progress shown here; the list and status are made stale by the app's event map (rpc/invalidation.ts).
  useRpcEvent('sync.progress', setProgress);

  // Without the caja principal the list is this register's copy, read as it is; the full sync waits for it.
  const offline = useOfflineRefusal('history.sync');
  const running = sync.isPending || status.data?.running === true;
  const last = status.data?.finished_at;
  return (
    <div className="history-sync">
      <button type="button" className="button" disabled={running || offline !== null} onClick={() => sync.mutate({})}>
        {running ? 'Sincronizando…' : 'Sincronizar'}
      </button>
      <span className="muted" data-testid="last-sync">
        {last ? `Última sincronización: ${formatDateTime(last)}` : 'Aún no se ha sincronizado con el servicio.'}
        {status.data ? ` · ${countOf(status.data.documents, 'documento')} en este equipo` : ''}
      </span>
      <OfflineNote note={offline} />
      {running && progress && (
        <span className="history-sync__progress" role="status">
          {progress.total ? (
            <progress max={progress.total} value={progress.done} aria-label="Progreso de la sincronización" />
          ) : null}{' '}
          {progress.total
            ? `${formatInteger(progress.done)} de ${countOf(progress.total, 'documento')}`
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
