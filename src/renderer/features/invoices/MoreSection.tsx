// Observaciones (up to 4000 characters, "Limits") and the contingency flag. A contingency invoice typed
// after the sale names the paper ticket it replaces: its number in the shop's contingency numbering
// (Datos del emisor) and the time of the sale, sent as the reference line (docs/CLIENT-DECISIONS.md,
// "Contingency").
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { LIMITS } from '#shared/api/common';
import { formatDate } from '#shared/dates';
import { useRpcQuery } from '#renderer/rpc/hooks';
import { Alert } from '#renderer/ui/Alert';
import { Field } from '#renderer/ui/Field';
import { Section } from '#renderer/ui/Section';
import type { FeFormValues } from './model';
import { formatInteger } from '#shared/format';

export function MoreSection() {
  const { register, control } = useFormContext<FeFormValues>();
  const { errors } = useFormState({ control, name: ['observaciones', 'es_contingencia'] });
  const [observaciones, contingencia] = useWatch({ control, name: ['observaciones', 'es_contingencia'] });
  const over = observaciones.length > LIMITS.observacionesMax;
  return (
    <Section title="Observaciones y contingencia" summary={contingencia ? 'Factura de contingencia' : undefined}>
      <Field
        label="Observaciones"
        error={errors.observaciones?.message}
        hint={
          <span className={over ? 'counter counter--over' : 'counter'} data-testid="observaciones-counter">
            {formatInteger(observaciones.length)} / {formatInteger(LIMITS.observacionesMax)} caracteres
          </span>
        }
      >
        <textarea rows={3} {...register('observaciones')} />
      </Field>
      <label className="check">
        <input type="checkbox" {...register('es_contingencia')} /> Factura de contingencia (se expidió cuando no se podía enviar a
        la DIAN)
      </label>
      {errors.es_contingencia?.message ? (
        <p className="field__error" role="alert">
          {errors.es_contingencia.message}
        </p>
      ) : null}
      {contingencia ? <ContingencyTicketFields /> : null}
    </Section>
  );
}

function ContingencyTicketFields() {
  const { register, control } = useFormContext<FeFormValues>();
  const { errors } = useFormState({ control, name: 'contingencia' });
  const issuer = useRpcQuery('history.issuer', {});
  const numbering = issuer.data?.contingencia ?? null;
  if (issuer.isPending) return null;
  if (!numbering) {
    return (
      <Alert tone="warn">
        Una factura de contingencia lleva el número del talonario de contingencia con que se vendió. Configure primero la
        numeración de contingencia en Ajustes › Datos del emisor.
      </Alert>
    );
  }
  return (
    <div className="form-grid">
      <Field
        label="Número del talonario"
        error={errors.contingencia?.talonario?.message}
        hint={`Del ${numbering.prefijo}${formatInteger(numbering.rango_desde)} al ${numbering.prefijo}${formatInteger(numbering.rango_hasta)} · resolución ${numbering.numero}, vigente hasta el ${formatDate(numbering.hasta)}`}
      >
        <input inputMode="numeric" autoComplete="off" {...register('contingencia.talonario')} />
      </Field>
      <Field label="Hora de la venta" error={errors.contingencia?.hora?.message}>
        <input type="time" {...register('contingencia.hora')} />
      </Field>
    </div>
  );
}
