// Connecting this register to the shop's database: its address and password, «Probar conexión»
// (nothing is written nor kept), then the step that fits what the database holds.
import { useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { databaseMethods, type DatabaseCheck } from '#shared/rpc/methods/database';
import { useSchemaForm } from '#renderer/forms/useSchemaForm';
import { useRpcMutation } from '#renderer/rpc/hooks';
import { Alert } from '#renderer/ui/Alert';
import { Field } from '#renderer/ui/Field';
import { countOf } from '#shared/format';
import { ConfirmDialog } from './ConfirmDialog';
import { databaseInput, placeDatabaseError, type DatabaseValues } from './field-errors';
import { reopenAfter } from './reopen';
import { OfflineLock } from '#renderer/shell/OfflineLock';

const CheckInput = databaseMethods['database.check'].input;
export const ADDRESS_EXAMPLE = 'postgres://caja@192.168.1.10:5432/tienda';

type Step = 'move' | 'empty' | 'existing';

export function DatabaseForm() {
  const form = useSchemaForm<DatabaseValues, DatabaseValues>(CheckInput, { defaultValues: { address: '', password: '' } });
  const { errors } = form.formState;
  const check = useRpcMutation('database.check');
  const move = useRpcMutation('database.move');
  const use = useRpcMutation('database.use');
  const [checkError, setCheckError] = useState<string | null>(null);
  const [stepError, setStepError] = useState<string | null>(null);
  const [checked, setChecked] = useState<{ values: DatabaseValues; result: DatabaseCheck } | null>(null);
  const [step, setStep] = useState<Step | null>(null);
  const [address, password] = useWatch({ control: form.control, name: ['address', 'password'] });
  // A result speaks of what was checked: once the address or password is edited it no longer applies.
  const current =
    checked && checked.values.address === address.trim() && (checked.values.password ?? '') === (password ?? '') ? checked : null;

  const submit = form.handleSubmit((values) => {
    setCheckError(null);
    setChecked(null);
    setStep(null);
    check.mutate(databaseInput(values), {
      onSuccess: (result) => setChecked({ values, result }),
      onError: (error) => setCheckError(placeDatabaseError(error, form.setError)),
    });
  });

  const choose = (next: Step) => {
    setStepError(null);
    setStep(next);
  };
  const refused = (error: unknown) => setStepError(placeDatabaseError(error, form.setError));
  const confirm = () => {
    if (!current || !step) return;
    const input = { ...databaseInput(current.values), confirm: true as const };
    if (step === 'move') move.mutate(input, { onSuccess: (result) => reopenAfter({ kind: 'moved', result }), onError: refused });
    else
      use.mutate(
        { ...input, start: step === 'existing' ? 'existing' : 'empty' },
        { onSuccess: (status) => reopenAfter({ kind: 'used', status }), onError: refused },
      );
  };
  const working = move.isPending || use.isPending;

  return (
    <form
      className="database-form"
      noValidate
      aria-label="Conectar a la base de datos del negocio"
      onSubmit={(event) => void submit(event)}
    >
      <h3>Conectar a la base de datos del negocio</h3>
      <OfflineLock method="database.move">
        <p className="muted">
          Con varias cajas, todas trabajan sobre una misma base de datos PostgreSQL en la red del negocio. Quien administra el
          servidor le da su dirección y la contraseña.
        </p>
        <div className="database-fields">
          <Field
            label="Dirección de la base de datos"
            error={errors.address?.message}
            hint="Usuario, servidor, puerto y nombre de la base de datos, sin la contraseña. Si el servidor pide conexión cifrada, agregue ?sslmode=require al final."
          >
            <input
              type="text"
              autoComplete="off"
              spellCheck={false}
              placeholder={ADDRESS_EXAMPLE}
              {...form.register('address')}
            />
          </Field>
          <Field
            label="Contraseña de la base de datos"
            error={errors.password?.message}
            hint="Se guarda solo en el llavero del sistema, nunca en un archivo, y no se vuelve a mostrar."
          >
            <input type="password" autoComplete="new-password" spellCheck={false} {...form.register('password')} />
          </Field>
        </div>
        {checkError && <Alert tone="error">{checkError}</Alert>}
        <div className="database-actions">
          <button className="button button--secondary" type="submit" disabled={check.isPending || working}>
            {check.isPending ? 'Probando…' : 'Probar conexión'}
          </button>
        </div>
        {current && <CheckFound result={current.result} onChoose={choose} disabled={working || step !== null} />}
        {current && step && (
          <ConfirmDialog
            {...DIALOGS[step](current.result)}
            isPending={working}
            error={stepError}
            onConfirm={confirm}
            onCancel={() => setStep(null)}
          />
        )}
      </OfflineLock>
    </form>
  );
}

/** What «Probar conexión» found, in words, and the steps it allows. */
function CheckFound({
  result,
  onChoose,
  disabled,
}: {
  result: DatabaseCheck;
  onChoose: (step: Step) => void;
  disabled: boolean;
}) {
  const version = `Conexión correcta con PostgreSQL ${result.serverVersion}.`;
  if (result.contents === 'other')
    return (
      <Alert tone="warn" title="Esta base de datos tiene datos de otro programa">
        <p>{version}</p>
        <p>
          Factura Desk no escribe en ella. Use una base de datos vacía o una que ya tenga datos de Factura Desk: pídala a quien
          administra el servidor.
        </p>
      </Alert>
    );
  const button = (step: Step, label: string, secondary = false) => (
    <button
      className={secondary ? 'button button--secondary' : 'button'}
      type="button"
      disabled={disabled}
      onClick={() => onChoose(step)}
    >
      {label}
    </button>
  );
  return (
    <Alert
      tone="ok"
      title={
        result.contents === 'empty'
          ? 'La base de datos está vacía'
          : `Tiene datos de Factura Desk (${countOf(result.documents ?? 0, 'documento')})`
      }
    >
      <p>{version}</p>
      {result.contents === 'empty' ? (
        <>
          <p>Puede pasar a ella los datos de este equipo, o empezar allí sin datos.</p>
          <div className="database-actions">
            {button('move', 'Pasar los datos de este equipo…')}
            {button('empty', 'Empezar sin datos…', true)}
          </div>
        </>
      ) : (
        <>
          <p>Son los datos de otra caja del negocio o los que se pasaron antes.</p>
          <div className="database-actions">{button('existing', 'Usar esta base de datos…')}</div>
        </>
      )}
    </Alert>
  );
}

type DialogText = { title: string; confirm: string; pending: string; children: ReactNode };

const REOPENS = 'Después Factura Desk se abre de nuevo sobre la base de datos del negocio.';

const DIALOGS: Record<Step, (result: DatabaseCheck) => DialogText> = {
  move: () => ({
    title: '¿Pasar los datos de este equipo a la base de datos del negocio?',
    confirm: 'Sí, pasar los datos',
    pending: 'Pasando los datos… no cierre Factura Desk',
    children: (
      <>
        <p>
          Se copian los datos de este equipo (documentos, envíos, productos, clientes, turnos y ajustes) y se comprueba la copia
          tabla por tabla antes de usarla. Si algo no coincide, no se usa y se dice qué.
        </p>
        <p>El archivo de este equipo queda como estaba. {REOPENS}</p>
      </>
    ),
  }),
  empty: () => ({
    title: '¿Empezar sin datos en la base de datos del negocio?',
    confirm: 'Sí, empezar sin datos',
    pending: 'Preparando la base de datos…',
    children: (
      <>
        <Alert tone="warn">
          Los documentos, productos y clientes de este equipo se quedan aquí y no se verán allá. Para llevarlos, elija «Pasar los
          datos de este equipo».
        </Alert>
        <p>{REOPENS}</p>
      </>
    ),
  }),
  existing: (result) => ({
    title: '¿Usar esta base de datos?',
    confirm: 'Sí, usar esta base de datos',
    pending: 'Abriendo la base de datos…',
    children: (
      <>
        <p>
          Factura Desk trabajará con los datos de la base de datos del negocio ({countOf(result.documents ?? 0, 'documento')}).
        </p>
        <p>Los datos de este equipo quedan en su archivo, sin cambios, y no se verán allá. {REOPENS}</p>
      </>
    ),
  }),
};
