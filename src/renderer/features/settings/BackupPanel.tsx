import { useState } from 'react';
import { useRpcMutation, useRpcQuery } from '#renderer/rpc/hooks';
import { Alert } from '#renderer/ui/Alert';
import { BackupRetention } from './BackupRetention';
import { RestorePanel } from './RestorePanel';
import { countOf, formatInteger, pluralOf } from '#shared/format';

/** Where the data lives, and a consistent copy of it on demand (this computer's file only). */
export function BackupPanel() {
  const info = useRpcQuery('app.info', {});
  const backup = useRpcMutation('app.backup', ['app.backups']);
  const [done, setDone] = useState<{ file: string; bytes: number; removed?: number | undefined } | null>(null);
  // When the store cannot be opened app.info is refused, but the host still says which database it is.
  const status = useRpcQuery('database.status', {}, { enabled: info.isError });
  // On the shop's database the server keeps the data and its backups; the app has no file to copy.
  if ((info.data?.database ?? status.data)?.engine === 'postgres')
    return (
      <section className="panel" aria-label="Copia de seguridad">
        <h2>Datos y copia de seguridad</h2>
        <p>
          Los datos están en la base de datos del negocio, así que las copias de seguridad las hace el servidor de esa base de
          datos, no Factura Desk: pídalas a quien lo administra.
        </p>
      </section>
    );
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
          <code>{done.file}</code> ({formatInteger(Math.round(done.bytes / 1024))} KB)
          {done.removed ? (
            <p>{`Se ${pluralOf(done.removed, 'borró', 'borraron')} ${countOf(done.removed, 'copia antigua', 'copias antiguas')}.`}</p>
          ) : null}
        </Alert>
      )}
      {backup.isError && <Alert tone="error">{backup.error.message}</Alert>}
      <BackupRetention />
      <RestorePanel />
    </section>
  );
}
