// The whole history CSV in one string, as a reference for the chunked export core answers (an
// export's parts, joined, must be exactly this): the header, then one line per row, one BOM.
import { BOM, CSV_HEADER, csvField, csvLine } from '../../src/core/history/csv';
import type { HistoryRow } from '../../src/shared/rpc/methods/history';

export function historyCsv(rows: Iterable<HistoryRow>): { content: string; rows: number } {
  const lines = [CSV_HEADER.map(csvField).join(';')];
  let count = 0;
  for (const row of rows) {
    lines.push(csvLine(row));
    count += 1;
  }
  return { content: `${BOM}${lines.join('\r\n')}\r\n`, rows: count };
}
