// The one guard for every spreadsheet the app writes (the Historial's CSV, each Informes table as CSV,
// the Informes workbook, the catalog's CSV). A text cell that a spreadsheet program would run as a
// formula is written with a leading apostrophe, as the OWASP "CSV Injection" page advises: it starts
// with =, +, -, @, a tab or a carriage return (a digit after the minus does not make it safe: "-1+2"
// is a formula), or with their full-width forms (＝＋－＠), which spreadsheet programs in East Asian
// locales, and IMEs, turn into the ASCII ones. Spaces before the sign do not make it safe either.
// Numbers are never text: an amount the app formats itself goes through `csvNumber` (CSV) or is a
// number cell (XLSX), so negative amounts stay numbers. Pure: core and the renderer both write CSV.

/** The characters a formula may start with (OWASP's list and the full-width forms). */
export const FORMULA_STARTERS = ['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20'] as const;

const FORMULA_START = /^[\t\r]|^[ \u00A0\u3000]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;

export function startsAsFormula(text: string): boolean {
  return FORMULA_START.test(text);
}

/** A text cell as any spreadsheet must receive it (CSV and XLSX alike). */
export function safeText(text: string): string {
  return startsAsFormula(text) ? `'${text}` : text;
}

export const CSV_SEPARATOR = ';';
export const CSV_BOM = '\uFEFF';

/** RFC 4180 quoting: a separator, a quote or a line break puts the cell in quotes. */
function quoted(value: string): string {
  return /[";\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** A text cell of a CSV file. */
export function csvText(text: string): string {
  return quoted(safeText(text));
}

/** An amount or count the app formatted (digits, an optional minus and decimal comma): a number in the spreadsheet. */
const CSV_NUMBER = /^-?\d+(,\d+)?$/;

/** A number written by the app; anything else is text, and guarded as text. */
export function csvNumber(text: string): string {
  return CSV_NUMBER.test(text) ? text : csvText(text);
}

/** One line of cells already written by csvText/csvNumber. */
export function csvLine(cells: readonly string[]): string {
  return cells.join(CSV_SEPARATOR);
}

/**
 * The apostrophe the guard put in front of a formula starter, taken off again when the app reads its
 * own CSV back (the catalog export is re-importable): "'-ACEITE" is read as "-ACEITE". A cell that
 * starts with an apostrophe followed by anything else is left as typed.
 */
export function unguardedText(cell: string): string {
  return cell.startsWith("'") && startsAsFormula(cell.slice(1)) ? cell.slice(1) : cell;
}
