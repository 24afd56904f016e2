// Import from a CSV file or a spreadsheet paste: first a preview of what each row creates or changes
// and each row's errors, then only the valid rows are written. Nothing changes before "Importar".
import { useState } from 'react';
import type { ImportPreview } from '../../../shared/rpc/methods/catalog';
import { invoke } from '../../rpc/client';
import { Alert } from '../../ui/Alert';

const ACTION_LABELS = { create: 'Nuevo', update: 'Cambia', unchanged: 'Sin cambios', error: 'Con errores' } as const;

export function ImportPanel({ onDone, onClose }: { onDone: (result: ImportPreview) => void; onClose: () => void }) {
  const [text, setText] = useState('');
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (apply: boolean) => {
    setBusy(true);
    setFailure(null);
    try {
      const result = await invoke(apply ? 'catalog.applyImport' : 'catalog.previewImport', { text });
      if (apply) onDone(result);
      else setPreview(result);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'No se pudo leer el texto.');
    } finally {
      setBusy(false);
    }
  };

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    setText(await file.text());
    setPreview(null);
  };

  const writable = preview ? preview.create + preview.update : 0;
  return (
    <section className="panel catalog-import" aria-labelledby="catalog-import-title">
      <h2 id="catalog-import-title">Importar productos</h2>
      <p className="muted">
        Pegue filas de una hoja de cálculo o elija un archivo CSV. Columnas: código; códigos de barras; descripción; precio;
        incluye IVA (sí/no); impuesto (19, 5, 8 o 0); unidad; UNSPSC. Con encabezado, el orden puede ser otro. Los productos se
        reconocen por su código.
      </p>
      <div className="catalog-import__source">
        <label className="field">
          <span>Filas pegadas o contenido del archivo</span>
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
        <label className="button button--secondary catalog-import__file">
          Elegir archivo CSV…
          <input
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            className="sr-only"
            onChange={(e) => void readFile(e.target.files?.[0])}
          />
        </label>
      </div>
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="button-row">
        <button type="button" className="button" disabled={busy || text.trim() === ''} onClick={() => void run(false)}>
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
                  {preview.rows.map((row) => (
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
                  {writable === 0 ? 'Nada que importar' : `Importar ${writable} producto${writable === 1 ? '' : 's'}`}
                </button>
              </div>
            </>
          )}
        </div>
      )}
    </section>
  );
}
