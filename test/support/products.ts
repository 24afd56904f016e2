// The shop's products the catalog and counter tests sell: rice with no IVA, coffee at IVA 19 % on
// top of its price, and a soda whose price includes IVA 19 %. Each has its code and its barcode.
import type { ProductInput } from '#shared/catalog/product';

export const RICE: ProductInput = {
  code: 'ARR1',
  barcodes: ['7701234000015'],
  description: 'Arroz Diana 1 kg',
  unit_price: '4200',
  price_includes_tax: true,
  tax_rate: '0',
  unit: 'kg',
  unspsc: null,
};

export const COFFEE: ProductInput = {
  code: 'CAF500',
  barcodes: ['7702001000011'],
  description: 'Café molido 500 g',
  unit_price: '12500',
  price_includes_tax: false,
  tax_rate: '19',
  unit: 'unidad',
  unspsc: null,
};

export const SODA: ProductInput = {
  code: 'GAS400',
  barcodes: ['7702001000035'],
  description: 'Gaseosa 400 ml',
  unit_price: '3570',
  price_includes_tax: true,
  tax_rate: '19',
  unit: 'unidad',
  unspsc: null,
};
