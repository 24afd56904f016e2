import { memo, useLayoutEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useFieldArray, useFormContext, useWatch, type UseFormRegister } from 'react-hook-form';
import type { CostCenter } from '#shared/rpc/methods/dse-catalog';
import { formatCop } from '#shared/money';
import { useUnspsc } from '../data/reference-data';
import { emptyItem, type DseFormValues, type ItemValues } from '../model/form-values';
import { importLines } from '../model/lines-import';
import { CsvImport } from './CsvImport';
import { useDseForm } from './form-context';
import { countOf } from '#shared/plural';
import { ProblemList } from '#renderer/ui/ProblemList';

const COLUMNS: { name: keyof ItemValues; label: string; className: string }[] = [
  { name: 'codigo', label: 'Código UNSPSC', className: 'dse-col--code' },
  { name: 'descripcion', label: 'Descripción', className: 'dse-col--desc' },
  { name: 'cantidad', label: 'Cantidad', className: 'dse-col--qty' },
  { name: 'unidad_medida', label: 'Unidad', className: 'dse-col--unit' },
  { name: 'precio_unitario', label: 'Precio unitario', className: 'dse-col--num' },
  { name: 'porcentaje_iva', label: '% IVA', className: 'dse-col--pct' },
];

const isEmptyItem = (i: ItemValues) => !i.codigo.trim() && !i.descripcion.trim() && !i.precio_unitario.trim();

/** The lines: typed (Enter goes down a row, adding one at the end), pasted from a spreadsheet, or imported. */
export function ItemsSection() {
  const { register, control, setValue, setFocus, getValues } = useFormContext<DseFormValues>();
  const { err, validation, costCenters, locked, linesForm } = useDseForm();
  const { fields, append, remove, replace } = useFieldArray({ control, name: 'items' });
  const mode = useWatch({ control, name: 'forma_generacion' });
  const unspsc = useUnspsc();
  const [pasteNote, setPasteNote] = useState<string | null>(null);

  const addLines = (items: ItemValues[]) => {
    const current = getValues('items');
    if (current.every(isEmptyItem)) replace(items);
    else append(items);
  };

  const onPaste = (event: ClipboardEvent<HTMLTableSectionElement>) => {
    const text = event.clipboardData.getData('text/plain');
    if (!text.includes('\t') && !/\r?\n./.test(text)) return; // one value: an ordinary paste into the cell
    event.preventDefault();
    const result = importLines(text, costCenters);
    if (result.error) return setPasteNote(result.error);
    addLines(result.rows.map((r) => r.item));
    const bad = result.rows.filter((r) => r.problems.length > 0).length;
    setPasteNote(
      `Se ${result.rows.length === 1 ? 'pegó' : 'pegaron'} ${countOf(result.rows.length, 'línea')}${bad ? `; ${bad} con errores marcados abajo` : ''}.`,
    );
  };

  // What a row can do, stable across renders (the rows are memoised: a keystroke renders the rows
  // whose messages or amounts changed, not all of them); what changes is read when it is needed.
  const latest = useRef({ count: fields.length, unspsc: unspsc.data, append, remove });
  useLayoutEffect(() => {
    latest.current = { count: fields.length, unspsc: unspsc.data, append, remove };
  });
  const [actions] = useState<RowActions>(() => ({
    onKeyDown: (event, row, column) => {
      if (event.key !== 'Enter') return;
      event.preventDefault();
      if (row === latest.current.count - 1) latest.current.append(emptyItem(), { shouldFocus: false });
      setTimeout(() => setFocus(`items.${row + 1}.${column}`), 0);
    },
    onCodeChange: (row, code) => {
      // Choosing a listed code fills an empty description with its name.
      const entry = latest.current.unspsc?.find((u) => u.codigo === code.trim());
      if (entry && !getValues(`items.${row}.descripcion`).trim())
        setValue(`items.${row}.descripcion`, entry.nombre, { shouldDirty: true });
    },
    remove: (row) => latest.current.remove(row),
  }));

  return (
    <section className="panel dse-section" aria-labelledby="dse-items">
      <div className="dse-section__head">
        <h2 id="dse-items">Ítems</h2>
        <span className="muted">Enter baja a la línea siguiente; puede pegar filas copiadas de una hoja de cálculo.</span>
        {mode === '2' && !locked && <CsvImport onAdd={addLines} />}
      </div>
      {pasteNote && (
        <p className="dse-note" role="status">
          {pasteNote}
        </p>
      )}
      {err('items') && (
        <p className="field__error" role="alert">
          {err('items')}
        </p>
      )}
      <datalist id="dse-unspsc">
        {unspsc.data?.map((u) => (
          <option key={u.codigo} value={u.codigo} label={`${u.codigo} · ${u.nombre}`} />
        ))}
      </datalist>
      <div className="dse-table-wrap">
        <table className="data line-grid dse-items">
          <thead>
            <tr>
              <th>#</th>
              {COLUMNS.map((c) => (
                <th key={c.name} className={c.className}>
                  {c.label}
                </th>
              ))}
              <th>Centro de costo</th>
              <th className="num">Base</th>
              <th className="num">IVA</th>
              <th>
                <span className="sr-only">Acciones</span>
              </th>
            </tr>
          </thead>
          <tbody onPaste={onPaste}>
            {fields.map((field, row) => {
              const line = validation.preview.lines[row];
              const messages = FIELDS.map((name) => err(`items.${row}.${name}`) ?? '');
              return (
                <ItemRow
                  key={field.id}
                  row={row}
                  messages={messages.join(SEPARATOR)}
                  base={line ? formatCop(line.base) : null}
                  impuesto={line ? formatCop(line.impuesto) : null}
                  only={fields.length === 1}
                  costCenters={costCenters}
                  linesForm={linesForm}
                  register={register}
                  actions={actions}
                />
              );
            })}
          </tbody>
        </table>
      </div>
      <button type="button" className="button button--secondary" onClick={() => append(emptyItem())}>
        Agregar línea
      </button>
    </section>
  );
}

/** The line's fields in their order; `messages` holds one message per field, in this order. */
const FIELDS = [...COLUMNS.map((c) => c.name), 'cost_center_id' as const];
const SEPARATOR = '\u0000';

interface RowActions {
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>, row: number, column: keyof ItemValues) => void;
  onCodeChange: (row: number, code: string) => void;
  remove: (row: number) => void;
}

interface ItemRowProps {
  row: number;
  /** the visible message of each field (FIELDS' order, '' for none), joined: a row renders again only when one changes */
  messages: string;
  /** the line's base and IVA as shown, or null while the line cannot be computed */
  base: string | null;
  impuesto: string | null;
  /** the only line: it cannot be removed */
  only: boolean;
  costCenters: readonly CostCenter[];
  linesForm: string;
  /** the form's (stable) register: a prop, not the form's context, whose value is new on each render of the form */
  register: UseFormRegister<DseFormValues>;
  actions: RowActions;
}

/**
 * One line. Memoised on what it shows: with 1,000 imported lines, rendering (and registering again)
 * every line on each keystroke made typing take about 300 ms per key in Chromium.
 */
const ItemRow = memo(function ItemRow({
  row,
  messages,
  base,
  impuesto,
  only,
  costCenters,
  linesForm,
  register,
  actions,
}: ItemRowProps) {
  const byField = messages.split(SEPARATOR);
  const message = (name: (typeof FIELDS)[number]) => byField[FIELDS.indexOf(name)] || undefined;
  const problems = byField.filter(Boolean);
  return (
    <>
      <tr className={problems.length ? 'dse-row--bad' : undefined} data-testid={`dse-item-${row}`}>
        <td className="muted">{row + 1}</td>
        {COLUMNS.map((c) => {
          const reg = register(
            `items.${row}.${c.name}`,
            c.name === 'codigo'
              ? { onChange: (e: { target: { value: string } }) => actions.onCodeChange(row, e.target.value) }
              : {},
          );
          return (
            <td key={c.name} className={c.className}>
              <input
                {...reg}
                form={linesForm}
                aria-label={`${c.label}, línea ${row + 1}`}
                aria-invalid={message(c.name) ? true : undefined}
                title={message(c.name)}
                list={c.name === 'codigo' ? 'dse-unspsc' : undefined}
                inputMode={c.name === 'descripcion' || c.name === 'unidad_medida' ? undefined : 'decimal'}
                onKeyDown={(e) => actions.onKeyDown(e, row, c.name)}
                autoComplete="off"
              />
            </td>
          );
        })}
        <td>
          <select
            {...register(`items.${row}.cost_center_id`)}
            form={linesForm}
            aria-label={`Centro de costo, línea ${row + 1}`}
            aria-invalid={message('cost_center_id') ? true : undefined}
          >
            <option value="">—</option>
            {costCenters.map((c) => (
              <option key={c.id} value={String(c.id)}>{`${c.code} · ${c.name}`}</option>
            ))}
          </select>
        </td>
        <td className="num">{base !== null ? <span className="money">{base}</span> : <span className="muted">—</span>}</td>
        <td className="num">
          {impuesto !== null ? <span className="money">{impuesto}</span> : <span className="muted">—</span>}
        </td>
        <td>
          <button
            type="button"
            form={linesForm}
            className="button button--secondary dse-icon"
            aria-label={`Quitar línea ${row + 1}`}
            disabled={only}
            onClick={() => actions.remove(row)}
          >
            ✕
          </button>
        </td>
      </tr>
      {problems.length > 0 && (
        <tr className="dse-row-errors">
          <td />
          <td colSpan={10}>
            <ProblemList problems={problems} />
          </td>
        </tr>
      )}
    </>
  );
});
