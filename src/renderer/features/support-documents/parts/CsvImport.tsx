import { useState } from 'react';
import type { ItemValues } from '../model/form-values';
import { describeFormat, importLinesText, type ImportResult } from '../model/lines-import';
import { useDseForm } from './form-context';
import { countOf } from '#shared/plural';
import { FILE_LIMITS, readTextFile } from '#shared/text-file';
import { ProblemList } from '#renderer/ui/ProblemList';

/** A CSV file of lines for the weekly mode: a preview that marks each bad row and why, then the good rows are added. */
export function CsvImport({ onAdd }: { onAdd: (items: ItemValues[]) => void }) {
  const { costCenters } = useDseForm();
  const [result, setResult] = useState<(ImportResult & { file: string }) | null>(null);
  const [error, setError] = useState<string | null>(null);

  const read = async (file: File | undefined) => {
    setError(null);
    if (!file) return;
    // The shared reader: the size first (nothing read above the limit), then the bytes decide the
    // encoding (a Spanish spreadsheet saves "CSV" as Windows-1252, others UTF-8).
    const read = await readTextFile(file, FILE_LIMITS.dseLines);
    if (!read.ok) return setError(read.problem);
    const imported = importLinesText(read, costCenters);
    if (imported.error) return setError(imported.error);
    setResult({ ...imported, file: file.name });
  };

  const good = result?.rows.filter((r) => r.problems.length === 0) ?? [];
  return (
    <div className="dse-csv">
      <label className="button button--secondary">
        Importar CSV de líneas
        <input
          type="file"
          accept=".csv,.txt,.tsv,text/csv,text/plain"
          className="sr-only"
          onChange={(e) => void read(e.target.files?.[0]).finally(() => (e.target.value = ''))}
        />
      </label>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      {result && (
        <div className="dse-csv__preview panel" role="dialog" aria-label="Vista previa del CSV">
          <p>
            <strong>{result.file}</strong>: {countOf(result.rows.length, 'fila')}, {good.length} sin errores,{' '}
            {result.rows.length - good.length} con errores.
          </p>
          {result.format && (
            <p className="muted" data-testid="csv-format">
              {describeFormat(result.format)}.
            </p>
          )}
          <div className="dse-table-wrap">
            <table className="data">
              <thead>
                <tr>
                  <th>Fila</th>
                  <th>Código</th>
                  <th>Descripción</th>
                  <th className="num">Cantidad</th>
                  <th className="num">Precio</th>
                  <th className="num">% IVA</th>
                  <th>Estado</th>
                </tr>
              </thead>
              <tbody>
                {result.rows.map((r) => (
                  <tr key={r.line} className={r.problems.length ? 'dse-row--bad' : undefined}>
                    <td>{r.line}</td>
                    <td>{r.item.codigo}</td>
                    <td>{r.item.descripcion}</td>
                    <td className="num">{r.item.cantidad}</td>
                    <td className="num">{r.item.precio_unitario}</td>
                    <td className="num">{r.item.porcentaje_iva}</td>
                    <td>
                      {r.problems.length === 0 ? (
                        <span className="badge badge--ok">Correcta</span>
                      ) : (
                        <ProblemList problems={r.problems} className="dse-problems" />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="dse-actions">
            <button
              type="button"
              className="button"
              disabled={good.length === 0}
              onClick={() => {
                onAdd(good.map((r) => r.item));
                setResult(null);
              }}
            >
              {`Agregar ${countOf(good.length, 'línea correcta', 'líneas correctas')}`}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setResult(null)}>
              Cancelar
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
