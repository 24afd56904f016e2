import { useState } from 'react';
import { appMethods } from '#shared/rpc/methods/app';
import { typedNumber, useSchemaForm } from '#renderer/forms/useSchemaForm';
import { useRpcMutation, useRpcQuery } from '#renderer/rpc/hooks';
import { Alert } from '#renderer/ui/Alert';
import { Field } from '#renderer/ui/Field';

/**
 * How many backups are kept: after each new one the oldest beyond that number are removed, except a
 * backup still needed because it alone knows a submission without a final answer.
 */
export function BackupRetention() {
  const kept = useRpcQuery('app.backupsKept', {});
  if (kept.isError) return <Alert tone="error">No se pudo leer cuántas copias se conservan: {kept.error.message}</Alert>;
  return kept.data ? <RetentionForm initial={kept.data.keep} /> : null;
}

const KeptInput = appMethods['app.setBackupsKept'].input;

function RetentionForm({ initial }: { initial: number }) {
  const save = useRpcMutation('app.setBackupsKept', ['app.backupsKept']);
  const form = useSchemaForm(KeptInput, { defaultValues: { keep: initial } });
  const [saved, setSaved] = useState(false);
  const submit = form.handleSubmit((input) => save.mutate(input, { onSuccess: () => setSaved(true) }));
  return (
    <form
      aria-label="Copias que se conservan"
      noValidate
      onSubmit={(event) => {
        setSaved(false);
        void submit(event);
      }}
    >
      <div className="form-grid">
        <Field
          label="Copias que se conservan"
          hint="Al crear una copia se borran las más antiguas que pasen de este número. Nunca se borra una copia que sea la única que conoce un envío aún sin respuesta definitiva."
          error={form.formState.errors.keep?.message}
        >
          <input inputMode="numeric" {...form.register('keep', { setValueAs: typedNumber, onChange: () => setSaved(false) })} />
        </Field>
      </div>
      {save.isError && <Alert tone="error">{save.error.message}</Alert>}
      {saved && <Alert tone="ok">Número de copias guardado.</Alert>}
      <button type="submit" className="button button--secondary" disabled={save.isPending}>
        Guardar
      </button>
    </form>
  );
}
