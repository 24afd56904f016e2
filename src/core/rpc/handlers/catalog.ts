import { colombiaToday } from '#shared/dates';
import type { catalogMethods } from '#shared/rpc/methods/catalog';
import { Catalog } from '#core/catalog/catalog';
import { applyImport, exportCsv, planImport } from '#core/catalog/catalog-io';
import type { CoreParts } from '#core/parts';
import type { Handlers } from '../registry';

export function catalogHandlers({ engine, connections, clock, events }: CoreParts): Handlers<typeof catalogMethods> {
  const catalog = new Catalog(engine, clock);
  const active = () => connections.requireActive().id;
  // Said once the write is committed: this window and, on the shop's database, the other registers refresh.
  const written = async <T>(write: (connectionId: number) => Promise<T>): Promise<T> => {
    const connectionId = active();
    const result = await write(connectionId);
    events.emit('catalog.changed', { connection_id: connectionId });
    return result;
  };
  return {
    'catalog.search': ({ q, include_inactive, limit }) =>
      catalog.search(active(), {
        ...(q !== undefined ? { q } : {}),
        ...(include_inactive ? { includeInactive: true } : {}),
        ...(limit ? { limit } : {}),
      }),
    'catalog.byCode': ({ code }) => catalog.byCode(active(), code),
    'catalog.save': ({ id, product }) => written((connection) => catalog.save(connection, product, id)),
    'catalog.setActive': ({ id, active: on }) => written((connection) => catalog.setActive(connection, id, on)),
    'catalog.previewImport': async ({ text }) => (await planImport(catalog, active(), text)).preview,
    'catalog.applyImport': ({ text }) => written((connection) => applyImport(catalog, connection, text)),
    'catalog.exportCsv': async () => ({
      filename: `productos-${colombiaToday(clock())}.csv`,
      ...(await exportCsv(catalog, active())),
    }),
  };
}
