// The counter's keyboard: F1 shows the keys, F2 the product search (ProductSearch),
// F3 the customer search (CustomerPicker), F4 "Consumidor final", F8 the cash received, Ctrl+Enter issues. On the result, Enter starts the
// next sale and F9 prints it (CounterPrint) ("Nueva venta"/"Nueva factura" has the focus).
import { useEffect, useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import type { FeFormValues } from '../invoices/model';
import { CONSUMIDOR_FINAL } from './consumidor-final';

export const SHORTCUTS: readonly { keys: string; what: string }[] = [
  { keys: 'F1', what: 'Mostrar u ocultar esta ayuda' },
  { keys: 'F2', what: 'Buscar producto (o leer un código de barras)' },
  { keys: 'F3', what: 'Buscar cliente' },
  { keys: 'F4', what: 'Cliente «Consumidor final» (cédula 222222222222)' },
  { keys: 'F8', what: 'Recibido en efectivo (pago de contado en efectivo)' },
  { keys: 'Ctrl + Enter', what: 'Emitir la factura' },
  { keys: 'Enter (en el resultado)', what: 'Nueva venta' },
  { keys: 'F9 (en el resultado)', what: 'Imprimir la factura aceptada (formato de Ajustes › Impresión)' },
  { keys: 'Enter (en las líneas)', what: 'Pasar a la siguiente casilla; al final, nueva línea' },
  { keys: '↑ ↓ y Enter (en la búsqueda)', what: 'Elegir un producto de la lista y agregarlo' },
  { keys: 'Esc', what: 'Cerrar esta ayuda o vaciar la búsqueda' },
];

function focusLabelled(label: string): void {
  const input = document.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`) ?? findByLabelText(label);
  input?.focus();
  input?.select();
}

function findByLabelText(text: string): HTMLInputElement | null {
  for (const label of Array.from(document.querySelectorAll('label'))) {
    if (label.textContent?.trim() === text && label.htmlFor)
      return document.getElementById(label.htmlFor) as HTMLInputElement | null;
  }
  return null;
}

export function CounterShortcuts() {
  const { setValue } = useFormContext<FeFormValues>();
  const [help, setHelp] = useState(false);
  const close = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F1') {
        event.preventDefault();
        setHelp((open) => !open);
      } else if (event.key === 'Escape') {
        setHelp(false);
      } else if (event.key === 'F3') {
        event.preventDefault();
        focusLabelled('Buscar cliente');
      } else if (event.key === 'F4') {
        event.preventDefault();
        for (const [field, value] of Object.entries(CONSUMIDOR_FINAL)) {
          setValue(`receptor.${field as keyof typeof CONSUMIDOR_FINAL}`, value, { shouldDirty: true, shouldValidate: false });
        }
        // The next step of a sale: its products.
        focusLabelled('Buscar producto');
      } else if (event.key === 'F8') {
        event.preventDefault();
        focusLabelled('Recibido en efectivo');
      } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        document.querySelector<HTMLFormElement>('form.invoice-form')?.requestSubmit();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [setValue]);

  useEffect(() => {
    if (help) close.current?.focus();
  }, [help]);

  return (
    <>
      <p className="muted counter-keys-hint">
        Teclado: <kbd>F1</kbd> ayuda · <kbd>F2</kbd> producto · <kbd>F3</kbd> cliente · <kbd>F4</kbd> consumidor final ·{' '}
        <kbd>F8</kbd> efectivo · <kbd>Ctrl</kbd>+<kbd>Enter</kbd> emitir · <kbd>F9</kbd> imprimir
      </p>
      {help && (
        <div className="counter-help__backdrop" onClick={() => setHelp(false)}>
          <div
            className="counter-help panel"
            role="dialog"
            aria-modal="true"
            aria-labelledby="counter-help-title"
            onClick={(e) => e.stopPropagation()}
          >
            <h2 id="counter-help-title">Atajos de teclado de Facturas</h2>
            <table className="data">
              <tbody>
                {SHORTCUTS.map((s) => (
                  <tr key={s.keys}>
                    <th scope="row">
                      <kbd>{s.keys}</kbd>
                    </th>
                    <td>{s.what}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <button ref={close} type="button" className="button" onClick={() => setHelp(false)}>
              Cerrar (Esc)
            </button>
          </div>
        </div>
      )}
    </>
  );
}
