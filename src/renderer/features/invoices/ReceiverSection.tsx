// The receiver (`receptor`): from the company's third parties or typed; DIAN identification types;
// NIT check digit for type 31; acquirer lookup (endpoint 5).
import { useMemo, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { IDENTIFICATION_TYPES, type Tercero } from '../../../shared/api/fe';
import { nitCheckDigit } from '../../../shared/fiscal/nit';
import { invoke, RpcClientError } from '../../rpc/client';
import { Alert } from '../../ui/Alert';
import { Field } from '../../ui/Field';
import type { FeFormValues } from './model';
import { useTerceros } from './useInvoiceData';

function normalise(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

export function matchTerceros(terceros: readonly Tercero[], query: string, limit = 8): Tercero[] {
  const q = normalise(query.trim());
  if (!q) return [];
  return terceros.filter((t) => normalise(t.nombre).includes(q) || t.numero_documento.includes(q)).slice(0, limit);
}

function lookupMessage(error: unknown): string {
  if (error instanceof RpcClientError) {
    if (error.details?.status === 502) {
      return 'La DIAN no dio una respuesta satisfactoria para ese documento. Escriba los datos del cliente a mano o intente de nuevo más tarde.';
    }
    return error.message;
  }
  return 'No se pudo consultar el adquiriente. Escriba los datos a mano.';
}

export function ReceiverSection() {
  const { register, setValue, control, formState } = useFormContext<FeFormValues>();
  const errors = formState.errors.receptor;
  const [tipo, numero] = useWatch({ control, name: ['receptor.tipo_doc', 'receptor.numero_doc'] });
  const terceros = useTerceros();
  const [query, setQuery] = useState('');
  const [lookup, setLookup] = useState<{ busy: boolean; tone?: 'ok' | 'error'; message?: string }>({ busy: false });
  const matches = useMemo(() => matchTerceros(terceros.data ?? [], query), [terceros.data, query]);
  const dv = tipo === '31' && /^\d{1,15}$/.test(numero.trim()) ? nitCheckDigit(numero.trim()) : '';

  const fill = (values: Partial<FeFormValues['receptor']>) => {
    for (const [name, value] of Object.entries(values)) {
      if (typeof value === 'string') setValue(`receptor.${name as keyof FeFormValues['receptor']}`, value, { shouldDirty: true, shouldValidate: formState.isSubmitted });
    }
  };
  const choose = (t: Tercero) => {
    fill({ tipo_doc: t.tipo_documento, numero_doc: t.numero_documento, nombre: t.nombre, email: t.email, direccion: t.direccion });
    setQuery('');
  };
  const runLookup = async () => {
    if (!numero.trim()) {
      setLookup({ busy: false, tone: 'error', message: 'Escriba primero el número de documento.' });
      return;
    }
    setLookup({ busy: true });
    try {
      const found = await invoke('fe.lookupAcquirer', { identification_type: tipo, identification_number: numero.trim() });
      fill({ nombre: found.nombre, email: found.email, direccion: found.direccion });
      setLookup({ busy: false, tone: 'ok', message: `Datos encontrados: ${found.nombre}.` });
    } catch (error) {
      setLookup({ busy: false, tone: 'error', message: lookupMessage(error) });
    }
  };

  return (
    <fieldset className="panel invoice-receiver">
      <legend>Cliente</legend>
      <div className="receiver-search">
        <Field label="Buscar cliente" hint="Por nombre o número de documento, entre los clientes de la empresa">
          <input type="search" autoComplete="off" value={query} onChange={(e) => setQuery(e.target.value)} />
        </Field>
        {terceros.isError && <p className="muted">No se pudo cargar la lista de clientes ({terceros.error.message}). Puede escribir los datos a mano.</p>}
        {query.trim() !== '' && (
          <ul className="receiver-search__results" aria-label="Clientes encontrados">
            {matches.length === 0 && <li className="muted">Ningún cliente coincide; escriba sus datos abajo.</li>}
            {matches.map((t) => (
              <li key={t.id}>
                <button type="button" className="button button--secondary receiver-search__option" onClick={() => choose(t)}>
                  {t.nombre} · {t.numero_documento}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="form-grid receiver-grid">
        <Field label="Tipo de documento" error={errors?.tipo_doc?.message}>
          <select {...register('receptor.tipo_doc')}>
            {IDENTIFICATION_TYPES.map((t) => (
              <option key={t.code} value={t.code}>
                {t.code} — {t.label}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Número de documento" error={errors?.numero_doc?.message} hint={tipo === '31' ? 'Sin el dígito de verificación' : undefined}>
          <input type="text" autoComplete="off" inputMode={tipo === '31' ? 'numeric' : 'text'} {...register('receptor.numero_doc')} />
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
      {lookup.message && <Alert tone={lookup.tone === 'ok' ? 'ok' : 'error'}>{lookup.message}</Alert>}
    </fieldset>
  );
}
