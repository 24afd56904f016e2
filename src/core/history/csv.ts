// CSV export of the filtered history for the bookkeeper: UTF-8 with a BOM (so spreadsheet programs
// read accents), `;` between fields and a decimal comma, as a Colombian (es-CO) spreadsheet expects;
// fields quoted per RFC 4180 when they hold a separator, a quote or a line break, and text that
// would run as a formula neutralised (shared/spreadsheet-cells.ts).
import { formatDate } from '#shared/dates';
import { toMoneyString } from '#shared/money';
import type { HistoryRow } from '#shared/rpc/methods/history';
import { CSV_BOM, CSV_SEPARATOR, csvNumber, csvText } from '#shared/spreadsheet-cells';
import { estadoLabel } from '#shared/estados';

export const BOM = CSV_BOM;
const SEPARATOR = CSV_SEPARATOR;

export const CSV_HEADER = [
  'Tipo',
  'Número',
  'Fecha',
  'Estado DIAN',
  'Seguimiento',
  'Contraparte',
  'Documento contraparte',
  'Subtotal',
  'Impuestos',
  'Total',
  'Moneda',
  'CUFE/CUDS',
] as const;

/** A text cell, through the one spreadsheet guard (formula starters neutralised, RFC 4180 quoting). */
export const csvField = csvText;

/** An amount this app formatted (digits, an optional minus and decimal comma): a number in the spreadsheet. */
export const csvAmount = csvNumber;

/** A two-decimal amount as toMoneyString writes it already (no leading zero, no negative zero). */
const CANONICAL_MONEY = /^-?(0|[1-9]\d*)\.\d{2}$/;

export function decimalComma(money: string): string {
  // The mirror's amounts are the contract's MoneyString: most need no decimal arithmetic (fewer
  // objects per row of a 100,000-row export).
  const canonical = CANONICAL_MONEY.test(money) && !/^-0\.00$/.test(money) ? money : toMoneyString(money);
  return canonical.replace('.', ',');
}

/** formatDate per distinct date of an export (a year has 365; the rows repeat them). */
const formattedDates = new Map<string, string>();

function exportDate(isoDate: string): string {
  let formatted = formattedDates.get(isoDate);
  if (formatted === undefined) {
    if (formattedDates.size >= 4_096) formattedDates.clear();
    formatted = formatDate(isoDate);
    formattedDates.set(isoDate, formatted);
  }
  return formatted;
}

export function csvLine(row: HistoryRow): string {
  return [
    row.kind,
    row.number,
    exportDate(row.issue_date),
    estadoLabel(row.estado_dian),
    row.following ? 'en duda / pendiente' : '',
    row.counterpart_name,
    row.counterpart_doc,
    decimalComma(row.subtotal),
    decimalComma(row.impuestos),
    decimalComma(row.total),
    row.moneda,
    row.fiscal_key,
  ]
    .map((value, index) => (index >= 7 && index <= 9 ? csvAmount(value) : csvField(value)))
    .join(SEPARATOR);
}

/**
 * Part of the file: the lines of `rows`, each ending in CRLF, after the BOM and the header when it
 * is the first part. The parts of one export, joined, are the whole file (test/support/history-csv.ts).
 */
export function historyCsvPart(rows: Iterable<HistoryRow>, first: boolean): { content: string; rows: number } {
  const lines = first ? [CSV_HEADER.map(csvField).join(SEPARATOR)] : [];
  let count = 0;
  for (const row of rows) {
    lines.push(csvLine(row));
    count += 1;
  }
  if (lines.length === 0) return { content: '', rows: 0 };
  return { content: `${first ? BOM : ''}${lines.join('\r\n')}\r\n`, rows: count };
}
