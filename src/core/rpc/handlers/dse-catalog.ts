import type { dseCatalogMethods } from '#shared/rpc/methods/dse-catalog';
import { DseCatalog } from '#core/dse-catalog/dse-catalog';
import type { CoreParts } from '#core/parts';
import type { Handlers } from '../registry';

export function dseCatalogHandlers(parts: CoreParts): Handlers<typeof dseCatalogMethods> {
  const catalog = new DseCatalog(parts.engine);
  const active = () => parts.connections.requireActive().id;
  return {
    'dseCatalog.suppliers': ({ q, limit }) => catalog.suppliers(active(), q, limit),
    'dseCatalog.costCenters': () => catalog.costCenters(active()),
    'dseCatalog.saveCostCenters': ({ items }) => catalog.saveCostCenters(active(), items),
  };
}
