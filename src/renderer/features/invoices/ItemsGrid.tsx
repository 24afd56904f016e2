// The invoice's lines: keyboard-first (Enter moves to the next cell; past the last one a new line
// appears), paste from a spreadsheet, add, remove, duplicate and reorder. Per-line amounts come from
// the shared calculation (computeFeLine via computeFeTotals), read by each row from the live totals.
import { useEffect, useMemo, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useFieldArray, useFormContext, useFormState } from 'react-hook-form';
import type { Product } from '#shared/catalog/product';
import { Alert } from '#renderer/ui/Alert';
import { ProductSearch } from '../counter/ProductSearch';
import { isBlankLine, lineFromProduct, plusOne } from '../counter/sale-lines';
import { ItemRow, type LineActions } from './ItemRow';
import { emptyItem, lineKey, type FeFormValues } from './model';
import { isTabularPaste, itemsFromPaste } from './paste';
import './items-grid.css';

/**
 * `controlsForm`: id of the form that owns the lines' controls (forms/LinesForm.tsx); `searchForm`:
 * the one that owns the product search's field. `focusSearch`: the product search takes the focus
 * when the grid appears (a new sale after the last one ended).
 */
export function ItemsGrid({
  controlsForm,
  searchForm,
  focusSearch = false,
}: {
  controlsForm: string;
  searchForm?: string;
  focusSearch?: boolean;
}) {
  const { control, register, getValues, setValue, formState } = useFormContext<FeFormValues>();
  const { fields, append, remove, insert, move, update } = useFieldArray({ control, name: 'items' });
  const gridRef = useRef<HTMLTableSectionElement>(null);
  const focusRow = useRef<number | null>(null);
  const [pasteError, setPasteError] = useState<string | null>(null);
  const errors = useFormState({ control, name: 'items' }).errors.items;

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
  // The rows' handlers read the latest addLine through a ref, so that `actions` keeps its identity.
  const addLineRef = useRef(addLine);
  useEffect(() => {
    addLineRef.current = addLine;
  });

  // The newest line a product went to is scrolled into view once it is painted (the totals bar is
  // sticky: the rows keep a margin of its height, items-grid.css).
  const shownRow = useRef<number | null>(null);
  const showRow = (index: number) => {
    const row = gridRef.current?.querySelector<HTMLElement>(`[data-row="${index}"]`)?.closest('tr');
    row?.scrollIntoView?.({ block: 'nearest' });
  };
  useEffect(() => {
    if (shownRow.current === null) return;
    showRow(shownRow.current);
    shownRow.current = null;
  });

  // A second scan of a product adds 1 to the line it went to: the line carries the product's code,
  // in the form's values and so in the draft (a rescan after leaving Facturas or a restart is +1 too).
  const addProduct = (product: Product): string => {
    const items = getValues('items');
    const at = items.findIndex((item) => item.product === product.code);
    if (at >= 0) {
      // Only the quantity changes, as if typed: the line keeps its row (an update() of the line would
      // give it a new identity, and React would build the row again).
      const cant = plusOne(items[at]!.cant);
      setValue(`items.${at}.cant`, cant, { shouldDirty: true, shouldValidate: formState.isSubmitted });
      showRow(at);
      return `${product.description}: cantidad ${cant} (línea ${at + 1}).`;
    }
    const line = lineFromProduct(product);
    if (items.length === 1 && isBlankLine(items[0]!)) {
      update(0, line);
      shownRow.current = 0;
      return `${product.description} agregado (línea 1).`;
    }
    append(line, { shouldFocus: false });
    shownRow.current = items.length;
    return `${product.description} agregado (línea ${items.length + 1}).`;
  };

  const actions = useMemo<LineActions>(
    () => ({
      keyDown(event: KeyboardEvent<HTMLElement>) {
        if (event.key !== 'Enter' || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
        event.preventDefault();
        const cells = Array.from(gridRef.current?.querySelectorAll<HTMLElement>('[data-cell]') ?? []);
        const next = cells[cells.indexOf(event.currentTarget) + 1];
        if (next) next.focus();
        else addLineRef.current();
      },
      paste(index: number, event: ClipboardEvent<HTMLInputElement>) {
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
      },
      move,
      duplicate(index: number) {
        // The copy is a line of its own: a scan still adds to the product's first line.
        insert(index + 1, { ...getValues(`items.${index}`), key: lineKey(), product: undefined }, { shouldFocus: false });
      },
      remove,
    }),
    [getValues, insert, move, remove, update],
  );

  return (
    <fieldset className="panel invoice-items">
      <legend>Productos o servicios</legend>
      <ProductSearch onPick={addProduct} autoFocus={focusSearch} {...(searchForm ? { form: searchForm } : {})} />
      <p className="muted items-help">
        Enter pasa a la siguiente casilla; al final se agrega una línea. Puede pegar varias filas desde una hoja de cálculo
        (descripción, cantidad, valor unitario, tarifa).
      </p>
      {/* Roles spelled out: the rows are laid out as CSS grids (items-grid.css), not as table rows. */}
      <table className="data line-grid items-grid" role="table">
        <thead role="rowgroup">
          <tr role="row">
            <th role="columnheader">#</th>
            <th role="columnheader">Descripción</th>
            <th role="columnheader" className="num">
              Cantidad
            </th>
            <th role="columnheader" className="num">
              Valor unitario
            </th>
            <th role="columnheader">Impuesto</th>
            <th role="columnheader">Incluye IVA</th>
            <th role="columnheader" className="num">
              Base
            </th>
            <th role="columnheader" className="num">
              Impuesto
            </th>
            <th role="columnheader" className="num">
              Total línea
            </th>
            <th role="columnheader">
              <span className="visually-hidden">Acciones</span>
            </th>
          </tr>
        </thead>
        <tbody ref={gridRef} role="rowgroup">
          {fields.map((field, index) => {
            const lineErrors = errors?.[index];
            return (
              <ItemRow
                key={field.id}
                controlsForm={controlsForm}
                index={index}
                isLast={index === fields.length - 1}
                onlyLine={fields.length === 1}
                descError={lineErrors?.desc?.message}
                cantError={lineErrors?.cant?.message}
                unitError={lineErrors?.unit?.message}
                ivaError={lineErrors?.iva?.message}
                register={register}
                actions={actions}
              />
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
