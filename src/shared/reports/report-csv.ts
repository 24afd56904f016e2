// One table of the report as CSV for es-CO spreadsheets: UTF-8 with BOM, ';' between fields, decimal
// comma, dates dd/mm/aaaa, and text that would run as a formula neutralised by the one spreadsheet
// guard (shared/spreadsheet-cells.ts). Numbers are typed cells, so they are never mistaken for text.
import { CSV_BOM, csvLine, csvText } from '../spreadsheet-cells';

export type CsvCell = string | number | { cents: number } | { date: string } | null;

export function centsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

function cell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value).replace('.', ',');
  if (typeof value === 'string') return csvText(value);
  if ('cents' in value) return centsText(value.cents);
  const d = value.date;
  return d.length === 7 ? `${d.slice(5, 7)}/${d.slice(0, 4)}` : `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
}

export function tableCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return `${CSV_BOM}${[csvLine(header.map(csvText)), ...rows.map((row) => csvLine(row.map(cell)))].join('\r\n')}\r\n`;
}
