import { useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { Money } from '../../../ui/Money';
import { useUnspsc } from '../data/reference-data';
import { emptyItem, type DseFormValues, type ItemValues } from '../model/form-values';
import { importLines } from '../model/lines-import';
import { CsvImport } from './CsvImport';
import { useDseForm } from './form-context';
import { countOf } from '../../../../shared/plural';
import { ProblemList } from '../../../ui/ProblemList';

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

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, row: number, column: keyof ItemValues) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (row === fields.length - 1) append(emptyItem(), { shouldFocus: false });
    setTimeout(() => setFocus(`items.${row + 1}.${column}`), 0);
  };

  const onCodeChange = (row: number, code: string) => {
    // Choosing a listed code fills an empty description with its name.
    const entry = unspsc.data?.find((u) => u.codigo === code.trim());
    if (entry && !getValues(`items.${row}.descripcion`).trim())
      setValue(`items.${row}.descripcion`, entry.nombre, { shouldDirty: true });
  };

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
              const problems = [...COLUMNS.map((c) => c.name), 'cost_center_id' as const]
                .map((name) => err(`items.${row}.${name}`))
                .filter((m): m is string => Boolean(m));
              return [
                <tr key={field.id} className={problems.length ? 'dse-row--bad' : undefined} data-testid={`dse-item-${row}`}>
                  <td className="muted">{row + 1}</td>
                  {COLUMNS.map((c) => {
                    const reg = register(
                      `items.${row}.${c.name}`,
                      c.name === 'codigo'
                        ? { onChange: (e: { target: { value: string } }) => onCodeChange(row, e.target.value) }
                        : {},
                    );
                    return (
                      <td key={c.name} className={c.className}>
                        <input
                          {...reg}
                          form={linesForm}
                          aria-label={`${c.label}, línea ${row + 1}`}
                          aria-invalid={err(`items.${row}.${c.name}`) ? true : undefined}
                          title={err(`items.${row}.${c.name}`)}
                          list={c.name === 'codigo' ? 'dse-unspsc' : undefined}
                          inputMode={c.name === 'descripcion' || c.name === 'unidad_medida' ? undefined : 'decimal'}
                          onKeyDown={(e) => onKeyDown(e, row, c.name)}
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
                      aria-invalid={err(`items.${row}.cost_center_id`) ? true : undefined}
                    >
                      <option value="">—</option>
                      {costCenters.map((c) => (
                        <option key={c.id} value={String(c.id)}>{`${c.code} · ${c.name}`}</option>
                      ))}
                    </select>
                  </td>
                  <td className="num">{line ? <Money value={line.base} /> : <span className="muted">—</span>}</td>
                  <td className="num">{line ? <Money value={line.impuesto} /> : <span className="muted">—</span>}</td>
                  <td>
                    <button
                      type="button"
                      form={linesForm}
                      className="button button--secondary dse-icon"
                      aria-label={`Quitar línea ${row + 1}`}
                      disabled={fields.length === 1}
                      onClick={() => remove(row)}
                    >
                      ✕
                    </button>
                  </td>
                </tr>,
                problems.length > 0 && (
                  <tr key={`${field.id}-errors`} className="dse-row-errors">
                    <td />
                    <td colSpan={10}>
                      <ProblemList problems={problems} />
                    </td>
                  </tr>
                ),
              ];
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
