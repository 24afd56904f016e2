// Clientes: the company's saved customers, in the Productos screen. Search by name
// or number, create, edit, deactivate and activate again. The counter picks them with F3.
import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { identificationTypeName } from '#shared/dian/identification-types';
import { countOf } from '#shared/format';
import { CustomerInput, type Customer } from '#shared/customers/customer';
import { formatDateTime } from '#shared/dates';
import { nitCheckDigit } from '#shared/fiscal/nit';
import { useSchemaForm } from '#renderer/forms/useSchemaForm';
import { invoke, RpcClientError } from '#renderer/rpc/client';
import { useRpcMutation, useRpcQuery } from '#renderer/rpc/hooks';
import { Alert } from '#renderer/ui/Alert';
import { Field } from '#renderer/ui/Field';
import { ActiveRowCells, ListHead } from '#renderer/ui/RowActions';
import { IdentificationOptions } from '#renderer/ui/IdentificationOptions';
import { ListToolbar } from '#renderer/ui/ListToolbar';
import { FormActions } from '#renderer/ui/FormActions';
import { useOfflineRefusal } from '#renderer/shell/offline';

type Values = CustomerInput;

const EMPTY: Values = { tipo_doc: '13', numero_doc: '', nombre: '', email: '', direccion: '', telefono: '' };

function CustomerForm({
  customer,
  onSaved,
  onCancel,
}: {
  customer: Customer | null;
  onSaved: (c: Customer) => void;
  onCancel: () => void;
}) {
  const form = useSchemaForm(CustomerInput, {
    defaultValues: customer
      ? {
          tipo_doc: customer.tipo_doc,
          numero_doc: customer.numero_doc,
          nombre: customer.nombre,
          email: customer.email,
          direccion: customer.direccion,
          telefono: customer.telefono,
        }
      : EMPTY,
  });
  const { errors } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);
  const [tipoDoc, numeroDoc] = useWatch({ control: form.control, name: ['tipo_doc', 'numero_doc'] });
  const dv = tipoDoc === '31' && /^\d{1,15}$/.test(numeroDoc.trim()) ? nitCheckDigit(numeroDoc.trim()) : '';

  const submit = form.handleSubmit(async (input) => {
    setFailure(null);
    try {
      onSaved(await invoke('customers.save', { ...(customer ? { id: customer.id } : {}), customer: input }));
    } catch (error) {
      setFailure(error instanceof RpcClientError ? error.message : 'No se pudo guardar el cliente.');
    }
  });

  return (
    <form
      className="panel customer-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={customer ? 'Editar cliente' : 'Nuevo cliente'}
    >
      <h2>{customer ? `Editar cliente ${customer.nombre}` : 'Nuevo cliente'}</h2>
      <div className="form-grid">
        <Field label="Tipo de documento" error={errors.tipo_doc?.message}>
          <select {...form.register('tipo_doc')}>
            <IdentificationOptions />
          </select>
        </Field>
        <Field
          label="Número de documento"
          error={errors.numero_doc?.message}
          hint={tipoDoc === '31' ? `Sin el dígito de verificación${dv ? ` (DV ${dv})` : ''}` : undefined}
        >
          <input type="text" autoComplete="off" {...form.register('numero_doc')} />
        </Field>
        <Field label="Nombre o razón social" error={errors.nombre?.message}>
          <input type="text" autoComplete="off" {...form.register('nombre')} />
        </Field>
        <Field label="Correo electrónico" error={errors.email?.message}>
          <input type="email" autoComplete="off" {...form.register('email')} />
        </Field>
        <Field label="Dirección" error={errors.direccion?.message}>
          <input type="text" autoComplete="off" {...form.register('direccion')} />
        </Field>
        <Field label="Teléfono" error={errors.telefono?.message}>
          <input type="tel" autoComplete="off" {...form.register('telefono')} />
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
  // Without the caja principal the list is read-only here (the counter still picks from it).
  const locked = useOfflineRefusal('customers.save');

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
        offlineNote={locked}
      >
        <button type="button" className="button" disabled={locked !== null} onClick={() => setEditing({ customer: null })}>
          Nuevo cliente
        </button>
      </ListToolbar>
      {editing && locked === null && (
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
              : `${countOf(list.data.total, 'cliente')}${list.data.total > list.data.items.length ? `; se muestran los primeros ${list.data.items.length}` : ''}`}
          </p>
          {list.data.items.length > 0 && (
            <table className="data catalog-table">
              <ListHead columns={['Nombre', 'Documento', 'Correo', 'Teléfono', 'Última factura', 'Estado']} />
              <tbody>
                {list.data.items.map((c) => (
                  <tr key={c.id} data-testid="customer-row" className={c.active ? undefined : 'catalog-row--inactive'}>
                    <td>{c.nombre}</td>
                    <td>
                      {identificationTypeName(c.tipo_doc)} {c.numero_doc}
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
                      locked={locked !== null}
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
