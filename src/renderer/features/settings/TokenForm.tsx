import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { invoke, RpcClientError } from '../../rpc/client';
import { Alert } from '../../ui/Alert';
import { Field } from '../../ui/Field';
import { TokenForm as Schema, type TokenValues } from './schema';

/** Typing a (new) token for a connection; it goes to the keychain and the field is emptied. */
export function TokenForm({ connectionId, onSaved, onCancel }: { connectionId: number; onSaved: () => void; onCancel: () => void }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<TokenValues>({ resolver: zodResolver(Schema), defaultValues: { token: '' } });
  const submit = form.handleSubmit(async ({ token }) => {
    setServerError(null);
    try {
      await invoke('connections.setToken', { id: connectionId, token });
      form.reset({ token: '' });
      onSaved();
    } catch (error) {
      form.setValue('token', '');
      setServerError(error instanceof RpcClientError ? error.message : 'No se pudo guardar el token.');
    }
  });
  return (
    <form className="token-form" onSubmit={(event) => void submit(event)} noValidate aria-label="Token de la conexión">
      <Field label="Token nuevo" error={form.formState.errors.token?.message} hint="Se guarda en el llavero del sistema y no se vuelve a mostrar.">
        <input type="password" autoComplete="off" spellCheck={false} {...form.register('token')} />
      </Field>
      {serverError && <Alert tone="error">{serverError}</Alert>}
      <div className="actions">
        <button className="button" type="submit" disabled={form.formState.isSubmitting}>
          Guardar token
        </button>
        <button className="button button--secondary" type="button" onClick={onCancel}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
