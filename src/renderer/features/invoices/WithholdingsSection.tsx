// Withholdings ("FE withholdings"): only the types configured for this connection; an honest empty
// state otherwise. Amounts are shown when the base mode is one the shared calculation knows.
import { useState } from 'react';
import { useFieldArray, useFormContext, useFormState } from 'react-hook-form';
import { Alert } from '#renderer/ui/Alert';
import { Field } from '#renderer/ui/Field';
import { Money } from '#renderer/ui/Money';
import { Section } from '#renderer/ui/Section';
import { useLiveTotals } from './live-totals';
import type { FeFormValues, WithholdingTypes } from './model';
import { WithholdingTypesEditor } from './WithholdingTypesEditor';

interface Props {
  types: WithholdingTypes | undefined;
  loadError: string | null;
}

export function WithholdingsSection({ types, loadError }: Props) {
  const { control, register } = useFormContext<FeFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'withholdings' });
  const [editing, setEditing] = useState(false);
  const errors = useFormState({ control, name: 'withholdings' }).errors.withholdings;
  const configured = types ?? [];

  return (
    <Section title="Retenciones" summary={fields.length > 0 ? `${fields.length} retención(es)` : 'Ninguna'}>
      {loadError && <Alert tone="error">No se pudieron leer los tipos de retención guardados: {loadError}</Alert>}
      {editing ? (
        <WithholdingTypesEditor initial={configured} onDone={() => setEditing(false)} />
      ) : configured.length === 0 ? (
        <div className="empty-state">
          <p>
            Aún no hay tipos de retención configurados para esta conexión. El servicio no publica la lista: los tipos válidos
            dependen de la configuración de facturación de su empresa en el proveedor. Si su empresa practica retenciones en las
            facturas, agréguelos tal como aparecen allí; si no, no necesita hacer nada.
          </p>
          <button type="button" className="button button--secondary" onClick={() => setEditing(true)}>
            Configurar tipos de retención
          </button>
        </div>
      ) : (
        <>
          {fields.map((field, index) => {
            const type = configured.find((t) => t.type === field.type);
            return (
              <div className="withholding-row" key={field.id}>
                <Field label={`Tipo, retención ${index + 1}`} error={errors?.[index]?.type?.message}>
                  <select {...register(`withholdings.${index}.type`)}>
                    <option value="">Elija…</option>
                    {configured.map((t) => (
                      <option key={t.type} value={t.type}>
                        {t.label} ({t.type})
                      </option>
                    ))}
                  </select>
                </Field>
                <Field label={`Porcentaje, retención ${index + 1}`} error={errors?.[index]?.percent?.message}>
                  <input type="text" inputMode="decimal" {...register(`withholdings.${index}.percent`)} />
                </Field>
                <div className="withholding-row__amount">
                  <WithholdingAmount type={field.type} baseMode={type?.base_mode} />
                </div>
                <button
                  type="button"
                  className="icon-button icon-button--danger"
                  aria-label={`Quitar retención ${index + 1}`}
                  onClick={() => remove(index)}
                >
                  ✕
                </button>
              </div>
            );
          })}
          <div className="button-row">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => append({ type: configured[0]?.type ?? '', percent: '' })}
            >
              Agregar retención
            </button>
            <button type="button" className="button button--secondary" onClick={() => setEditing(true)}>
              Editar tipos de retención
            </button>
          </div>
        </>
      )}
    </Section>
  );
}

/**
 * The computed base and amount of one withholding. Its own component, reading the live totals: the
 * section's inputs do not render again on every keystroke elsewhere in the invoice.
 */
function WithholdingAmount({ type, baseMode }: { type: string; baseMode: string | undefined }) {
  const withholdings = useLiveTotals((live) => live.totals.withholdings);
  const currency = useLiveTotals((live) => live.totals.currency);
  const amount = withholdings.find((w) => w.type === type);
  if (amount)
    return (
      <>
        Base <Money value={amount.base} currency={currency} /> · Retención <Money value={amount.amount} currency={currency} />
      </>
    );
  return baseMode ? <span className="muted">Base «{baseMode}»: la calcula el proveedor.</span> : null;
}
