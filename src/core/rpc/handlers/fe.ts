import { randomUUID } from 'node:crypto';
import type { feMethods } from '#shared/rpc/methods/fe';
import { clientFor } from '#core/api/for-connection';
import { FeWithholdingTypes } from '#core/fe/withholding-types';
import type { CoreParts } from '#core/parts';
import { SalePayments } from '#core/sales/sale-payments';
import type { Handlers } from '../registry';

export function feHandlers({ submissions, connections, fetch, store, lists, shifts }: CoreParts): Handlers<typeof feMethods> {
  const withholdingTypes = new FeWithholdingTypes(store.db);
  const api = () => clientFor(connections, connections.requireActive(), fetch);
  const salePayments = new SalePayments(store.db);
  return {
    'fe.submit': ({ request, payments }) => {
      // With cashiers, a sale belongs to the open shift of this register (refused without one); its
      // key is drawn here so the shift finds the submission it made, whatever the answer. Its
      // payments are recorded with the submission (core/sales/sale-payments.ts).
      const keyed = { ...request, draft_key: request.draft_key ?? `fe-${randomUUID()}` };
      const send = () =>
        salePayments.submit(
          connections.requireActive(),
          keyed,
          payments ?? [],
          async (key) => (await submissions.byKey('FE', key)) !== null,
          (withKey) => submissions.submitFe(withKey),
        );
      const sale = shifts.saleShift();
      if (!sale) return send();
      return shifts.asSale(sale, keyed.draft_key, send);
    },
    'fe.salePayments': ({ submission_id }) => salePayments.of(submission_id),
    'fe.findSame': ({ request }) => submissions.findSame('FE', request),
    'fe.get': ({ id }) => api().getFeDoc(id),
    'fe.paymentMethods': () => lists.read('payment_methods'),
    'fe.terceros': () => lists.read('terceros'),
    'fe.listsStatus': () => lists.status(),
    'fe.refreshLists': () => lists.refreshAll(),
    'fe.lookupAcquirer': (request) => lists.lookupAcquirer(request),
    'fe.withholdingTypes': () => withholdingTypes.list(connections.requireActive().id),
    'fe.saveWithholdingTypes': ({ types }) => withholdingTypes.replace(connections.requireActive().id, types),
  };
}
