// Catálogo › Nuevo producto in the one form idiom: what is typed is judged by the contract's product
// schema (its bounds and messages), the errors show under their fields in Spanish, a barcode's error
// under «Códigos de barras», core's refusal of a taken code under «Código», and what is sent is the
// contract's product (price canonical, barcodes a list, an empty UNSPSC null).
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '#shared/catalog/product';
import { fieldMessageOf } from '#test/component/field-message';
import { installFakeBridge, rpcError } from '#test/component/fake-bridge';
import { renderWithQueries } from '#test/component/render';

const ZOD_ENGLISH = /Invalid|Too (small|big)|expected|received|Required|must/;

const fake = installFakeBridge({
  'catalog.save': (input) => {
    if (input.product.code === 'TOMADO')
      throw rpcError('conflict', 'Ya hay un producto con ese código.', { fields: [{ path: 'code', message: 'Ya existe.' }] });
    return { ...input.product, id: 1, active: true, updated_at: '2026-11-27T10:00:00Z' };
  },
});

let ProductForm: typeof import('#renderer/features/catalog/ProductForm').ProductForm;
beforeAll(async () => {
  ({ ProductForm } = await import('#renderer/features/catalog/ProductForm'));
});
afterEach(cleanup);

const field = (label: string) => screen.getByLabelText(label);

describe('Nuevo producto', () => {
  it('shows each refusal under its field in Spanish and sends nothing', async () => {
    renderWithQueries(<ProductForm product={null} onSaved={() => undefined} onCancel={() => undefined} />);
    const user = userEvent.setup();
    await user.type(field('Códigos de barras'), '7701234 77-01 con*asterisco');
    await user.type(field('Precio unitario'), 'doce mil');
    await user.type(field('Código UNSPSC'), '123');
    await user.click(screen.getByRole('button', { name: 'Guardar producto' }));
    await screen.findByText('Escriba el código.');
    expect(fieldMessageOf(field('Código'))).toBe('Escriba el código.');
    expect(fieldMessageOf(field('Descripción'))).toBe('Escriba la descripción.');
    expect(fieldMessageOf(field('Códigos de barras'))).toBe('Un código de barras admite solo letras, números y guion.');
    expect(fieldMessageOf(field('Precio unitario'))).toBe('Escriba el precio, por ejemplo 12.500 o 12.500,50.');
    expect(fieldMessageOf(field('Código UNSPSC'))).toBe('El código UNSPSC tiene 8 dígitos.');
    for (const alert of screen.getAllByRole('alert')) expect(alert.textContent).not.toMatch(ZOD_ENGLISH);
    expect(fake.inputsOf('catalog.save')).toEqual([]);
  });

  it("sends the contract's product, and shows core's refusal of a taken code under «Código»", async () => {
    const saved: Product[] = [];
    renderWithQueries(<ProductForm product={null} onSaved={(p) => void saved.push(p)} onCancel={() => undefined} />);
    const user = userEvent.setup();
    await user.type(field('Código'), 'TOMADO');
    await user.type(field('Códigos de barras'), '7701 7702');
    await user.type(field('Descripción'), 'Café 500 g');
    await user.type(field('Precio unitario'), '12.500,50');
    await user.click(screen.getByRole('button', { name: 'Guardar producto' }));
    await screen.findByText('Ya hay un producto con ese código.');
    expect(fieldMessageOf(field('Código'))).toBe('Ya existe.');
    expect(fake.inputsOf('catalog.save')).toEqual([
      {
        product: {
          code: 'TOMADO',
          barcodes: ['7701', '7702'],
          description: 'Café 500 g',
          unit_price: '12500.5',
          price_includes_tax: false,
          tax_rate: '19',
          unit: 'unidad',
          unspsc: null,
        },
      },
    ]);
    await user.clear(field('Código'));
    await user.type(field('Código'), 'CAFE-500');
    await user.click(screen.getByRole('button', { name: 'Guardar producto' }));
    await expect.poll(() => saved.map((p) => p.code)).toEqual(['CAFE-500']);
  });
});
