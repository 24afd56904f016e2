// The receiver (`receptor`): picked (saved customers, third parties, DIAN lookup: CustomerPicker) or typed;
// saved with "Guardar cliente"; DIAN identification types;
// NIT check digit for type 31; acquirer lookup (endpoint 5).
import { useState } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { nitCheckDigit } from '#shared/fiscal/nit';
import { invoke } from '#renderer/rpc/client';
import { Alert } from '#renderer/ui/Alert';
import { Field } from '#renderer/ui/Field';
import { CustomerPicker, lookupFound, lookupMessage } from '../counter/CustomerPicker';
import { SaveCustomerButton } from '../counter/SaveCustomer';
import type { FeFormValues } from './model';
import { IdentificationOptions } from '#renderer/ui/IdentificationOptions';
import { useFillReceptor } from './fill-receptor';

export function ReceiverSection() {
  const { register, control } = useFormContext<FeFormValues>();
  const errors = useFormState({ control, name: 'receptor' }).errors.receptor;
  const [tipo, numero, nombre] = useWatch({ control, name: ['receptor.tipo_doc', 'receptor.numero_doc', 'receptor.nombre'] });
  const [lookup, setLookup] = useState<{ busy: boolean; tone?: 'ok' | 'warn' | 'error'; message?: string }>({ busy: false });
  const dv = tipo === '31' && /^\d{1,15}$/.test(numero.trim()) ? nitCheckDigit(numero.trim()) : '';

  const fill = useFillReceptor();
  const runLookup = async () => {
    if (!numero.trim()) {
      setLookup({ busy: false, tone: 'error', message: 'Escriba primero el número de documento.' });
      return;
    }
    setLookup({ busy: true });
    try {
      const found = lookupFound(
        await invoke('fe.lookupAcquirer', { identification_type: tipo, identification_number: numero.trim() }),
      );
      fill(found.fields);
      setLookup({ busy: false, tone: found.complete ? 'ok' : 'warn', message: found.text });
    } catch (error) {
      setLookup({ busy: false, tone: 'error', message: lookupMessage(error) });
    }
  };

  return (
    <fieldset className="panel invoice-receiver">
      <legend>Cliente</legend>
      <CustomerPicker />
      {numero.trim() === '' && nombre.trim() === '' && (
        <p className="muted receiver-default" data-testid="receiver-default">
          Sin cliente, la venta es a «Consumidor final» (cédula 222222222222).
        </p>
      )}
      <div className="form-grid receiver-grid">
        <Field label="Tipo de documento" error={errors?.tipo_doc?.message}>
          <select {...register('receptor.tipo_doc')}>
            <IdentificationOptions />
          </select>
        </Field>
        <Field
          label="Número de documento"
          error={errors?.numero_doc?.message}
          hint={tipo === '31' ? 'Sin el dígito de verificación' : undefined}
        >
          <input
            type="text"
            autoComplete="off"
            inputMode={tipo === '31' ? 'numeric' : 'text'}
            {...register('receptor.numero_doc')}
          />
        </Field>
        {tipo === '31' && (
          <Field label="DV" hint="Calculado">
            <input type="text" readOnly tabIndex={-1} value={dv} className="receiver-dv" />
          </Field>
        )}
        <div className="field receiver-lookup">
          <button type="button" className="button button--secondary" onClick={() => void runLookup()} disabled={lookup.busy}>
            {lookup.busy ? 'Consultando…' : 'Consultar en la DIAN'}
          </button>
          <SaveCustomerButton />
        </div>
        <Field label="Nombre o razón social" error={errors?.nombre?.message}>
          <input type="text" autoComplete="off" {...register('receptor.nombre')} />
        </Field>
        <Field label="Correo electrónico" error={errors?.email?.message}>
          <input type="email" autoComplete="off" {...register('receptor.email')} />
        </Field>
        <Field label="Dirección" error={errors?.direccion?.message}>
          <input type="text" autoComplete="off" {...register('receptor.direccion')} />
        </Field>
      </div>
      {lookup.message && <Alert tone={lookup.tone ?? 'error'}>{lookup.message}</Alert>}
    </fieldset>
  );
}
