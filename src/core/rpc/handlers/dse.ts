import type { dseMethods } from '#shared/rpc/methods/dse';
import { clientFor } from '#core/api/for-connection';
import type { CoreParts } from '#core/parts';
import type { Handlers } from '../registry';

export function dseHandlers({ submissions, connections, fetch }: CoreParts): Handlers<typeof dseMethods> {
  return {
    'dse.submit': ({ request, key }) => submissions.submitDse(request, key),
    'dse.findSame': ({ request }) => submissions.findSame('DSE', request),
    'dse.get': async ({ id }) => {
      const { pending, documento } = await clientFor(connections, connections.requireActive(), fetch).getDse(id);
      return { pending, documento };
    },
  };
}
