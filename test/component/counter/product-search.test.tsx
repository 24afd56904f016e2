// The product search's keys: a scanner's digits render nothing and search nothing (Enter looks the
// code up exactly); digits that rest are searched as words; words are searched from the first key;
// Enter and Esc empty the field. Its field belongs to the form it is given, not to the invoice's. A
// scanner's burst of keys is written into the field at once; anything else is the browser's own.
import { Profiler } from 'react';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '#shared/catalog/product';
import { installFakeBridge } from '#test/component/fake-bridge';
import { renderWithQueries } from '#test/component/render';

const COFFEE: Product = {
  id: 3,
  code: 'CAF500',
  barcodes: ['7702001000011'],
  description: 'Café molido 500 g',
  unit_price: '10000',
  price_includes_tax: false,
  tax_rate: '19',
  unit: 'unidad',
  unspsc: null,
  active: true,
  updated_at: '2026-11-20T15:00:00Z',
};

const fake = installFakeBridge({
  'catalog.byCode': (input) => (input.code === '7702001000011' ? COFFEE : null),
  'catalog.search': (input) =>
    'café molido 500 g 7702001000011 caf500'.includes((input.q ?? '').toLowerCase())
      ? { items: [COFFEE], total: 1, total_capped: false }
      : { items: [], total: 0, total_capped: false },
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const search = () => screen.getByLabelText<HTMLInputElement>('Buscar producto');

async function renderSearch() {
  const { ProductSearch } = await import('#renderer/features/counter/ProductSearch');
  const picked: string[] = [];
  const renders = { count: 0 };
  renderWithQueries(
    <>
      <form aria-label="Factura">
        <Profiler id="search" onRender={() => void (renders.count += 1)}>
          <ProductSearch
            form="own-search-form"
            onPick={(product) => {
              picked.push(product.code);
              return `${product.description} agregado.`;
            }}
          />
        </Profiler>
      </form>
      <form id="own-search-form" aria-label="Búsqueda" />
    </>,
  );
  return { picked, renders };
}

describe('product search', () => {
  it("renders nothing and searches nothing for a scanner's digits; Enter adds the product and empties the field", async () => {
    // No pause between keys (as a scanner types), whatever the machine's load.
    const user = userEvent.setup({ delay: null });
    const { picked, renders } = await renderSearch();
    await user.click(search());
    renders.count = 0;
    await user.keyboard('7702001000011');
    await waitFor(() => expect(search().value).toBe('7702001000011'));
    expect(renders.count).toBe(0);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(picked).toEqual(['CAF500']));
    expect(search().value).toBe('');
    expect(fake.inputsOf('catalog.byCode')).toEqual([{ code: '7702001000011' }]);
    expect(fake.inputsOf('catalog.search')).toEqual([]);
    expect(await screen.findByTestId('product-search-status')).toHaveProperty('textContent', 'Café molido 500 g agregado.');
  });

  it('searches digits typed by hand once they rest, and words from the first key', async () => {
    const user = userEvent.setup({ delay: null });
    await renderSearch();
    await user.click(search());
    await user.keyboard('7702');
    expect(fake.inputsOf('catalog.search')).toEqual([]);
    expect(await screen.findByRole('option', { name: /Café molido 500 g/ }, { timeout: 5_000 })).toBeTruthy();
    expect(fake.inputsOf('catalog.search')).toEqual([{ q: '7702', limit: 8 }]);
    await user.keyboard('{Escape}');
    expect(search().value).toBe('');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await user.keyboard('c');
    expect(fake.inputsOf('catalog.search').at(-1)).toEqual({ q: 'c', limit: 8 });
    expect(await screen.findByRole('option', { name: /Café molido 500 g/ })).toBeTruthy();
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(search().value).toBe(''));
  });

  it('belongs to the form it is given, not to the form around it', async () => {
    await renderSearch();
    expect(search().form).toBe(screen.getByRole('form', { name: 'Búsqueda' }));
  });
});

// The keys' timeStamps come from the clock: frozen, every key is part of a burst; moved on by more
// than the scanner's gap before each key, none is.
describe("a scanner's burst of keys", () => {
  const frozenClock = () => vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-01T15:00:00Z') });
  const inputEvents = () => {
    const seen = { count: 0 };
    search().addEventListener('input', () => void (seen.count += 1));
    return seen;
  };

  it('is written into the field once, at its end, after the first key the browser types', async () => {
    frozenClock();
    const user = userEvent.setup({ delay: null });
    await renderSearch();
    await user.click(search());
    const inputs = inputEvents();
    await user.keyboard('7702001000011');
    await waitFor(() => expect(search().value).toBe('7702001000011'));
    expect(inputs.count).toBe(1);
    expect([search().selectionStart, search().selectionEnd]).toEqual([13, 13]);
  });

  it('is written before Enter looks the code up, even when Enter comes before the next frame', async () => {
    frozenClock();
    const user = userEvent.setup({ delay: null });
    const { picked } = await renderSearch();
    await user.click(search());
    await user.keyboard('7702001000011{Enter}');
    await waitFor(() => expect(picked).toEqual(['CAF500']));
    expect(fake.inputsOf('catalog.byCode')).toEqual([{ code: '7702001000011' }]);
    expect(search().value).toBe('');
  });

  it("leaves a person's keys to the browser, one edit each", async () => {
    const clock = frozenClock();
    const user = userEvent.setup({ delay: null });
    await renderSearch();
    await user.click(search());
    const inputs = inputEvents();
    for (const key of 'café') {
      clock.setSystemTime(Date.now() + 40);
      await user.keyboard(key);
      // Typed at once, not at the next frame.
      expect(search().value.endsWith(key)).toBe(true);
    }
    expect(search().value).toBe('café');
    expect(inputs.count).toBe(4);
  });

  it('is written before an editing key, which then edits the whole text', async () => {
    frozenClock();
    const user = userEvent.setup({ delay: null });
    await renderSearch();
    await user.click(search());
    await user.keyboard('770200{Backspace}');
    expect(search().value).toBe('77020');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(search().selectionStart).toBe(3);
  });

  it('leaves keys to the browser when the caret is not at the end or text is selected', async () => {
    frozenClock();
    const user = userEvent.setup({ delay: null });
    await renderSearch();
    await user.click(search());
    await user.keyboard('12345');
    await waitFor(() => expect(search().value).toBe('12345'));
    await user.keyboard('{ArrowLeft}{ArrowLeft}ab');
    expect(search().value).toBe('123ab45');
    expect(search().selectionStart).toBe(5);
    search().setSelectionRange(3, 7);
    await user.keyboard('9');
    expect(search().value).toBe('1239');
  });

  it('leaves keys of an IME composition and keys with a modifier to the browser', async () => {
    frozenClock();
    await renderSearch();
    search().focus();
    // fireEvent's result is false when a handler prevented the key's default.
    expect(fireEvent.keyDown(search(), { key: '1' })).toBe(true);
    expect(fireEvent.keyDown(search(), { key: 'か', isComposing: true })).toBe(true);
    expect(fireEvent.keyDown(search(), { key: 'a', keyCode: 229 })).toBe(true);
    expect(fireEvent.keyDown(search(), { key: '2' })).toBe(true);
    expect(fireEvent.keyDown(search(), { key: 'v', ctrlKey: true })).toBe(true);
    expect(fireEvent.keyDown(search(), { key: '3' })).toBe(true);
    expect(fireEvent.keyDown(search(), { key: '3', repeat: true })).toBe(true);
    // The control: two plain keys in a burst, the second taken.
    expect(fireEvent.keyDown(search(), { key: '4' })).toBe(true);
    expect(fireEvent.keyDown(search(), { key: '5' })).toBe(false);
  });
});
