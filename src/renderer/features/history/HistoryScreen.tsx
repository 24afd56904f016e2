import { useCallback, useState } from 'react';
import type { HistoryFilter } from '#shared/rpc/methods/history';
import { useHashRoute } from '#renderer/shell/useHashRoute';
import PrintView from '../print/PrintView';
import { ExportCsvButton } from './ExportCsvButton';
import { EMPTY_FILTER, type FilterValues } from './filter-state';
import { FollowingPanel } from './FollowingPanel';
import { HistoryDetailView } from './HistoryDetail';
import { HistoryFilters } from './HistoryFilters';
import { HistoryList } from './HistoryList';
import { SyncBar } from './SyncBar';
import './history.css';

/** Routes: #/historial (list), #/historial/<id> (detail), #/historial/<id>/imprimir (printable page). */
export function parseHistoryRoute(path: string): { view: 'list' } | { view: 'detail' | 'print'; id: number } {
  const match = /^\/historial\/(\d{1,15})(\/imprimir)?\/?$/.exec(path);
  if (!match) return { view: 'list' };
  return { view: match[2] ? 'print' : 'detail', id: Number(match[1]) };
}

export default function HistoryScreen() {
  const route = parseHistoryRoute(useHashRoute());
  // Kept here so that the filters are as they were when the list comes back from a document.
  const [filters, setFilters] = useState<{ values: FilterValues; filter: HistoryFilter }>({ values: EMPTY_FILTER, filter: {} });
  const onFilters = useCallback((values: FilterValues, filter: HistoryFilter) => setFilters({ values, filter }), []);

  if (route.view === 'print') return <PrintView id={route.id} />;
  if (route.view === 'detail') return <HistoryDetailView id={route.id} />;
  return <HistoryListScreen values={filters.values} filter={filters.filter} onFilters={onFilters} />;
}

function HistoryListScreen({
  values,
  filter,
  onFilters,
}: {
  values: FilterValues;
  filter: HistoryFilter;
  onFilters: (values: FilterValues, filter: HistoryFilter) => void;
}) {
  return (
    <section className="screen history" aria-labelledby="history-title">
      <header className="screen__header">
        <h1 id="history-title">Historial</h1>
        <SyncBar />
      </header>
      <HistoryFilters value={values} onChange={onFilters} />
      <div className="history-actions">
        <ExportCsvButton filter={filter} />
      </div>
      <FollowingPanel />
      <HistoryList filter={filter} />
    </section>
  );
}
