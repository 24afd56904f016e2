import { useEffect, useRef, useState } from 'react';
import type { HistoryCsvCursor, HistoryFilter } from '#shared/rpc/methods/history';
import { invoke } from '#renderer/rpc/client';
import { Alert } from '#renderer/ui/Alert';
import { countOf } from '#shared/plural';
import { download } from '#renderer/ui/download';

type ExportState =
  | { phase: 'idle' }
  | { phase: 'running'; done: number; total: number }
  | { phase: 'done'; rows: number; filename: string }
  | { phase: 'cancelled' }
  | { phase: 'error'; message: string };

const CSV_TYPE = 'text/csv;charset=utf-8';
const count = (n: number) => n.toLocaleString('es-CO');

/**
 * Saves the filtered list as CSV (UTF-8 with BOM, `;` and decimal comma, for es-CO spreadsheets).
 * Core answers the file in chunks; each becomes a Blob as it arrives (the browser keeps Blob data
 * outside the JS heap) and the file is one Blob of them at the end, so neither side ever holds the
 * whole export as one string.
 */
export function ExportCsvButton({ filter }: { filter: HistoryFilter }) {
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  // The export in progress, so that «Cancelar» (or leaving the screen) stops asking for chunks.
  const current = useRef<{ cancelled: boolean } | null>(null);
  useEffect(
    () => () => {
      if (current.current) current.current.cancelled = true;
    },
    [],
  );

  const run = async () => {
    const job = { cancelled: false };
    current.current = job;
    setState({ phase: 'running', done: 0, total: 0 });
    const parts: Blob[] = [];
    let after: HistoryCsvCursor | undefined;
    let filename = '';
    let done = 0;
    let total = 0;
    try {
      do {
        const answer = await invoke('history.exportCsv', after ? { filter, after } : { filter });
        if (job.cancelled) return;
        if (answer.chunk) parts.push(new Blob([answer.chunk], { type: CSV_TYPE }));
        filename ||= answer.filename;
        total = answer.total ?? total;
        done += answer.rows;
        after = answer.next ?? undefined;
        setState({ phase: 'running', done, total: Math.max(total, done) });
      } while (after);
      download(parts, filename, CSV_TYPE);
      setState({ phase: 'done', rows: done, filename });
    } catch (error) {
      if (job.cancelled) return;
      setState({ phase: 'error', message: error instanceof Error ? error.message : String(error) });
    } finally {
      if (current.current === job) current.current = null;
    }
  };

  const cancel = () => {
    if (current.current) current.current.cancelled = true;
    current.current = null;
    setState({ phase: 'cancelled' });
  };

  const running = state.phase === 'running';
  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => void run()} disabled={running}>
        {running ? 'Exportando…' : 'Exportar CSV'}
      </button>
      {running && (
        <>
          <span className="muted" role="status">
            Exportando… {count(state.done)} de {count(state.total)}
          </span>
          <button type="button" className="button button--secondary" onClick={cancel}>
            Cancelar
          </button>
        </>
      )}
      {state.phase === 'done' && (
        <span className="muted" role="status">
          CSV con {countOf(state.rows, 'documento')} ({state.filename}).
        </span>
      )}
      {state.phase === 'cancelled' && (
        <span className="muted" role="status">
          Exportación cancelada.
        </span>
      )}
      {state.phase === 'error' && (
        <Alert tone="error" title="No se pudo exportar">
          {state.message} Revise los filtros e intente de nuevo.
        </Alert>
      )}
    </>
  );
}
