import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import type { ConnectionCheck } from '#shared/rpc/methods/connections';
import { useSchemaForm } from '#renderer/forms/useSchemaForm';
import { invoke, RpcClientError } from '#renderer/rpc/client';
import { Alert } from '#renderer/ui/Alert';
import { Field } from '#renderer/ui/Field';
import { OfflineLock } from '#renderer/shell/OfflineLock';
import { CheckResult } from './CheckResult';
import { NewConnectionForm as Schema, type NewConnectionInput, type NewConnectionValues } from './schema';

/** A new connection starts as a test one (habilitación): production is a deliberate choice. */
const EMPTY: NewConnectionInput = {
  label: '',
  kind: 'sandbox',
  base_url: '',
  company_id: '',
  token: '',
  production_confirmed: false,
};

/**
 * A new connection: where the API is, which company, and its token. The token goes to the OS
 * keychain in the same step and the field is emptied; it is never shown again.
 */
export function NewConnectionForm({ onSaved }: { onSaved: () => void }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const [check, setCheck] = useState<ConnectionCheck | null>(null);
  const form = useSchemaForm<NewConnectionInput, NewConnectionValues>(Schema, { defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;

  const kind = useWatch({ control: form.control, name: 'kind' });

  const submit = form.handleSubmit(async ({ token, production_confirmed: _confirmed, ...draft }) => {
    setServerError(null);
    setCheck(null);
    try {
      const created = await invoke('connections.create', draft);
      await invoke('connections.setToken', { id: created.id, token });
      form.reset(EMPTY);
      onSaved();
      setCheck(await invoke('connections.test', { id: created.id }));
    } catch (error) {
      form.setValue('token', '');
      if (error instanceof RpcClientError) {
        for (const [path, message] of Object.entries(error.fields)) {
          if (path === 'label' || path === 'base_url' || path === 'company_id' || path === 'kind')
            form.setError(path, { message });
        }
        setServerError(error.message);
      } else {
        setServerError('No se pudo guardar la conexión.');
      }
    }
  });

  return (
    <form className="panel" onSubmit={(event) => void submit(event)} noValidate aria-label="Nueva conexión">
      <h2>Nueva conexión</h2>
      <OfflineLock method="connections.create">
        <div className="form-grid">
          <Field label="Nombre" error={errors.label?.message} hint="Por ejemplo: Mi empresa — producción">
            <input type="text" autoComplete="off" {...form.register('label')} />
          </Field>
          <Field label="Tipo" error={errors.kind?.message}>
            <select {...form.register('kind')}>
              <option value="sandbox">Pruebas o habilitación</option>
              <option value="production">Producción (va a la DIAN)</option>
            </select>
          </Field>
          {kind === 'production' && (
            <div className="field">
              <label className="checkbox">
                <input
                  type="checkbox"
                  aria-invalid={errors.production_confirmed ? true : undefined}
                  {...form.register('production_confirmed')}
                />{' '}
                Sí, esta conexión es de producción: sus documentos van a la DIAN y tienen validez fiscal.
              </label>
              {errors.production_confirmed && (
                <span className="field__error" role="alert">
                  {errors.production_confirmed.message}
                </span>
              )}
            </div>
          )}
          <Field
            label="URL base de la API"
            error={errors.base_url?.message}
            hint="Termina en /v1, por ejemplo https://api.proveedor.co/api/v1"
          >
            <input type="url" autoComplete="off" spellCheck={false} {...form.register('base_url')} />
          </Field>
          <Field
            label="Número de empresa"
            error={errors.company_id?.message}
            hint="El número de su empresa en el proveedor de facturación electrónica."
          >
            <input type="text" inputMode="numeric" autoComplete="off" {...form.register('company_id')} />
          </Field>
          <Field
            label="Token de la API"
            error={errors.token?.message}
            hint="Se guarda en el llavero del sistema y no se vuelve a mostrar."
          >
            <input type="password" autoComplete="off" spellCheck={false} {...form.register('token')} />
          </Field>
        </div>
        {serverError && <Alert tone="error">{serverError}</Alert>}
        {check && <CheckResult check={check} />}
        <button className="button" type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Guardando…' : 'Guardar y probar'}
        </button>
      </OfflineLock>
    </form>
  );
}
