// One table of the report as CSV for es-CO spreadsheets: UTF-8 with BOM, ';' between fields, decimal
// comma, dates dd/mm/aaaa, and text that would run as a formula quoted (as the Historial's CSV).
export type CsvCell = string | number | { cents: number } | { date: string } | null;

const BOM = '\uFEFF';

function field(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d/.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function centsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

function cell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value).replace('.', ',');
  if (typeof value === 'string') return field(value);
  if ('cents' in value) return centsText(value.cents);
  const d = value.date;
  return d.length === 7 ? `${d.slice(5, 7)}/${d.slice(0, 4)}` : `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
}

export function tableCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return `${BOM}${[header.map(field).join(';'), ...rows.map((row) => row.map(cell).join(';'))].join('\r\n')}\r\n`;
}
