// Currency ("Currency"): COP by default; USD with the applied rate, the official TRM and its date.
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { DateField } from '#renderer/ui/DateField';
import { Field } from '#renderer/ui/Field';
import { Section } from '#renderer/ui/Section';
import type { FeFormValues } from './model';

export function CurrencySection() {
  const { register, control } = useFormContext<FeFormValues>();
  const currency = useWatch({ control, name: 'currency.commercial_currency' });
  const errors = useFormState({ control, name: 'currency' }).errors.currency;
  return (
    <Section title="Moneda" summary={currency === 'USD' ? 'Dólares (USD)' : 'Pesos colombianos (COP)'}>
      <div className="form-grid">
        <Field label="Moneda de la factura" error={errors?.commercial_currency?.message}>
          <select {...register('currency.commercial_currency')}>
            <option value="COP">Pesos colombianos (COP)</option>
            <option value="USD">Dólares (USD)</option>
          </select>
        </Field>
        {currency === 'USD' && (
          <>
            <Field
              label="Tasa aplicada (COP por USD)"
              error={errors?.applied_rate?.message}
              hint="Con la que se convierten los totales a pesos"
            >
              <input type="text" inputMode="decimal" {...register('currency.applied_rate')} />
            </Field>
            <Field label="TRM oficial" error={errors?.official_trm?.message} hint="La del Banco de la República para esa fecha">
              <input type="text" inputMode="decimal" {...register('currency.official_trm')} />
            </Field>
            <DateField
              control={control}
              name="currency.rate_date"
              label="Fecha de la TRM"
              error={errors?.rate_date?.message}
              hint="dd/mm/aaaa"
            />
          </>
        )}
      </div>
      {currency === 'USD' && (
        <p className="muted">Los valores de las líneas se escriben en dólares; los totales se muestran en dólares y en pesos.</p>
      )}
    </Section>
  );
}
