import type { customerMethods } from '#shared/rpc/methods/customers';
import { Customers } from '#core/customers/customers';
import type { CoreParts } from '#core/parts';
import type { Handlers } from '../registry';

export function customerHandlers({ engine, connections, clock, events }: CoreParts): Handlers<typeof customerMethods> {
  const customers = new Customers(engine, clock);
  const active = () => connections.requireActive().id;
  // Said once the write is committed: this window and, on the shop's database, the other registers refresh.
  const written = async <T>(write: (connectionId: number) => Promise<T>): Promise<T> => {
    const connectionId = active();
    const result = await write(connectionId);
    events.emit('customers.changed', { connection_id: connectionId });
    return result;
  };
  return {
    'customers.search': ({ q, include_inactive, limit }) =>
      customers.search(active(), {
        ...(q !== undefined ? { q } : {}),
        ...(include_inactive ? { includeInactive: true } : {}),
        ...(limit ? { limit } : {}),
      }),
    'customers.find': ({ tipo_doc, numero_doc }) => customers.find(active(), tipo_doc, numero_doc),
    'customers.save': ({ id, customer }) => written((connection) => customers.save(connection, customer, id)),
    'customers.setActive': ({ id, active: on }) => written((connection) => customers.setActive(connection, id, on)),
    'customers.markUsed': ({ tipo_doc, numero_doc }) => customers.markUsed(active(), tipo_doc, numero_doc),
  };
}
