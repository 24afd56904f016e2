// When the app cannot open the shop's database (the server off or out of reach, a password refused),
// every screen shows the host's message; this notice above them gives the two ways out: type the
// password again, or go back to this computer's own file and keep selling (the only one when the
// database's schema is newer than this build).
import { useState } from 'react';
import type { DatabaseStatus } from '#shared/rpc/methods/database';
import { useSchemaForm } from '#renderer/forms/useSchemaForm';
import { useRpcMutation, useRpcQuery } from '#renderer/rpc/hooks';
import { Alert } from '#renderer/ui/Alert';
import { Field } from '#renderer/ui/Field';
import { databaseMethods } from '#shared/rpc/methods/database';
import { BackToLocal } from './BackToLocal';
import { DatabaseWhere } from './DatabaseWhere';
import './database.css';
import { databaseFailure } from './failure';
import { databaseInput, placeDatabaseError, type DatabaseValues } from './field-errors';
import { reopenAfter } from './reopen';

export function DatabaseUnavailable() {
  const info = useRpcQuery('app.info', {});
  const failure = databaseFailure(info.error);
  const status = useRpcQuery('database.status', {}, { enabled: failure !== null });
  if (!failure || status.data?.engine !== 'postgres') return null;
  const fixed = status.data.chosenBy === 'argument' || status.data.chosenBy === 'environment';
  return (
    <section className="panel panel--error database-unavailable" aria-labelledby="database-unavailable-title">
      <h2 id="database-unavailable-title">No se pudo abrir la base de datos del negocio</h2>
      <p>{failure.message}</p>
      <DatabaseWhere status={status.data} />
      {!fixed && (
        <>
          <p>
            Si el servidor no responde, puede seguir vendiendo con los datos de este equipo y volver a la base de datos del
            negocio cuando responda.
          </p>
          <div className="database-actions">
            {failure.code === 'store_unavailable' && <PasswordAgain status={status.data} />}
            <BackToLocal />
          </div>
        </>
      )}
    </section>
  );
}

const UseInput = databaseMethods['database.check'].input;

/** «Escribir la contraseña»: the same database opened again with the password typed here. */
function PasswordAgain({ status }: { status: DatabaseStatus }) {
  const [open, setOpen] = useState(false);
  const use = useRpcMutation('database.use');
  const [problem, setProblem] = useState<string | null>(null);
  const form = useSchemaForm<DatabaseValues, DatabaseValues>(UseInput, {
    defaultValues: { address: status.address ?? '', password: '' },
  });
  if (!open)
    return (
      <button className="button" type="button" onClick={() => setOpen(true)}>
        Escribir la contraseña
      </button>
    );
  const submit = form.handleSubmit((values) => {
    setProblem(null);
    use.mutate(
      { ...databaseInput(values), start: 'existing', confirm: true },
      {
        onSuccess: (next) => reopenAfter({ kind: 'used', status: next }),
        onError: (error) => setProblem(placeDatabaseError(error, form.setError)),
      },
    );
  });
  return (
    <form
      noValidate
      aria-label="Abrir con otra contraseña"
      className="database-password"
      onSubmit={(event) => void submit(event)}
    >
      <Field
        label="Contraseña de la base de datos"
        error={form.formState.errors.password?.message}
        hint="Se guarda solo en el llavero del sistema, nunca en un archivo, y no se vuelve a mostrar."
      >
        <input type="password" autoComplete="current-password" autoFocus {...form.register('password')} />
      </Field>
      {problem && <Alert tone="error">{problem}</Alert>}
      <div className="database-actions">
        <button className="button" type="submit" disabled={use.isPending}>
          {use.isPending ? 'Abriendo…' : 'Abrir con esta contraseña'}
        </button>
        <button className="button button--secondary" type="button" disabled={use.isPending} onClick={() => setOpen(false)}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
