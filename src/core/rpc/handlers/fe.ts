import { randomUUID } from 'node:crypto';
import type { feMethods } from '#shared/rpc/methods/fe';
import { clientFor } from '#core/api/for-connection';
import { FeWithholdingTypes } from '#core/fe/withholding-types';
import type { CoreParts } from '#core/parts';
import type { Handlers } from '../registry';

export function feHandlers({ submissions, connections, fetch, store, lists, shifts }: CoreParts): Handlers<typeof feMethods> {
  const withholdingTypes = new FeWithholdingTypes(store.db);
  const api = () => clientFor(connections, connections.requireActive(), fetch);
  return {
    'fe.submit': ({ request }) => {
      // With cashiers, a sale belongs to the open shift of this register (refused without one); its
      // key is drawn here so the shift finds the submission it made, whatever the answer.
      const sale = shifts.saleShift();
      if (!sale) return submissions.submitFe(request);
      const keyed = { ...request, draft_key: request.draft_key ?? `fe-${randomUUID()}` };
      return shifts.asSale(sale, keyed.draft_key, () => submissions.submitFe(keyed));
    },
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
