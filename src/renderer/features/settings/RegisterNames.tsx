// The shop's registers and their names, for Ajustes › Cajas: each register with «esta caja» marked,
// when it was last seen and whether it was removed; an administrator renames one in place (Enter
// saves, Escape leaves it as it was), removes another one from the shop (asked first: it then sells
// nothing), and brings this register back when it was removed. The name's bounds are the contract's
// (RegisterName), and a name another register has is refused by core in words, shown on the field.
// When a rename or a removal closes, the keyboard goes back to the button that opened it.
import { useEffect, useRef, useState } from 'react';
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
import { ConfirmDialog } from './database/ConfirmDialog';
import { useOfflineRefusal } from '#renderer/shell/offline';
import { OfflineNote } from '#renderer/ui/OfflineNote';

/** What a new name makes stale: the list, and this register's name in the status bar and Turno. */
const REGISTER_QUERIES: MethodName[] = ['registers.list', 'cashiers.state', 'shifts.current', 'shifts.ofDay'];

const RenameInput = z.object({ name: RegisterName });

/**
 * The rename and removal buttons by register, and where the focus goes once a form or the
 * confirmation closes: the first of the given buttons still shown (a register just removed has no
 * «Retirar» any more: its rename button then). Without it the focus fell to the page's body.
 */
function useFocusReturn() {
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  // Set with the state change that closes the form or the confirmation: after that render, the
  // buttons are back.
  const pending = useRef<string[] | null>(null);
  useEffect(() => {
    const keys = pending.current;
    if (!keys) return;
    pending.current = null;
    keys
      .map((key) => buttons.current.get(key))
      .find((button) => button !== undefined)
      ?.focus();
  });
  const ref = (key: string) => (button: HTMLButtonElement | null) => {
    if (button) buttons.current.set(key, button);
    else buttons.current.delete(key);
  };
  const returnTo = (keys: string[]) => {
    pending.current = keys;
  };
  return { ref, returnTo };
}

export function RegisterNames() {
  const list = useRpcQuery('registers.list', {});
  const { mayAdminister } = useCashier();
  const [editing, setEditing] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Register | null>(null);
  const { ref, returnTo } = useFocusReturn();
  // Without the caja principal the registers are only read here: renaming, removing and rejoining wait for it.
  const offline = useOfflineRefusal('registers.rename');
  if (list.isError) return <Alert tone="error">{list.error.message}</Alert>;
  if (!list.data) return <p aria-busy="true">Cargando las cajas…</p>;
  const here = list.data.registers.find((r) => r.this_register);
  return (
    <section aria-labelledby="register-names-title">
      <h3 id="register-names-title">Cajas del negocio</h3>
      {mayAdminister && <OfflineNote note={offline} />}
      {here && here.removed_at !== null && <Rejoin register={here} mayAdminister={mayAdminister} locked={offline !== null} />}
      <ul className="register-names">
        {list.data.registers.map((register) => (
          <li key={register.id} aria-label={register.name}>
            {editing === register.id ? (
              <RenameForm
                register={register}
                onDone={() => {
                  setEditing(null);
                  returnTo([`rename:${register.id}`]);
                }}
              />
            ) : (
              <>
                <span className="register-names__facts">
                  <strong>{register.name}</strong>
                  {register.this_register && <span> · esta caja</span>}
                  {register.removed_at !== null && <span> · retirada el {formatDateTime(register.removed_at)}</span>}
                  <span> · vista por última vez el {formatDateTime(register.last_seen_at)}</span>
                </span>
                {mayAdminister && (
                  <button
                    ref={ref(`rename:${register.id}`)}
                    type="button"
                    className="button button--secondary"
                    disabled={offline !== null}
                    onClick={() => setEditing(register.id)}
                  >
                    Cambiar el nombre de {register.name}
                  </button>
                )}
                {mayAdminister && !register.this_register && register.removed_at === null && (
                  <button
                    ref={ref(`remove:${register.id}`)}
                    type="button"
                    className="button button--danger"
                    disabled={offline !== null}
                    onClick={() => setRemoving(register)}
                  >
                    Retirar {register.name}
                  </button>
                )}
              </>
            )}
          </li>
        ))}
      </ul>
      {removing && (
        <RemoveRegister
          register={removing}
          onDone={() => {
            setRemoving(null);
            returnTo([`remove:${removing.id}`, `rename:${removing.id}`]);
          }}
        />
      )}
    </section>
  );
}

function RemoveRegister({ register, onDone }: { register: Register; onDone: () => void }) {
  // The join code changes with a removal (the caja principal shows a new one).
  const remove = useRpcMutation('registers.remove', [...REGISTER_QUERIES, 'shopServer.status']);
  return (
    <ConfirmDialog
      title={`¿Retirar ${register.name} del negocio?`}
      confirm={`Sí, retirar ${register.name}`}
      pending="Retirando la caja…"
      isPending={remove.isPending}
      error={remove.isError ? remove.error.message : null}
      onConfirm={() => remove.mutate({ id: register.id }, { onSuccess: onDone })}
      onCancel={onDone}
    >
      <p>
        {register.name} dejará de vender y de abrir turnos. Sus ventas y turnos quedan en el historial del negocio. Si vuelve a
        unirse, recupera su nombre y sus datos.
      </p>
      <p>
        Con la caja principal de Factura Desk, además deja de entrar a los datos del negocio en ese mismo momento, y el código
        para unirse cambia: para volver, o para unir otra caja, use el código nuevo que muestra la caja principal.
      </p>
    </ConfirmDialog>
  );
}

function Rejoin({ register, mayAdminister, locked }: { register: Register; mayAdminister: boolean; locked: boolean }) {
  const rejoin = useRpcMutation('registers.rejoin', REGISTER_QUERIES);
  return (
    <Alert tone="warn" title={`${register.name} fue retirada del negocio`}>
      <p>Mientras esté retirada, esta caja no abre turnos ni vende.</p>
      {rejoin.isError && <p role="alert">{rejoin.error.message}</p>}
      {mayAdminister ? (
        <button type="button" className="button" disabled={locked || rejoin.isPending} onClick={() => rejoin.mutate({})}>
          {rejoin.isPending ? 'Uniendo esta caja…' : 'Volver a unir esta caja'}
        </button>
      ) : (
        <p>Un administrador puede volver a unirla.</p>
      )}
    </Alert>
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
      <button type="submit" className="button" disabled={rename.isPending}>
        Guardar nombre
      </button>
      <button type="button" className="button button--secondary" onClick={onDone}>
        Cancelar
      </button>
    </form>
  );
}
