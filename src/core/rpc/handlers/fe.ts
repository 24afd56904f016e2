import type { feMethods } from '#shared/rpc/methods/fe';
import { clientFor } from '#core/api/for-connection';
import { FeWithholdingTypes } from '#core/fe/withholding-types';
import type { CoreParts } from '#core/parts';
import { SalePayments } from '#core/sales/sale-payments';
import type { Handlers } from '../registry';

export function feHandlers({ submissions, connections, fetch, engine, lists, shifts }: CoreParts): Handlers<typeof feMethods> {
  const withholdingTypes = new FeWithholdingTypes(engine);
  const api = () => clientFor(connections, connections.requireActive(), fetch);
  const salePayments = new SalePayments(engine);
  return {
    'fe.submit': async ({ request, payments }) => {
      // With cashiers, a sale belongs to the open shift of this register (refused without one); its
      // key is drawn here so the shift finds the submission it made, whatever the answer. Its
      // payments are recorded with the submission (core/sales/sale-payments.ts).
      const keyed = { ...request, draft_key: request.draft_key ?? (await submissions.newKey('fe')) };
      const send = () =>
        salePayments.submit(
          connections.requireActive(),
          keyed,
          payments ?? [],
          // Awaited: the ledger's lookup answers a promise once it is on the engine.
          async (key) => (await submissions.byKey('FE', key)) !== null,
          (withKey) => submissions.submitFe(withKey),
        );
      const sale = await shifts.saleShift();
      if (!sale) return send();
      return shifts.asSale(sale, connections.requireActive(), keyed.draft_key, send);
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
