import { useEffect, useState } from 'react';
import { formatDateTime } from '#shared/dates';
import type { BackupEntry, RestoreResult } from '#shared/rpc/methods/app';
import { useRpcMutation, useRpcQuery } from '#renderer/rpc/hooks';
import { announceDataReplaced } from '#renderer/shell/data-replaced';
import { Alert } from '#renderer/ui/Alert';

const kb = (bytes: number) => `${new Intl.NumberFormat('es-CO').format(Math.max(1, Math.round(bytes / 1024)))} KB`;
const plural = (n: number, one: string, many: string) => `${new Intl.NumberFormat('es-CO').format(n)} ${n === 1 ? one : many}`;

/** The last restore, shown once at the top of Ajustes by the app mounted again on the restored data. */
let lastRestore: (RestoreResult & { modified: string }) | null = null;

/** What the last restore did, once (the app is mounted again on Ajustes right after it). */
export function RestoredNotice() {
  const [restored] = useState(() => lastRestore);
  useEffect(() => {
    lastRestore = null;
  }, []);
  if (!restored) return null;
  return (
    <Alert tone="ok" title="Copia restaurada">
      Factura Desk trabaja ahora con los datos de la copia del {formatDateTime(restored.modified)}
      {restored.kept_as && (
        <>
          ; el archivo anterior quedó en <code>{restored.kept_as}</code>
        </>
      )}
    </Alert>
  );
}

/**
 * Restoring one of the app's own backups: pick one, read what is lost, confirm.
 * Core verifies the copy before it replaces anything and keeps the current file aside; the app is
 * then mounted again from an empty cache so that every screen reads the restored data.
 */
export function RestorePanel() {
  const backups = useRpcQuery('app.backups', {});
  const restore = useRpcMutation('app.restore');
  const [chosen, setChosen] = useState<BackupEntry | null>(null);
  const list = backups.data ?? [];
  return (
    <section className="restore" aria-label="Restaurar una copia">
      <h3>Restaurar una copia</h3>
      {backups.isError && <Alert tone="error">{backups.error.message}</Alert>}
      {backups.isSuccess && list.length === 0 && <p className="muted">Aún no hay copias de seguridad en la carpeta de datos.</p>}
      {list.length > 0 && (
        <ul className="restore__list">
          {list.map((backup) => (
            <li key={backup.name}>
              <span>
                Copia del <strong>{formatDateTime(backup.modified)}</strong> · {kb(backup.bytes)}
              </span>
              <button
                className="button button--secondary"
                type="button"
                disabled={restore.isPending}
                onClick={() => {
                  restore.reset();
                  setChosen(backup);
                }}
              >
                Restaurar…
              </button>
            </li>
          ))}
        </ul>
      )}
      {chosen && (
        <div
          className="panel restore__confirm"
          role="alertdialog"
          aria-labelledby="restore-title"
          aria-describedby="restore-what"
        >
          <h4 id="restore-title">¿Restaurar la copia del {formatDateTime(chosen.modified)}?</h4>
          <div id="restore-what">
            <p>
              Factura Desk volverá a los datos de esa copia. El archivo actual no se borra: queda aparte en la carpeta de datos,
              con la fecha de hoy.
            </p>
            <Lost entry={chosen} />
          </div>
          {restore.isError && <Alert tone="error">{restore.error.message}</Alert>}
          <div className="restore__actions">
            <button
              className="button button--danger"
              type="button"
              disabled={restore.isPending}
              onClick={() =>
                restore.mutate(
                  { name: chosen.name, confirm: true },
                  {
                    // Every screen reads the restored file from scratch.
                    onSuccess: (result) => {
                      lastRestore = { ...result, modified: chosen.modified };
                      announceDataReplaced();
                    },
                  },
                )
              }
            >
              {restore.isPending ? 'Restaurando…' : 'Sí, restaurar esta copia'}
            </button>
            <button
              className="button button--secondary"
              type="button"
              disabled={restore.isPending}
              onClick={() => setChosen(null)}
            >
              Cancelar
            </button>
          </div>
        </div>
      )}
    </section>
  );
}

function Lost({ entry }: { entry: BackupEntry }) {
  if (!entry.later) {
    return (
      <p>
        No se puede leer el archivo actual, así que no se sabe qué se emitió después de la copia. Las facturas electrónicas
        emitidas después vuelven al Historial con «Sincronizar»; los documentos soporte y los envíos posteriores solo quedan en el
        archivo conservado. Antes de volver a emitir algo, consúltelo en el portal de su proveedor.
      </p>
    );
  }
  const { fe, dse, unresolved } = entry.later;
  if (unresolved > 0) {
    return (
      <Alert tone="warn">
        {plural(unresolved, 'envío que la copia no conoce aún no tiene', 'envíos que la copia no conoce aún no tienen')} respuesta
        definitiva. Espere a que se resuelvan antes de restaurar: restaurarla olvidaría sus claves.
      </Alert>
    );
  }
  if (fe === 0 && dse === 0)
    return (
      <p>
        Después de esta copia no se envió ningún documento: solo se pierden los cambios de catálogo, borradores y ajustes
        posteriores.
      </p>
    );
  return (
    <Alert tone="warn">
      Después de esta copia se enviaron {plural(fe, 'factura electrónica', 'facturas electrónicas')} y{' '}
      {plural(dse, 'documento soporte', 'documentos soporte')}. Las facturas vuelven al Historial con «Sincronizar»; los
      documentos soporte, sus envíos y los cambios de catálogo, borradores y ajustes posteriores no estarán en la copia restaurada
      (siguen en el archivo conservado).
    </Alert>
  );
}
