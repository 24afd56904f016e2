import { z } from 'zod';
import { DseProveedor } from '#shared/api/index';
import { method } from '../define';

/** A cost center of the company: `id` is what `cost_center_id` carries, `code` what `cost_center_code` carries. */
export const CostCenter = z.object({
  id: z.number().int().positive(),
  code: z.string().trim().min(1).max(40),
  name: z.string().trim().max(120),
});
export type CostCenter = z.infer<typeof CostCenter>;

/** A supplier already used in a DSE of the active connection, newest first. */
export const KnownSupplier = z.object({ proveedor: DseProveedor, last_used: z.string() });
export type KnownSupplier = z.infer<typeof KnownSupplier>;

export const dseCatalogMethods = {
  /** Suppliers of the DSE this connection submitted (from the local ledger), one per identification. */
  'dseCatalog.suppliers': method(
    z.object({ q: z.string().trim().max(100).optional(), limit: z.number().int().min(1).max(200).optional() }).strict(),
    z.array(KnownSupplier),
  ),
  /** The cost centers entered for the active connection. */
  'dseCatalog.costCenters': method(z.object({}).strict(), z.array(CostCenter)),
  /** Replaces the cost centers of the active connection. */
  'dseCatalog.saveCostCenters': method(
    z
      .object({ items: z.array(CostCenter).max(500) })
      .strict()
      .refine((v) => new Set(v.items.map((c) => c.id)).size === v.items.length, 'Hay dos centros de costo con el mismo id.')
      .refine(
        (v) => new Set(v.items.map((c) => c.code)).size === v.items.length,
        'Hay dos centros de costo con el mismo código.',
      ),
    z.array(CostCenter),
  ),
};
