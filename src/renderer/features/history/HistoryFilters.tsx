import { useEffect } from 'react';
import type { HistoryFilter } from '#shared/rpc/methods/history';
import { useSchemaForm } from '#renderer/forms/useSchemaForm';
import { Field } from '#renderer/ui/Field';
import { HistoryFilterForm, type FilterValues } from './filter-state';
import { STATE_FILTER_OPTIONS } from './labels';

/** Typed fields apply after this pause in typing (a search per keystroke is wasted, a date half typed is no date). */
const TYPING_PAUSE_MS = 250;
const TYPED: ReadonlySet<string> = new Set(['q', 'counterpart', 'from', 'to']);

/**
 * Filters of the list, in the one form idiom: the contract's filter judges what is typed; a filter it
 * accepts goes to `onChange` (with the controls' values, kept while the list is left for a
 * document), one it refuses is named on its field and asks nothing of core.
 */
export function HistoryFilters({
  value,
  onChange,
}: {
  value: FilterValues;
  onChange: (values: FilterValues, filter: HistoryFilter) => void;
}) {
  const form = useSchemaForm(HistoryFilterForm, { defaultValues: value });
  const { errors } = form.formState;

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const apply = () => {
      void form.trigger().then((valid) => {
        if (!valid) return;
        const values = form.getValues();
        onChange(values, HistoryFilterForm.parse(values));
      });
    };
    const subscription = form.watch((_values, { name }) => {
      clearTimeout(timer);
      if (name !== undefined && TYPED.has(name)) timer = setTimeout(apply, TYPING_PAUSE_MS);
      else apply();
    });
    return () => {
      subscription.unsubscribe();
      clearTimeout(timer);
    };
  }, [form, onChange]);

  return (
    <form
      className="history-filters"
      role="search"
      aria-label="Buscar y filtrar documentos"
      noValidate
      onSubmit={(event) => event.preventDefault()}
    >
      <Field label="Buscar" error={errors.q?.message} className="history-filters__search">
        <input type="search" placeholder="Número, CUFE/CUDS, cliente o proveedor, NIT, producto…" {...form.register('q')} />
      </Field>
      <Field label="Tipo" error={errors.kind?.message}>
        <select {...form.register('kind')}>
          <option value="">Todos</option>
          <option value="FE">Facturas (FE)</option>
          <option value="DSE">Documentos soporte (DSE)</option>
        </select>
      </Field>
      <Field label="Estado" error={errors.state?.message}>
        <select {...form.register('state')}>
          <option value="">Todos</option>
          {STATE_FILTER_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Desde" error={errors.from?.message}>
        <input inputMode="numeric" placeholder="dd/mm/aaaa" autoComplete="off" {...form.register('from')} />
      </Field>
      <Field label="Hasta" error={errors.to?.message}>
        <input inputMode="numeric" placeholder="dd/mm/aaaa" autoComplete="off" {...form.register('to')} />
      </Field>
      <Field label="Cliente / proveedor" error={errors.counterpart?.message}>
        <input placeholder="Nombre, NIT o cédula" {...form.register('counterpart')} />
      </Field>
      <label className="history-filters__check">
        <input type="checkbox" {...form.register('following')} />
        Solo en duda / pendientes
      </label>
    </form>
  );
}
