// Cash in or out of the open shift, with its reason. Cash out is an administrator's: a cajero
// types the administrator's PIN (core refuses it otherwise).
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { MovementInput } from '#shared/rpc/methods/shifts';
import { typedNumber, useSchemaForm } from '#renderer/forms/useSchemaForm';
import { useRpcMutation } from '#renderer/rpc/hooks';
import { Alert } from '#renderer/ui/Alert';
import { Field } from '#renderer/ui/Field';
import { CASHIER_QUERIES } from '../cashiers/useCashier';
import { AdminPinField } from './AdminPinField';

export function MovementForm({ isAdmin }: { isAdmin: boolean }) {
  const move = useRpcMutation('shifts.move', CASHIER_QUERIES);
  const form = useSchemaForm(MovementInput, { defaultValues: { kind: 'in', reason: '' } });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const [note, setNote] = useState<string | null>(null);
  const submit = form.handleSubmit((input) =>
    move.mutate(input, {
      onSuccess: (result) => {
        setNote(
          result.warning ??
            `${input.kind === 'in' ? 'Entrada' : 'Salida'} registrada.${result.drawer_opened ? ' Cajón abierto.' : ''}`,
        );
        // Emptied for the next one; an administrator's PIN never stays typed in the field.
        form.reset({ kind: input.kind, reason: '', amount: '' as unknown as number, admin_pin: '' });
      },
    }),
  );
  return (
    <form className="panel" aria-labelledby="shift-move-title" noValidate onSubmit={(event) => void submit(event)}>
      <h2 id="shift-move-title">Entrada o salida de efectivo</h2>
      <div className="form-grid">
        <Field label="Movimiento" error={form.formState.errors.kind?.message}>
          <select {...form.register('kind')}>
            <option value="in">Entrada de efectivo</option>
            <option value="out">Salida de efectivo</option>
          </select>
        </Field>
        <Field label="Valor" error={form.formState.errors.amount?.message}>
          <input inputMode="decimal" {...form.register('amount', { setValueAs: typedNumber })} />
        </Field>
        <Field
          label="Motivo"
          hint="Por ejemplo «pago a proveedor» o «retiro a caja fuerte»."
          error={form.formState.errors.reason?.message}
        >
          <input list="shift-reasons" {...form.register('reason')} />
        </Field>
        {kind === 'out' && !isAdmin && (
          <AdminPinField form={form} label="PIN del administrador" hint="Sacar efectivo lo autoriza un administrador." />
        )}
      </div>
      <datalist id="shift-reasons">
        <option value="Pago a proveedor" />
        <option value="Retiro a caja fuerte" />
        <option value="Cambio para la caja" />
      </datalist>
      {move.isError && <Alert tone="error">{move.error.message}</Alert>}
      {note && !move.isError && <p role="status">{note}</p>}
      <button type="submit" className="button button--secondary" disabled={move.isPending}>
        Registrar
      </button>
    </form>
  );
}
