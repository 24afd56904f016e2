// The invoice's lines: keyboard-first (Enter moves to the next cell; past the last one a new line
// appears), paste from a spreadsheet, add, remove, duplicate and reorder. Per-line amounts come from
// the shared calculation (computeFeLine via computeFeTotals).
import { useEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import type { FeLine } from '../../../shared/fe';
import { Alert } from '../../ui/Alert';
import { Money } from '../../ui/Money';
import { emptyItem, lineKey, TAX_RATE_OPTIONS, type FeFormValues } from './model';
import { isTabularPaste, itemsFromPaste } from './paste';

interface ItemsGridProps {
  lines: readonly FeLine[];
  /** the lines' switches as currently typed (watched by the form) */
  taxIncluded: readonly boolean[];
  currency: 'COP' | 'USD';
}

export function ItemsGrid({ lines, taxIncluded, currency }: ItemsGridProps) {
  const { control, register, getValues, formState } = useFormContext<FeFormValues>();
  const { fields, append, remove, insert, move, update } = useFieldArray({ control, name: 'items' });
  const gridRef = useRef<HTMLTableSectionElement>(null);
  const focusRow = useRef<number | null>(null);
  const [pasteError, setPasteError] = useState<string | null>(null);
  const errors = formState.errors.items;

  useEffect(() => {
    if (focusRow.current === null) return;
    const cell = gridRef.current?.querySelector<HTMLElement>(`[data-row="${focusRow.current}"][data-col="0"]`);
    focusRow.current = null;
    cell?.focus();
  });

  const addLine = () => {
    focusRow.current = fields.length;
    append(emptyItem(), { shouldFocus: false });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const cells = Array.from(gridRef.current?.querySelectorAll<HTMLElement>('[data-cell]') ?? []);
    const next = cells[cells.indexOf(event.currentTarget) + 1];
    if (next) next.focus();
    else addLine();
  };

  const onPaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text/plain');
    if (!isTabularPaste(text)) return;
    event.preventDefault();
    setPasteError(null);
    try {
      const pasted = itemsFromPaste(text);
      if (pasted.length === 0) return;
      const current = getValues(`items.${index}`);
      const replaceCurrent = current.desc.trim() === '' && current.unit.trim() === '';
      const [first, ...rest] = pasted;
      if (replaceCurrent && first) {
        update(index, first);
        if (rest.length > 0) insert(index + 1, rest, { shouldFocus: false });
      } else insert(index + 1, pasted, { shouldFocus: false });
    } catch (error) {
      setPasteError(error instanceof Error ? error.message : 'No se pudieron leer las líneas pegadas.');
    }
  };

  const cell = (index: number, col: number) => ({ 'data-cell': true, 'data-row': index, 'data-col': col, onKeyDown });
  const errorOf = (index: number, name: 'desc' | 'cant' | 'unit' | 'iva') => errors?.[index]?.[name]?.message;
  const described = (index: number, name: string, message: string | undefined) =>
    message ? { 'aria-invalid': true, 'aria-describedby': `item-${index}-${name}-error` } : {};
  const errorText = (index: number, name: string, message: string | undefined) =>
    message ? (
      <span id={`item-${index}-${name}-error`} className="field__error" role="alert">
        {message}
      </span>
    ) : null;

  return (
    <fieldset className="panel invoice-items">
      <legend>Productos o servicios</legend>
      <p className="muted items-help">Enter pasa a la siguiente casilla; al final se agrega una línea. Puede pegar varias filas desde una hoja de cálculo (descripción, cantidad, valor unitario, tarifa).</p>
      <table className="data items-grid">
        <thead>
          <tr>
            <th>#</th>
            <th>Descripción</th>
            <th className="num">Cantidad</th>
            <th className="num">Valor unitario</th>
            <th>Impuesto</th>
            <th>Incluye IVA</th>
            <th className="num">Base</th>
            <th className="num">Impuesto</th>
            <th className="num">Total línea</th>
            <th>
              <span className="visually-hidden">Acciones</span>
            </th>
          </tr>
        </thead>
        <tbody ref={gridRef}>
          {fields.map((field, index) => {
            const n = index + 1;
            const line = lines[index];
            return (
              <tr key={field.id} data-testid={`item-row-${n}`}>
                <td className="muted">{n}</td>
                <td className="items-grid__desc">
                  <input type="text" aria-label={`Descripción, línea ${n}`} autoComplete="off" {...register(`items.${index}.desc`)} {...cell(index, 0)} {...described(index, 'desc', errorOf(index, 'desc'))} onPaste={onPaste(index)} />
                  {errorText(index, 'desc', errorOf(index, 'desc'))}
                </td>
                <td className="num items-grid__qty">
                  <input type="text" inputMode="decimal" aria-label={`Cantidad, línea ${n}`} autoComplete="off" {...register(`items.${index}.cant`)} {...cell(index, 1)} {...described(index, 'cant', errorOf(index, 'cant'))} />
                  {errorText(index, 'cant', errorOf(index, 'cant'))}
                </td>
                <td className="num items-grid__unit">
                  <input type="text" inputMode="decimal" aria-label={`Valor unitario, línea ${n}`} autoComplete="off" {...register(`items.${index}.unit`)} {...cell(index, 2)} {...described(index, 'unit', errorOf(index, 'unit'))} />
                  {errorText(index, 'unit', errorOf(index, 'unit'))}
                  {taxIncluded[index] && line && (
                    <span className="muted items-grid__derived">
                      Base unitaria <Money value={line.unitValue} currency={currency} />
                    </span>
                  )}
                </td>
                <td>
                  <select aria-label={`Impuesto, línea ${n}`} {...register(`items.${index}.iva`)} {...cell(index, 3)} {...described(index, 'iva', errorOf(index, 'iva'))}>
                    {TAX_RATE_OPTIONS.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                  {errorText(index, 'iva', errorOf(index, 'iva'))}
                </td>
                <td className="items-grid__check">
                  <input type="checkbox" aria-label={`Valor incluye IVA, línea ${n}`} {...register(`items.${index}.iva_incluido`)} {...cell(index, 4)} />
                </td>
                <td className="num" data-testid={`line-base-${n}`}>{line && <Money value={line.base} currency={currency} />}</td>
                <td className="num" data-testid={`line-tax-${n}`}>{line && <Money value={line.taxAmount} currency={currency} />}</td>
                <td className="num" data-testid={`line-total-${n}`}>{line && <Money value={line.total} currency={currency} />}</td>
                <td className="items-grid__actions">
                  <button type="button" className="icon-button" aria-label={`Subir línea ${n}`} title="Subir" disabled={index === 0} onClick={() => move(index, index - 1)}>
                    ↑
                  </button>
                  <button type="button" className="icon-button" aria-label={`Bajar línea ${n}`} title="Bajar" disabled={index === fields.length - 1} onClick={() => move(index, index + 1)}>
                    ↓
                  </button>
                  <button type="button" className="icon-button" aria-label={`Duplicar línea ${n}`} title="Duplicar" onClick={() => insert(index + 1, { ...getValues(`items.${index}`), key: lineKey() }, { shouldFocus: false })}>
                    <svg viewBox="0 0 16 16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.5">
                      <rect x="5" y="5" width="9" height="9" rx="1" />
                      <path d="M3 11V3a1 1 0 0 1 1-1h7" />
                    </svg>
                  </button>
                  <button type="button" className="icon-button icon-button--danger" aria-label={`Quitar línea ${n}`} title="Quitar" disabled={fields.length === 1} onClick={() => remove(index)}>
                    ✕
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {errors?.root?.message && <Alert tone="error">{errors.root.message}</Alert>}
      {errors?.message && <Alert tone="error">{errors.message}</Alert>}
      {pasteError && <Alert tone="error">{pasteError}</Alert>}
      <button type="button" className="button button--secondary" onClick={addLine}>
        Agregar línea
      </button>
    </fieldset>
  );
}
