// Saved customers: local to this installation, one list per connection (company).
import { z } from 'zod';
import { Customer, CustomerInput } from '#shared/customers/customer';
import { method } from '../define';

const Identification = z.object({ tipo_doc: z.string().min(1).max(4), numero_doc: z.string().min(1).max(40) }).strict();

export const customerMethods = {
  /** Saved customers by name or number: exact number first, then recent ones, then by name. */
  'customers.search': method(
    z
      .object({
        q: z.string().max(200).optional(),
        include_inactive: z.boolean().optional(),
        limit: z.number().int().min(1).max(500).optional(),
      })
      .strict(),
    z.object({ items: z.array(Customer), total: z.number().int() }),
  ),
  /** The saved customer with this identification, or null. */
  'customers.find': method(Identification, Customer.nullable()),
  'customers.save': method(z.object({ id: z.number().int().positive().optional(), customer: CustomerInput }).strict(), Customer),
  'customers.setActive': method(z.object({ id: z.number().int().positive(), active: z.boolean() }).strict(), Customer),
  /** An invoice was issued to this identification; the saved customer (if any) becomes the most recent. */
  'customers.markUsed': method(Identification, Customer.nullable()),
};
