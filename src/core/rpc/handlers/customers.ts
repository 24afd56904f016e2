import type { customerMethods } from '#shared/rpc/methods/customers';
import { Customers } from '#core/customers/customers';
import type { CoreParts } from '#core/parts';
import type { Handlers } from '../registry';

export function customerHandlers({ engine, connections, clock }: CoreParts): Handlers<typeof customerMethods> {
  const customers = new Customers(engine, clock);
  const active = () => connections.requireActive().id;
  return {
    'customers.search': ({ q, include_inactive, limit }) =>
      customers.search(active(), {
        ...(q !== undefined ? { q } : {}),
        ...(include_inactive ? { includeInactive: true } : {}),
        ...(limit ? { limit } : {}),
      }),
    'customers.find': ({ tipo_doc, numero_doc }) => customers.find(active(), tipo_doc, numero_doc),
    'customers.save': ({ id, customer }) => customers.save(active(), customer, id),
    'customers.setActive': ({ id, active: on }) => customers.setActive(active(), id, on),
    'customers.markUsed': ({ tipo_doc, numero_doc }) => customers.markUsed(active(), tipo_doc, numero_doc),
  };
}
