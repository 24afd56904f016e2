import type { feMethods } from '../../../shared/rpc/methods/fe';
import { clientFor } from '../../api/for-connection';
import { FeWithholdingTypes } from '../../fe/withholding-types';
import type { CoreParts } from '../../parts';
import type { Handlers } from '../registry';

export function feHandlers({ submissions, connections, fetch, store }: CoreParts): Handlers<typeof feMethods> {
  const withholdingTypes = new FeWithholdingTypes(store.db);
  const api = () => clientFor(connections, connections.requireActive(), fetch);
  return {
    'fe.submit': ({ request }) => submissions.submitFe(request),
    'fe.findSame': ({ request }) => submissions.findSame('FE', request),
    'fe.get': ({ id }) => api().getFeDoc(id),
    'fe.paymentMethods': () => api().listPaymentMethods(),
    'fe.terceros': () => api().listTerceros(),
    'fe.lookupAcquirer': (request) => api().lookupAcquirer(request),
    'fe.withholdingTypes': () => withholdingTypes.list(connections.requireActive().id),
    'fe.saveWithholdingTypes': ({ types }) => withholdingTypes.replace(connections.requireActive().id, types),
  };
}
