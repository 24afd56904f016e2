// A product of the company's local catalog: what the counter sells from. Prices
// are exact decimal strings; the tax is one of the rates the FE form offers ("FE item": 8 is INC,
// any other positive rate IVA, 0 none). The UNSPSC code is the one a support document asks for.
import { z } from 'zod';
import { FILE_LIMITS } from '../text-file';
import { parseUserNumber } from '../user-number';

export const CATALOG_TAX_RATES = ['19', '5', '8', '0'] as const;
export const CatalogTaxRate = z.enum(CATALOG_TAX_RATES);
export type CatalogTaxRate = z.infer<typeof CatalogTaxRate>;

export const CATALOG_TAX_LABELS: Record<CatalogTaxRate, string> = {
  '19': 'IVA 19 %',
  '5': 'IVA 5 %',
  '8': 'INC 8 %',
  '0': 'Sin impuesto',
};

export const CATALOG_LIMITS = {
  codeMax: 40,
  barcodeMax: 40,
  barcodes: 10,
  descriptionMax: 300,
  unitMax: 20,
  /** characters of an import's text: a file of the catalog's limit never decodes to more */
  importBytes: FILE_LIMITS.catalog,
} as const;

const CODE = /^[\p{L}\p{N}._/-]+$/u;
const BARCODE = /^[0-9A-Za-z-]+$/;

export const ProductInput = z
  .object({
    code: z
      .string()
      .trim()
      .min(1, 'Escriba el código.')
      .max(CATALOG_LIMITS.codeMax, `El código admite como máximo ${CATALOG_LIMITS.codeMax} caracteres.`)
      .regex(CODE, 'El código admite letras, números, punto, guion y barra, sin espacios.'),
    barcodes: z
      .array(
        z
          .string()
          .trim()
          .min(1)
          .max(CATALOG_LIMITS.barcodeMax, `Un código de barras admite como máximo ${CATALOG_LIMITS.barcodeMax} caracteres.`)
          .regex(BARCODE, 'Un código de barras admite solo letras, números y guion.'),
      )
      .max(CATALOG_LIMITS.barcodes, `Un producto admite como máximo ${CATALOG_LIMITS.barcodes} códigos de barras.`)
      .refine((list) => new Set(list).size === list.length, 'Hay un código de barras repetido.'),
    description: z
      .string()
      .trim()
      .min(1, 'Escriba la descripción.')
      .max(CATALOG_LIMITS.descriptionMax, `La descripción admite como máximo ${CATALOG_LIMITS.descriptionMax} caracteres.`),
    /** canonical decimal ("12500.00" or "12500"), never negative, at most two decimals */
    unit_price: z.string().regex(/^\d{1,15}(\.\d{1,2})?$/, 'El precio debe ser un valor de 0 o más, con máximo dos decimales.'),
    price_includes_tax: z.boolean(),
    tax_rate: CatalogTaxRate,
    unit: z.string().trim().min(1, 'Escriba la unidad de medida.').max(CATALOG_LIMITS.unitMax),
    unspsc: z
      .string()
      .trim()
      .regex(/^\d{8}$/, 'El código UNSPSC tiene 8 dígitos.')
      .nullable(),
  })
  .strict();
export type ProductInput = z.infer<typeof ProductInput>;

export const Product = ProductInput.extend({
  id: z.number().int(),
  active: z.boolean(),
  updated_at: z.string(),
});
export type Product = z.infer<typeof Product>;

/** A price as a person types it ("12.500", "12500,50", "$ 3.570") to the catalog's canonical form, or null. */
export function parseCatalogPrice(text: string): string | null {
  const value = parseUserNumber(text);
  if (value === null || value.startsWith('-')) return null;
  if (!/^\d{1,15}(\.\d{1,2})?$/.test(value)) return null;
  return value;
}

/** "19", "IVA 19", "19 %", "INC 8", "inc", "0", "exento", "" (none) to a catalog rate, or null. */
export function parseCatalogTax(text: string): CatalogTaxRate | null {
  const t = text.trim().toLowerCase().replace(/%/g, '').replace(/\s+/g, ' ');
  if (t === '' || t === '0' || t === 'sin impuesto' || t === 'exento' || t === 'excluido' || t === 'no') return '0';
  if (t === 'inc' || t === 'inc 8' || t === '8') return '8';
  const iva = /^(?:iva ?)?(19|5)$/.exec(t);
  return iva ? (iva[1] as CatalogTaxRate) : null;
}

/** "sí", "si", "s", "x", "1", "true" → true; "no", "n", "", "0", "false" → false; else null. */
export function parseYesNo(text: string): boolean | null {
  const t = text.trim().toLowerCase();
  if (['sí', 'si', 's', 'x', '1', 'true', 'verdadero'].includes(t)) return true;
  if (['no', 'n', '', '0', 'false', 'falso'].includes(t)) return false;
  return null;
}
