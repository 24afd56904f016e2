import type { connectionMethods } from '../../../shared/rpc/methods/connections';
import type { CoreParts } from '../../parts';
import type { Handlers } from '../registry';

export function connectionHandlers({ connections }: CoreParts): Handlers<typeof connectionMethods> {
  return {
    'connections.list': () => connections.list(),
    'connections.create': (draft) => connections.create(draft),
    'connections.update': ({ id, ...draft }) => connections.update(id, draft),
    'connections.activate': ({ id }) => connections.activate(id),
    'connections.remove': async ({ id }) => {
      await connections.remove(id);
      return { removed: true as const };
    },
    'connections.setToken': ({ id, token }) => connections.setToken(id, token),
    'connections.forgetToken': ({ id }) => connections.forgetToken(id),
  };
}
