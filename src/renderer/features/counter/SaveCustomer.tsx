// Saving the invoice's customer: "Guardar cliente" beside the customer's fields,
// and, after an invoice to a customer not saved yet, the offer to save them. A customer already
// saved under the same identification is updated (their phone is kept); bad data is refused with
// the reason and changes nothing.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { CONSUMIDOR_FINAL_ID, CustomerInput, type Customer } from '#shared/customers/customer';
import { invoke, RpcClientError } from '#renderer/rpc/client';
import type { FeFormValues } from '../invoices/model';
import { useOfflineRefusal } from '#renderer/shell/offline';

type Receptor = FeFormValues['receptor'];

export function isConsumidorFinal(receptor: Pick<Receptor, 'tipo_doc' | 'numero_doc'>): boolean {
  return receptor.tipo_doc === CONSUMIDOR_FINAL_ID.tipo_doc && receptor.numero_doc.trim() === CONSUMIDOR_FINAL_ID.numero_doc;
}

/** Saves (or updates) the customer of these values; the Spanish reason when it cannot. */
export async function saveReceptor(
  receptor: Receptor,
): Promise<{ ok: true; customer: Customer; updated: boolean } | { ok: false; message: string }> {
  const existing = await invoke('customers.find', {
    tipo_doc: receptor.tipo_doc,
    numero_doc: receptor.numero_doc.trim() || '-',
  }).catch(() => null);
  const input = {
    tipo_doc: receptor.tipo_doc,
    numero_doc: receptor.numero_doc.trim(),
    nombre: receptor.nombre.trim(),
    email: receptor.email.trim(),
    direccion: receptor.direccion.trim(),
    telefono: existing?.telefono ?? '',
  };
  const checked = CustomerInput.safeParse(input);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    return { ok: false, message: `No se guardó el cliente: ${issue?.message ?? 'revise sus datos.'}` };
  }
  try {
    const customer = await invoke('customers.save', { ...(existing ? { id: existing.id } : {}), customer: checked.data });
    return { ok: true, customer, updated: existing !== null };
  } catch (error) {
    return {
      ok: false,
      message: `No se guardó el cliente: ${error instanceof RpcClientError ? error.message : 'error inesperado.'}`,
    };
  }
}

export function SaveCustomerButton() {
  const { getValues } = useFormContext<FeFormValues>();
  const client = useQueryClient();
  const [status, setStatus] = useState<{ text: string; tone: 'ok' | 'error' } | null>(null);
  // Without the caja principal the customer list is not changed here, and the counter has no room
  // for a disabled button and its reason: the banner above says it. The sale uses the typed customer.
  const offline = useOfflineRefusal('customers.save');
  if (offline !== null) return null;
  const save = async () => {
    const result = await saveReceptor(getValues('receptor'));
    if (result.ok) {
      void client.invalidateQueries({ queryKey: ['customers.search'] });
      setStatus({
        text: `${result.updated ? 'Cliente actualizado' : 'Cliente guardado'}: ${result.customer.nombre}.`,
        tone: 'ok',
      });
    } else setStatus({ text: result.message, tone: 'error' });
  };
  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => void save()}>
        Guardar cliente
      </button>
      {status && (
        <span className={status.tone === 'error' ? 'field__error' : 'muted'} role="status" data-testid="save-customer-status">
          {status.text}
        </span>
      )}
    </>
  );
}

/**
 * After an invoice: the saved customer becomes the most recent; a customer not saved yet (and not
 * "consumidor final") is offered to be saved.
 */
export function SaveCustomerOffer({ receptor }: { receptor: Receptor }) {
  const client = useQueryClient();
  const skip = isConsumidorFinal(receptor) || receptor.numero_doc.trim() === '';
  const [state, setState] = useState<
    { kind: 'checking' } | { kind: 'offer' } | { kind: 'none' } | { kind: 'done'; text: string; tone: 'ok' | 'error' }
  >(() => (skip ? { kind: 'none' } : { kind: 'checking' }));
  const { tipo_doc: tipo, numero_doc: numero } = receptor;
  useEffect(() => {
    if (skip) return;
    let live = true;
    invoke('customers.markUsed', { tipo_doc: tipo, numero_doc: numero.trim() })
      .then((saved) => {
        void client.invalidateQueries({ queryKey: ['customers.search'] });
        if (live) setState(saved ? { kind: 'none' } : { kind: 'offer' });
      })
      .catch(() => live && setState({ kind: 'none' }));
    return () => {
      live = false;
    };
  }, [skip, tipo, numero, client]);
  const offline = useOfflineRefusal('customers.save');
  if (state.kind === 'checking' || state.kind === 'none' || offline !== null) return null;
  const save = async () => {
    const result = await saveReceptor(receptor);
    if (result.ok) {
      void client.invalidateQueries({ queryKey: ['customers.search'] });
      await invoke('customers.markUsed', { tipo_doc: result.customer.tipo_doc, numero_doc: result.customer.numero_doc }).catch(
        () => null,
      );
      setState({
        kind: 'done',
        text: `Cliente guardado: ${result.customer.nombre}. La próxima vez búsquelo con F3.`,
        tone: 'ok',
      });
    } else setState({ kind: 'done', text: result.message, tone: 'error' });
  };
  return (
    <div className="panel save-customer-offer" data-testid="save-customer-offer">
      {state.kind === 'offer' ? (
        <>
          <span>{receptor.nombre.trim() || 'Este cliente'} no está entre sus clientes guardados.</span>{' '}
          <button type="button" className="button button--secondary" onClick={() => void save()}>
            Guardar cliente
          </button>
        </>
      ) : (
        <span className={state.tone === 'error' ? 'field__error' : 'muted'} role="status">
          {state.text}
        </span>
      )}
    </div>
  );
}
