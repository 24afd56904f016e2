// The shop's registers and their names, for Ajustes › Cajas: each register with «esta caja» marked,
// when it was last seen and whether it was removed; an administrator renames one in place (Enter
// saves, Escape leaves it as it was). The name's bounds are the contract's (RegisterName), and a
// name another register has is refused by core in words, shown on the field.
import { useState } from 'react';
import { z } from 'zod';
import { formatDateTime } from '#shared/dates';
import { RegisterName } from '#shared/rpc/methods/cashiers';
import type { MethodName } from '#shared/rpc/contract';
import type { Register } from '#shared/rpc/methods/registers';
import { useSchemaForm } from '#renderer/forms/useSchemaForm';
import { useRpcMutation, useRpcQuery } from '#renderer/rpc/hooks';
import { Alert } from '#renderer/ui/Alert';
import { Field } from '#renderer/ui/Field';
import { useCashier } from '../cashiers/useCashier';

/** What a new name makes stale: the list, and this register's name in the status bar and Turno. */
const REGISTER_QUERIES: MethodName[] = ['registers.list', 'cashiers.state', 'shifts.current', 'shifts.ofDay'];

const RenameInput = z.object({ name: RegisterName });

export function RegisterNames() {
  const list = useRpcQuery('registers.list', {});
  const { mayAdminister } = useCashier();
  const [editing, setEditing] = useState<string | null>(null);
  if (list.isError) return <Alert tone="error">{list.error.message}</Alert>;
  if (!list.data) return <p aria-busy="true">Cargando las cajas…</p>;
  return (
    <section aria-labelledby="register-names-title">
      <h3 id="register-names-title">Cajas del negocio</h3>
      <ul className="register-names">
        {list.data.registers.map((register) => (
          <li key={register.id} aria-label={register.name}>
            {editing === register.id ? (
              <RenameForm register={register} onDone={() => setEditing(null)} />
            ) : (
              <>
                <strong>{register.name}</strong>
                {register.this_register && <span> · esta caja</span>}
                {register.removed_at !== null && <span> · retirada el {formatDateTime(register.removed_at)}</span>}
                <span> · vista por última vez el {formatDateTime(register.last_seen_at)}</span>
                {mayAdminister && (
                  <button type="button" className="button button--secondary" onClick={() => setEditing(register.id)}>
                    Cambiar el nombre de {register.name}
                  </button>
                )}
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function RenameForm({ register, onDone }: { register: Register; onDone: () => void }) {
  const rename = useRpcMutation('registers.rename', REGISTER_QUERIES);
  const form = useSchemaForm(RenameInput, { defaultValues: { name: register.name } });
  const submit = form.handleSubmit(({ name }) =>
    rename.mutate(
      { id: register.id, name },
      {
        onSuccess: onDone,
        onError: (error) => {
          const field = error.details?.fields?.find((f) => f.path === 'name');
          form.setError('name', { message: field?.message ?? error.message });
        },
      },
    ),
  );
  return (
    <form
      aria-label={`Nombre de ${register.name}`}
      noValidate
      onSubmit={(event) => void submit(event)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDone();
      }}
    >
      <Field label={`Nombre nuevo de ${register.name}`} error={form.formState.errors.name?.message}>
        <input {...form.register('name')} autoFocus autoComplete="off" />
      </Field>
      <button type="submit" className="button button--secondary" disabled={rename.isPending}>
        Guardar nombre
      </button>
      <button type="button" className="button button--ghost" onClick={onDone}>
        Cancelar
      </button>
    </form>
  );
}
