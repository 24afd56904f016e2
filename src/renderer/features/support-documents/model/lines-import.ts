// Lines pasted from a spreadsheet or read from a CSV file: each row becomes a form line, checked by
// the same shared item rules, with the reasons a row is bad. Columns by header name when the first
// row is a header, else in this order: código, descripción, cantidad, unidad, precio unitario, % IVA,
// centro de costo.
import { FieldErrors } from '../../../../shared/api/fields';
import { readDseItems, type DseCostCenter } from '../../../../shared/dse';
import { parseTabular, TabularError } from '../../../../shared/tabular';
import { emptyItem, type ItemValues } from './form-values';
import { itemBody } from './to-request';
import { messageOf } from './validate';

export interface ImportedRow {
  /** 1-based line of the source, as a spreadsheet numbers it */
  line: number;
  item: ItemValues;
  problems: string[];
}

export interface ImportResult {
  rows: ImportedRow[];
  /** the whole text could not be read */
  error: string | null;
}

type Column = keyof ItemValues | 'cost_center';
const ORDER: Column[] = ['codigo', 'descripcion', 'cantidad', 'unidad_medida', 'precio_unitario', 'porcentaje_iva', 'cost_center'];

const HEADER_WORDS: [RegExp, Column][] = [
  [/c[oó]digo|unspsc/i, 'codigo'],
  [/descrip/i, 'descripcion'],
  [/cant/i, 'cantidad'],
  [/unidad|u\.?\s*m/i, 'unidad_medida'],
  [/precio|valor/i, 'precio_unitario'],
  [/iva/i, 'porcentaje_iva'],
  [/centro|costo|c\.?\s*c/i, 'cost_center'],
];

function headerColumns(row: string[]): Column[] | null {
  if (row.some((cell) => /^\s*\d{8}\s*$/.test(cell))) return null;
  const columns = row.map((cell) => HEADER_WORDS.find(([re]) => re.test(cell))?.[1]);
  return columns.filter(Boolean).length >= 2 ? columns.map((c) => c ?? ('' as Column)) : null;
}

const LABEL: Record<string, string> = {
  codigo: 'Código', descripcion: 'Descripción', cantidad: 'Cantidad', unidad_medida: 'Unidad', precio_unitario: 'Precio unitario',
  porcentaje_iva: '% IVA', cost_center_id: 'Centro de costo',
};

export function checkLine(item: ItemValues, costCenters: readonly DseCostCenter[]): string[] {
  const local: Record<string, string> = {};
  const body = itemBody(item, 'x', local);
  const errors = new FieldErrors();
  readDseItems([body], costCenters, errors);
  const problems = Object.entries(local).map(([path, message]) => `${LABEL[path.slice(2)] ?? path}: ${message}`);
  for (const error of errors.list) {
    const field = error.field.replace(/^items\[0\]\./, '');
    if (local[`x.${field}`]) continue;
    problems.push(`${LABEL[field] ?? field}: ${messageOf(error).replace(/^./, (c) => c.toLowerCase())}`);
  }
  return problems;
}

export function importLines(text: string, costCenters: readonly (DseCostCenter & { name?: string })[]): ImportResult {
  let table: string[][];
  try {
    table = parseTabular(text, { maxRows: 2000 });
  } catch (error) {
    const reason = error instanceof TabularError ? error.message : 'El texto no se pudo leer como filas.';
    return { rows: [], error: `${reason} Revise el archivo o lo copiado y vuelva a intentarlo.` };
  }
  if (table.length === 0) return { rows: [], error: 'No hay filas para importar.' };
  const header = headerColumns(table[0]!);
  const columns = header ?? ORDER;
  const start = header ? 1 : 0;
  const rows = table.slice(start).map((cells, i): ImportedRow => {
    const item = emptyItem();
    const problems: string[] = [];
    cells.forEach((raw, c) => {
      const column = columns[c];
      const cell = raw.trim();
      if (!column || cell === '') return;
      if (column === 'cost_center') {
        const center = costCenters.find((cc) => cc.code.toLowerCase() === cell.toLowerCase() || String(cc.id) === cell);
        if (center) item.cost_center_id = String(center.id);
        else problems.push(`Centro de costo: «${cell}» no está en la lista de centros de costo de la empresa`);
      } else item[column] = column === 'porcentaje_iva' ? cell.replace(/%$/, '').trim() : cell;
    });
    return { line: start + i + 1, item, problems: [...problems, ...checkLine(item, costCenters)] };
  });
  return { rows, error: null };
}
