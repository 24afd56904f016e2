import { useMemo, useState } from 'react';
import { useHashRoute } from '#renderer/shell/useHashRoute';
import { Alert } from '#renderer/ui/Alert';
import PrintView from '../print/PrintView';
import { ExportCsvButton } from './ExportCsvButton';
import { EMPTY_FILTER, filterProblem, toHistoryFilter, type FilterForm } from './filter-state';
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
  const [form, setForm] = useState<FilterForm>(EMPTY_FILTER);

  if (route.view === 'print') return <PrintView id={route.id} />;
  if (route.view === 'detail') return <HistoryDetailView id={route.id} />;
  return <HistoryListScreen form={form} onForm={setForm} />;
}

function HistoryListScreen({ form, onForm }: { form: FilterForm; onForm: (next: FilterForm) => void }) {
  const problem = filterProblem(form);
  const filter = useMemo(() => toHistoryFilter(form), [form]);
  return (
    <section className="screen history" aria-labelledby="history-title">
      <header className="screen__header">
        <h1 id="history-title">Historial</h1>
        <SyncBar />
      </header>
      <HistoryFilters value={form} onChange={onForm} />
      <div className="history-actions">
        <ExportCsvButton filter={filter} />
      </div>
      <FollowingPanel />
      {problem ? <Alert tone="warn">{problem}</Alert> : <HistoryList filter={filter} />}
    </section>
  );
}
