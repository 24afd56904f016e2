import { useState } from 'react';
import type { ReportFilter } from '#shared/rpc/methods/reports';
import { invoke } from '#renderer/rpc/client';
import { download } from '#renderer/ui/download';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The report as an XLSX workbook: core writes it as a stream, then hands it over in chunks. */
export function XlsxButton({ filter }: { filter: ReportFilter }) {
  const [state, setState] = useState<
    { phase: 'idle' | 'running' } | { phase: 'done'; filename: string; rows: number } | { phase: 'error'; message: string }
  >({ phase: 'idle' });
  const run = async () => {
    setState({ phase: 'running' });
    try {
      const file = await invoke('reports.exportXlsx', filter);
      const parts: Uint8Array<ArrayBuffer>[] = [];
      let offset: number | null = 0;
      while (offset !== null) {
        const chunk: { data: string; next: number | null } = await invoke('reports.exportChunk', {
          export_id: file.export_id,
          offset,
        });
        const binary = atob(chunk.data);
        const bytes = new Uint8Array(binary.length);
        for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
        parts.push(bytes);
        offset = chunk.next;
      }
      download(parts, file.filename, XLSX_TYPE);
      setState({ phase: 'done', filename: file.filename, rows: file.rows });
    } catch (error) {
      setState({ phase: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <span className="report-export">
      <button type="button" className="button" disabled={state.phase === 'running'} onClick={() => void run()}>
        {state.phase === 'running' ? 'Preparando XLSX…' : 'Exportar XLSX'}
      </button>
      {state.phase === 'done' && (
        <span role="status" className="muted">
          {`${state.filename}: ${state.rows.toLocaleString('es-CO')} filas.`}
        </span>
      )}
      {state.phase === 'error' && (
        <span role="alert" className="field__error">
          No se pudo exportar: {state.message}
        </span>
      )}
    </span>
  );
}
