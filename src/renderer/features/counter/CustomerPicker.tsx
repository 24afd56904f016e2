// The customer picker, F3 from anywhere in Facturas: by name or number among the
// saved customers (recent ones first), the company's third parties and the DIAN lookup. Keyboard
// only: type, arrows choose, Enter fills the invoice's customer and moves on to the products. With
// the field empty it lists the most recent saved customers.
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useFormContext } from 'react-hook-form';
import type { Acquirer, Tercero } from '#shared/api/fe';
import { identificationTypeName } from '#shared/dian/identification-types';
import { invoke, RpcClientError } from '#renderer/rpc/client';
import { useRpcQuery } from '#renderer/rpc/hooks';
import type { FeFormValues } from '../invoices/model';
import { useTerceros } from '../invoices/useInvoiceData';
import { customerOptions, typedNumber, type CustomerOption } from './customer-options';
import { useFillReceptor } from '../invoices/fill-receptor';

const RESULTS = 8;

export function lookupMessage(error: unknown): string {
  if (error instanceof RpcClientError) {
    if (error.details?.status === 502) {
      return 'La DIAN no dio una respuesta satisfactoria para ese documento. Escriba los datos del cliente a mano o intente de nuevo más tarde.';
    }
    return error.message;
  }
  return 'No se pudo consultar el adquiriente. Escriba los datos a mano.';
}

/** The customer fields a lookup may leave empty, in the shop's words. */
const ACQUIRER_FIELDS = [
  ['nombre', 'el nombre o razón social'],
  ['email', 'el correo electrónico'],
  ['direccion', 'la dirección'],
] as const;

/**
 * What a lookup found, and what is still to type: the service may answer with part of the record
 * (a name without an e-mail, an e-mail without a name). `fields` are the non-empty ones, to fill the
 * form without erasing what the user already typed.
 */
export function lookupFound(found: Acquirer): { text: string; complete: boolean; fields: Partial<Acquirer> } {
  const fields = Object.fromEntries(
    ACQUIRER_FIELDS.filter(([name]) => found[name].trim() !== '').map(([name]) => [name, found[name].trim()]),
  ) as Partial<Acquirer>;
  const missing = ACQUIRER_FIELDS.filter(([name]) => !fields[name]).map(([, label]) => label);
  const who = fields.nombre ? `Datos de la DIAN: ${fields.nombre}.` : 'La DIAN respondió sin el nombre del cliente.';
  if (missing.length === 0) return { text: who, complete: true, fields };
  const list = new Intl.ListFormat('es-CO', { type: 'conjunction' }).format(missing);
  const pronoun = missing.length === 1 ? 'lo' : 'los';
  return { text: `${who} Escriba a mano ${list}: la consulta no ${pronoun} trajo.`, complete: false, fields };
}

function focusProducts(): void {
  document.querySelector<HTMLInputElement>('input[aria-label="Buscar producto"]')?.focus();
}

export function CustomerPicker() {
  const { getValues } = useFormContext<FeFormValues>();
  const [q, setQ] = useState('');
  const [open, setOpen] = useState(false);
  const [highlight, setHighlight] = useState(0);
  const [status, setStatus] = useState<{ text: string; tone: 'ok' | 'error' } | null>(null);
  const listId = useId();
  const text = q.trim();
  const saved = useRpcQuery(
    'customers.search',
    { q: text, limit: text === '' ? 5 : RESULTS },
    { enabled: open, placeholderData: (p) => p, staleTime: 2_000 },
  );
  const terceros = useTerceros();
  const options = useMemo(
    () => (open ? customerOptions(saved.data?.items ?? [], terceros.data ?? [], text, RESULTS) : []),
    [open, saved.data, terceros.data, text],
  );

  const fill = useFillReceptor();
  const done = (message: string) => {
    setQ('');
    setOpen(false);
    setHighlight(0);
    setStatus({ text: message, tone: 'ok' });
    focusProducts();
  };

  const choose = async (option: CustomerOption) => {
    if (option.kind === 'saved') {
      const c = option.customer;
      fill({ tipo_doc: c.tipo_doc, numero_doc: c.numero_doc, nombre: c.nombre, email: c.email, direccion: c.direccion });
      done(`Cliente: ${c.nombre}.`);
    } else if (option.kind === 'tercero') {
      const t: Tercero = option.tercero;
      fill({
        tipo_doc: t.tipo_documento,
        numero_doc: t.numero_documento,
        nombre: t.nombre,
        email: t.email,
        direccion: t.direccion,
      });
      done(`Cliente: ${t.nombre}.`);
    } else {
      const tipo = getValues('receptor.tipo_doc') || '13';
      setStatus({ text: `Consultando en la DIAN el documento ${option.numero}…`, tone: 'ok' });
      try {
        const found = lookupFound(
          await invoke('fe.lookupAcquirer', { identification_type: tipo, identification_number: option.numero }),
        );
        fill({ tipo_doc: tipo, numero_doc: option.numero, ...found.fields });
        if (found.complete) done(found.text);
        else {
          // Part of the record: the picker closes and says which fields to type below.
          setQ('');
          setOpen(false);
          setStatus({ text: found.text, tone: 'error' });
        }
      } catch (error) {
        fill({ numero_doc: option.numero });
        setStatus({ text: lookupMessage(error), tone: 'error' });
      }
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      setHighlight((h) => (event.key === 'ArrowDown' ? (h + 1) % options.length : (h - 1 + options.length) % options.length));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      // Never a list still shown for an earlier text.
      const chosen = saved.isPlaceholderData ? undefined : options[highlight];
      if (chosen) void choose(chosen);
      else if (text !== '') setStatus({ text: 'Ningún cliente coincide; escriba sus datos abajo.', tone: 'error' });
    } else if (event.key === 'Escape') {
      setQ('');
      setHighlight(0);
      setOpen(false);
    }
  };

  const tipoActual = getValues('receptor.tipo_doc') || '13';
  return (
    <div className="receiver-search customer-picker">
      <label className="field">
        <span>Buscar cliente (F3)</span>
        <input
          type="search"
          autoComplete="off"
          aria-label="Buscar cliente"
          placeholder="Nombre o número de documento"
          role="combobox"
          aria-expanded={options.length > 0}
          aria-controls={listId}
          aria-activedescendant={options[highlight] ? `${listId}-${options[highlight].key}` : undefined}
          value={q}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onChange={(e) => {
            setQ(e.target.value);
            setOpen(true);
            setHighlight(0);
            setStatus(null);
          }}
          onKeyDown={onKeyDown}
        />
      </label>
      {terceros.isError && (
        <p className="muted">
          No se pudo cargar la lista de terceros de la empresa; se buscan los clientes guardados. {terceros.error.message}{' '}
          <button type="button" className="button button--secondary" onClick={() => void terceros.refetch()}>
            Intentar de nuevo
          </button>
        </p>
      )}
      {options.length > 0 && (
        <ul className="customer-picker__results" id={listId} role="listbox" aria-label="Clientes encontrados">
          {text === '' && <li className="muted customer-picker__caption">Recientes</li>}
          {options.map((option, index) => (
            <li
              key={option.key}
              id={`${listId}-${option.key}`}
              role="option"
              aria-selected={index === highlight}
              className="customer-picker__option"
              onMouseDown={(event) => {
                event.preventDefault();
                void choose(option);
              }}
            >
              {option.kind === 'saved' && (
                <>
                  <span className="customer-picker__name">{option.customer.nombre}</span>
                  <span className="customer-picker__id">
                    {identificationTypeName(option.customer.tipo_doc)} {option.customer.numero_doc}
                    {option.customer.dv !== null ? `-${option.customer.dv}` : ''}
                  </span>
                  <span className="customer-picker__source">Guardado</span>
                </>
              )}
              {option.kind === 'tercero' && (
                <>
                  <span className="customer-picker__name">{option.tercero.nombre}</span>
                  <span className="customer-picker__id">
                    {identificationTypeName(option.tercero.tipo_documento)} {option.tercero.numero_documento}
                  </span>
                  <span className="customer-picker__source">Tercero de la empresa</span>
                </>
              )}
              {option.kind === 'dian' && (
                <>
                  <span className="customer-picker__name">Consultar en la DIAN</span>
                  <span className="customer-picker__id">
                    {identificationTypeName(tipoActual)} {option.numero}
                  </span>
                  <span className="customer-picker__source">Consulta</span>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {open && text !== '' && options.length === 0 && saved.isSuccess && !saved.isPlaceholderData && typedNumber(text) === '' && (
        <p className="muted">Ningún cliente coincide; escriba sus datos abajo.</p>
      )}
      {status && (
        <p className={status.tone === 'error' ? 'field__error' : 'muted'} role="status" data-testid="customer-picker-status">
          {status.text}
        </p>
      )}
    </div>
  );
}
