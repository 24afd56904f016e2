// The FE withholding types of the active connection, typed from the provider's FE configuration.
// The contract lists no values ("FE withholdings": not shown; "Clients must not invent withholding
// codes"), so the app offers exactly what the user enters here, and nothing else.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FeWithholdingType } from '#shared/rpc/methods/fe';
import { invoke, RpcClientError } from '#renderer/rpc/client';
import { Alert } from '#renderer/ui/Alert';
import { useOfflineRefusal } from '#renderer/shell/offline';
import { OfflineNote } from '#renderer/ui/OfflineNote';

const blank = (): FeWithholdingType => ({ type: '', label: '', base_mode: '' });

export function WithholdingTypesEditor({ initial, onDone }: { initial: readonly FeWithholdingType[]; onDone: () => void }) {
  const client = useQueryClient();
  const [rows, setRows] = useState<FeWithholdingType[]>(initial.length > 0 ? [...initial] : [blank()]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const change = (i: number, name: keyof FeWithholdingType, value: string) =>
    setRows((list) => list.map((row, j) => (j === i ? { ...row, [name]: value } : row)));

  const save = async () => {
    setError(null);
    const types = rows.filter((r) => r.type.trim() || r.label.trim() || r.base_mode.trim());
    setBusy(true);
    try {
      await invoke('fe.saveWithholdingTypes', { types });
      await client.invalidateQueries({ queryKey: ['fe.withholdingTypes'] });
      onDone();
    } catch (e) {
      const fields = e instanceof RpcClientError ? Object.values(e.fields) : [];
      setError(
        fields.length > 0 ? fields.join(' ') : e instanceof Error ? e.message : 'No se pudieron guardar los tipos de retención.',
      );
    } finally {
      setBusy(false);
    }
  };

  const offline = useOfflineRefusal('fe.saveWithholdingTypes');
  return (
    <div className="withholding-editor" role="group" aria-label="Tipos de retención de la empresa">
      <p className="muted">
        Escriba los tipos de retención exactamente como aparecen en la configuración de facturación de su proveedor (código y
        base). Se guardan para esta conexión.
      </p>
      <table className="data">
        <thead>
          <tr>
            <th>Código del tipo</th>
            <th>Nombre para mostrar</th>
            <th>Base del cálculo</th>
            <th>
              <span className="visually-hidden">Acciones</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              <td>
                <input
                  aria-label={`Código del tipo ${i + 1}`}
                  value={row.type}
                  onChange={(e) => change(i, 'type', e.target.value)}
                />
              </td>
              <td>
                <input
                  aria-label={`Nombre del tipo ${i + 1}`}
                  value={row.label}
                  onChange={(e) => change(i, 'label', e.target.value)}
                />
              </td>
              <td>
                <input
                  aria-label={`Base del tipo ${i + 1}`}
                  list="fe-withholding-base-modes"
                  value={row.base_mode}
                  onChange={(e) => change(i, 'base_mode', e.target.value)}
                />
              </td>
              <td>
                <button
                  type="button"
                  className="icon-button icon-button--danger"
                  aria-label={`Quitar tipo ${i + 1}`}
                  onClick={() => setRows((list) => list.filter((_, j) => j !== i))}
                >
                  ✕
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <datalist id="fe-withholding-base-modes">
        <option value="subtotal" />
        <option value="impuestos" />
        <option value="total" />
      </datalist>
      {error && <Alert tone="error">{error}</Alert>}
      <OfflineNote note={offline} />
      <div className="button-row">
        <button type="button" className="button button--secondary" onClick={() => setRows((list) => [...list, blank()])}>
          Agregar tipo
        </button>
        <button type="button" className="button" onClick={() => void save()} disabled={busy || offline !== null}>
          {busy ? 'Guardando…' : 'Guardar tipos'}
        </button>
        <button type="button" className="button button--secondary" onClick={onDone}>
          Cancelar
        </button>
      </div>
    </div>
  );
}
