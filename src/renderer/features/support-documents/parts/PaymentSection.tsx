import { useFormContext, useWatch } from 'react-hook-form';
import { formatDate } from '#shared/dates';
import { Field } from '#renderer/ui/Field';
import { labelOf, PAYMENT_MEANS } from '../model/catalogs';
import type { DseFormValues } from '../model/form-values';
import { DateField } from './DateField';
import { useDseForm } from './form-context';

export function PaymentSection() {
  const { register, control } = useFormContext<DseFormValues>();
  const { err, today } = useDseForm();
  const [form, means] = useWatch({ control, name: ['forma_pago', 'medio_pago_codigo'] });
  const meansLabel = labelOf(PAYMENT_MEANS, means.trim());
  return (
    <section className="panel dse-section" aria-labelledby="dse-payment">
      <h2 id="dse-payment">Pago</h2>
      <div className="dse-radios" role="radiogroup" aria-label="Forma de pago">
        <label>
          <input type="radio" value="1" {...register('forma_pago')} /> Contado
        </label>
        <label>
          <input type="radio" value="2" {...register('forma_pago')} /> Crédito
        </label>
      </div>
      <div className="form-grid">
        {form === '1' ? (
          <div className="field">
            <span className="field__label">Fecha de vencimiento</span>
            <span className="dse-fixed" data-testid="dse-vencimiento-contado">
              {formatDate(today)} <span className="muted">(en contado es la fecha del documento)</span>
            </span>
          </div>
        ) : (
          <DateField
            name="fecha_vencimiento"
            label="Fecha de vencimiento"
            error={err('fecha_vencimiento')}
            hint="No puede ser anterior a la fecha del documento"
          />
        )}
        <Field
          label="Medio de pago"
          error={err('medio_pago_codigo')}
          hint={meansLabel ?? (means.trim() ? 'Código sin nombre en la lista' : 'Código de 1 a 3 dígitos')}
        >
          <input list="dse-payment-means" inputMode="numeric" maxLength={3} {...register('medio_pago_codigo')} />
        </Field>
        <datalist id="dse-payment-means">
          {PAYMENT_MEANS.map((m) => (
            <option key={m.code} value={m.code} label={`${m.code} · ${m.label}`} />
          ))}
        </datalist>
        <DateField
          name="fecha_vencimiento_contable"
          label="Vencimiento contable (opcional)"
          error={err('fecha_vencimiento_contable')}
          hint="No puede ser anterior a la fecha del documento"
        />
      </div>
    </section>
  );
}
