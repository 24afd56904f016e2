import { useFormContext, useWatch } from 'react-hook-form';
import { nitCheckDigit } from '#shared/fiscal/nit';
import { Field } from '#renderer/ui/Field';
import type { DseFormValues } from '../model/form-values';
import { ID_TYPES, REGIMES, TAX_SCHEMES } from '../model/catalogs';
import { useDseForm } from './form-context';
import { KnownSupplierPicker } from './KnownSupplierPicker';
import { MunicipalityPicker } from './MunicipalityPicker';

export function SupplierSection() {
  const { register, control } = useFormContext<DseFormValues>();
  const { err } = useDseForm();
  const [tipo, nit] = useWatch({ control, name: ['proveedor.tipo_documento', 'proveedor.nit'] });
  const digits = nit.trim();
  const computedDv = tipo === '31' && /^\d{1,15}$/.test(digits) ? nitCheckDigit(digits) : null;
  return (
    <section className="panel dse-section" aria-labelledby="dse-supplier">
      <div className="dse-section__head">
        <h2 id="dse-supplier">Proveedor</h2>
        <KnownSupplierPicker />
      </div>
      <div className="form-grid">
        <Field label="Tipo de identificación" error={err('proveedor.tipo_documento')}>
          <select {...register('proveedor.tipo_documento')}>
            {ID_TYPES.map((t) => (
              <option key={t.code} value={t.code}>{`${t.code} · ${t.label}`}</option>
            ))}
          </select>
        </Field>
        <Field
          label="Número de identificación"
          error={err('proveedor.nit')}
          hint={tipo === '31' ? 'Sin puntos, guiones ni dígito de verificación' : undefined}
        >
          <input {...register('proveedor.nit')} inputMode="numeric" autoComplete="off" />
        </Field>
        {tipo === '31' && (
          <Field
            label="Dígito de verificación"
            error={err('proveedor.dv')}
            hint={computedDv === null ? 'Se calcula con el NIT' : `Calculado: ${computedDv}`}
          >
            <input
              {...register('proveedor.dv')}
              inputMode="numeric"
              maxLength={1}
              placeholder={computedDv ?? ''}
              className="dse-input--short"
            />
          </Field>
        )}
        <Field label="Nombre o razón social" error={err('proveedor.nombre')}>
          <input {...register('proveedor.nombre')} autoComplete="off" />
        </Field>
        <Field label="Nombre comercial" error={err('proveedor.nombre_comercial')} hint="Si lo deja vacío, se usa el nombre">
          <input {...register('proveedor.nombre_comercial')} autoComplete="off" />
        </Field>
        <Field label="Régimen" error={err('proveedor.regimen')}>
          <select {...register('proveedor.regimen')}>
            {REGIMES.map((r) => (
              <option key={r.code} value={r.code}>{`${r.code} · ${r.label}`}</option>
            ))}
          </select>
        </Field>
        <Field label="Esquema tributario" error={err('proveedor.dian_tax_scheme_code')}>
          <select {...register('proveedor.dian_tax_scheme_code')}>
            {TAX_SCHEMES.map((r) => (
              <option key={r.code} value={r.code}>{`${r.code} · ${r.label}`}</option>
            ))}
          </select>
        </Field>
        <Field label="Dirección" error={err('proveedor.direccion')}>
          <input {...register('proveedor.direccion')} autoComplete="off" />
        </Field>
        <MunicipalityPicker />
        <Field label="País" error={err('proveedor.pais')} hint="Código ISO de dos letras">
          <input {...register('proveedor.pais')} maxLength={2} className="dse-input--short" />
        </Field>
        <Field label="Correo electrónico" error={err('proveedor.email')}>
          <input {...register('proveedor.email')} type="email" autoComplete="off" />
        </Field>
        <Field label="Teléfono" error={err('proveedor.telefono')}>
          <input {...register('proveedor.telefono')} inputMode="tel" autoComplete="off" />
        </Field>
        <Field label="Código postal" error={err('proveedor.codigo_postal')}>
          <input {...register('proveedor.codigo_postal')} inputMode="numeric" autoComplete="off" />
        </Field>
      </div>
    </section>
  );
}
