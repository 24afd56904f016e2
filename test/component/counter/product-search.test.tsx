// The product search's keys: a scanner's digits render nothing and search nothing (Enter looks the
// code up exactly); digits that rest are searched as words; words are searched from the first key;
// Enter and Esc empty the field. Its field belongs to the form it is given, not to the invoice's.
import { Profiler } from 'react';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
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

afterEach(cleanup);

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
    expect(search().value).toBe('7702001000011');
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
