// Import from a CSV file or a spreadsheet paste: first a preview of what each row creates or changes
// and each row's errors, then only the valid rows are written. Nothing changes before "Importar".
// A file is read by the shared reader (its size checked before a byte is read, its encoding decided
// by its bytes: Excel's es-CO "CSV" is Windows-1252) and kept apart from the paste box, so a catalog
// of thousands of products is never laid out in a text box.
import { useState } from 'react';
import { formatByteSize } from '#shared/byte-size';
import { countOf } from '#shared/plural';
import type { ImportPreview } from '#shared/rpc/methods/catalog';
import { FILE_LIMITS, readTextFile, type TextEncodingName } from '#shared/text-file';
import { invoke } from '#renderer/rpc/client';
import { Alert } from '#renderer/ui/Alert';

const ACTION_LABELS = { create: 'Nuevo', update: 'Cambia', unchanged: 'Sin cambios', error: 'Con errores' } as const;

/** Rows laid out in the preview: the rows with errors first, then the others in file order. */
export const PREVIEW_ROWS_SHOWN = 500;

interface ChosenFile {
  name: string;
  size: number;
  encoding: TextEncodingName;
  text: string;
}

export function ImportPanel({ onDone, onClose }: { onDone: (result: ImportPreview) => void; onClose: () => void }) {
  const [text, setText] = useState('');
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const source = file?.text ?? text;

  const run = async (apply: boolean) => {
    setBusy(true);
    setFailure(null);
    try {
      const result = await invoke(apply ? 'catalog.applyImport' : 'catalog.previewImport', { text: source });
      if (apply) onDone(result);
      else setPreview(result);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'No se pudo leer el texto.');
    } finally {
      setBusy(false);
    }
  };

  const readFile = async (chosen: File | undefined) => {
    if (!chosen) return;
    setFailure(null);
    setPreview(null);
    const read = await readTextFile(chosen, FILE_LIMITS.catalog);
    if (!read.ok) {
      setFile(null);
      setFailure(read.problem);
      return;
    }
    setFile({ name: chosen.name, size: chosen.size, encoding: read.encoding, text: read.text });
  };

  const writable = preview ? preview.create + preview.update : 0;
  const shown = preview ? previewRows(preview) : [];
  return (
    <section className="panel catalog-import" aria-labelledby="catalog-import-title">
      <h2 id="catalog-import-title">Importar productos</h2>
      <p className="muted">
        Pegue filas de una hoja de cálculo o elija un archivo CSV (hasta {formatByteSize(FILE_LIMITS.catalog)}). Columnas: código;
        códigos de barras; descripción; precio; incluye IVA (sí/no); impuesto (19, 5, 8 o 0); unidad; UNSPSC. Con encabezado, el
        orden puede ser otro. Los productos se reconocen por su código.
      </p>
      <div className="catalog-import__source">
        {file ? (
          <p className="catalog-import__chosen" data-testid="import-file">
            Archivo <strong>{file.name}</strong> ({formatByteSize(file.size)}, codificación {file.encoding}).{' '}
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                setFile(null);
                setPreview(null);
              }}
            >
              Quitar el archivo
            </button>
          </p>
        ) : (
          <label className="field">
            <span>Filas pegadas</span>
            <textarea
              rows={6}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setPreview(null);
              }}
              aria-label="Filas para importar"
              spellCheck={false}
            />
          </label>
        )}
        <label className="button button--secondary catalog-import__file">
          {file ? 'Elegir otro archivo CSV…' : 'Elegir archivo CSV…'}
          <input
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            className="sr-only"
            aria-label="Archivo CSV de productos"
            // The value is cleared after each choice, so choosing the same file again reads it again.
            onChange={(e) => void readFile(e.target.files?.[0]).finally(() => (e.target.value = ''))}
          />
        </label>
      </div>
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="button-row">
        <button type="button" className="button" disabled={busy || source.trim() === ''} onClick={() => void run(false)}>
          Ver vista previa
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          Cerrar
        </button>
      </div>
      {preview && (
        <div className="catalog-import__preview" data-testid="import-preview">
          {preview.problem ? (
            <Alert tone="error">{preview.problem}</Alert>
          ) : (
            <>
              <p role="status" data-testid="import-summary">
                {preview.create} nuevos · {preview.update} con cambios · {preview.unchanged} sin cambios · {preview.errors} con
                errores (no se importarán)
              </p>
              {shown.length < preview.rows.length && (
                <p className="muted" data-testid="import-shown">
                  Se muestran {shown.length} de {countOf(preview.rows.length, 'fila')}: primero las que tienen errores.
                </p>
              )}
              <table className="data">
                <thead>
                  <tr>
                    <th>Fila</th>
                    <th>Código</th>
                    <th>Descripción</th>
                    <th>Resultado</th>
                    <th>Detalle</th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((row) => (
                    <tr
                      key={row.line}
                      className={`catalog-import__row catalog-import__row--${row.action}`}
                      data-testid="import-row"
                    >
                      <td>{row.line}</td>
                      <td>{row.code || '—'}</td>
                      <td>{row.description || '—'}</td>
                      <td>{ACTION_LABELS[row.action]}</td>
                      <td>
                        {[...row.errors, ...row.changes].map((line) => (
                          <div key={line}>{line}</div>
                        ))}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <div className="button-row">
                <button type="button" className="button" disabled={busy || writable === 0} onClick={() => void run(true)}>
                  {writable === 0 ? 'Nada que importar' : `Importar ${countOf(writable, 'producto')}`}
                </button>
              </div>
            </>
          )}
        </div>
      )}
    </section>
  );
}

/** The rows the preview lays out: every row with errors first (up to the bound), then the others in file order. */
function previewRows(preview: ImportPreview): ImportPreview['rows'] {
  if (preview.rows.length <= PREVIEW_ROWS_SHOWN) return preview.rows;
  const errors = preview.rows.filter((row) => row.action === 'error');
  const others = preview.rows.filter((row) => row.action !== 'error');
  return [...errors, ...others].slice(0, PREVIEW_ROWS_SHOWN);
}
