import { useState } from 'react';
import type { CostCenter } from '#shared/rpc/methods/dse-catalog';
import { Section } from '#renderer/ui/Section';
import { useRpcMutation } from '#renderer/rpc/hooks';
import { useOfflineRefusal } from '#renderer/shell/offline';
import { OfflineNote } from '#renderer/ui/OfflineNote';

interface Row {
  id: string;
  code: string;
  name: string;
}

/**
 * The company's cost centers. The contract lists no endpoint for them, so they are entered here once
 * per connection (id and code as the company's accounting knows them); the server still judges each line.
 */
export function CostCentersEditor({ centers }: { centers: readonly CostCenter[] }) {
  // The parent remounts this editor (key) when the saved list changes.
  const [rows, setRows] = useState<Row[]>(() => centers.map((c) => ({ id: String(c.id), code: c.code, name: c.name })));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useRpcMutation('dseCatalog.saveCostCenters', ['dseCatalog.costCenters']);
  const offline = useOfflineRefusal('dseCatalog.saveCostCenters');
  const update = (i: number, key: keyof Row, value: string) =>
    setRows((r) => r.map((row, j) => (j === i ? { ...row, [key]: value } : row)));
  const submit = () => {
    setProblem(null);
    const items: CostCenter[] = [];
    for (const [i, r] of rows.entries()) {
      if (!r.id.trim() && !r.code.trim() && !r.name.trim()) continue;
      if (!/^\d+$/.test(r.id.trim()) || Number(r.id) <= 0)
        return setProblem(`Fila ${i + 1}: el id debe ser un número entero positivo.`);
      if (!r.code.trim()) return setProblem(`Fila ${i + 1}: falta el código.`);
      items.push({ id: Number(r.id), code: r.code.trim(), name: r.name.trim() });
    }
    save.mutate({ items });
  };
  return (
    <Section
      title="Centros de costo de la empresa"
      summary={centers.length ? `${centers.length} registrados` : 'Ninguno registrado: escríbalos aquí (opcional)'}
    >
      <p className="muted">
        El servicio de facturación no publica la lista de centros de costo, así que cada conexión guarda la suya: escriba aquí el
        id y el código de cada centro tal como los tiene la contabilidad de la empresa (o pídalos a su proveedor del servicio).
        Las líneas los ofrecen en la columna «Centro de costo» y la importación de CSV los reconoce por código o id; el servicio
        sigue siendo quien los valida.
      </p>
      <table className="data dse-centers">
        <thead>
          <tr>
            <th>Id</th>
            <th>Código</th>
            <th>Nombre</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              <td>
                <input
                  aria-label={`Id del centro de costo ${i + 1}`}
                  inputMode="numeric"
                  value={r.id}
                  onChange={(e) => update(i, 'id', e.target.value)}
                />
              </td>
              <td>
                <input
                  aria-label={`Código del centro de costo ${i + 1}`}
                  value={r.code}
                  onChange={(e) => update(i, 'code', e.target.value)}
                />
              </td>
              <td>
                <input
                  aria-label={`Nombre del centro de costo ${i + 1}`}
                  value={r.name}
                  onChange={(e) => update(i, 'name', e.target.value)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <OfflineNote note={offline} />
      <div className="dse-actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setRows((r) => [...r, { id: '', code: '', name: '' }])}
        >
          Agregar centro de costo
        </button>
        <button type="button" className="button" disabled={save.isPending || offline !== null} onClick={submit}>
          Guardar centros de costo
        </button>
      </div>
      {problem && (
        <p className="field__error" role="alert">
          {problem}
        </p>
      )}
      {save.isError && (
        <p className="field__error" role="alert">
          {save.error.message}
        </p>
      )}
      {save.isSuccess && !problem && (
        <p className="muted" role="status">
          Guardados.
        </p>
      )}
    </Section>
  );
}
