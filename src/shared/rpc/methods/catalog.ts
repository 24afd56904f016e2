// The products catalog: local to this installation, one per connection (company).
import { z } from 'zod';
import { CATALOG_LIMITS, Product, ProductInput } from '#shared/catalog/product';
import { formatByteSize } from '#shared/byte-size';
import { method } from '../define';

const ImportText = z
  .string()
  .max(
    CATALOG_LIMITS.importBytes,
    `El texto es demasiado grande para importarlo de una vez (máximo ${formatByteSize(CATALOG_LIMITS.importBytes)}); divídalo en partes.`,
  );

export const ImportRow = z.object({
  /** line of the file or paste, counting the header */
  line: z.number().int(),
  action: z.enum(['create', 'update', 'unchanged', 'error']),
  code: z.string(),
  description: z.string(),
  /** what changes for an update, in the user's words ("precio: 12.000 → 12.500") */
  changes: z.array(z.string()),
  errors: z.array(z.string()),
});
export type ImportRow = z.infer<typeof ImportRow>;

export const ImportPreview = z.object({
  rows: z.array(ImportRow),
  create: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
  errors: z.number().int(),
  /** a problem with the whole text (no rows, unclosed quote, unknown columns) */
  problem: z.string().nullable(),
});
export type ImportPreview = z.infer<typeof ImportPreview>;

export const catalogMethods = {
  /** Products by code, barcode or any words of the description (prefixes), exact code/barcode first. */
  'catalog.search': method(
    z
      .object({
        q: z.string().max(200).optional(),
        include_inactive: z.boolean().optional(),
        limit: z.number().int().min(1).max(500).optional(),
      })
      .strict(),
    z.object({
      items: z.array(Product),
      total: z.number().int(),
      /** more than `total` match: the search read no further (type more to narrow) */
      total_capped: z.boolean(),
    }),
  ),
  /** The active product whose barcode or code is exactly this (a scanner's read), or null. */
  'catalog.byCode': method(z.object({ code: z.string().min(1).max(CATALOG_LIMITS.barcodeMax) }).strict(), Product.nullable()),
  'catalog.save': method(z.object({ id: z.number().int().positive().optional(), product: ProductInput }).strict(), Product),
  'catalog.setActive': method(z.object({ id: z.number().int().positive(), active: z.boolean() }).strict(), Product),
  /** What an import would do, row by row, without changing anything. */
  'catalog.previewImport': method(z.object({ text: ImportText }).strict(), ImportPreview),
  /** Applies the valid rows of an import in one transaction; rows with errors are left out. */
  'catalog.applyImport': method(z.object({ text: ImportText }).strict(), ImportPreview),
  'catalog.exportCsv': method(
    z.object({}).strict(),
    z.object({ filename: z.string(), content: z.string(), rows: z.number().int() }),
  ),
};
