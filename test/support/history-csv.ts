// The whole history CSV in one string, the reference for the chunked export core answers (an
// export's parts, joined, must be exactly this): all rows as one first part, with BOM and header.
import { historyCsvPart } from '#core/history/csv';
import type { HistoryRow } from '#shared/rpc/methods/history';

export function historyCsv(rows: Iterable<HistoryRow>): { content: string; rows: number } {
  return historyCsvPart(rows, true);
}
