import type { HistoryFilter } from '../../../shared/rpc/methods/history-view';
import { useRpcMutation } from '../../rpc/hooks';
import { Alert } from '../../ui/Alert';

/** Saves the filtered list as CSV (UTF-8 with BOM, `;` and decimal comma, for es-CO spreadsheets). */
export function ExportCsvButton({ filter }: { filter: HistoryFilter }) {
  const exportCsv = useRpcMutation('history.exportCsv');
  const run = () =>
    exportCsv.mutate(
      { filter },
      {
        onSuccess: ({ filename, content }) => {
          const url = URL.createObjectURL(new Blob([content], { type: 'text/csv;charset=utf-8' }));
          const link = document.createElement('a');
          link.href = url;
          link.download = filename;
          document.body.appendChild(link);
          link.click();
          link.remove();
          setTimeout(() => URL.revokeObjectURL(url), 10_000);
        },
      },
    );
  return (
    <>
      <button type="button" className="button button--secondary" onClick={run} disabled={exportCsv.isPending}>
        {exportCsv.isPending ? 'Exportando…' : 'Exportar CSV'}
      </button>
      {exportCsv.isSuccess && (
        <span className="muted" role="status">
          CSV con {exportCsv.data.rows.toLocaleString('es-CO')} documentos ({exportCsv.data.filename}).
        </span>
      )}
      {exportCsv.isError && (
        <Alert tone="error" title="No se pudo exportar">
          {exportCsv.error.message} Revise los filtros e intente de nuevo.
        </Alert>
      )}
    </>
  );
}
