import { useState, type FormEvent } from 'react';
import { IssuerProfile } from '../../../shared/rpc/methods/history-view';
import { useRpcMutation } from '../../rpc/hooks';
import { Alert } from '../../ui/Alert';

const FIELDS: { name: keyof IssuerProfile; label: string }[] = [
  { name: 'nombre', label: 'Razón social' },
  { name: 'nit', label: 'NIT (sin dígito de verificación)' },
  { name: 'direccion', label: 'Dirección' },
  { name: 'ciudad', label: 'Ciudad' },
  { name: 'telefono', label: 'Teléfono' },
  { name: 'email', label: 'Correo' },
];

/** The issuer's own data for the printed page: the API has no endpoint that returns it. */
export function IssuerForm({ initial }: { initial: IssuerProfile | null }) {
  const [values, setValues] = useState<IssuerProfile>(initial ?? { nombre: '', nit: '', direccion: '', ciudad: '', telefono: '', email: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const save = useRpcMutation('history.setIssuer', ['history.detail', 'history.issuer']);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = IssuerProfile.safeParse(values);
    if (!parsed.success) {
      setProblem(parsed.error.issues.map((issue) => issue.message).join(' '));
      return;
    }
    setProblem(null);
    save.mutate(parsed.data);
  };
  return (
    <form className="panel issuer-form no-print" onSubmit={submit} aria-labelledby="issuer-title">
      <h2 id="issuer-title">Datos del emisor para la representación gráfica</h2>
      <p className="muted">El servicio no informa estos datos; se guardan en este equipo para la conexión en uso.</p>
      <div className="form-grid">
        {FIELDS.map((field) => (
          <label key={field.name} className="field">
            <span>{field.label}</span>
            <input value={values[field.name]} onChange={(event) => setValues({ ...values, [field.name]: event.target.value })} />
          </label>
        ))}
      </div>
      {problem && <Alert tone="warn">{problem}</Alert>}
      {save.isError && <Alert tone="error" title="No se guardaron los datos del emisor">{save.error.message}</Alert>}
      <button type="submit" className="button" disabled={save.isPending}>
        Guardar datos del emisor
      </button>
    </form>
  );
}
