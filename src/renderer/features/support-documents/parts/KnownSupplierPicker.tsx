import { useFormContext } from 'react-hook-form';
import { useRpcQuery } from '#renderer/rpc/hooks';
import { emptySupplier, type DseFormValues, type SupplierValues } from '../model/form-values';
import { useDseForm } from './form-context';

/** Suppliers of earlier DSE (the local ledger), offered again so their data is not typed twice. */
export function KnownSupplierPicker() {
  const { setValue } = useFormContext<DseFormValues>();
  const { locked } = useDseForm();
  const known = useRpcQuery('dseCatalog.suppliers', { limit: 200 });
  const list = known.data ?? [];
  if (list.length === 0) return null;
  return (
    <label className="dse-known">
      <span className="muted">Proveedor ya usado</span>
      <select
        aria-label="Proveedor ya usado"
        value=""
        disabled={locked}
        onChange={(e) => {
          const chosen = list[Number(e.target.value)];
          if (!chosen) return;
          const p = chosen.proveedor;
          const next: SupplierValues = { ...emptySupplier() };
          for (const key of Object.keys(next) as (keyof SupplierValues)[]) next[key] = p[key] ?? next[key];
          setValue('proveedor', next, { shouldDirty: true, shouldTouch: true });
        }}
      >
        <option value="">Elegir de los usados antes…</option>
        {list.map((s, i) => (
          <option
            key={`${s.proveedor.tipo_documento}-${s.proveedor.nit}`}
            value={i}
          >{`${s.proveedor.nombre} · ${s.proveedor.nit}`}</option>
        ))}
      </select>
    </label>
  );
}
