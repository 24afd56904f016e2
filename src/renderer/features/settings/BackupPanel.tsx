import { useState } from 'react';
import { useRpcMutation, useRpcQuery } from '#renderer/rpc/hooks';
import { Alert } from '#renderer/ui/Alert';
import { BackupRetention } from './BackupRetention';
import { RestorePanel } from './RestorePanel';

/** Where the data lives, and a consistent copy of it on demand. */
export function BackupPanel() {
  const info = useRpcQuery('app.info', {});
  const backup = useRpcMutation('app.backup', ['app.backups']);
  const [done, setDone] = useState<{ file: string; bytes: number; removed?: number | undefined } | null>(null);
  return (
    <section className="panel" aria-label="Copia de seguridad">
      <h2>Datos y copia de seguridad</h2>
      <p>
        Carpeta de datos: <code>{info.data?.dataFolder ?? '…'}</code>
      </p>
      <p className="muted">
        La copia incluye conexiones, envíos e historial. Los tokens no se copian: están en el llavero del sistema.
      </p>
      <button
        className="button button--secondary"
        type="button"
        disabled={backup.isPending}
        onClick={() => backup.mutate({}, { onSuccess: (result) => setDone(result) })}
      >
        {backup.isPending ? 'Copiando…' : 'Crear copia de seguridad'}
      </button>
      {done && (
        <Alert tone="ok" title="Copia creada">
          <code>{done.file}</code> ({new Intl.NumberFormat('es-CO').format(Math.round(done.bytes / 1024))} KB)
          {done.removed ? (
            <p>{done.removed === 1 ? 'Se borró 1 copia antigua.' : `Se borraron ${done.removed} copias antiguas.`}</p>
          ) : null}
        </Alert>
      )}
      {backup.isError && <Alert tone="error">{backup.error.message}</Alert>}
      <BackupRetention />
      <RestorePanel />
    </section>
  );
}
