// Payment ("FE payment"): form (contado/crédito), the method from the company's catalog (active ones,
// the default preselected, never a hard-coded id), its means code, the due date for crédito only.
import { useEffect } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { formatDate } from '#shared/dates';
import type { PaymentMethod } from '#shared/api/fe';
import { Alert } from '#renderer/ui/Alert';
import { DateField } from '#renderer/ui/DateField';
import { Field } from '#renderer/ui/Field';
import { CashChange } from '../counter/CashChange';
import { cashPart } from '../counter/sale-payments';
import { SplitPayment } from '../counter/SplitPayment';
import type { FeFormValues } from './model';

export function methodsFor(methods: readonly PaymentMethod[], form: 'contado' | 'credito'): PaymentMethod[] {
  return methods.filter((m) => m.is_active && m.payment_form === form);
}

export function PaymentSection({
  methods,
  loadError,
  onRetry,
}: {
  methods: readonly PaymentMethod[] | undefined;
  loadError: string | null;
  /** Asks the service for the list again (a brand-new connection with no local copy yet). */
  onRetry?: () => void;
}) {
  const { register, setValue, getValues, resetField, control } = useFormContext<FeFormValues>();
  const formErrors = useFormState({ control, name: ['payment', 'fecha_emision'] }).errors;
  const errors = formErrors.payment;
  const [form, methodId, contingencia, fechaEmision, currency, split] = useWatch({
    control,
    name: [
      'payment.form',
      'payment.method_id',
      'es_contingencia',
      'fecha_emision',
      'currency.commercial_currency',
      'payment.split',
    ],
  });
  const splitting = split.length > 0;
  const cashInSplit = methods ? cashPart({ ...getValues('payment'), split }, methods) : null;
  const offered = methods ? methodsFor(methods, form) : [];
  const chosen = offered.find((m) => String(m.id) === methodId);

  // Keep the method consistent with the form: preselect the company's default for that form. The
  // preselection is the field's opening value, not the user's change (resetField, not setValue): with
  // the form's values still equal to their opening ones elsewhere, a field typed back to its opening
  // value does not make the form library recompute every field's dirty state (3 ms per key at 200 lines).
  useEffect(() => {
    if (!methods) return;
    const list = methodsFor(methods, form);
    if (list.some((m) => String(m.id) === getValues('payment.method_id'))) return;
    const preferred = list.find((m) => m.is_default) ?? list[0];
    resetField('payment.method_id', { defaultValue: preferred ? String(preferred.id) : '' });
  }, [methods, form, getValues, resetField]);

  useEffect(() => {
    if (form === 'contado' && getValues('payment.due_date') !== '') setValue('payment.due_date', '');
    // A sale on credit receives nothing at the counter.
    if (form === 'credito' && getValues('payment.split').length > 0) setValue('payment.split', []);
  }, [form, getValues, setValue]);

  return (
    <fieldset className="panel invoice-payment">
      <legend>Pago y fecha</legend>
      <div className="form-grid">
        <Field label="Forma de pago" error={errors?.form?.message}>
          <select {...register('payment.form')}>
            <option value="contado">Contado</option>
            <option value="credito">Crédito</option>
          </select>
        </Field>
        <Field
          label="Medio de pago"
          error={errors?.method_id?.message}
          hint={
            splitting
              ? 'Con varios medios, la factura lleva el de mayor valor'
              : chosen
                ? `Código del medio: ${chosen.payment_means_code} — ${chosen.payment_means_name}`
                : undefined
          }
        >
          <select {...register('payment.method_id')} disabled={!methods || splitting}>
            {!methods && <option value="">{loadError ? 'Sin la lista de medios de pago' : 'Cargando medios de pago…'}</option>}
            {methods && offered.length === 0 && <option value="">La empresa no tiene medios activos para esta forma</option>}
            {offered.map((m) => (
              <option key={m.id} value={String(m.id)}>
                {m.label}
                {m.is_default ? ' (predeterminado)' : ''}
              </option>
            ))}
          </select>
        </Field>
        <DateField
          control={control}
          name="payment.due_date"
          label="Fecha de vencimiento"
          error={errors?.due_date?.message}
          hint={form === 'contado' ? 'Solo para pagos a crédito' : 'dd/mm/aaaa'}
          disabled={form === 'contado'}
        />
        {contingencia ? (
          <DateField
            control={control}
            name="fecha_emision"
            label="Fecha de emisión"
            error={formErrors.fecha_emision?.message}
            hint="Factura de contingencia: puede llevar una fecha anterior"
          />
        ) : (
          <Field
            label="Fecha de emisión"
            error={formErrors.fecha_emision?.message}
            hint="Hoy en Colombia (la DIAN exige la fecha del envío)"
          >
            <input type="text" readOnly value={formatDate(fechaEmision)} />
          </Field>
        )}
      </div>
      {/* Paid on the spot in pesos: by several means, and for cash (means code 10) what was received and the change. */}
      {form === 'contado' && currency === 'COP' && methods && <SplitPayment offered={offered} />}
      {form === 'contado' && currency === 'COP' && !splitting && chosen?.payment_means_code === '10' && <CashChange />}
      {form === 'contado' && currency === 'COP' && splitting && cashInSplit && <CashChange cashDue={cashInSplit} />}
      {loadError && (
        <Alert tone="error">
          No se pudieron cargar los medios de pago de la empresa: {loadError}{' '}
          {onRetry && (
            <button type="button" className="button button--secondary" onClick={onRetry}>
              Intentar de nuevo
            </button>
          )}
        </Alert>
      )}
    </fieldset>
  );
}
