// The shell's cashier: who is at the keyboard, and switching by PIN alone from the keyboard (F6,
// type the PIN, Enter). With cashiers and nobody signed in, the PIN is asked at once.
import { useEffect, useRef, useState } from 'react';
import { cashierMethods } from '#shared/rpc/methods/cashiers';
import { useSchemaForm } from '#renderer/forms/useSchemaForm';
import { useRpcMutation } from '#renderer/rpc/hooks';
import { Alert } from '#renderer/ui/Alert';
import { Field } from '#renderer/ui/Field';
import { CASHIER_QUERIES, useCashier } from './useCashier';

const SWITCH_KEY = 'F6';

export function CashierSwitch() {
  const { data } = useCashier();
  const [asking, setAsking] = useState(false);
  const signOut = useRpcMutation('cashiers.signOut', CASHIER_QUERIES);
  const mustSignIn = data?.has_admin === true && data.current === null;
  useEffect(() => {
    if (!data?.has_admin) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== SWITCH_KEY) return;
      event.preventDefault();
      setAsking(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [data?.has_admin]);
  if (!data?.has_admin) return null;
  return (
    <div className="cashier-switch" data-testid="cashier-switch">
      <div className="cashier-switch__who">
        {data.current ? (
          <>
            <strong>{data.current.name}</strong>
            <span>{data.current.role === 'administrador' ? 'Administrador' : 'Cajero'}</span>
          </>
        ) : (
          <span>Nadie en caja</span>
        )}
        <span>{data.register_name}</span>
      </div>
      <button type="button" className="sidebar__link cashier-switch__button" onClick={() => setAsking(true)}>
        Cambiar cajero ({SWITCH_KEY})
      </button>
      {data.current && (
        <button type="button" className="sidebar__link cashier-switch__button" onClick={() => signOut.mutate({})}>
          Salir
        </button>
      )}
      {(asking || mustSignIn) && <PinDialog onDone={() => setAsking(false)} required={mustSignIn} />}
    </div>
  );
}

const PinInput = cashierMethods['cashiers.signIn'].input;

function PinDialog({ onDone, required }: { onDone: () => void; required: boolean }) {
  const signIn = useRpcMutation('cashiers.signIn', CASHIER_QUERIES);
  const form = useSchemaForm(PinInput, { defaultValues: { pin: '' } });
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    // A modal dialog keeps the keyboard inside it; where showModal is missing (jsdom) it is shown open.
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    form.setFocus('pin');
  }, [form]);
  const submit = form.handleSubmit((input) =>
    signIn.mutate(input, {
      onSuccess: () => {
        form.reset({ pin: '' });
        onDone();
      },
      onError: () => {
        form.reset({ pin: '' });
        form.setFocus('pin');
      },
    }),
  );
  return (
    <dialog
      ref={ref}
      className="pin-dialog"
      aria-labelledby="pin-dialog-title"
      onCancel={(event) => {
        if (required) event.preventDefault();
        else onDone();
      }}
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <h2 id="pin-dialog-title">{required ? 'Ingrese a la caja' : 'Cambiar cajero'}</h2>
        <p className="muted">Escriba su PIN y presione Enter.</p>
        <Field label="PIN" error={form.formState.errors.pin?.message}>
          <input type="password" inputMode="numeric" autoComplete="off" maxLength={8} {...form.register('pin')} />
        </Field>
        {signIn.isError && <Alert tone="error">{signIn.error.message}</Alert>}
        <div className="button-row">
          <button type="submit" className="button" disabled={signIn.isPending}>
            Entrar
          </button>
          {!required && (
            <button type="button" className="button button--secondary" onClick={onDone}>
              Cancelar
            </button>
          )}
        </div>
      </form>
    </dialog>
  );
}
