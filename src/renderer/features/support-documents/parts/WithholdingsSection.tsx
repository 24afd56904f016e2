import { useFieldArray, useFormContext } from 'react-hook-form';
import { DSE_WITHHOLDINGS } from '#shared/dse/index';
import { Field } from '#renderer/ui/Field';
import { Money } from '#renderer/ui/Money';
import { BASE_MODE_LABELS, WITHHOLDING_RULES } from '../model/catalogs';
import { emptyWithholding, type DseFormValues } from '../model/form-values';
import { useDseForm } from './form-context';

const percentText = (value: { toFixed(n: number): string }) => `${value.toFixed(2).replace('.', ',')} %`;

/** retenciones: ReteIVA 05, ReteRenta 06, ReteICA 07, previewed live and checked with the contract's nine rules. */
export function WithholdingsSection() {
  const { register, control } = useFormContext<DseFormValues>();
  const { err, validation, locked } = useDseForm();
  const { fields, append, remove } = useFieldArray({ control, name: 'retenciones' });
  const { preview, brokenRules } = validation;
  return (
    <section className="panel dse-section" aria-labelledby="dse-withholdings">
      <div className="dse-section__head">
        <h2 id="dse-withholdings">Retenciones</h2>
        {!locked &&
          DSE_WITHHOLDINGS.map((w) => (
            <button
              key={w.code}
              type="button"
              className="button button--secondary"
              onClick={() => append(emptyWithholding(w.code))}
            >
              {`+ ${w.name} (${w.code})`}
            </button>
          ))}
      </div>
      {fields.length === 0 && <p className="muted">Sin retenciones: el neto a pagar es el total.</p>}
      {fields.map((field, row) => {
        const p = preview.withholdings[row];
        const at = `retenciones.${row}`;
        return (
          <div key={field.id} className="dse-withholding" data-testid={`dse-withholding-${row}`}>
            <label className="dse-check">
              <input type="checkbox" {...register(`retenciones.${row}.enabled`)} /> Aplicar
            </label>
            <Field label="Retención" error={err(`${at}.code`)}>
              <select {...register(`retenciones.${row}.code`)}>
                <option value="">Seleccione…</option>
                {DSE_WITHHOLDINGS.map((w) => (
                  <option key={w.code} value={w.code}>{`${w.code} · ${w.name}`}</option>
                ))}
              </select>
            </Field>
            <Field label="Base" error={err(`${at}.base_mode`)}>
              <select {...register(`retenciones.${row}.base_mode`)}>
                {Object.entries(BASE_MODE_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </Field>
            <Field label="Base manual (opcional)" error={err(`${at}.base_amount`)}>
              <input inputMode="decimal" autoComplete="off" {...register(`retenciones.${row}.base_amount`)} />
            </Field>
            <Field label="Porcentaje" error={err(`${at}.percent`)}>
              <input inputMode="decimal" autoComplete="off" {...register(`retenciones.${row}.percent`)} />
            </Field>
            <Field label="Valor" error={err(`${at}.amount`)}>
              <input inputMode="decimal" autoComplete="off" {...register(`retenciones.${row}.amount`)} />
            </Field>
            {!locked ? (
              <button
                type="button"
                className="button button--secondary dse-icon"
                aria-label={`Quitar retención ${row + 1}`}
                onClick={() => remove(row)}
              >
                ✕
              </button>
            ) : (
              <span />
            )}
            <div className="dse-withholding__preview" aria-live="polite">
              {!p?.enabled ? (
                <span className="muted">No se aplica (desactivada)</span>
              ) : p.value ? (
                <>
                  <span>
                    Base <Money value={p.value.base} testId={`dse-withholding-${row}-base`} />
                  </span>
                  <span>{percentText(p.value.percent)}</span>
                  <strong>
                    Valor <Money value={p.value.amount} testId={`dse-withholding-${row}-value`} />
                  </strong>
                </>
              ) : (
                <span className="muted">Sin valor hasta corregir</span>
              )}
            </div>
          </div>
        );
      })}
      {err('retenciones') && (
        <p className="field__error" role="alert">
          {err('retenciones')}
        </p>
      )}
      {fields.length > 0 && (
        <details className="dse-rules" open={brokenRules.size > 0}>
          <summary>
            Reglas de las retenciones{' '}
            {brokenRules.size > 0 ? (
              <span className="badge badge--error">{`${brokenRules.size} sin cumplir`}</span>
            ) : (
              <span className="badge badge--ok">se cumplen</span>
            )}
          </summary>
          <ol>
            {WITHHOLDING_RULES.map((rule, i) => (
              <li
                key={rule}
                className={brokenRules.has(i + 1) ? 'dse-rule--broken' : undefined}
                data-testid={`dse-rule-${i + 1}`}
              >
                {rule} {brokenRules.has(i + 1) && <strong>No se cumple.</strong>}
              </li>
            ))}
          </ol>
        </details>
      )}
    </section>
  );
}
