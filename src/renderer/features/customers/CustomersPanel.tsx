// Clientes: the company's saved customers, in the Productos screen. Search by name
// or number, create, edit, deactivate and activate again. The counter picks them with F3.
import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useState, type FormEvent } from 'react';
import { IDENTIFICATION_TYPES } from '#shared/api/fe';
import { CustomerInput, type Customer } from '#shared/customers/customer';
import { formatDateTime } from '#shared/dates';
import { nitCheckDigit } from '#shared/fiscal/nit';
import { invoke, RpcClientError } from '#renderer/rpc/client';
import { useRpcMutation, useRpcQuery } from '#renderer/rpc/hooks';
import { Alert } from '#renderer/ui/Alert';
import { Field } from '#renderer/ui/Field';
import { ActiveRowCells, ListHead } from '#renderer/ui/RowActions';
import { IdentificationOptions } from '#renderer/ui/IdentificationOptions';
import { ListToolbar } from '#renderer/ui/ListToolbar';
import { FormActions } from '#renderer/ui/FormActions';

type Values = CustomerInput;

const EMPTY: Values = { tipo_doc: '13', numero_doc: '', nombre: '', email: '', direccion: '', telefono: '' };

function typeLabel(code: string): string {
  return IDENTIFICATION_TYPES.find((t) => t.code === code)?.label ?? code;
}

function CustomerForm({
  customer,
  onSaved,
  onCancel,
}: {
  customer: Customer | null;
  onSaved: (c: Customer) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<Values>(() =>
    customer
      ? {
          tipo_doc: customer.tipo_doc,
          numero_doc: customer.numero_doc,
          nombre: customer.nombre,
          email: customer.email,
          direccion: customer.direccion,
          telefono: customer.telefono,
        }
      : EMPTY,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = (key: keyof Values, value: string) => setValues((v) => ({ ...v, [key]: value }));
  const dv =
    values.tipo_doc === '31' && /^\d{1,15}$/.test(values.numero_doc.trim()) ? nitCheckDigit(values.numero_doc.trim()) : '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = CustomerInput.safeParse(values);
    if (!checked.success) {
      const next: Record<string, string> = {};
      for (const issue of checked.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      onSaved(await invoke('customers.save', { ...(customer ? { id: customer.id } : {}), customer: checked.data }));
    } catch (error) {
      setFailure(error instanceof RpcClientError ? error.message : 'No se pudo guardar el cliente.');
    }
  };

  return (
    <form
      className="panel customer-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={customer ? 'Editar cliente' : 'Nuevo cliente'}
    >
      <h2>{customer ? `Editar cliente ${customer.nombre}` : 'Nuevo cliente'}</h2>
      <div className="form-grid">
        <Field label="Tipo de documento" error={errors.tipo_doc}>
          <select value={values.tipo_doc} onChange={(e) => set('tipo_doc', e.target.value)}>
            <IdentificationOptions />
          </select>
        </Field>
        <Field
          label="Número de documento"
          error={errors.numero_doc}
          hint={values.tipo_doc === '31' ? `Sin el dígito de verificación${dv ? ` (DV ${dv})` : ''}` : undefined}
        >
          <input type="text" autoComplete="off" value={values.numero_doc} onChange={(e) => set('numero_doc', e.target.value)} />
        </Field>
        <Field label="Nombre o razón social" error={errors.nombre}>
          <input type="text" autoComplete="off" value={values.nombre} onChange={(e) => set('nombre', e.target.value)} />
        </Field>
        <Field label="Correo electrónico" error={errors.email}>
          <input type="email" autoComplete="off" value={values.email} onChange={(e) => set('email', e.target.value)} />
        </Field>
        <Field label="Dirección" error={errors.direccion}>
          <input type="text" autoComplete="off" value={values.direccion} onChange={(e) => set('direccion', e.target.value)} />
        </Field>
        <Field label="Teléfono" error={errors.telefono}>
          <input type="tel" autoComplete="off" value={values.telefono} onChange={(e) => set('telefono', e.target.value)} />
        </Field>
      </div>
      {failure && <Alert tone="error">{failure}</Alert>}
      <FormActions saveLabel="Guardar" onCancel={onCancel} className="customer-form__actions" />
    </form>
  );
}

export function CustomersPanel() {
  const client = useQueryClient();
  const [q, setQ] = useState('');
  const [showInactive, setShowInactive] = useState(false);
  const [editing, setEditing] = useState<{ customer: Customer | null } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const query = useDeferredValue(q);
  const list = useRpcQuery(
    'customers.search',
    { q: query, include_inactive: showInactive, limit: 200 },
    { placeholderData: (p) => p },
  );
  const toggle = useRpcMutation('customers.setActive', ['customers.search']);

  return (
    <div className="customers-panel">
      <ListToolbar
        label="Buscar cliente guardado"
        placeholder="Nombre o número de documento"
        query={q}
        onQuery={setQ}
        showInactive={showInactive}
        onShowInactive={setShowInactive}
        message={message}
        messageTestId="customers-message"
      >
        <button type="button" className="button" onClick={() => setEditing({ customer: null })}>
          Nuevo cliente
        </button>
      </ListToolbar>
      {editing && (
        <CustomerForm
          key={editing.customer?.id ?? 'new'}
          customer={editing.customer}
          onCancel={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            setMessage(`Cliente ${saved.nombre} guardado.`);
            void client.invalidateQueries({ queryKey: ['customers.search'] });
          }}
        />
      )}
      {list.isError && <Alert tone={list.error.code === 'no_connection' ? 'warn' : 'error'}>{list.error.message}</Alert>}
      {toggle.isError && <Alert tone="error">{toggle.error.message}</Alert>}
      {list.data && (
        <>
          <p className="muted" role="status">
            {list.data.total === 0
              ? q.trim()
                ? 'Ningún cliente coincide con la búsqueda.'
                : 'Aún no hay clientes guardados: guárdelos desde una factura («Guardar cliente») o cree uno aquí.'
              : `${list.data.total.toLocaleString('es-CO')} cliente${list.data.total === 1 ? '' : 's'}${list.data.total > list.data.items.length ? `; se muestran los primeros ${list.data.items.length}` : ''}`}
          </p>
          {list.data.items.length > 0 && (
            <table className="data catalog-table">
              <ListHead columns={['Nombre', 'Documento', 'Correo', 'Teléfono', 'Última factura', 'Estado']} />
              <tbody>
                {list.data.items.map((c) => (
                  <tr key={c.id} data-testid="customer-row" className={c.active ? undefined : 'catalog-row--inactive'}>
                    <td>{c.nombre}</td>
                    <td>
                      {typeLabel(c.tipo_doc)} {c.numero_doc}
                      {c.dv !== null ? `-${c.dv}` : ''}
                    </td>
                    <td>{c.email || '—'}</td>
                    <td>{c.telefono || '—'}</td>
                    <td>{c.last_used_at ? formatDateTime(c.last_used_at) : '—'}</td>
                    <ActiveRowCells
                      active={c.active}
                      onEdit={() => setEditing({ customer: c })}
                      onToggle={() => toggle.mutate({ id: c.id, active: !c.active })}
                      toggling={toggle.isPending}
                    />
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </div>
  );
}
