import { useFormContext, useWatch } from 'react-hook-form';
import { Field } from '#renderer/ui/Field';
import { useDivipola } from '../data/reference-data';
import type { DseFormValues } from '../model/form-values';
import { useDseForm } from './form-context';

/** Department, then municipality, from DIVIPOLA: the names and DANE codes travel together. */
export function MunicipalityPicker() {
  const { control, setValue } = useFormContext<DseFormValues>();
  const { err, locked } = useDseForm();
  const divipola = useDivipola();
  const [deptCode, munCode] = useWatch({ control, name: ['proveedor.codigo_departamento', 'proveedor.codigo_municipio'] });
  const departments = divipola.data ?? [];
  const department = departments.find((d) => d.codigo === deptCode);
  const set = (name: 'codigo_departamento' | 'departamento' | 'codigo_municipio' | 'municipio', value: string) =>
    setValue(`proveedor.${name}`, value, { shouldDirty: true, shouldTouch: true });
  if (divipola.isError) {
    return (
      <p className="field__error">No se pudo cargar la lista de municipios (DIVIPOLA). Cierre y vuelva a abrir la pantalla.</p>
    );
  }
  return (
    <>
      <Field label="Departamento" error={err('proveedor.codigo_departamento') ?? err('proveedor.departamento')}>
        <select
          value={deptCode}
          disabled={locked || divipola.isPending}
          onChange={(e) => {
            const d = departments.find((x) => x.codigo === e.target.value);
            set('codigo_departamento', d?.codigo ?? '');
            set('departamento', d?.nombre ?? '');
            set('codigo_municipio', '');
            set('municipio', '');
          }}
        >
          <option value="">{divipola.isPending ? 'Cargando…' : 'Seleccione…'}</option>
          {departments.map((d) => (
            <option key={d.codigo} value={d.codigo}>{`${d.nombre} (${d.codigo})`}</option>
          ))}
        </select>
      </Field>
      <Field label="Municipio" error={err('proveedor.codigo_municipio') ?? err('proveedor.municipio')}>
        <select
          value={munCode}
          disabled={locked || !department}
          onChange={(e) => {
            const m = department?.municipios.find(([code]) => code === e.target.value);
            set('codigo_municipio', m?.[0] ?? '');
            set('municipio', m?.[1] ?? '');
          }}
        >
          <option value="">{department ? 'Seleccione…' : 'Elija primero el departamento'}</option>
          {department?.municipios.map(([code, name]) => (
            <option key={code} value={code}>{`${name} (${code})`}</option>
          ))}
        </select>
      </Field>
    </>
  );
}
