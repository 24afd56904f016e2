import { useState } from 'react';
import { useRpcMutation, useRpcQuery } from '#renderer/rpc/hooks';
import { Alert } from '#renderer/ui/Alert';
import { Field } from '#renderer/ui/Field';

/**
 * How many backups are kept: after each new one the oldest beyond that number are removed, except a
 * backup still needed because it alone knows a submission without a final answer.
 */
export function BackupRetention() {
  const kept = useRpcQuery('app.backupsKept', {});
  if (kept.isError) return <Alert tone="error">No se pudo leer cuántas copias se conservan: {kept.error.message}</Alert>;
  return kept.data ? <RetentionForm initial={kept.data.keep} /> : null;
}

function RetentionForm({ initial }: { initial: number }) {
  const save = useRpcMutation('app.setBackupsKept', ['app.backupsKept']);
  const [keep, setKeep] = useState(String(initial));
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      aria-label="Copias que se conservan"
      onSubmit={(event) => {
        event.preventDefault();
        setSaved(false);
        const value = keep.trim();
        if (!/^\d{1,4}$/.test(value) || Number(value) < 1 || Number(value) > 1000) {
          setError('Indique cuántas copias conservar: un número entero de 1 a 1.000.');
          return;
        }
        setError(null);
        save.mutate({ keep: Number(value) }, { onSuccess: () => setSaved(true) });
      }}
    >
      <div className="form-grid">
        <Field
          label="Copias que se conservan"
          hint="Al crear una copia se borran las más antiguas que pasen de este número. Nunca se borra una copia que sea la única que conoce un envío aún sin respuesta definitiva."
          error={error ?? undefined}
        >
          <input
            inputMode="numeric"
            value={keep}
            onChange={(event) => {
              setSaved(false);
              setKeep(event.target.value);
            }}
          />
        </Field>
      </div>
      {save.isError && <Alert tone="error">{save.error.message}</Alert>}
      {saved && <Alert tone="ok">Número de copias guardado.</Alert>}
      <button type="submit" className="button button--secondary" disabled={save.isPending}>
        Guardar
      </button>
    </form>
  );
}
