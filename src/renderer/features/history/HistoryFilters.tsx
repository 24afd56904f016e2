import { useEffect, useState } from 'react';
import { STATE_FILTER_OPTIONS } from './labels';
import type { FilterForm } from './filter-state';

const TEXT_DELAY_MS = 250;

/** Filters of the list. Text fields apply after a short pause in typing; the rest at once. */
export function HistoryFilters({ value, onChange }: { value: FilterForm; onChange: (next: FilterForm) => void }) {
  const [q, setQ] = useState(value.q);
  const [counterpart, setCounterpart] = useState(value.counterpart);
  useEffect(() => {
    if (q === value.q && counterpart === value.counterpart) return;
    const timer = setTimeout(() => onChange({ ...value, q, counterpart }), TEXT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [q, counterpart, value, onChange]);

  return (
    <form
      className="history-filters"
      role="search"
      aria-label="Buscar y filtrar documentos"
      onSubmit={(event) => event.preventDefault()}
    >
      <label className="field history-filters__search">
        <span>Buscar</span>
        <input
          type="search"
          value={q}
          placeholder="Número, CUFE/CUDS, cliente o proveedor, NIT, producto…"
          onChange={(event) => setQ(event.target.value)}
          maxLength={200}
        />
      </label>
      <label className="field">
        <span>Tipo</span>
        <select value={value.kind} onChange={(event) => onChange({ ...value, kind: event.target.value as FilterForm['kind'] })}>
          <option value="">Todos</option>
          <option value="FE">Facturas (FE)</option>
          <option value="DSE">Documentos soporte (DSE)</option>
        </select>
      </label>
      <label className="field">
        <span>Estado</span>
        <select
          value={value.state}
          onChange={(event) => onChange({ ...value, state: event.target.value as FilterForm['state'] })}
        >
          <option value="">Todos</option>
          {STATE_FILTER_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>Desde</span>
        <input
          inputMode="numeric"
          placeholder="dd/mm/aaaa"
          autoComplete="off"
          maxLength={10}
          value={value.from}
          onChange={(event) => onChange({ ...value, from: event.target.value })}
        />
      </label>
      <label className="field">
        <span>Hasta</span>
        <input
          inputMode="numeric"
          placeholder="dd/mm/aaaa"
          autoComplete="off"
          maxLength={10}
          value={value.to}
          onChange={(event) => onChange({ ...value, to: event.target.value })}
        />
      </label>
      <label className="field">
        <span>Cliente / proveedor</span>
        <input
          value={counterpart}
          placeholder="Nombre o número de documento"
          maxLength={120}
          onChange={(event) => setCounterpart(event.target.value)}
        />
      </label>
      <label className="history-filters__check">
        <input
          type="checkbox"
          checked={value.following}
          onChange={(event) => onChange({ ...value, following: event.target.checked })}
        />
        Solo en duda / pendientes
      </label>
    </form>
  );
}
