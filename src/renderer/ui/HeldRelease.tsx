import { useState } from 'react';
import type { Submission } from '#shared/rpc/methods/submissions';
import { useRpcMutation } from '../rpc/hooks';

/**
 * A submission held because the token changed after it was sent: what happened,
 * and what the user can do. Sending it under the current token is offered only with no document id
 * and only after the user states that the provider's portal shows no such document.
 */
export function HeldRelease({
  submission,
}: {
  submission: Pick<Submission, 'id' | 'kind' | 'document_id' | 'idempotency_key' | 'error'>;
}) {
  const release = useRpcMutation('submissions.release', ['submissions.list', 'submissions.get']);
  const [checked, setChecked] = useState(false);
  if (submission.error?.code !== 'credentials_changed') return null;
  const what = submission.kind === 'FE' ? 'la factura' : 'el documento soporte';
  return (
    <div className="held-release" data-testid="held-release">
      <p>
        <strong>Se envió con otro token.</strong> No se sabe si {what} llegó, y el proveedor trata la misma clave con otro token
        como un envío nuevo: un reenvío automático podría crear un duplicado. Puede:
      </p>
      <ol>
        <li>Volver a ingresar en Ajustes el token con el que se envió: se confirmará solo, sin duplicados.</li>
        <li>
          Buscar en el portal de su proveedor el envío con la clave <code>{submission.idempotency_key}</code>. Si {what} existe,
          no haga nada más aquí. Si no existe, confírmelo y envíelo con el token actual:
        </li>
      </ol>
      <label className="held-release__confirm">
        <input type="checkbox" checked={checked} onChange={(event) => setChecked(event.target.checked)} /> Revisé el portal del
        proveedor: {what} no existe
      </label>
      <button
        type="button"
        className="button button--danger"
        disabled={!checked || release.isPending}
        onClick={() => release.mutate({ id: submission.id, confirm_not_created: true })}
      >
        {release.isPending ? 'Enviando…' : 'Enviar con el token actual'}
      </button>
      {release.isError && (
        <p className="field__error" role="alert">
          {release.error.message}
        </p>
      )}
    </div>
  );
}
