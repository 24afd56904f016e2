// The Historial's own search (HistoryQueries.page, what `history.list` answers) for tests that look
// documents up by words or kind, first page.
import { HistoryQueries } from '#core/history/query';
import { sqliteEngine } from '#core/store/engine';
import type { Db } from '#core/store/store';
import type { HistoryPage } from '#shared/rpc/methods/history';

export function searchHistory(
  db: Db,
  connectionId: number,
  { q, kind, limit = 50 }: { q?: string; kind?: 'FE' | 'DSE'; limit?: number },
): Promise<HistoryPage> {
  return new HistoryQueries(sqliteEngine(db)).page(connectionId, { ...(q ? { q } : {}), ...(kind ? { kind } : {}) }, 0, limit);
}
