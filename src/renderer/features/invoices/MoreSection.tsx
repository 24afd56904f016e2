// Observaciones (up to 4000 characters, "Limits") and the contingency flag.
import { useFormContext, useWatch } from 'react-hook-form';
import { LIMITS } from '../../../shared/api/common';
import { Field } from '../../ui/Field';
import { Section } from '../../ui/Section';
import type { FeFormValues } from './model';

const count = new Intl.NumberFormat('es-CO');

export function MoreSection() {
  const { register, control, formState } = useFormContext<FeFormValues>();
  const [observaciones, contingencia] = useWatch({ control, name: ['observaciones', 'es_contingencia'] });
  const over = observaciones.length > LIMITS.observacionesMax;
  return (
    <Section title="Observaciones y contingencia" summary={contingencia ? 'Factura de contingencia' : undefined}>
      <Field
        label="Observaciones"
        error={formState.errors.observaciones?.message}
        hint={
          <span className={over ? 'counter counter--over' : 'counter'} data-testid="observaciones-counter">
            {count.format(observaciones.length)} / {count.format(LIMITS.observacionesMax)} caracteres
          </span>
        }
      >
        <textarea rows={3} {...register('observaciones')} />
      </Field>
      <label className="check">
        <input type="checkbox" {...register('es_contingencia')} /> Factura de contingencia (se expidió cuando no se podía enviar a
        la DIAN)
      </label>
    </Section>
  );
}
