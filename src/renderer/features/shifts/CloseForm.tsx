// The close: the cash counted by denomination, the counted total and its difference with the
// expected cash shown as it is typed, and the administrator's PIN when there is a difference.
import { useWatch } from 'react-hook-form';
import { denominationLabel, differenceLabel } from '#shared/print/shift-close-ticket';
import { dec, formatCop } from '#shared/money';
import { CloseInput, type Shift } from '#shared/rpc/methods/shifts';
import { cashDifference, countedCash, DENOMINATIONS } from '#shared/shifts/cash-count';
import { errorOf, typedNumber, useSchemaForm } from '#renderer/forms/useSchemaForm';
import { useRpcMutation } from '#renderer/rpc/hooks';
import { Alert } from '#renderer/ui/Alert';
import { Field } from '#renderer/ui/Field';
import { CASHIER_QUERIES } from '../cashiers/useCashier';
import { OfflineLock } from '#renderer/shell/OfflineLock';
import { AdminPinField } from './AdminPinField';

const zeroCounts = () => Object.fromEntries(DENOMINATIONS.map((d) => [d.key, 0]));

export function CloseForm({ shift, isAdmin, onClosed }: { shift: Shift; isAdmin: boolean; onClosed: (shift: Shift) => void }) {
  const close = useRpcMutation('shifts.close', CASHIER_QUERIES);
  const form = useSchemaForm(CloseInput, { defaultValues: { counts: zeroCounts() } });
  const counts = useWatch({ control: form.control, name: 'counts' }) as Record<string, unknown>;
  const clean = Object.fromEntries(
    DENOMINATIONS.map((d) => {
      const n = typedNumber(counts?.[d.key]);
      return [d.key, n !== undefined && Number.isInteger(n) && n >= 0 ? n : 0];
    }),
  );
  const counted = countedCash(clean);
  const difference = cashDifference(counted, shift.expected_cash);
  const hasDifference = !dec(difference).isZero();
  // Not mutate's own onSuccess: the close makes the open shift stale, this form unmounts with it,
  // and React Query drops an unmounted caller's callbacks, so the closed shift would never show.
  const submit = form.handleSubmit((input) =>
    close
      .mutateAsync({ counts: input.counts, ...(input.admin_pin ? { admin_pin: input.admin_pin } : {}) })
      .then(onClosed, () => undefined),
  );
  return (
    <form className="panel shift-close" aria-labelledby="shift-close-title" noValidate onSubmit={(event) => void submit(event)}>
      <h2 id="shift-close-title">Cerrar turno: conteo del efectivo</h2>
      <OfflineLock method="shifts.close">
        <div className="shift-close__grid">
          {DENOMINATIONS.map((d) => (
            <Field key={d.key} label={denominationLabel(d)} error={errorOf(form.formState.errors, `counts.${d.key}`)}>
              <input inputMode="numeric" {...form.register(`counts.${d.key}`, { setValueAs: typedNumber })} />
            </Field>
          ))}
        </div>
        <dl className="shift-figures" aria-label="Resultado del conteo">
          <dt>Esperado en caja</dt>
          <dd data-testid="close-expected">{formatCop(shift.expected_cash)}</dd>
          <dt>Contado</dt>
          <dd data-testid="close-counted">{formatCop(counted)}</dd>
          <dt>{differenceLabel(difference)}</dt>
          <dd data-testid="close-difference" className={hasDifference ? 'shift-figures__warn' : ''}>
            {formatCop(dec(difference).abs())}
          </dd>
        </dl>
        {hasDifference && !isAdmin && (
          <AdminPinField
            form={form}
            label="PIN del administrador que acepta la diferencia"
            hint="Un cierre con faltante o sobrante lo acepta un administrador."
          />
        )}
        {close.isError && <Alert tone="error">{close.error.message}</Alert>}
        <button type="submit" className="button" disabled={close.isPending}>
          {hasDifference ? 'Cerrar turno con la diferencia' : 'Cerrar turno'}
        </button>
      </OfflineLock>
    </form>
  );
}
