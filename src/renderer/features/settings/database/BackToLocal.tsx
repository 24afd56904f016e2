import { useState } from 'react';
import { useRpcMutation } from '#renderer/rpc/hooks';
import { ConfirmDialog } from './ConfirmDialog';
import { reopenAfter } from './reopen';

/**
 * «Volver a los datos de este equipo»: the data folder's own file again, the saved choice forgotten.
 * Offered in Ajustes on the shop's database and on the screen shown when it cannot be opened.
 */
export function BackToLocal() {
  const useLocal = useRpcMutation('database.useLocal');
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <button
        className="button button--secondary"
        type="button"
        onClick={() => {
          useLocal.reset();
          setAsking(true);
        }}
      >
        Volver a los datos de este equipo…
      </button>
    );
  return (
    <ConfirmDialog
      title="¿Volver a los datos de este equipo?"
      confirm="Sí, volver a los datos de este equipo"
      pending="Volviendo…"
      isPending={useLocal.isPending}
      error={useLocal.isError ? useLocal.error.message : null}
      onConfirm={() => useLocal.mutate({ confirm: true }, { onSuccess: (status) => reopenAfter({ kind: 'local', status }) })}
      onCancel={() => setAsking(false)}
    >
      <p>Factura Desk se abrirá de nuevo con el archivo de datos de este equipo.</p>
      <p>
        La base de datos del negocio queda como está, sin cambios. Lo que se vendió allá no está en el archivo de este equipo:
        para verlo, vuelva después a la base de datos del negocio.
      </p>
    </ConfirmDialog>
  );
}
