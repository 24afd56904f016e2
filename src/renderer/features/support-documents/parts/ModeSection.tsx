import { useFormContext, useWatch } from 'react-hook-form';
import { daysBetween, formatDate } from '#shared/dates';
import type { DseFormValues } from '../model/form-values';
import { DateField } from './DateField';
import { useDseForm } from './form-context';

/** forma_generacion: per operation (dated today in Colombia) or weekly accumulated (a period of at most 7 days). */
export function ModeSection() {
  const { register, control } = useFormContext<DseFormValues>();
  const { err, today } = useDseForm();
  const [mode, start, end] = useWatch({ control, name: ['forma_generacion', 'fecha_inicio_periodo', 'fecha_fin_periodo'] });
  const days = start && end && start <= end ? daysBetween(start, end) + 1 : null;
  return (
    <section className="panel dse-section" aria-labelledby="dse-mode">
      <h2 id="dse-mode">Forma de generación</h2>
      <div className="dse-radios" role="radiogroup" aria-label="Forma de generación">
        <label>
          <input type="radio" value="1" {...register('forma_generacion')} /> Por operación
        </label>
        <label>
          <input type="radio" value="2" {...register('forma_generacion')} /> Acumulado semanal
        </label>
      </div>
      <p className="dse-fixed">
        Fecha del documento: <strong data-testid="dse-fecha-documento">{formatDate(today)}</strong>{' '}
        <span className="muted">(hoy en Colombia; la DIAN exige la fecha del envío)</span>
      </p>
      {err('fecha_documento') && (
        <p className="field__error" role="alert">
          {err('fecha_documento')}
        </p>
      )}
      {mode === '2' && (
        <div className="form-grid">
          <DateField name="fecha_inicio_periodo" label="Inicio del periodo" error={err('fecha_inicio_periodo')} />
          <DateField
            name="fecha_fin_periodo"
            label="Fin del periodo"
            error={err('fecha_fin_periodo')}
            hint={
              days !== null
                ? `${days} ${days === 1 ? 'día' : 'días'} de máximo 7; el fin no puede ser posterior a ${formatDate(today)}`
                : 'Máximo 7 días calendario, sin pasar de la fecha del documento'
            }
          />
        </div>
      )}
    </section>
  );
}
