// Selling from the catalog: the product search above the invoice's lines. Results
// from the first keystroke (code, barcode or any words of the name); arrows choose, Enter adds. A
// barcode scanner (a keyboard wedge: fast digits, then Enter) lands here too: Enter first looks the
// text up as an exact code or barcode, so a scan adds its product, or 1 to its line, without waiting
// for the word search. Scans are handled in order, and the field is empty again at once for the next.
// A scanner's keys are written into the field together (see scanner-burst.ts).
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Product } from '#shared/catalog/product';
import { taxRateLabel } from '#shared/dian/tax-rates';
import { invoke } from '#renderer/rpc/client';
import { useRpcQuery } from '#renderer/rpc/hooks';
import { Money } from '#renderer/ui/Money';
import { useScannerBurst } from './scanner-burst';
import './counter.css';

const RESULTS = 8;
/** How long digits typed must rest before they are searched as words (a scanner is done well before). */
const DIGITS_PAUSE_MS = 150;

/**
 * `autoFocus`: takes the focus when it appears, so the next sale's first scan lands here. `form`: the
 * id of the empty form that owns the field (see InvoiceForm): in the invoice's own form, every key
 * typed here had the browser look over all of that form's fields again.
 */
export function ProductSearch({
  onPick,
  autoFocus = false,
  form,
}: {
  onPick: (product: Product) => string;
  autoFocus?: boolean;
  form?: string;
}) {
  // The field keeps its own text (it is not a controlled input): a key re-renders nothing unless
  // the words searched change. `searched` is the text whose results are shown ('' for none).
  const [searched, setSearched] = useState('');
  const [highlight, setHighlight] = useState(0);
  const [status, setStatus] = useState<{ text: string; tone: 'ok' | 'error' } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const pause = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The state as last set, read by the handlers between renders; every change of it goes through here.
  const shown = useRef({ searched: '', highlight: 0 });
  const listId = useId();
  const results = useRpcQuery(
    'catalog.search',
    { q: searched, limit: RESULTS },
    { enabled: searched !== '', placeholderData: (previous) => previous, staleTime: 2_000 },
  );
  const items = searched === '' ? [] : (results.data?.items ?? []);

  useEffect(() => () => clearTimeout(pause.current), []);

  /** Sets what is searched and the highlighted result, rendering only when one of them changes. */
  const show = (text: string, highlighted = 0) => {
    if (shown.current.searched !== text) {
      shown.current.searched = text;
      setSearched(text);
    }
    if (shown.current.highlight !== highlighted) {
      shown.current.highlight = highlighted;
      setHighlight(highlighted);
    }
  };

  // Digits alone are most often a scanner typing a barcode (a key every few ms, then Enter, which
  // looks the code up exactly): their word search waits for a pause, so a scan's digits cost no
  // search and no render. Words search from the first keystroke.
  const onText = (value: string) => {
    const text = value.trim();
    clearTimeout(pause.current);
    pause.current = undefined;
    if (/^\d+$/.test(text)) {
      show('');
      pause.current = setTimeout(() => show(text), DIGITS_PAUSE_MS);
    } else show(text);
  };

  const burst = useScannerBurst(input, onText);

  const clear = () => {
    burst.flush();
    if (input.current) input.current.value = '';
    onText('');
  };

  useEffect(() => {
    if (autoFocus) input.current?.focus();
    // Only when it appears: a later render never takes the focus from where the cashier is.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // F2 from anywhere in Facturas: back to the product search.
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'F2') return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const add = (product: Product) => setStatus({ text: onPick(product), tone: 'ok' });

  const enter = (typed: string, chosen: Product | undefined, pickFirst: boolean) => {
    queue.current = queue.current.then(async () => {
      try {
        const exact = await invoke('catalog.byCode', { code: typed });
        // Words typed and Enter pressed before their results arrived: the first result of these
        // very words (never of an earlier text). Digits alone are a scan, which is exact only.
        const first =
          !exact && !chosen && pickFirst && !/^\d+$/.test(typed)
            ? (await invoke('catalog.search', { q: typed, limit: 1 })).items[0]
            : undefined;
        if (exact) add(exact);
        else if (chosen) add(chosen);
        else if (first) add(first);
        else
          setStatus({
            text: `No hay un producto activo con el código o las palabras «${typed}». Revise el código o créelo en Productos.`,
            tone: 'error',
          });
      } catch (error) {
        setStatus({ text: error instanceof Error ? error.message : 'No se pudo buscar el producto.', tone: 'error' });
      }
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (burst.onKeyDown(event)) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (items.length === 0) return;
      const h = shown.current.highlight;
      show(shown.current.searched, event.key === 'ArrowDown' ? (h + 1) % items.length : (h - 1 + items.length) % items.length);
    } else if (event.key === 'Enter') {
      // Never the form's submit: Enter here adds a product.
      event.preventDefault();
      const text = event.currentTarget.value.trim();
      if (text === '' || text.length > 40) return;
      // Results still shown from an earlier text (placeholder data while this one's search runs) are
      // never chosen: a fast scan of an unknown code added the product scanned before it.
      enter(
        text,
        results.isPlaceholderData ? undefined : items[highlight],
        results.isPlaceholderData || results.isPending ? highlight === 0 : false,
      );
      clear();
    } else if (event.key === 'Escape') {
      clear();
    }
  };

  return (
    <div className="product-search">
      <label className="field product-search__field">
        <span>Agregar producto (F2)</span>
        <input
          ref={input}
          type="search"
          defaultValue=""
          onChange={(event) => onText(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={burst.flush}
          onCompositionStart={burst.flush}
          placeholder="Código, código de barras o nombre; también con el lector de código de barras"
          autoComplete="off"
          spellCheck={false}
          form={form}
          aria-label="Buscar producto"
          role="combobox"
          aria-expanded={items.length > 0}
          aria-controls={listId}
          aria-activedescendant={items[highlight] ? `${listId}-${items[highlight].id}` : undefined}
        />
      </label>
      {items.length > 0 && (
        <ul className="product-search__results" id={listId} role="listbox" aria-label="Productos encontrados">
          {items.map((product, index) => (
            <li
              key={product.id}
              id={`${listId}-${product.id}`}
              role="option"
              aria-selected={index === highlight}
              className="product-search__option"
              onMouseDown={(event) => {
                event.preventDefault();
                add(product);
                clear();
              }}
            >
              <span className="product-search__code">{product.code}</span>
              <span className="product-search__desc">{product.description}</span>
              <span className="product-search__price">
                <Money value={product.unit_price} /> · {taxRateLabel(product.tax_rate)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {searched !== '' && results.isSuccess && !results.isPlaceholderData && items.length === 0 && (
        <p className="muted product-search__none">Ningún producto coincide.</p>
      )}
      {status && (
        <p className={status.tone === 'error' ? 'field__error' : 'muted'} role="status" data-testid="product-search-status">
          {status.text}
        </p>
      )}
    </div>
  );
}
