// The register's people: the first administrator (first run), then, for an administrator, the
// cajeros (name, PIN, role), who leaves, and this register's name and how it signs in.
import { useEffect, useState } from 'react';
import { CashierSettings, cashierMethods, NewCashier, type CashierState } from '#shared/rpc/methods/cashiers';
import { useSchemaForm } from '#renderer/forms/useSchemaForm';
import { useRpcMutation } from '#renderer/rpc/hooks';
import { Alert } from '#renderer/ui/Alert';
import { Field } from '#renderer/ui/Field';
import { CASHIER_QUERIES } from '../cashiers/useCashier';
import { OfflineLock } from '#renderer/shell/OfflineLock';

const AdminInput = cashierMethods['cashiers.createAdmin'].input;
const pinProps = { type: 'password', inputMode: 'numeric', autoComplete: 'new-password', maxLength: 8 } as const;

export function FirstAdminForm() {
  const create = useRpcMutation('cashiers.createAdmin', CASHIER_QUERIES);
  const form = useSchemaForm(AdminInput, { defaultValues: { name: '', pin: '' } });
  // The first run's only task: the administrator's name is typed first.
  useEffect(() => form.setFocus('name'), [form]);
  const submit = form.handleSubmit((input) => create.mutate(input));
  return (
    <form className="panel" aria-labelledby="first-admin-title" noValidate onSubmit={(event) => void submit(event)}>
      <h2 id="first-admin-title">Crear el administrador de la caja</h2>
      <OfflineLock method="cashiers.createAdmin">
        <p className="muted">
          Para trabajar por turnos, primero cree al administrador: quien abre la caja, acepta diferencias, saca efectivo y cambia
          los ajustes. Luego podrá agregar cajeros.
        </p>
        <div className="form-grid">
          <Field label="Nombre" error={form.formState.errors.name?.message}>
            <input autoComplete="off" {...form.register('name')} />
          </Field>
          <Field label="PIN (4 a 8 números)" error={form.formState.errors.pin?.message}>
            <input {...pinProps} {...form.register('pin')} />
          </Field>
        </div>
        {create.isError && <Alert tone="error">{create.error.message}</Alert>}
        <button type="submit" className="button" disabled={create.isPending}>
          Crear administrador
        </button>
      </OfflineLock>
    </form>
  );
}

export function CashiersPanel({ state }: { state: CashierState }) {
  const create = useRpcMutation('cashiers.create', CASHIER_QUERIES);
  const setActive = useRpcMutation('cashiers.setActive', CASHIER_QUERIES);
  const form = useSchemaForm(NewCashier, { defaultValues: { name: '', pin: '', role: 'cajero' } });
  const [added, setAdded] = useState<string | null>(null);
  const submit = form.handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: () => {
        setAdded(input.name);
        form.reset({ name: '', pin: '', role: 'cajero' });
      },
    }),
  );
  return (
    <section className="panel" aria-labelledby="cashiers-title">
      <h2 id="cashiers-title">Cajeros</h2>
      <OfflineLock method="cashiers.create">
        <table className="data">
          <thead>
            <tr>
              <th>Nombre</th>
              <th>Rol</th>
              <th>Estado</th>
              <th>
                <span className="visually-hidden">Acciones</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {state.cashiers.map((c) => (
              <tr key={c.id}>
                <td>{c.name}</td>
                <td>{c.role === 'administrador' ? 'Administrador' : 'Cajero'}</td>
                <td>{c.active ? 'Activo' : 'De baja'}</td>
                <td>
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={setActive.isPending}
                    onClick={() => setActive.mutate({ id: c.id, active: !c.active })}
                  >
                    {c.active ? `Dar de baja a ${c.name}` : `Reactivar a ${c.name}`}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {setActive.isError && <Alert tone="error">{setActive.error.message}</Alert>}
        <form aria-label="Nuevo cajero" noValidate onSubmit={(event) => void submit(event)}>
          <h3>Nuevo cajero</h3>
          <div className="form-grid">
            <Field label="Nombre del cajero" error={form.formState.errors.name?.message}>
              <input autoComplete="off" {...form.register('name', { onChange: () => setAdded(null) })} />
            </Field>
            <Field label="PIN del cajero" error={form.formState.errors.pin?.message}>
              <input {...pinProps} {...form.register('pin')} />
            </Field>
            <Field
              label="Rol"
              hint="El cajero vende, abre y cierra su turno; el administrador además retira efectivo, acepta diferencias y cambia los ajustes."
              error={form.formState.errors.role?.message}
            >
              <select {...form.register('role')}>
                <option value="cajero">Cajero</option>
                <option value="administrador">Administrador</option>
              </select>
            </Field>
          </div>
          {create.isError && <Alert tone="error">{create.error.message}</Alert>}
          {added && <Alert tone="ok">{added} ya puede ingresar con su PIN.</Alert>}
          <button type="submit" className="button button--secondary" disabled={create.isPending}>
            Agregar cajero
          </button>
        </form>
        <RegisterSettings state={state} />
      </OfflineLock>
    </section>
  );
}

function RegisterSettings({ state }: { state: CashierState }) {
  const save = useRpcMutation('cashiers.setSettings', CASHIER_QUERIES);
  const form = useSchemaForm(CashierSettings, {
    defaultValues: { register_name: state.register_name, stay_signed_in: state.stay_signed_in },
  });
  const submit = form.handleSubmit((input) => save.mutate(input));
  return (
    <form aria-label="Ajustes de la caja" noValidate onSubmit={(event) => void submit(event)}>
      <h3>Esta caja</h3>
      <div className="form-grid">
        <Field label="Nombre de la caja" error={form.formState.errors.register_name?.message}>
          <input {...form.register('register_name')} />
        </Field>
        <label className="checkbox">
          <input type="checkbox" {...form.register('stay_signed_in')} />
          <span>Negocio de una sola persona: seguir en caja al abrir la aplicación, sin escribir el PIN cada vez</span>
        </label>
      </div>
      {save.isError && <Alert tone="error">{save.error.message}</Alert>}
      {save.isSuccess && <Alert tone="ok">Ajustes de la caja guardados.</Alert>}
      <button type="submit" className="button button--secondary" disabled={save.isPending}>
        Guardar ajustes de la caja
      </button>
    </form>
  );
}
