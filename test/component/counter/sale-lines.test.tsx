// (Renderer code, so it lives with the component tests.) A catalog product as an invoice line: values copied (so the catalog can change later), prices and
// quantities in the form's es-CO text, and a second scan adding exactly 1.
import { describe, expect, it } from 'vitest';
import { isBlankLine, lineFromProduct, plusOne } from '#renderer/features/counter/sale-lines';
import { parseUserNumber } from '#shared/user-number';

const product = {
  id: 3,
  code: 'CAF500',
  barcodes: ['7702001000011'],
  description: 'Café molido 500 g',
  unit_price: '12500.50',
  price_includes_tax: true,
  tax_rate: '8' as const,
  unit: 'unidad',
  unspsc: null,
  active: true,
  updated_at: '2026-11-20T15:00:00Z',
};

describe('sale lines from the catalog', () => {
  it('copies description, price (read back exactly), tax and "includes tax" into a new line', () => {
    const line = lineFromProduct(product);
    expect(line).toMatchObject({ desc: 'Café molido 500 g', cant: '1', unit: '12500,50', iva: '8', iva_incluido: true });
    expect(parseUserNumber(line.unit)).toBe('12500.5');
    expect(lineFromProduct(product).key).not.toBe(line.key);
  });

  it.each([
    ['1', '2'],
    ['2,5', '3,5'],
    ['1.000', '1001'],
    ['', '1'],
    ['dos', '1'],
    ['-3', '1'],
  ])('one more than %s is %s', (cant, next) => {
    expect(plusOne(cant)).toBe(next);
  });

  it('treats only an untouched line as blank', () => {
    expect(isBlankLine({ key: 'k', desc: ' ', cant: '1', unit: '', iva: '19', iva_incluido: false })).toBe(true);
    expect(isBlankLine({ key: 'k', desc: '', cant: '1', unit: '100', iva: '19', iva_incluido: false })).toBe(false);
  });
});
