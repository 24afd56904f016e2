// AIU ("AIU"): administración, imprevistos and utilidad as percentages of the contract base, with
// the amounts the shared calculation gives.
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { Field } from '#renderer/ui/Field';
import { Money } from '#renderer/ui/Money';
import { Section } from '#renderer/ui/Section';
import { useLiveTotals } from './live-totals';
import type { FeFormValues } from './model';

export function AiuSection() {
  const { register, control } = useFormContext<FeFormValues>();
  const aiu = useLiveTotals((live) => live.totals.aiu);
  const currency = useLiveTotals((live) => live.totals.currency);
  const enabled = useWatch({ control, name: 'aiu.enabled' });
  const errors = useFormState({ control, name: 'aiu' }).errors.aiu;
  return (
    <Section
      title="AIU (administración, imprevistos y utilidad)"
      summary={enabled ? 'Activo' : 'Para contratos de obra o servicios con AIU'}
    >
      <label className="check">
        <input type="checkbox" {...register('aiu.enabled')} /> Esta factura lleva AIU
      </label>
      {enabled && (
        <>
          <div className="form-grid">
            <Field label="Base del contrato" error={errors?.contract_base?.message} hint="Vacía: el subtotal de las líneas">
              <input type="text" inputMode="decimal" {...register('aiu.contract_base')} />
            </Field>
            <Field label="Administración (%)" error={errors?.administracion_percent?.message}>
              <input type="text" inputMode="decimal" {...register('aiu.administracion_percent')} />
            </Field>
            <Field label="Imprevistos (%)" error={errors?.imprevistos_percent?.message}>
              <input type="text" inputMode="decimal" {...register('aiu.imprevistos_percent')} />
            </Field>
            <Field label="Utilidad (%)" error={errors?.utilidad_percent?.message}>
              <input type="text" inputMode="decimal" {...register('aiu.utilidad_percent')} />
            </Field>
            <Field label="IVA del AIU (%)" error={errors?.tax_rate?.message}>
              <input type="text" inputMode="decimal" {...register('aiu.tax_rate')} />
            </Field>
            <Field label="Base del IVA" error={errors?.iva_base_mode?.message}>
              <select {...register('aiu.iva_base_mode')}>
                <option value="AIU_TOTAL">Total del AIU</option>
                <option value="UTILIDAD">Solo la utilidad</option>
              </select>
            </Field>
          </div>
          {aiu && (
            <dl className="aiu-amounts">
              <dt>Base</dt>
              <dd>
                <Money value={aiu.contractBase} currency={currency} />
              </dd>
              <dt>Administración</dt>
              <dd data-testid="aiu-a">
                <Money value={aiu.administracion} currency={currency} />
              </dd>
              <dt>Imprevistos</dt>
              <dd data-testid="aiu-i">
                <Money value={aiu.imprevistos} currency={currency} />
              </dd>
              <dt>Utilidad</dt>
              <dd data-testid="aiu-u">
                <Money value={aiu.utilidad} currency={currency} />
              </dd>
              <dt>IVA del AIU</dt>
              <dd data-testid="aiu-tax">
                <Money value={aiu.tax} currency={currency} />
              </dd>
            </dl>
          )}
        </>
      )}
    </Section>
  );
}
