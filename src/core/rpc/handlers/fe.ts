import type { feMethods } from '#shared/rpc/methods/fe';
import { clientFor } from '#core/api/for-connection';
import { FeWithholdingTypes } from '#core/fe/withholding-types';
import type { CoreParts } from '#core/parts';
import { SalePayments } from '#core/sales/sale-payments';
import type { Handlers } from '../registry';

export function feHandlers({ submissions, connections, fetch, store, lists }: CoreParts): Handlers<typeof feMethods> {
  const withholdingTypes = new FeWithholdingTypes(store.db);
  const api = () => clientFor(connections, connections.requireActive(), fetch);
  const salePayments = new SalePayments(store.db);
  return {
    'fe.submit': ({ request, payments }) =>
      salePayments.submit(
        connections.requireActive(),
        request,
        payments ?? [],
        (key) => submissions.byKey('FE', key) !== null,
        (keyed) => submissions.submitFe(keyed),
      ),
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
