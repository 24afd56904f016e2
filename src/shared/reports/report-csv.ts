// One table of the report as CSV for es-CO spreadsheets: UTF-8 with BOM, ';' between fields, decimal
// comma, dates dd/mm/aaaa, and text that would run as a formula neutralised by the one spreadsheet
// guard (shared/spreadsheet-cells.ts). Numbers are typed cells, so they are never mistaken for text.
import { centsToDec } from '../cents';
import { centsComma, decimalComma } from '../format';
import { CSV_BOM, csvLine, csvText } from '../spreadsheet-cells';

export type CsvCell = string | number | { cents: number } | { date: string } | null;

/** "1234,50", "-0,05": integer cents as a CSV amount. */
export function centsText(cents: number): string {
  return centsComma(centsToDec(cents).toFixed(2));
}

function cell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return decimalComma(value);
  if (typeof value === 'string') return csvText(value);
  if ('cents' in value) return centsText(value.cents);
  const d = value.date;
  return d.length === 7 ? `${d.slice(5, 7)}/${d.slice(0, 4)}` : `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
}

export function tableCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return `${CSV_BOM}${[csvLine(header.map(csvText)), ...rows.map((row) => csvLine(row.map(cell)))].join('\r\n')}\r\n`;
}
