// A catalog product as an invoice line: its values are copied into the line when
// it is added, so a later price change in the catalog never touches an invoice. Pure.
import type { Product } from '#shared/catalog/product';
import { decimalComma } from '#shared/format';
import { dec } from '#shared/money';
import { parseUserNumber } from '#shared/user-number';
import { lineKey, type FeItemValues } from '../invoices/model';

/** A decimal as the form's inputs show it (es-CO: decimal comma, no thousands separator). */
export function formText(value: string): string {
  return decimalComma(value);
}

export function lineFromProduct(product: Product): FeItemValues {
  return {
    key: lineKey(),
    desc: product.description,
    cant: '1',
    unit: formText(product.unit_price),
    iva: product.tax_rate,
    iva_incluido: product.price_includes_tax,
    product: product.code,
  };
}

/** The quantity one more than the line's (a second scan of the same product); "1" when unreadable. */
export function plusOne(cant: string): string {
  const value = parseUserNumber(cant);
  if (value === null || value.startsWith('-')) return '1';
  return formText(dec(value).plus(1).toFixed());
}

/** A line nobody has typed in yet (the new invoice's first line), which a product replaces. */
export function isBlankLine(line: FeItemValues): boolean {
  return line.desc.trim() === '' && line.unit.trim() === '';
}
