import { colombiaToday } from '#shared/dates';
import type { catalogMethods } from '#shared/rpc/methods/catalog';
import { Catalog } from '#core/catalog/catalog';
import { applyImport, exportCsv, planImport } from '#core/catalog/catalog-io';
import type { CoreParts } from '#core/parts';
import type { Handlers } from '../registry';

export function catalogHandlers({ engine, connections, clock }: CoreParts): Handlers<typeof catalogMethods> {
  const catalog = new Catalog(engine, clock);
  const active = () => connections.requireActive().id;
  return {
    'catalog.search': ({ q, include_inactive, limit }) =>
      catalog.search(active(), {
        ...(q !== undefined ? { q } : {}),
        ...(include_inactive ? { includeInactive: true } : {}),
        ...(limit ? { limit } : {}),
      }),
    'catalog.byCode': ({ code }) => catalog.byCode(active(), code),
    'catalog.save': ({ id, product }) => catalog.save(active(), product, id),
    'catalog.setActive': ({ id, active: on }) => catalog.setActive(active(), id, on),
    'catalog.previewImport': async ({ text }) => (await planImport(catalog, active(), text)).preview,
    'catalog.applyImport': ({ text }) => applyImport(catalog, active(), text),
    'catalog.exportCsv': async () => ({
      filename: `productos-${colombiaToday(clock())}.csv`,
      ...(await exportCsv(catalog, active())),
    }),
  };
}
