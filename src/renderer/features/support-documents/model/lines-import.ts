// Lines pasted from a spreadsheet or read from a CSV file: each row becomes a form line, checked by
// the same shared item rules, with the reasons a row is bad. Columns by header name when the first
// row is a header, else in this order: código, descripción, cantidad, unidad, precio unitario, % IVA,
// centro de costo.
import { FieldErrors } from '#shared/api/fields';
import { readDseItems, type DseCostCenter } from '#shared/dse/index';
import { detectDelimiter, parseTabular, TabularError } from '#shared/tabular';
import { decodeTextFile, type DecodedText, type TextEncodingName } from '#shared/text-file';
import { parseUserNumber } from '#shared/user-number';
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
  /** how the text was read, for the preview: separator, decimal comma, whether a header was found */
  format?: ImportFormat;
}

export interface ImportFormat {
  encoding: TextEncodingName | null;
  delimiter: '\t' | ',' | ';';
  decimalComma: boolean;
  header: boolean;
}

const DELIMITER_NAMES: Record<ImportFormat['delimiter'], string> = {
  '\t': 'tabulador',
  ',': 'coma (,)',
  ';': 'punto y coma (;)',
};

/** The preview's one-line account of how the file was read, in the user's words. */
export function describeFormat(format: ImportFormat): string {
  return [
    format.encoding ? `Codificación ${format.encoding}` : null,
    `separador ${DELIMITER_NAMES[format.delimiter]}`,
    format.decimalComma ? 'decimales con coma (1.234,50)' : 'decimales con punto (1234.50)',
    format.header
      ? 'columnas por su encabezado'
      : 'sin encabezado: columnas en el orden código, descripción, cantidad, unidad, precio, % IVA, centro de costo',
  ]
    .filter(Boolean)
    .join(' · ');
}

type Column = keyof ItemValues | 'cost_center';
const ORDER: Column[] = [
  'codigo',
  'descripcion',
  'cantidad',
  'unidad_medida',
  'precio_unitario',
  'porcentaje_iva',
  'cost_center',
];

// Spanish and English headers (a template may come from an English spreadsheet), compared without accents.
const HEADER_WORDS: [RegExp, Column][] = [
  [/codigo|unspsc|^\s*code\b/i, 'codigo'],
  [/descrip/i, 'descripcion'],
  [/cant|quantity|qty/i, 'cantidad'],
  [/unidad|u\.?\s*m|^\s*unit\s*$|uom/i, 'unidad_medida'],
  [/precio|valor|price/i, 'precio_unitario'],
  [/iva|vat/i, 'porcentaje_iva'],
  [/centro|costo|c\.?\s*c|cost/i, 'cost_center'],
];

/** Header text compared without accents or case: "Código", "CODIGO" and "código" are one column. */
function plain(cell: string): string {
  return cell
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim();
}

function headerColumns(row: string[]): Column[] | null {
  if (row.some((cell) => /^\s*\d{8}\s*$/.test(cell))) return null;
  const columns = row.map((cell) => HEADER_WORDS.find(([re]) => re.test(plain(cell)))?.[1]);
  return columns.filter(Boolean).length >= 2 ? columns.map((c) => c ?? ('' as Column)) : null;
}

const LABEL: Record<string, string> = {
  codigo: 'Código',
  descripcion: 'Descripción',
  cantidad: 'Cantidad',
  unidad_medida: 'Unidad',
  precio_unitario: 'Precio unitario',
  porcentaje_iva: '% IVA',
  cost_center_id: 'Centro de costo',
};

/**
 * The code as a spreadsheet may have saved it: "43211503", "43211503,0" or "43211503.00" (a number
 * cell), or in scientific notation ("4,32115E+07"), whose lost digits cannot be recovered.
 */
export function readCodeCell(cell: string): { codigo: string; problem: string | null } {
  const value = cell.trim();
  const number = /^(\d+)[.,]0+$/.exec(value);
  if (number) return readCodeCell(number[1]!);
  if (/^\d+([.,]\d+)?[eE]\+?\d+$/.test(value)) {
    return {
      codigo: value,
      problem: `Código: «${value}» quedó en notación científica y perdió dígitos. En la hoja de cálculo dé formato de texto a la columna del código, escríbalo de nuevo y guarde otra vez`,
    };
  }
  if (/^\d+$/.test(value) && value.length !== 8) {
    return {
      codigo: value,
      problem: `Código: «${value}» tiene ${value.length} ${value.length === 1 ? 'dígito' : 'dígitos'}; el código UNSPSC lleva exactamente 8 dígitos (por ejemplo 43211503)`,
    };
  }
  if (value !== '' && !/^\d+$/.test(value)) {
    return {
      codigo: value,
      problem: `Código: «${value}» no es un código UNSPSC: debe tener exactamente 8 dígitos, sin letras ni espacios (por ejemplo 43211503)`,
    };
  }
  return { codigo: value, problem: value === '' ? 'Código: falta el código UNSPSC de 8 dígitos del bien o servicio' : null };
}

/** A cell of a number column that cannot be read, in the user's words. */
function numberProblem(label: string, cell: string): string | null {
  if (cell === '' || parseUserNumber(cell) !== null) return null;
  return `${label}: «${cell}» no es un número (escríbalo como 1.234,50 o 1234.50, sin letras)`;
}

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

/** Whether the numbers of the rows use a decimal comma ("1.234,50", "2,5"): any such cell says so. */
function usesDecimalComma(table: readonly string[][]): boolean {
  return table.some((row) => row.some((cell) => /^\s*\$?\s*-?(\d{1,3}(\.\d{3})+|\d+),\d{1,2}\s*%?\s*$/.test(cell)));
}

/** A file's bytes: decoded (UTF-8 with or without BOM, UTF-16, Windows-1252), then read as lines. */
export function importLinesFile(bytes: Uint8Array, costCenters: readonly (DseCostCenter & { name?: string })[]): ImportResult {
  return importLinesText(decodeTextFile(bytes), costCenters);
}

/** A file already decoded by the shared reader (shared/text-file.ts), read as lines. */
export function importLinesText(
  { text, encoding }: DecodedText,
  costCenters: readonly (DseCostCenter & { name?: string })[],
): ImportResult {
  const result = importLines(text, costCenters);
  return result.format ? { ...result, format: { ...result.format, encoding } } : result;
}

export function importLines(text: string, costCenters: readonly (DseCostCenter & { name?: string })[]): ImportResult {
  let table: string[][];
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const delimiter = detectDelimiter(source);
  try {
    table = parseTabular(source, { maxRows: 2000, delimiter });
  } catch (error) {
    const reason = error instanceof TabularError ? error.message : 'El texto no se pudo leer como filas.';
    return { rows: [], error: `${reason} Revise el archivo o lo copiado y vuelva a intentarlo.` };
  }
  // Spreadsheets save rows that look empty (";;;;;") after the data: they are not lines.
  const lines = table
    .map((cells, index) => ({ cells, line: index + 1 }))
    .filter(({ cells }) => cells.some((cell) => cell.trim() !== ''));
  if (lines.length === 0)
    return { rows: [], error: 'No hay filas para importar: el archivo está vacío o solo tiene separadores.' };
  const header = headerColumns(lines[0]!.cells);
  const columns = header ?? ORDER;
  const body = header ? lines.slice(1) : lines;
  if (body.length === 0)
    return { rows: [], error: 'El archivo solo tiene la fila de encabezados; agregue las líneas debajo y vuelva a importarlo.' };
  const format: ImportFormat = {
    encoding: null,
    delimiter,
    decimalComma: usesDecimalComma(body.map((l) => l.cells)),
    header: header !== null,
  };
  const rows = body.map(({ cells, line }): ImportedRow => {
    const item = emptyItem();
    const problems: string[] = [];
    let codeChecked = false;
    cells.forEach((raw, c) => {
      const column = columns[c];
      const cell = raw.trim();
      if (!column) return;
      if (column === 'codigo') {
        const { codigo, problem } = readCodeCell(cell);
        item.codigo = codigo;
        codeChecked = true;
        if (problem) problems.push(problem);
        return;
      }
      if (cell === '') return;
      if (column === 'cost_center') {
        const center = costCenters.find((cc) => cc.code.toLowerCase() === cell.toLowerCase() || String(cc.id) === cell);
        if (center) item.cost_center_id = String(center.id);
        else
          problems.push(
            costCenters.length === 0
              ? `Centro de costo: «${cell}» no se puede usar porque esta conexión no tiene centros de costo registrados (regístrelos en «Centros de costo de la empresa», debajo del formulario)`
              : `Centro de costo: «${cell}» no está en la lista de centros de costo de la empresa (${costCenters.map((cc) => cc.code).join(', ')})`,
          );
        return;
      }
      if (column === 'cantidad' || column === 'precio_unitario' || column === 'porcentaje_iva') {
        const value = column === 'porcentaje_iva' ? cell.replace(/%$/, '').trim() : cell;
        const problem = numberProblem(LABEL[column]!, value);
        if (problem) problems.push(problem);
        item[column] = value;
        return;
      }
      item[column] = cell;
    });
    if (!codeChecked) problems.push(readCodeCell('').problem!);
    // The shared rules judge the rest; what was already said in the user's words is not said twice.
    const said = new Set(problems.map((p) => p.slice(0, p.indexOf(':'))));
    const rules = checkLine(item, costCenters).filter((p) => !said.has(p.slice(0, p.indexOf(':'))));
    return { line, item, problems: [...problems, ...rules] };
  });
  return { rows, error: null, format };
}
