import { useState } from 'react';
import { useSchemaForm } from '#renderer/forms/useSchemaForm';
import { invoke, RpcClientError } from '#renderer/rpc/client';
import { Alert } from '#renderer/ui/Alert';
import { Field } from '#renderer/ui/Field';
import { TokenForm as Schema, type TokenValues } from './schema';

/** Typing a (new) token for a connection; it goes to the keychain and the field is emptied. */
export function TokenForm({
  connectionId,
  onSaved,
  onCancel,
}: {
  connectionId: number;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const [serverError, setServerError] = useState<string | null>(null);
  // Unresolved submissions were sent with the current token: the new one waits here for a confirmation.
  const [warning, setWarning] = useState<{ message: string; token: string } | null>(null);
  const form = useSchemaForm<TokenValues, TokenValues>(Schema, { defaultValues: { token: '' } });
  const save = async (token: string, replaceUnresolved: boolean) => {
    setServerError(null);
    setWarning(null);
    try {
      await invoke('connections.setToken', {
        id: connectionId,
        token,
        ...(replaceUnresolved ? { replace_unresolved: true } : {}),
      });
      form.reset({ token: '' });
      onSaved();
    } catch (error) {
      form.setValue('token', '');
      if (error instanceof RpcClientError && error.code === 'credentials_changed') {
        setWarning({ message: error.message, token });
      } else setServerError(error instanceof RpcClientError ? error.message : 'No se pudo guardar el token.');
    }
  };
  const submit = form.handleSubmit(({ token }) => save(token, false));
  const cancel = () => {
    setWarning(null);
    onCancel();
  };
  return (
    <form className="token-form" onSubmit={(event) => void submit(event)} noValidate aria-label="Token de la conexión">
      <Field
        label="Token nuevo"
        error={form.formState.errors.token?.message}
        hint="Se guarda en el llavero del sistema y no se vuelve a mostrar."
      >
        <input type="password" autoComplete="off" spellCheck={false} {...form.register('token')} />
      </Field>
      {serverError && <Alert tone="error">{serverError}</Alert>}
      {warning && (
        <Alert tone="warn" title="Hay envíos sin confirmar con el token actual">
          <p>{warning.message}</p>
          <button className="button button--secondary" type="button" onClick={() => void save(warning.token, true)}>
            Cambiar el token de todos modos
          </button>
        </Alert>
      )}
      <div className="actions">
        <button className="button" type="submit" disabled={form.formState.isSubmitting}>
          Guardar token
        </button>
        <button className="button button--secondary" type="button" onClick={cancel}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
